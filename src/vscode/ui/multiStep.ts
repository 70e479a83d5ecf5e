import * as vscode from 'vscode';
import { ValidationError } from '../../core/api/errors';
import { placeServerErrors } from '../../core/manage/serverErrors';
import {
  type InputMessage, type PickRow, type StepOptions, BACK, isBack, isBlocking,
} from './quickInput';
import { type UiHost } from './ui';

/**
 * Multi-step input: a list of steps over one mutable state object. Each step pre-fills from the
 * state and writes its answer back, so Back, a later change of mind, or a server refusal never
 * loses what was typed. After a refusal (`ValidationError`), the person is brought back to the
 * steps that set the fields the server named, with the server's words shown there.
 */

export type StepOutcome = 'next' | 'back' | 'cancel';

/** The API fields a step sets, fixed or depending on the answers so far. */
export type Fields<S> = readonly string[] | ((state: S) => readonly string[]);

export interface StepContext {
  readonly ui: UiHost;
  readonly options: StepOptions;
  /** The server's message for this step after a refusal (shown until the value changes). */
  readonly serverMessage: string | undefined;
}

export interface Step<S> {
  /** The API fields this step sets (`from_url`, `repository`): server errors naming them come back here. */
  readonly fields: Fields<S>;
  /** Whether the step applies to the state (e.g. URL steps only for page and exact redirects). Default: always. */
  readonly when?: (state: S) => boolean;
  readonly show: (state: S, context: StepContext) => Promise<StepOutcome>;
}

function outcomeOf<T>(answer: T | typeof BACK | undefined, apply: (value: T) => void): StepOutcome {
  if (answer === undefined) return 'cancel';
  if (isBack(answer)) return 'back';
  apply(answer);
  return 'next';
}

/** The server's refusal as a non-blocking hint, so the person can still keep the value (the fix may be elsewhere). */
function serverHint(message: string): vscode.InputBoxValidationMessage {
  return { message: vscode.l10n.t('Read the Docs: {0}', message), severity: vscode.InputBoxValidationSeverity.Warning };
}

export interface InputStepSpec<S> {
  readonly fields: Fields<S>;
  readonly when?: (state: S) => boolean;
  readonly prompt: string | ((state: S) => string);
  readonly placeholder?: string;
  /** A password box: the value is masked and never shown in any message. */
  readonly password?: boolean;
  readonly get: (state: S) => string;
  readonly set: (state: S, text: string) => void;
  /** Checked as the person types; errors block Enter. */
  readonly validate?: (text: string, state: S) => InputMessage | undefined;
}

export function inputStep<S>(spec: InputStepSpec<S>): Step<S> {
  return {
    fields: spec.fields,
    when: spec.when,
    async show(state, { ui, options, serverMessage }) {
      const initial = spec.get(state);
      const answer = await ui.current.stepInput({
        ...options,
        prompt: typeof spec.prompt === 'function' ? spec.prompt(state) : spec.prompt,
        placeholder: spec.placeholder,
        password: spec.password,
        value: initial,
        validateInput: (text) => {
          const local = spec.validate?.(text, state);
          if (isBlocking(local)) return local;
          return serverMessage !== undefined && text === initial ? serverHint(serverMessage) : local;
        },
      });
      return outcomeOf(answer, (text) => spec.set(state, text));
    },
  };
}

/** A pick item that carries the value it stands for. */
export interface Labeled<T> extends vscode.QuickPickItem {
  readonly value: T;
}

export interface PickStepSpec<S, T extends vscode.QuickPickItem> {
  readonly fields: Fields<S>;
  readonly when?: (state: S) => boolean;
  readonly placeholder: string | ((state: S) => string);
  readonly items: (state: S) => readonly T[] | Promise<readonly T[]>;
  /** The item to select first (the current or previous choice). */
  readonly isActive?: (item: T, state: S) => boolean;
  readonly set: (state: S, item: T) => void;
  readonly matchOnDescription?: boolean;
  readonly matchOnDetail?: boolean;
}

function placeholderWith(serverMessage: string | undefined, placeholder: string): string {
  return serverMessage === undefined ? placeholder : vscode.l10n.t('Read the Docs: {0} {1}', serverMessage, placeholder);
}

export function pickStep<S, T extends vscode.QuickPickItem>(spec: PickStepSpec<S, T>): Step<S> {
  return {
    fields: spec.fields,
    when: spec.when,
    async show(state, { ui, options, serverMessage }) {
      const items = await spec.items(state);
      const answer = await ui.current.stepPick(items, {
        ...options,
        placeholder: placeholderWith(serverMessage, typeof spec.placeholder === 'function' ? spec.placeholder(state) : spec.placeholder),
        active: spec.isActive ? items.find((item) => spec.isActive!(item, state)) : undefined,
        matchOnDescription: spec.matchOnDescription,
        matchOnDetail: spec.matchOnDetail,
      });
      return outcomeOf(answer, (item) => spec.set(state, item));
    },
  };
}

export interface PickManyStepSpec<S, T extends vscode.QuickPickItem> {
  readonly fields: Fields<S>;
  readonly when?: (state: S) => boolean;
  readonly placeholder: string;
  readonly items: (state: S) => readonly T[] | Promise<readonly T[]>;
  readonly isSelected?: (item: T, state: S) => boolean;
  readonly set: (state: S, items: readonly T[]) => void;
}

