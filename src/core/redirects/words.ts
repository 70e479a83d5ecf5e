/**
 * Sentences of the redirects-file commands: the project and file settings, the plan pick and its
 * confirmation, the report of an Apply (what was done, what was not).
 */
import { l10n } from '../l10n';
import { type Edition } from '../api/client';
import { describeError } from '../api/describeError';
import { EDITIONS } from '../config';
import { settingPathInside } from '../util/paths';
import { type PlanOutcome } from './applyPlan';
import { type PlanStep, type RedirectPlan, countWrites, deletesEverything, describeStep } from './plan';

/** `readthedocs.redirects.project`: `community/widgets`, `business/acme-docs`, or a bare slug (the only signed-in edition). */
export function parseProjectSetting(value: string): { edition: Edition | undefined; slug: string } | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  const slash = text.indexOf('/');
  if (slash < 0) return { edition: undefined, slug: text };
  const edition = text.slice(0, slash) as Edition;
  const slug = text.slice(slash + 1).trim();
  return EDITIONS.includes(edition) && slug !== '' ? { edition, slug } : undefined;
}

/**
 * `readthedocs.redirects.file` of the folder at `folderPath`: the file's path relative to the folder,
 * or why it is refused (it leads outside the folder: `..`, or an absolute path elsewhere). Export,
 * Apply and rename offers write or send only a file of the folder.
 */
export function redirectsFileSetting(folderPath: string, setting: string): { readonly relative: string } | { readonly refused: string } {
  const relative = settingPathInside(folderPath, setting);
  if (relative) return { relative };
  return { refused: l10n.t('The redirects file setting (readthedocs.redirects.file) is "{0}", which is not a file inside the workspace folder {1}. Name a file of the folder, such as docs/redirects.yaml.', setting, folderPath) };
}

/** How Apply asks before it sends a plan. */
export interface ApplyConfirmation {
  /** The pick may list Apply first (preselected, so one Enter sends it) only when nothing is deleted. */
  readonly applyFirst: boolean;
  /** When the plan deletes, a modal dialog after the pick that names the project and the number of deletions. */
  readonly modal: { readonly message: string; readonly detail: string; readonly confirm: string } | undefined;
}

export function applyConfirmation(plan: RedirectPlan, slug: string, fileName: string): ApplyConfirmation {
  const deletions = plan.steps.filter((s) => s.kind === 'delete');
  if (deletions.length === 0) return { applyFirst: true, modal: undefined };
  const message = deletesEverything(plan)
    ? (deletions.length === 1 ? l10n.t('Applying {0} deletes every redirect of {1} on Read the Docs: its only redirect.', fileName, slug)
      : l10n.t('Applying {0} deletes every redirect of {1} on Read the Docs: all {2} of them.', fileName, slug, deletions.length))
    : deletions.length === 1 ? l10n.t('Applying {0} deletes 1 redirect of {1} on Read the Docs.', fileName, slug)
      : l10n.t('Applying {0} deletes {1} redirects of {2} on Read the Docs.', fileName, deletions.length, slug);
  const detail = `${deletions.map(describeStep).join('\n')}\n\n${l10n.t('A deleted redirect cannot be restored.')}`;
  return { applyFirst: false, modal: { message, detail, confirm: deletions.length === 1 ? l10n.t('Delete 1 and Apply') : l10n.t('Delete {0} and Apply', deletions.length) } };
}

/** "2 created, 1 updated, 1 moved, 1 deleted" (the kinds that occur). */
export function countsSentence(steps: readonly PlanStep[]): string {
  const counts = countWrites({ steps, unchanged: 0, duplicates: [] });
  const parts = [
    counts.create && l10n.t('{0} created', counts.create),
    counts.update && l10n.t('{0} updated', counts.update),
    counts.move && l10n.t('{0} moved', counts.move),
    counts.delete && l10n.t('{0} deleted', counts.delete),
  ].filter(Boolean);
  return parts.join(', ') || l10n.t('nothing');
}

/** The pick's title line: how many writes, deletions called out. */
export function planHeadline(plan: RedirectPlan, slug: string, fileName: string): string {
  const deletions = countWrites(plan).delete;
  const changes = plan.steps.length === 1 ? l10n.t('1 change to make {0} match {1}', slug, fileName) : l10n.t('{0} changes to make {1} match {2}', plan.steps.length, slug, fileName);
  if (!deletions) return l10n.t('{0}. Nothing is sent until you choose Apply.', changes);
  return deletions === 1 ? l10n.t('{0}, including 1 deletion that cannot be undone. Nothing is sent until you choose Apply.', changes)
    : l10n.t('{0}, including {1} deletions that cannot be undone. Nothing is sent until you choose Apply.', changes, deletions);
}

/** The report after an Apply; `stillDifferent` is the number of steps a fresh plan still finds. */
export function outcomeReport(outcome: PlanOutcome, slug: string, fileName: string, stillDifferent: number | undefined): { severity: 'info' | 'warn' | 'error'; text: string } {
  const done = outcome.done.length ? l10n.t('Done: {0}.', countsSentence(outcome.done)) : l10n.t('Nothing was changed.');
  if (outcome.failed) {
    const { step, error } = outcome.failed;
    const notDone = outcome.notDone.map(describeStep);
    return {
      severity: 'error',
      text: l10n.t('Applying {0} to {1} stopped at "{2}": {3} {4} Not done ({5}): {6}.', fileName, slug, describeStep(step), describeError(error), done, notDone.length, notDone.join('; ')),
    };
  }
  if (outcome.cancelled) {
    return { severity: 'warn', text: l10n.t('Applying {0} to {1} was cancelled. {2} Not done: {3}.', fileName, slug, done, outcome.notDone.map(describeStep).join('; ')) };
  }
  if (stillDifferent) {
    return {
      severity: 'warn',
      text: stillDifferent === 1
        ? l10n.t('Applied {0} to {1} ({2}), but the server still differs in 1 place: someone else may have changed it. Compare again.', fileName, slug, countsSentence(outcome.done))
        : l10n.t('Applied {0} to {1} ({2}), but the server still differs in {3} places: someone else may have changed it. Compare again.', fileName, slug, countsSentence(outcome.done), stillDifferent),
    };
  }
  return { severity: 'info', text: l10n.t('Applied {0} to {1}: {2}. The server now matches the file.', fileName, slug, countsSentence(outcome.done)) };
}
