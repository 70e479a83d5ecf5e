/**
 * Names compared at most for one suggestion: a few milliseconds, however large the inventories.
 * A table this size or smaller is compared whole; of a larger one, the names around the reference.
 */
export const MAX_COMPARED_NAMES = 3_000;

/**
 * Up to `count` names closest to `wanted` (edit distance, case folded), closest first; only reasonably
 * close ones. Reads at most `MAX_COMPARED_NAMES` of `names`: callers put the likeliest first.
 */
export function nearestNames(wanted: string, names: Iterable<string>, count = 5): string[] {
  const target = wanted.toLowerCase();
  const allowance = Math.max(2, Math.floor(target.length / 3));
  // The farthest score still shown: the allowance, then the `count`-th best score so far.
  let bound: number = allowance;
  const scored: { name: string; score: number }[] = [];
  const seen = new Set<string>();
  /** The `count` best scores so far, ascending. */
  const best: number[] = [];
  let compared = 0;
  for (const name of names) {
    if (++compared > MAX_COMPARED_NAMES) break;
    const lower = name.toLowerCase();
    if (lower === target || seen.has(name)) continue;
    if (Math.abs(lower.length - target.length) > allowance && !lower.includes(target)) continue;
    const score = lower.includes(target) || target.includes(lower) ? 0.5 : editDistance(target, lower, Math.floor(bound));
    if (score > bound) continue;
    scored.push({ name, score });
    seen.add(name);
    // Once `count` names are this close, a farther one can no longer be shown: look no farther.
    const at = best.findIndex((b) => b > score);
    best.splice(at < 0 ? best.length : at, 0, score);
    if (best.length > count) best.pop();
    if (best.length === count) bound = Math.min(bound, best[count - 1]);
  }
  scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return scored.slice(0, count).map((s) => s.name);
}

/** Levenshtein distance within a band of `limit` around the diagonal; `limit + 1` when farther. */
function editDistance(a: string, b: string, limit: number): number {
  const far = limit + 1;
  if (Math.abs(a.length - b.length) > limit) return far;
  let previous = new Int32Array(b.length + 2);
  let current = new Int32Array(b.length + 2);
  for (let j = 0; j <= b.length + 1; j++) previous[j] = Math.min(j, far);
  for (let i = 1; i <= a.length; i++) {
    const low = Math.max(1, i - limit);
    const high = Math.min(b.length, i + limit);
    current[low - 1] = low === 1 ? Math.min(i, far) : far;
    let rowMin = current[low - 1];
    const code = a.charCodeAt(i - 1);
    for (let j = low; j <= high; j++) {
      let value = previous[j - 1] + (code === b.charCodeAt(j - 1) ? 0 : 1);
      if (previous[j] + 1 < value) value = previous[j] + 1;
      if (current[j - 1] + 1 < value) value = current[j - 1] + 1;
      if (value > far) value = far;
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    current[high + 1] = far;
    if (rowMin > limit) return far;
    const swap = previous;
    previous = current;
    current = swap;
  }
  return previous[b.length];
}
