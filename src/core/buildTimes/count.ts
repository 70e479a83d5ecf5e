/** `readthedocs.buildTimes.count`: its default and range (package.json declares the same). */
export const BUILD_TIMES_COUNT = { default: 20, minimum: 1, maximum: 100 } as const;

/** The setting as written, within its range (whole builds); the default for anything else. */
export function buildTimesCountOf(written: unknown): number {
  if (typeof written !== 'number' || !Number.isFinite(written)) return BUILD_TIMES_COUNT.default;
  return Math.min(BUILD_TIMES_COUNT.maximum, Math.max(BUILD_TIMES_COUNT.minimum, Math.floor(written)));
}
