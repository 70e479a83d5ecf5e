import { type BuildFigures, type StepTime } from './figures';
import { type StepKind } from './steps';

/** A build ran slow throughout when every step took at least this many times its median (the "half speed" days). */
export const SLOW_THROUGHOUT_FACTOR = 1.7;
/** Steps shorter than this (median) are too noisy to say a build was slow in them. */
export const MIN_COMPARED_STEP_SECONDS = 3;
/** How many steps a build must have had above `MIN_COMPARED_STEP_SECONDS` to be called slow throughout. */
export const MIN_COMPARED_STEPS = 2;
/** A step grew when the builds from one on took at least this many times its median before… */
export const GROWTH_FACTOR = 1.5;
/** …and at least this many seconds more. */
export const MIN_GROWTH_SECONDS = 10;
/** Builds needed on each side of a change before it counts as growth. */
export const MIN_BUILDS_EACH_SIDE = 2;

export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export interface StepMedian {
  readonly step: Omit<StepTime, 'seconds' | 'commands'>;
  readonly seconds: number;
  /** How many builds ran the step. */
  readonly builds: number;
}

export interface StepGrowth {
  readonly step: Omit<StepTime, 'seconds' | 'commands'>;
  readonly beforeSeconds: number;
  readonly afterSeconds: number;
  /** The first build at the new level, and its commit. */
  readonly buildId: number;
  readonly commit: string | undefined;
}

export interface BuildTimesAnalysis {
  /** In run order of the steps (first seen). */
  readonly medians: readonly StepMedian[];
  readonly medianQueueSeconds: number | undefined;
  readonly medianTotalSeconds: number | undefined;
  readonly grown: readonly StepGrowth[];
  /** Builds where every step was `SLOW_THROUGHOUT_FACTOR` × its median or slower, newest first. */
  readonly slowThroughout: readonly number[];
  /** The step with the largest median, and the part of the slow-builds guide about it. */
  readonly dominant: { readonly step: StepMedian; readonly guide: string } | undefined;
}

/** Builds with steps that count: cancelled builds stopped part way and would drag the medians down. */
function measured(builds: readonly BuildFigures[]): BuildFigures[] {
  return builds.filter((b) => b.steps !== undefined && b.outcome !== 'cancelled' && b.outcome !== 'skipped' && b.outcome !== 'running');
}

export function stepMedians(builds: readonly BuildFigures[]): StepMedian[] {
  const byKey = new Map<string, { step: StepMedian['step']; values: number[] }>();
  // Oldest first, so a step keeps the place it had in the builds that introduced it.
  for (const build of [...measured(builds)].reverse()) {
    for (const { seconds, commands: _, ...step } of build.steps ?? []) {
      const entry = byKey.get(step.key) ?? { step, values: [] };
      entry.values.push(seconds);
      byKey.set(step.key, entry);
    }
  }
  return [...byKey.values()].map(({ step, values }) => ({ step, seconds: median(values)!, builds: values.length }));
}

/** The median of each prefix of `values`: `[median(values[0..1)), median(values[0..2)), …]`. */
function prefixMedians(values: readonly number[]): number[] {
  const sorted: number[] = [];
  return values.map((value) => {
    let low = 0;
    for (let high = sorted.length; low < high;) {
      const middle = (low + high) >> 1;
      if (sorted[middle] < value) low = middle + 1;
      else high = middle;
    }
    sorted.splice(low, 0, value);
    const half = sorted.length >> 1;
    return sorted.length % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
  });
}

/**
 * Where a step grew: the split of the builds (oldest first) with the largest ratio of the medians
 * after and before it, when that ratio is at least `GROWTH_FACTOR`, the difference at least
 * `MIN_GROWTH_SECONDS`, and the first build after the split itself at the new level.
 */
