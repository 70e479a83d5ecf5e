/**
 * A feature bundled into its own file (dist/features/<name>.js, see LAZY_FEATURES in
 * scripts/lib/bundles.mjs), loaded once, the first time it is needed; activation never pays for it.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}
