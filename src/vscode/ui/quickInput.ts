import * as vscode from 'vscode';

/**
 * Step prompts for multi-step flows: a title with "(2/5)", a Back button, validation as the
 * person types, pre-filled values, and a quick pick whose items are fetched for the typed text.
 * `windowStepUi` is the real implementation (VS Code's `createInputBox` / `createQuickPick`);
 * tests replace the whole `Ui` with a scripted one.
 */

/**
 * What a step prompt resolves to when the person presses Back. `Symbol.for` so that the
 * extension's bundle and a test bundle agree on it.
 */
export const BACK: unique symbol = Symbol.for('readthedocs.ui.back') as never;
export type Back = typeof BACK;

export function isBack(value: unknown): value is Back {
  return value === BACK;
}

/** What a validator may say: a blocking error (plain string or severity Error) or a hint (Info, Warning). */
export type InputMessage = string | vscode.InputBoxValidationMessage;

export interface StepOptions {
  readonly title: string;
  /** 1-based; with `totalSteps` the title shows "(step/total)". */
  readonly step?: number;
  readonly totalSteps?: number;
  /** Shows the Back button (every step after the first). */
  readonly canGoBack?: boolean;
}

export interface StepInputOptions extends StepOptions {
  readonly prompt?: string;
  readonly placeholder?: string;
  /** Pre-filled text. */
  readonly value?: string;
  readonly password?: boolean;
  /** Run on the pre-filled value and on every change; an error blocks Enter, Info and Warning do not. */
  readonly validateInput?: (text: string) => InputMessage | undefined;
}

export interface StepPickOptions<T extends vscode.QuickPickItem> extends StepOptions {
  readonly placeholder?: string;
  /** The item selected when the pick opens (the current or previous choice). */
  readonly active?: T;
  readonly matchOnDescription?: boolean;
  readonly matchOnDetail?: boolean;
}

export interface StepPickManyOptions<T extends vscode.QuickPickItem> extends StepOptions {
  readonly placeholder?: string;
  /** Checked when the pick opens. */
  readonly selected?: readonly T[];
}

/** A separator row (`kind: Separator`) between groups of a search pick. */
export type PickRow<T extends vscode.QuickPickItem> = T | (vscode.QuickPickItem & { readonly kind: vscode.QuickPickItemKind.Separator });

export interface SearchPickOptions<T extends vscode.QuickPickItem> extends StepOptions {
  readonly placeholder?: string;
  /** Rows for the typed text (called with "" first). A newer call's signal aborts the older one. */
  readonly fetch: (text: string, signal: AbortSignal) => Promise<readonly PickRow<T>[]>;
  /** Wait this long after the last keystroke before fetching. Default 300 ms. */
  readonly debounceMs?: number;
  /** The sentence for a failed fetch (server text passes through the one error-to-words function, secrets removed). */
  readonly describeFailure: (error: unknown) => string;
}

export interface StepUi {
  stepInput(options: StepInputOptions): Thenable<string | Back | undefined>;
  stepPick<T extends vscode.QuickPickItem>(items: readonly T[], options: StepPickOptions<T>): Thenable<T | Back | undefined>;
  stepPickMany<T extends vscode.QuickPickItem>(items: readonly T[], options: StepPickManyOptions<T>): Thenable<readonly T[] | Back | undefined>;
  /** A quick pick that asks `fetch` for new rows as the person types (the server filters). */
  searchPick<T extends vscode.QuickPickItem>(options: SearchPickOptions<T>): Thenable<T | Back | undefined>;
}

export function isBlocking(message: InputMessage | undefined): boolean {
  if (message === undefined) return false;
  return typeof message === 'string' || message.severity === vscode.InputBoxValidationSeverity.Error;
}

function applyStep(input: vscode.QuickInput & { buttons: readonly vscode.QuickInputButton[] }, options: StepOptions): void {
  input.title = options.title;
  input.step = options.step;
  input.totalSteps = options.totalSteps;
  input.ignoreFocusOut = true;
  input.buttons = options.canGoBack ? [vscode.QuickInputButtons.Back] : [];
}

