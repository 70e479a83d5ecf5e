/** Names compared at most for one suggestion: a few milliseconds, however large the inventories. */
export const MAX_COMPARED_NAMES = 20_000;

/**
 * Up to `count` names closest to `wanted` (edit distance, case folded), closest first; only reasonably
 * close ones. Reads at most `MAX_COMPARED_NAMES` of `names`: callers put the likeliest first.
 */
export function nearestNames(wanted: string, names: Iterable<string>, count = 5): string[] {
  const target = wanted.toLowerCase();
  const limit = Math.max(2, Math.floor(target.length / 3));
  const scored: { name: string; score: number }[] = [];
  let compared = 0;
  for (const name of names) {
    if (++compared > MAX_COMPARED_NAMES) break;
    const lower = name.toLowerCase();
    if (lower === target) continue;
    if (Math.abs(lower.length - target.length) > limit && !lower.includes(target)) continue;
    const score = lower.includes(target) || target.includes(lower) ? 0.5 : editDistance(target, lower, limit);
    if (score <= limit) scored.push({ name, score });
  }
  scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return [...new Set(scored.map((s) => s.name))].slice(0, count);
}

/** Levenshtein distance, giving up (returning limit + 1) once every cell of a row exceeds `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      rowMin = Math.min(rowMin, current[j]);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length];
}
