// Bundled by test/unit/bundles.test.ts as a feature of its own that imports another feature's
// entry: scripts/lib/bundles.mjs refuses it (features never import each other).
export { manageCommands } from '../../../src/vscode/manage';
