/**
 * How far from the cursor a look at one line reads, each way. Minified files have lines of
 * megabytes; no link or cross-reference a cursor can be on is longer than this.
 */
export const SCAN_RADIUS = 4096;

/** The part of `line` within `SCAN_RADIUS` of `character`, and where it starts on the line. */
export function lineWindow(line: string, character: number): { readonly text: string; readonly offset: number } {
  const offset = Math.max(0, character - SCAN_RADIUS);
  return { text: line.slice(offset, character + SCAN_RADIUS), offset };
}
