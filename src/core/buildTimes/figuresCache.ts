import { MAX_DURATION_SECONDS } from '../models/parse';
import { isJsonObject } from '../util/json';
import { BoundedStore, type KeyedMemento, type StoreLimits } from '../util/boundedStore';
import { type BuildFigures, MAX_KEPT_NOTICES } from './figures';
import { MAX_USER_STEPS, isStepKind } from './steps';

/**
 * Final builds' figures kept (about 1 KB a build, at most a few KB: `MAX_USER_STEPS`): entries, and
 * bytes together; the oldest written go first.
 */
export const FIGURES_STORE_LIMITS: StoreLimits = { maxEntries: 1000, maxTotalBytes: 1024 * 1024 };

/** Each build's figures persist under this prefix and their server and id. */
export const FIGURES_STORE_PREFIX = 'readthedocs.buildTimes.figures/';
/** Where versions before the bounded store kept all figures as one list: deleted. */
const LEGACY_FIGURES_KEY = 'readthedocs.buildTimes.figures';

/** The kinds a build has at most once (`user` steps aside): every kind but `user`. */
const MAX_STORED_STEPS = 10 + MAX_USER_STEPS;

const isSeconds = (value: unknown): value is number => typeof value === 'number' && value >= 0 && value <= MAX_DURATION_SECONDS;
const isOptionalSeconds = (value: unknown) => value === undefined || isSeconds(value);
const isOptionalString = (value: unknown) => value === undefined || typeof value === 'string';
const isStrings = (value: unknown, max: number) => Array.isArray(value) && value.length <= max && value.every((v) => typeof v === 'string');

function isStepTime(value: unknown): boolean {
  return isJsonObject(value) && typeof value.key === 'string' && isStepKind(value.kind) && isSeconds(value.seconds)
    && typeof value.commands === 'number' && isOptionalString(value.job) && isOptionalString(value.command);
}

/**
 * One stored entry, checked field by field (a step of a kind this version does not know, a
 * duration that is no duration, more steps than a build keeps): a stale or foreign value is
 * dropped and read again from the server, never shown.
 */
export function isFigures(value: unknown): value is BuildFigures {
  return isJsonObject(value) && typeof value.id === 'number' && typeof value.state === 'string' && typeof value.outcome === 'string'
    && isSeconds(value.limitSeconds) && isOptionalSeconds(value.totalSeconds) && isOptionalSeconds(value.queueSeconds)
    && isJsonObject(value.flags) && isStrings(value.notices, MAX_KEPT_NOTICES) && isStrings(value.reasons, MAX_KEPT_NOTICES)
    && isOptionalString(value.version) && isOptionalString(value.commit) && isOptionalString(value.created) && isOptionalString(value.url)
    && (value.steps === undefined || (Array.isArray(value.steps) && value.steps.length <= MAX_STORED_STEPS && value.steps.every(isStepTime)));
}

/**
 * A final build's figures never change: kept by server origin and build id in a `BoundedStore`,
 * so reopening the view costs no request and a new build only its own; a change writes the new
 * builds' entries only.
 */
export class FiguresCache {
  private readonly store: BoundedStore<BuildFigures>;

  constructor(memento: KeyedMemento, limits: StoreLimits = FIGURES_STORE_LIMITS) {
    this.store = new BoundedStore(memento, { ...limits, prefix: FIGURES_STORE_PREFIX, accepts: isFigures, legacyKeys: [LEGACY_FIGURES_KEY] });
  }

  static keyOf(origin: string, buildId: number): string {
    return `${origin}#${buildId}`;
  }

  get size(): number {
    return this.store.size;
  }

  get(origin: string, buildId: number): BuildFigures | undefined {
    return this.store.get(FiguresCache.keyOf(origin, buildId));
  }

  /** Keeps the figures of final builds only (others still change), each written once. */
  set(origin: string, figures: readonly BuildFigures[]): void {
    for (const f of figures) {
      const key = FiguresCache.keyOf(origin, f.id);
      if (f.outcome === 'running' || this.store.has(key)) continue;
      void this.store.set(key, f).written;
    }
  }
}
