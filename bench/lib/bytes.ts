import { type RequestLogEntry } from '../../test/sandbox/types';

/** Query parameters that shape a response (drf-flex-fields): dropping them gives the full objects. */
const SHAPING = ['fields', 'omit'];

export interface Bytes {
  /** Response bodies the client received (uncompressed, as the sandbox sent them). */
  readonly bytes: number;
  /** The same GET requests without `fields`/`omit`: what the client received before it asked for fewer fields. */
  readonly bytesUnshaped: number;
}

/**
 * Bytes of a journey's API responses, and what they would have been without `fields`/`omit`:
 * every shaped GET is sent again to the sandbox without those parameters (same token), the
 * others count as they were. Side-effect free (GETs only); call it outside the timed part.
 */
export async function journeyBytes(origin: string, entries: readonly RequestLogEntry[]): Promise<Bytes> {
  const api = entries.filter((e) => e.path.startsWith('/api/v3/'));
  const unshaped = await Promise.all(api.map(async (entry) => {
    if (entry.method !== 'GET' || !SHAPING.some((name) => name in entry.query)) return entry.responseBytes;
    const query = new URLSearchParams(Object.entries(entry.query).filter(([name]) => !SHAPING.includes(name)));
    const response = await fetch(`${origin}${entry.path}${query.size ? `?${query}` : ''}`, {
      headers: { Accept: 'application/json', ...(entry.authorization ? { Authorization: entry.authorization } : {}) },
    });
    return (await response.arrayBuffer()).byteLength;
  }));
  return { bytes: sum(api.map((e) => e.responseBytes)), bytesUnshaped: sum(unshaped) };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
