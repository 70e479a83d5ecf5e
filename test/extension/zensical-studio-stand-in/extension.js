/* global exports */
// Zensical Studio's stand-in does nothing: it is there for its language and its id.
exports.activate = () => undefined;
