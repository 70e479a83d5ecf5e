import { type Edition } from '../api/client';
import { AuthError, CancelledError, ForbiddenError, NotFoundError } from '../api/errors';
import { type CallOptions } from '../api/requests';
import { NO_OUTCOME_FACTS, buildOutcome, isFinal } from '../builds/facts';
import { type Build } from '../models/build';
import { type BuildLog } from '../models/buildLog';
import { type Notification } from '../models/notification';
import { type Page } from '../models/page';
import { type BuildFigures, type StepsMissing, buildFigures } from './figures';
import { type FiguresCache } from './figuresCache';

/** The calls Build Times makes (a `ReadTheDocsClient` fits). */
export interface BuildTimesClient {
  readonly builds: {
    listOfVersion(project: string, version: string, options?: CallOptions & { readonly limit?: number }): Promise<Page<Build>>;
    notifications(project: string, id: number, options?: CallOptions): Promise<Page<Notification>>;
  };
  readonly buildLogs: { get(buildId: number, options?: CallOptions): Promise<BuildLog> };
}

/** Builds read at the same time (each is one or two requests inside the shared budget). */
const PARALLEL_READS = 4;

export interface LoadBuildTimes {
  readonly client: BuildTimesClient;
  readonly edition: Edition;
  /** The server's origin: the cache's key with the build id. */
  readonly origin: string;
  readonly projectSlug: string;
  readonly cache: FiguresCache;
  /** The builds to show, newest first (the version's list, as `BuildTimesService` holds it). */
  readonly builds: readonly Build[];
  readonly signal?: AbortSignal;
}

/** v2 answers 404 for a build that is not public (and the token is never sent there): its steps need a public build. */
function missingOf(error: unknown): StepsMissing {
  if (error instanceof CancelledError) throw error;
  return error instanceof NotFoundError || error instanceof ForbiddenError || error instanceof AuthError ? 'private' : 'unavailable';
}

/**
 * One build's figures: its API v2 detail (public builds: the killed command's exit code says
 * time-out or memory), and its notifications only where that detail is missing and it failed, or
 * while it waits (the concurrency limit): one request per build otherwise.
 */
async function readFigures(input: LoadBuildTimes, build: Build): Promise<BuildFigures> {
  const options: CallOptions = { priority: 'user', signal: input.signal };
  const { client, projectSlug } = input;
  const log: BuildLog | StepsMissing = await client.buildLogs.get(build.id, options).catch(missingOf);
  // A private cancelled build's notifications say whether the project skipped it (exit 183).
  const wantsReasons = (typeof log === 'string' && (buildOutcome(build, NO_OUTCOME_FACTS) === 'failed' || build.state === 'cancelled')) || build.state === 'triggered';
  const notifications = wantsReasons ? (await client.builds.notifications(projectSlug, build.id, options)).items : [];
  return buildFigures({ edition: input.edition, build, log, notifications });
}

/**
 * The figures of `builds`, newest first: for each build not in the cache its own request (two for a
 * private failed one); final builds' figures
 * go into the cache (a detail that failed for another reason than privacy is read again next time).
 */
export async function loadBuildTimes(input: LoadBuildTimes): Promise<BuildFigures[]> {
  const { cache, origin } = input;
  const shown = input.builds;
  const figures: (BuildFigures | undefined)[] = shown.map((b) => (isFinal(b) ? cache.get(origin, b.id) : undefined));
  let next = 0;
  const worker = async () => {
    while (next < shown.length) {
      const index = next++;
      if (figures[index]) continue;
      figures[index] = await readFigures(input, shown[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, shown.length) }, worker));
  const done = figures as BuildFigures[];
  cache.set(origin, done.filter((f) => f.missing !== 'unavailable'));
  return done;
}
