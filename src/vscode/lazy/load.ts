/** A feature's loader: call it to load (once); `loaded` is the feature once it has loaded. */
export interface FeatureLoader<T> {
  (): Promise<T>;
  readonly loaded: T | undefined;
}

/**
 * A feature bundled into its own file (dist/features/<name>.js, see LAZY_FEATURES in
 * scripts/lib/bundles.mjs), loaded once, the first time it is needed; activation never pays for it.
 */
export function loadOnce<T>(load: () => Promise<T>): FeatureLoader<T> {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  const loader = () => (loading ??= load().then((feature) => (loaded = feature)));
  return Object.defineProperty(loader, 'loaded', { get: () => loaded }) as FeatureLoader<T>;
}