export function stepGrowth(builds: readonly BuildFigures[], medians: readonly StepMedian[] = stepMedians(builds)): StepGrowth[] {
  // Each step's runs, oldest first, gathered in one pass over the builds.
  const runsOf = new Map<string, { build: BuildFigures; seconds: number }[]>();
  for (const build of [...measured(builds)].reverse()) {
    for (const { key, seconds } of build.steps ?? []) {
      const runs = runsOf.get(key);
      if (runs) runs.push({ build, seconds });
      else runsOf.set(key, [{ build, seconds }]);
    }
  }
  const grown: StepGrowth[] = [];
  for (const { step } of medians) {
    const runs = runsOf.get(step.key) ?? [];
    if (runs.length < 2 * MIN_BUILDS_EACH_SIDE) continue;
    const seconds = runs.map((r) => r.seconds);
    const beforeMedians = prefixMedians(seconds);
    const afterMedians = prefixMedians([...seconds].reverse()).reverse();
    let best: StepGrowth | undefined;
    let bestRatio = 0;
    for (let split = MIN_BUILDS_EACH_SIDE; split <= runs.length - MIN_BUILDS_EACH_SIDE; split += 1) {
      const before = beforeMedians[split - 1];
      const after = afterMedians[split];
      const first = runs[split];
      const ratio = before > 0 ? after / before : Number.POSITIVE_INFINITY;
      if (ratio < GROWTH_FACTOR || after - before < MIN_GROWTH_SECONDS || first.seconds < before * GROWTH_FACTOR || ratio <= bestRatio) continue;
      bestRatio = ratio;
      best = { step, beforeSeconds: before, afterSeconds: after, buildId: first.build.id, commit: first.build.commit };
    }
    if (best) grown.push(best);
  }
  return grown;
}

/** Builds slower than their medians in every step that is long enough to compare (newest first). */
export function slowThroughout(builds: readonly BuildFigures[], medians: readonly StepMedian[] = stepMedians(builds)): number[] {
  const medianOf = new Map(medians.map((m) => [m.step.key, m.seconds]));
  return measured(builds).filter((build) => {
    const compared = (build.steps ?? []).filter((s) => s.kind !== 'upload' && (medianOf.get(s.key) ?? 0) >= MIN_COMPARED_STEP_SECONDS);
    return compared.length >= MIN_COMPARED_STEPS && compared.every((s) => s.seconds >= SLOW_THROUGHOUT_FACTOR * medianOf.get(s.key)!);
  }).map((b) => b.id);
}

/** Read the Docs' guide on slow builds ("Troubleshooting slow builds"). */
export const SLOW_BUILDS_GUIDE = 'https://docs.readthedocs.com/platform/stable/guides/build-using-too-many-resources.html';

/** The section of the guide about a step (its headings' anchors). */
export function guideFor(kind: StepKind, command?: string): string {
  switch (kind) {
    case 'create_environment': return `${SLOW_BUILDS_GUIDE}#use-mamba-instead-of-conda`;
    case 'install': return /\b(?:conda|mamba)\b/.test(command ?? '') ? `${SLOW_BUILDS_GUIDE}#use-mamba-instead-of-conda` : `${SLOW_BUILDS_GUIDE}#reduce-documentation-build-dependencies`;
    case 'build_html': return `${SLOW_BUILDS_GUIDE}#document-python-modules-api-statically`;
    case 'build_htmlzip':
    case 'build_pdf':
    case 'build_epub': return `${SLOW_BUILDS_GUIDE}#reduce-formats-you-re-building`;
    default: return `${SLOW_BUILDS_GUIDE}#requests-more-resources`;
  }
}

/** Everything the view says across builds (newest first). Pure. */
export function analyseBuildTimes(builds: readonly BuildFigures[]): BuildTimesAnalysis {
  const medians = stepMedians(builds);
  const counted = measured(builds);
  const dominantStep = medians.reduce<StepMedian | undefined>((best, m) => (best === undefined || m.seconds > best.seconds ? m : best), undefined);
  const queues = builds.flatMap((b) => (b.queueSeconds === undefined ? [] : [b.queueSeconds]));
  return {
    medians,
    medianQueueSeconds: median(queues),
    medianTotalSeconds: median(counted.flatMap((b) => (b.totalSeconds === undefined ? [] : [b.totalSeconds]))),
    grown: stepGrowth(builds, medians),
    slowThroughout: slowThroughout(builds, medians),
    dominant: dominantStep && { step: dominantStep, guide: guideFor(dominantStep.step.kind, dominantStep.step.command) },
  };
}
