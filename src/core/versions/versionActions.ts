import { type DescribeContext, describeError, errorDetail } from '../api/describeError';
import { ApiError, AuthError, CancelledError, ForbiddenError, NotFoundError, RateLimitedError } from '../api/errors';
import { l10n } from '../l10n';
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
  /** The words, whole sentences per action so each can be translated as a whole. */
  readonly words: () => VersionActionWords;
}

export interface VersionActionWords {
  /** "Activate versions of which project?" */
  readonly whichProject: string;
  /** "Activate which versions of widgets? (select several)" */
  readonly whichVersions: (project: string) => string;
  /** "activating v1 of widgets": for "Activating v1 of widgets failed: …". */
  readonly doing: (version: string, project: string) => string;
  /** "v1, v2 of widgets are now activated." */
  readonly done: (names: string, count: number, project: string) => string;
  /** "Nothing to do: v1 is already activated." */
  readonly nothingToDo: (names: string, count: number) => string;
  /** "Activate v1 of widgets…", "Activate 3 versions of widgets…" */
  readonly title: (names: string, count: number, project: string) => string;
  readonly emptyText: (project: string) => string;
}

export const VERSION_ACTIONS: Readonly<Record<VersionAction, VersionActionSpec>> = {
  activate: {
    update: { active: true }, applies: (v) => !v.active, listActive: false,
    words: () => ({
      whichProject: l10n.t('Activate versions of which project?'),
      whichVersions: (p) => l10n.t('Activate which versions of {0}? (select several)', p),
      doing: (v, p) => l10n.t('activating {0} of {1}', v, p),
      done: (names, n, p) => (n === 1 ? l10n.t('{0} of {1} is now activated.', names, p) : l10n.t('{0} of {1} are now activated.', names, p)),
      nothingToDo: (names, n) => (n === 1 ? l10n.t('Nothing to do: {0} is already activated.', names) : l10n.t('Nothing to do: {0} are already activated.', names)),
      title: (names, n, p) => (n === 1 ? l10n.t('Activate {0} of {1}…', names, p) : l10n.t('Activate {0} versions of {1}…', n, p)),
      emptyText: (p) => l10n.t('Every version of {0} is already active.', p),
    }),
  },
  deactivate: {
    update: { active: false }, applies: (v) => v.active, listActive: true,
    words: () => ({
      whichProject: l10n.t('Deactivate versions of which project?'),
      whichVersions: (p) => l10n.t('Deactivate which versions of {0}? (select several)', p),
      doing: (v, p) => l10n.t('deactivating {0} of {1}', v, p),
      done: (names, n, p) => (n === 1 ? l10n.t('{0} of {1} is now deactivated.', names, p) : l10n.t('{0} of {1} are now deactivated.', names, p)),
      nothingToDo: (names, n) => (n === 1 ? l10n.t('Nothing to do: {0} is already deactivated.', names) : l10n.t('Nothing to do: {0} are already deactivated.', names)),
      title: (names, n, p) => (n === 1 ? l10n.t('Deactivate {0} of {1}…', names, p) : l10n.t('Deactivate {0} versions of {1}…', n, p)),
      emptyText: (p) => l10n.t('No version of {0} is active.', p),
    }),
  },
  hide: {
    update: { hidden: true }, applies: (v) => !v.hidden,
    words: () => ({
      whichProject: l10n.t('Hide versions of which project?'),
      whichVersions: (p) => l10n.t('Hide which versions of {0}? (select several)', p),
      doing: (v, p) => l10n.t('hiding {0} of {1}', v, p),
      done: (names, n, p) => (n === 1 ? l10n.t('{0} of {1} is now hidden.', names, p) : l10n.t('{0} of {1} are now hidden.', names, p)),
      nothingToDo: (names, n) => (n === 1 ? l10n.t('Nothing to do: {0} is already hidden.', names) : l10n.t('Nothing to do: {0} are already hidden.', names)),
      title: (names, n, p) => (n === 1 ? l10n.t('Hide {0} of {1}…', names, p) : l10n.t('Hide {0} versions of {1}…', n, p)),
      emptyText: (p) => l10n.t('Every version of {0} is already hidden.', p),
    }),
  },
  unhide: {
    update: { hidden: false }, applies: (v) => v.hidden,
    words: () => ({
      whichProject: l10n.t('Unhide versions of which project?'),
      whichVersions: (p) => l10n.t('Unhide which versions of {0}? (select several)', p),
      doing: (v, p) => l10n.t('unhiding {0} of {1}', v, p),
      done: (names, n, p) => (n === 1 ? l10n.t('{0} of {1} is now shown again.', names, p) : l10n.t('{0} of {1} are now shown again.', names, p)),
      nothingToDo: (names, n) => (n === 1 ? l10n.t('Nothing to do: {0} is already shown again.', names) : l10n.t('Nothing to do: {0} are already shown again.', names)),
      title: (names, n, p) => (n === 1 ? l10n.t('Unhide {0} of {1}…', names, p) : l10n.t('Unhide {0} versions of {1}…', n, p)),
      emptyText: (p) => l10n.t('No version of {0} is hidden.', p),
    }),
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
  words: Pick<DescribeContext, 'host'> = {},
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
      failures.push(describeError(error, { ...words, action: spec.words().doing(version.verboseName, projectSlug), write: true }));
      log.push(`${action} ${projectSlug}/${version.slug} failed: ${errorDetail(error)}`);
      if (error instanceof RateLimitedError || error instanceof ForbiddenError || !(error instanceof ApiError)) {
        const rest = versions.slice(index + 1).map((v) => v.verboseName);
        if (rest.length) failures.push(l10n.t('Not tried: {0}.', rest.join(', ')));
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
  if (ok.length) lines.push(spec.words().done(names(ok), ok.length, projectSlug));
  if (unchanged.length) lines.push(l10n.t('{0} still reports {1} as before: the server did not apply the change.', projectSlug, names(unchanged)));
  if (result.failures.length) return { severity: 'error', text: [...lines, ...result.failures].join(' ') };
  if (unchanged.length) return { severity: 'warn', text: lines.join(' ') };
  return lines.length ? { severity: 'info', text: lines.join(' ') } : undefined;
}

/**
 * The question before deactivating (it deletes the hosted docs). A version published by uploads
 * (`uploaded`) is deleted with its files: Read the Docs cannot rebuild it from git (FACTS section 24).
 */
export function deactivateQuestion(projectSlug: string, versions: readonly Version[], uploaded: (version: Version) => boolean = () => false): { message: string; detail: string; confirm: string } {
  const gone = versions.filter(uploaded);
  const built = versions.filter((v) => !uploaded(v));
  const lines = [
    ...(built.length ? [l10n.t('The hosted documentation of {0} will be deleted and its URLs will stop working. Activating it again rebuilds it.', names(built))] : []),
    ...(gone.length ? [l10n.t('{0} is published by uploads: the version and its uploaded files will be deleted, and Read the Docs cannot rebuild them. Upload again to publish it.', names(gone))] : []),
  ];
  return {
    message: versions.length === 1 ? l10n.t('Deactivate {0} of {1}?', versions[0].verboseName, projectSlug) : l10n.t('Deactivate {0} versions of {1}?', versions.length, projectSlug),
    detail: lines.join('\n'),
    confirm: l10n.t('Deactivate'),
  };
}

/** Selected rows the action does not change, said once. */
export function nothingToDoText(action: VersionAction, versions: readonly Version[]): string {
  return VERSION_ACTIONS[action].words().nothingToDo(names(versions), versions.length);
}

/** The progress title of a batch. */
export function batchTitle(action: VersionAction, projectSlug: string, versions: readonly Version[]): string {
  return VERSION_ACTIONS[action].words().title(names(versions), versions.length, projectSlug);
}

function names(versions: readonly Version[]): string {
  return versions.map((v) => v.verboseName).join(', ');
}