export function pickManyStep<S, T extends vscode.QuickPickItem>(spec: PickManyStepSpec<S, T>): Step<S> {
  return {
    fields: spec.fields,
    when: spec.when,
    async show(state, { ui, options, serverMessage }) {
      const items = await spec.items(state);
      const answer = await ui.current.stepPickMany(items, {
        ...options,
        placeholder: placeholderWith(serverMessage, spec.placeholder),
        selected: spec.isSelected ? items.filter((item) => spec.isSelected!(item, state)) : undefined,
      });
      return outcomeOf(answer, (chosen) => spec.set(state, chosen));
    },
  };
}

export interface SearchStepSpec<S, T extends vscode.QuickPickItem> {
  readonly fields: Fields<S>;
  readonly when?: (state: S) => boolean;
  readonly placeholder: string;
  readonly fetch: (text: string, signal: AbortSignal, state: S) => Promise<readonly PickRow<T>[]>;
  readonly describeFailure: (error: unknown) => string;
  readonly set: (state: S, item: T) => void;
}

export function searchStep<S, T extends vscode.QuickPickItem>(spec: SearchStepSpec<S, T>): Step<S> {
  return {
    fields: spec.fields,
    when: spec.when,
    async show(state, { ui, options, serverMessage }) {
      const answer = await ui.current.searchPick<T>({
        ...options,
        placeholder: placeholderWith(serverMessage, spec.placeholder),
        fetch: (text, signal) => spec.fetch(text, signal, state),
        describeFailure: spec.describeFailure,
      });
      return outcomeOf(answer, (item) => spec.set(state, item));
    },
  };
}

/**
 * Runs the steps in order (Back returns to the previous one shown). With `messages` (step index →
 * server message) only those steps are visited, each with its message; Back still reaches the
 * others. Resolves false when the person cancels.
 */
export async function runSteps<S>(
  ui: UiHost,
  title: string,
  steps: readonly Step<S>[],
  state: S,
  messages?: ReadonlyMap<number, string>,
): Promise<boolean> {
  const applies = (i: number) => steps[i]!.when?.(state) ?? true;
  const wanted = (i: number) => applies(i) && (messages === undefined || messages.has(i));
  const nextFrom = (start: number) => {
    for (let i = start; i < steps.length; i++) if (wanted(i)) return i;
    return steps.length;
  };
  const previousOf = (index: number) => {
    for (let i = index - 1; i >= 0; i--) if (applies(i)) return i;
    return undefined;
  };
  const history: number[] = [];
  let index = nextFrom(0);
  while (index < steps.length) {
    const shown = steps.map((_, i) => i).filter(applies);
    const outcome = await steps[index]!.show(state, {
      ui,
      options: {
        title,
        step: shown.indexOf(index) + 1,
        totalSteps: shown.length,
        canGoBack: history.length > 0 || previousOf(index) !== undefined,
      },
      serverMessage: messages?.get(index),
    });
    if (outcome === 'cancel') return false;
    if (outcome === 'back') {
      // A step may stop applying after a later answer changed: skip those on the way back.
      let previous = history.pop();
      while (previous !== undefined && !applies(previous)) previous = history.pop();
      index = previous ?? previousOf(index) ?? index;
      continue;
    }
    history.push(index);
    index = nextFrom(index + 1);
  }
  return true;
}

export interface MultiStepFlow<S, R> {
  readonly title: string;
  readonly steps: readonly Step<S>[];
  readonly state: S;
  /** One write; never retried automatically. */
  readonly submit: (state: S) => Promise<R>;
  /** Places messages that name no field (bare arrays, `non_field_errors`) on a field, when known. */
  readonly fieldOfMessage?: (message: string) => string | undefined;
}

/**
 * Steps, then `submit`; when the server refuses with messages that some step can fix, those steps
 * are shown again (pre-filled, with the message) and the write is tried again. Resolves undefined
 * when the person cancels; rethrows a refusal no step can fix (the caller explains it).
 */
export async function runMultiStep<S, R>(ui: UiHost, flow: MultiStepFlow<S, R>): Promise<R | undefined> {
  let messages: ReadonlyMap<number, string> | undefined;
  for (;;) {
    if (!await runSteps(ui, flow.title, flow.steps, flow.state, messages)) return undefined;
    try {
      return await flow.submit(flow.state);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      messages = placeOnSteps(flow.steps, flow.state, error, flow.fieldOfMessage);
      if (!messages) throw error;
    }
  }
}

/** Step index → message for a refusal, or undefined when no shown step can fix it. */
export function placeOnSteps<S>(
  steps: readonly Step<S>[],
  state: S,
  error: ValidationError,
  fieldOfMessage?: (message: string) => string | undefined,
): ReadonlyMap<number, string> | undefined {
  const stepFields = steps.map((step) => {
    if (!(step.when?.(state) ?? true)) return [];
    return typeof step.fields === 'function' ? step.fields(state) : step.fields;
  });
  const placed = placeServerErrors(stepFields, error, fieldOfMessage);
  if (placed.byStep.size === 0) return undefined;
  if (placed.unplaced.length === 0) return placed.byStep;
  // Messages no step owns are shown with the first step that is shown again, so none is lost.
  const byStep = new Map(placed.byStep);
  const first = Math.min(...byStep.keys());
  byStep.set(first, [byStep.get(first), ...placed.unplaced].join(' '));
  return byStep;
}
