import { type DescribeContext, describeError, errorDetail } from '../api/describeError';
import { ApiError, AuthError, CancelledError, ForbiddenError, NotFoundError, RateLimitedError } from '../api/errors';
import { type Version, type VersionUpdate } from '../models/version';

/**
 * Activate, deactivate, hide, unhide: the policy of a batch of version changes (which versions an
 * action applies to, the loop of one PATCH per version, when to stop, how to tell a change the
 * server ignored, and the words). The adapter asks, shows progress and shows the result. Pure.
 */

export type VersionAction = 'activate' | 'deactivate' | 'hide' | 'unhide';

export interface VersionActionSpec {
  /** Exactly the PATCH body's fields. */
  readonly update: VersionUpdate;
  readonly applies: (version: Version) => boolean;
  /** Server-side `active` filter for the palette's list. */
  readonly listActive?: boolean;
  readonly verb: string;
  /** "activating": for "Activating v1 of widgets failed: …". */
  readonly doing: string;
  readonly done: string;
  readonly emptyText: (project: string) => string;
}

export const VERSION_ACTIONS: Readonly<Record<VersionAction, VersionActionSpec>> = {
  activate: {
    update: { active: true }, applies: (v) => !v.active, listActive: false, verb: 'Activate', doing: 'activating', done: 'activated',
    emptyText: (p) => `Every version of ${p} is already active.`,
  },
  deactivate: {
    update: { active: false }, applies: (v) => v.active, listActive: true, verb: 'Deactivate', doing: 'deactivating', done: 'deactivated',
    emptyText: (p) => `No version of ${p} is active.`,
  },
  hide: {
    update: { hidden: true }, applies: (v) => !v.hidden, verb: 'Hide', doing: 'hiding', done: 'hidden',
    emptyText: (p) => `Every version of ${p} is already hidden.`,
  },
  unhide: {
    update: { hidden: false }, applies: (v) => v.hidden, verb: 'Unhide', doing: 'unhiding', done: 'shown again',
    emptyText: (p) => `No version of ${p} is hidden.`,
  },
};

/** The two requests a batch makes per version: the client's `versions.update` and `versions.get`. */
export interface VersionWrites {
  update(versionSlug: string, update: VersionUpdate): Promise<void>;
  get(versionSlug: string): Promise<Version>;
}

export interface VersionBatchResult {
  /** Each changed version as the server reports it after the change (never a guess). */
  readonly fresh: readonly Version[];
  /** Sentences for what failed or was not tried. */
  readonly failures: readonly string[];
  /** A version was gone (404): the list shown is stale. */
  readonly vanished: boolean;
  /** An error that ends the batch and belongs to the error reporter (a rejected token, a cancellation). */
  readonly fatal: unknown;
  /** Lines for the log. */
  readonly log: readonly string[];
}

/**
 * One PATCH per version, in order, never retried; after each 204 the version is read again.
 * Stops at a rejected token or a cancellation (`fatal`), and at a refusal the rest would meet too
 * (403, 429, anything that is not an API answer), saying which versions were not tried.
 */
export async function runVersionBatch(
  action: VersionAction,
  projectSlug: string,
  versions: readonly Version[],
  writes: VersionWrites,
  words: Pick<DescribeContext, 'host' | 'secrets'> = {},
): Promise<VersionBatchResult> {
  const spec = VERSION_ACTIONS[action];
  const fresh: Version[] = [];
  const failures: string[] = [];
  const log: string[] = [];
  let vanished = false;
  for (const [index, version] of versions.entries()) {
    try {
      await writes.update(version.slug, spec.update);
    } catch (error) {
      if (error instanceof AuthError || error instanceof CancelledError) return { fresh, failures, vanished, fatal: error, log };
      vanished ||= error instanceof NotFoundError;
      failures.push(describeError(error, { ...words, action: `${spec.doing} ${version.verboseName} of ${projectSlug}`, write: true }));
      log.push(`${action} ${projectSlug}/${version.slug} failed: ${errorDetail(error)}`);
      if (error instanceof RateLimitedError || error instanceof ForbiddenError || !(error instanceof ApiError)) {
        const rest = versions.slice(index + 1).map((v) => v.verboseName);
        if (rest.length) failures.push(`Not tried: ${rest.join(', ')}.`);
        break;
      }
      continue;
    }
    try {
      fresh.push(await writes.get(version.slug));
    } catch (error) {
      log.push(`re-reading ${projectSlug}/${version.slug} failed: ${errorDetail(error)}`);
    }
  }
  return { fresh, failures, vanished, fatal: undefined, log };
}

export interface BatchReport {
  readonly severity: 'info' | 'warn' | 'error';
  readonly text: string;
}

/** What to tell the person after a batch; undefined when there is nothing to say. */
export function batchReport(action: VersionAction, projectSlug: string, result: Pick<VersionBatchResult, 'fresh' | 'failures'>): BatchReport | undefined {
  const spec = VERSION_ACTIONS[action];
  // The server answered 204 but reports the old state: it did not apply the change.
  const changed = (v: Version) => !spec.applies(v);
  const ok = result.fresh.filter(changed);
  const unchanged = result.fresh.filter((v) => !changed(v));
  const lines: string[] = [];
  if (ok.length) lines.push(`${names(ok)} of ${projectSlug} ${ok.length === 1 ? 'is' : 'are'} now ${spec.done}.`);
  if (unchanged.length) lines.push(`${projectSlug} still reports ${names(unchanged)} as before: the server did not apply the change.`);
  if (result.failures.length) return { severity: 'error', text: [...lines, ...result.failures].join(' ') };
  if (unchanged.length) return { severity: 'warn', text: lines.join(' ') };
  return lines.length ? { severity: 'info', text: lines.join(' ') } : undefined;
}

/** The question before deactivating (it deletes the hosted docs). */
export function deactivateQuestion(projectSlug: string, versions: readonly Version[]): { message: string; detail: string; confirm: string } {
  return {
    message: versions.length === 1 ? `Deactivate ${versions[0].verboseName} of ${projectSlug}?` : `Deactivate ${versions.length} versions of ${projectSlug}?`,
    detail: `The hosted documentation of ${names(versions)} will be deleted and its URLs will stop working. Activating it again rebuilds it.`,
    confirm: 'Deactivate',
  };
}

/** Selected rows the action does not change, said once. */
export function nothingToDoText(action: VersionAction, versions: readonly Version[]): string {
  return `Nothing to do: ${names(versions)} ${versions.length === 1 ? 'is' : 'are'} already ${VERSION_ACTIONS[action].done}.`;
}

/** The progress title of a batch. */
export function batchTitle(action: VersionAction, projectSlug: string, versions: readonly Version[]): string {
  return `${VERSION_ACTIONS[action].verb} ${versions.length === 1 ? versions[0].verboseName : `${versions.length} versions`} of ${projectSlug}…`;
}

function names(versions: readonly Version[]): string {
  return versions.map((v) => v.verboseName).join(', ');
}
