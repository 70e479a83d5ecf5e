/** A timestamp as DRF renders it: ISO 8601 UTC with `Z`, microseconds only when non-zero. */
export function isoDate(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.endsWith('.000Z') ? iso.replace('.000Z', 'Z') : iso.replace(/\.(\d{3})Z$/, '.$1000Z');
}
