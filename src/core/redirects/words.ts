/**
 * Sentences of the redirects-file commands: the project setting, the plan pick, the report of an
 * Apply (what was done, what was not).
 */
import { type Edition } from '../api/client';
import { describeError } from '../api/describeError';
import { EDITIONS } from '../config';
import { type PlanOutcome } from './applyPlan';
import { type PlanStep, type RedirectPlan, countWrites, describeStep } from './plan';

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

/** "2 created, 1 updated, 1 moved, 1 deleted" (the kinds that occur). */
export function countsSentence(steps: readonly PlanStep[]): string {
  const counts = countWrites({ steps, unchanged: 0, duplicates: [] });
  const parts = [
    counts.create && `${counts.create} created`,
    counts.update && `${counts.update} updated`,
    counts.move && `${counts.move} moved`,
    counts.delete && `${counts.delete} deleted`,
  ].filter(Boolean);
  return parts.join(', ') || 'nothing';
}

/** The pick's title line: how many writes, deletions called out. */
export function planHeadline(plan: RedirectPlan, slug: string, fileName: string): string {
  const deletions = countWrites(plan).delete;
  const changes = `${plan.steps.length} change${plan.steps.length === 1 ? '' : 's'}`;
  return `${changes} to make ${slug} match ${fileName}${deletions ? `, including ${deletions} deletion${deletions === 1 ? '' : 's'} that cannot be undone` : ''}. Nothing is sent until you choose Apply.`;
}

/** The report after an Apply; `stillDifferent` is the number of steps a fresh plan still finds. */
export function outcomeReport(outcome: PlanOutcome, slug: string, fileName: string, stillDifferent: number | undefined): { severity: 'info' | 'warn' | 'error'; text: string } {
  const done = outcome.done.length ? `Done: ${countsSentence(outcome.done)}.` : 'Nothing was changed.';
  if (outcome.failed) {
    const { step, error } = outcome.failed;
    const notDone = outcome.notDone.map(describeStep);
    return {
      severity: 'error',
      text: `Applying ${fileName} to ${slug} stopped at "${describeStep(step)}": ${describeError(error)} ${done} Not done (${notDone.length}): ${notDone.join('; ')}.`,
    };
  }
  if (outcome.cancelled) {
    return { severity: 'warn', text: `Applying ${fileName} to ${slug} was cancelled. ${done} Not done: ${outcome.notDone.map(describeStep).join('; ')}.` };
  }
  if (stillDifferent) {
    return { severity: 'warn', text: `Applied ${fileName} to ${slug} (${countsSentence(outcome.done)}), but the server still differs in ${stillDifferent} place${stillDifferent === 1 ? '' : 's'}: someone else may have changed it. Compare again.` };
  }
  return { severity: 'info', text: `Applied ${fileName} to ${slug}: ${countsSentence(outcome.done)}. The server now matches the file.` };
}
