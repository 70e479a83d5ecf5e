import { isJsonObject } from '../models/parse';
import { type BuildFigures } from './figures';

/** At most this many builds' figures are kept (about 1 KB each); the least recently used go first. */
export const MAX_CACHED_FIGURES = 1000;

/** Where the figures persist (VS Code's `globalState` fits): read once, written whole after a change. */
export interface FiguresStorage {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

export const FIGURES_STORAGE_KEY = 'readthedocs.buildTimes.figures';

/** One stored entry, checked field by field: a stale or foreign value is dropped, not trusted. */
function isFigures(value: unknown): value is BuildFigures {
  return isJsonObject(value) && typeof value.id === 'number' && typeof value.state === 'string' && typeof value.limitSeconds === 'number'
    && isJsonObject(value.flags) && Array.isArray(value.notices) && Array.isArray(value.reasons) && (value.steps === undefined || Array.isArray(value.steps));
}

/**
 * A final build's figures never change: kept by server origin and build id, persisted, bounded
 * (`MAX_CACHED_FIGURES`), so reopening the view costs no request and a new build only its own.
 */
export class FiguresCache {
  private readonly entries = new Map<string, BuildFigures>();

  constructor(private readonly storage?: FiguresStorage, private readonly maxEntries = MAX_CACHED_FIGURES) {
    const stored = storage?.get(FIGURES_STORAGE_KEY);
    if (!Array.isArray(stored)) return;
    for (const entry of stored.slice(-maxEntries)) {
      if (Array.isArray(entry) && typeof entry[0] === 'string' && isFigures(entry[1])) this.entries.set(entry[0], entry[1]);
    }
  }

  static keyOf(origin: string, buildId: number): string {
    return `${origin}#${buildId}`;
  }

  get size(): number {
    return this.entries.size;
  }

  get(origin: string, buildId: number): BuildFigures | undefined {
    const key = FiguresCache.keyOf(origin, buildId);
    const figures = this.entries.get(key);
    if (figures) {
      this.entries.delete(key);
      this.entries.set(key, figures);
    }
    return figures;
  }

  /** Keeps the figures of final builds only (others still change); persists the whole set. */
  set(origin: string, figures: readonly BuildFigures[]): void {
    let changed = false;
    for (const f of figures) {
      if (f.outcome === 'running') continue;
      const key = FiguresCache.keyOf(origin, f.id);
      this.entries.delete(key);
      this.entries.set(key, f);
      changed = true;
    }
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    if (changed) void this.storage?.update(FIGURES_STORAGE_KEY, [...this.entries]);
  }
}
