/**
 * Carries out a redirect plan one request at a time, in order, never retrying a write: the first
 * failure stops it, and the result says what was done and what was not (the caller re-reads the
 * list either way).
 */
import { type CallOptions } from '../api/requests';
import { type Redirect, type RedirectInput } from '../models/redirect';
import { type PlanStep } from './plan';
import { inputOfRule } from './rule';

/** The part of the client's redirects API a plan needs. */
export interface RedirectWrites {
  create(project: string, redirect: RedirectInput, options?: CallOptions): Promise<Redirect>;
  replace(project: string, pk: number, redirect: RedirectInput, options?: CallOptions): Promise<Redirect>;
  update(project: string, pk: number, changes: Partial<RedirectInput>, options?: CallOptions): Promise<Redirect>;
  delete(project: string, pk: number, options?: CallOptions): Promise<void>;
}

export interface PlanOutcome {
  readonly done: readonly PlanStep[];
  /** The step that failed and why; undefined when every step was done (or it was cancelled between steps). */
  readonly failed?: { readonly step: PlanStep; readonly error: unknown };
  readonly notDone: readonly PlanStep[];
  readonly cancelled: boolean;
}

export async function applyRedirectPlan(
  project: string,
  steps: readonly PlanStep[],
  api: RedirectWrites,
  options: { readonly signal?: AbortSignal; readonly onStep?: (step: PlanStep, index: number) => void } = {},
): Promise<PlanOutcome> {
  const done: PlanStep[] = [];
  for (const [index, step] of steps.entries()) {
    if (options.signal?.aborted) return { done, notDone: steps.slice(index), cancelled: true };
    options.onStep?.(step, index);
    try {
      await send(project, step, api, options.signal);
    } catch (error) {
      return { done, failed: { step, error }, notDone: steps.slice(index), cancelled: false };
    }
    done.push(step);
  }
  return { done, notDone: [], cancelled: false };
}

function send(project: string, step: PlanStep, api: RedirectWrites, signal: AbortSignal | undefined): Promise<unknown> {
  const options: CallOptions = { priority: 'user', signal };
  switch (step.kind) {
    case 'delete':
      return api.delete(project, step.redirect.pk, options);
    case 'create':
      return api.create(project, inputOfRule(step.rule, step.position), options);
    case 'update':
      return api.replace(project, step.redirect.pk, inputOfRule(step.rule, step.position), options);
    case 'move':
      return api.update(project, step.redirect.pk, { position: step.position }, options);
  }
}
