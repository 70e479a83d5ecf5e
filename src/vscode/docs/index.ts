/**
 * The entry of dist/features/docs.js: docs links (hover, preview panel) and writing docs
 * (cross-references, search). One bundle, because both take the embed pipeline and the HTML
 * cleaner (core/embed, core/html): as two features, those files would be shared by both and stay
 * in the start-up bundle (see featureOwners in scripts/lib/bundles.mjs).
 */
export { EmbedFeatures } from '../preview';
export { AuthoringFeatures } from '../authoring';