/** Shows a quick input and settles once with what `wire` resolves (hide = undefined). */
function showInput<I extends vscode.QuickInput, R>(
  input: I & { onDidTriggerButton: vscode.Event<vscode.QuickInputButton> },
  wire: (settle: (result: R | Back | undefined) => void) => vscode.Disposable[],
): Promise<R | Back | undefined> {
  return new Promise((resolve) => {
    let done = false;
    const settle = (result: R | Back | undefined) => {
      if (done) return;
      done = true;
      for (const d of disposables) d.dispose();
      input.dispose();
      resolve(result);
    };
    const disposables: vscode.Disposable[] = [
      input.onDidTriggerButton((button) => { if (button === vscode.QuickInputButtons.Back) settle(BACK); }),
      input.onDidHide(() => settle(undefined)),
    ];
    disposables.push(...wire(settle));
    input.show();
  });
}

function stepInput(options: StepInputOptions): Promise<string | Back | undefined> {
  const box = vscode.window.createInputBox();
  applyStep(box, options);
  box.prompt = options.prompt;
  box.placeholder = options.placeholder;
  box.password = options.password ?? false;
  box.value = options.value ?? '';
  const validate = (text: string) => {
    const message = options.validateInput?.(text);
    box.validationMessage = message;
    return message;
  };
  validate(box.value);
  return showInput<vscode.InputBox, string>(box, (settle) => [
    box.onDidChangeValue((text) => { validate(text); }),
    box.onDidAccept(() => {
      if (!isBlocking(validate(box.value))) settle(box.value);
    }),
  ]);
}

function stepPick<T extends vscode.QuickPickItem>(items: readonly T[], options: StepPickOptions<T>): Promise<T | Back | undefined> {
  const pick = vscode.window.createQuickPick<T>();
  applyStep(pick, options);
  pick.placeholder = options.placeholder;
  pick.matchOnDescription = options.matchOnDescription ?? false;
  pick.matchOnDetail = options.matchOnDetail ?? false;
  pick.items = items;
  if (options.active) pick.activeItems = [options.active];
  return showInput<vscode.QuickPick<T>, T>(pick, (settle) => [
    pick.onDidAccept(() => {
      const [chosen] = pick.selectedItems.length ? pick.selectedItems : pick.activeItems;
      if (chosen) settle(chosen);
    }),
  ]);
}

function stepPickMany<T extends vscode.QuickPickItem>(items: readonly T[], options: StepPickManyOptions<T>): Promise<readonly T[] | Back | undefined> {
  const pick = vscode.window.createQuickPick<T>();
  applyStep(pick, options);
  pick.placeholder = options.placeholder;
  pick.canSelectMany = true;
  pick.items = items;
  if (options.selected) pick.selectedItems = options.selected;
  return showInput<vscode.QuickPick<T>, readonly T[]>(pick, (settle) => [
    pick.onDidAccept(() => settle([...pick.selectedItems])),
  ]);
}

function searchPick<T extends vscode.QuickPickItem>(options: SearchPickOptions<T>): Promise<T | Back | undefined> {
  const pick = vscode.window.createQuickPick<vscode.QuickPickItem>();
  applyStep(pick, options);
  pick.placeholder = options.placeholder;
  pick.matchOnDescription = true;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const load = (text: string) => {
    controller?.abort();
    const current = new AbortController();
    controller = current;
    pick.busy = true;
    options.fetch(text, current.signal).then(
      (rows) => {
        if (current !== controller) return;
        pick.items = rows;
        pick.busy = false;
      },
      (error: unknown) => {
        if (current !== controller) return;
        pick.busy = false;
        pick.placeholder = options.describeFailure(error);
      },
    );
  };
  load('');
  return showInput<vscode.QuickPick<vscode.QuickPickItem>, T>(pick, (settle) => [
    pick.onDidChangeValue((text) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => load(text.trim()), options.debounceMs ?? 300);
    }),
    pick.onDidAccept(() => {
      const [chosen] = pick.selectedItems.length ? pick.selectedItems : pick.activeItems;
      if (chosen && chosen.kind !== vscode.QuickPickItemKind.Separator) settle(chosen as T);
    }),
    { dispose: () => { if (timer) clearTimeout(timer); controller?.abort(); } },
  ]);
}

export const windowStepUi: StepUi = { stepInput, stepPick, stepPickMany, searchPick };
