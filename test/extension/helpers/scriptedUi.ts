// A scripted `Ui` for extension-host tests: the quick input cannot be typed into from the
// extension host, so commands ask through `services.ui.current` and this answers from a queue.
//
// Usage:
//   const ui = new ScriptedUi().pick('Read the Docs Community').input('0123…').confirmed(true);
//   testing.setUi(ui);
//   await vscode.commands.executeCommand('readthedocs.signIn');
//   ui.assertDone();                       // every answer used, no unexpected prompt, no bad match
//   ui.prompts / ui.validationMessages / ui.messages   // what the command showed
//
// Rules:
// - Answers are consumed in order by the next prompt of any kind; a kind mismatch is recorded in
//   `problems` (and `assertDone` throws) and the prompt is cancelled.
// - A prompt with no answer left is cancelled (Escape) and recorded in `problems`.
// - `input(text)` runs the prompt's `validateInput` on the text and records the message. When
//   it blocks (a string, or severity Error), the box stays open as in VS Code: the NEXT queued
//   `input` answers the same box (so `.input('bad').input('good')` scripts a correction); with
//   no further `input` queued the box is cancelled.
// - `pick(x)` chooses the first item whose label (without `$(icon)` prefixes) equals `x`, else
//   contains it; a RegExp is tested against label, description and detail; a function is a predicate.
// - Messages (info/warn/error) resolve with an action queued by `onMessage(pattern, action)`,
//   else with undefined. They are recorded in `messages`; `waitForMessage` awaits one.

import * as vscode from 'vscode';
import type { Ui } from '../../../src/vscode/ui/ui';
import {
  BACK, type Back, type SearchPickOptions, type StepInputOptions, type StepPickManyOptions, type StepPickOptions, isBack,
} from '../../../src/vscode/ui/quickInput';

export { BACK };

export type ItemMatcher = string | RegExp | ((item: vscode.QuickPickItem) => boolean);

type Answer =
  | { readonly kind: 'input'; readonly text: string }
  | { readonly kind: 'pick'; readonly match: ItemMatcher }
  | { readonly kind: 'pickMany'; readonly matches: readonly ItemMatcher[] }
  | { readonly kind: 'confirm'; readonly accept: boolean }
  | { readonly kind: 'cancel' }
  | { readonly kind: 'back' }
  | { readonly kind: 'search'; readonly text: string; readonly match: ItemMatcher };

export type PromptKind = 'input' | 'pick' | 'pickMany' | 'confirm';

export interface PromptRecord {
  readonly kind: PromptKind;
  /** inputBox prompt/title, pick placeholder/title, confirm message. */
  readonly title?: string;
  readonly prompt?: string;
  readonly placeholder?: string;
  /** Pre-filled value of an input box. */
  readonly value?: string;
  /** What `validateInput` said about the pre-filled value when the box opened (VS Code shows it at once). */
  initialMessage?: string;
  readonly password?: boolean;
  /** Labels of the items offered by a pick. */
  readonly items?: readonly string[];
  /** Search picks: the text typed, and the separator rows (group headings) offered for it. */
  search?: string;
  separators?: readonly string[];
  /** The confirm's detail text. */
  readonly detail?: string;
  /** What the script answered: the text, the picked labels, true/false, 'cancel' or 'back'. */
  answer?: string | readonly string[] | boolean;
}

export interface MessageRecord {
  readonly severity: 'info' | 'warn' | 'error';
  readonly text: string;
  readonly actions: readonly string[];
}

export interface ValidationRecord {
  /** The text that was validated. */
  readonly value: string;
  /** The validation message (undefined when the value was accepted). */
  readonly message: string | undefined;
  readonly blocking: boolean;
}

export class ScriptedUi implements Ui {
  private readonly answers: Answer[] = [];
  private readonly messageActions: { pattern: RegExp | string; action: string | undefined }[] = [];
  private readonly messageWaiters: { test: (m: MessageRecord) => boolean; resolve: (m: MessageRecord) => void }[] = [];
  readonly prompts: PromptRecord[] = [];
  readonly validations: ValidationRecord[] = [];
  readonly messages: MessageRecord[] = [];
  /** Web pages the commands opened in the browser (none is opened for real). */
  readonly opened: string[] = [];
  /** Unexpected prompts, kind mismatches, matchers that matched nothing. */
  readonly problems: string[] = [];

  // --- script ------------------------------------------------------------------------------

  /** Types `text` into the next input box (or step input) and presses Enter. */
  input(text: string): this {
    this.answers.push({ kind: 'input', text });
    return this;
  }

  /** Chooses an item of the next quick pick (or step/search pick). */
  pick(match: ItemMatcher): this {
    this.answers.push({ kind: 'pick', match });
    return this;
  }

  /** Types `text` into the next search pick (its rows are fetched for that text), then chooses `match`. */
  search(text: string, match: ItemMatcher): this {
    this.answers.push({ kind: 'search', text, match });
    return this;
  }

  /** Checks these items in the next multi-select pick. */
  pickMany(...matches: ItemMatcher[]): this {
    this.answers.push({ kind: 'pickMany', matches });
    return this;
  }

  /** Answers the next modal confirmation (`ui.current.confirm`): true = the confirm button. */
  confirmed(accept = true): this {
    this.answers.push({ kind: 'confirm', accept });
    return this;
  }

  /** Escape on the next prompt, whatever it is. */
  cancel(): this {
    this.answers.push({ kind: 'cancel' });
    return this;
  }

  /** The Back button on the next step prompt. */
  back(): this {
    this.answers.push({ kind: 'back' });
    return this;
  }

  /** The next message whose text matches `pattern` resolves with `action` (once). */
  onMessage(pattern: RegExp | string, action: string | undefined): this {
    this.messageActions.push({ pattern, action });
    return this;
  }

  // --- inspection ----------------------------------------------------------------------------

  /** Answers not used yet. */
  get remaining(): number {
    return this.answers.length;
  }

  /** Validation messages shown, in order (accepted values excluded). */
  get validationMessages(): string[] {
    return this.validations.filter((v) => v.message !== undefined).map((v) => v.message as string);
  }

  /** Throws when an answer was left over or a problem was recorded. */
  assertDone(): void {
    const issues = [...this.problems];
    if (this.answers.length) issues.push(`${this.answers.length} scripted answer(s) not used: ${JSON.stringify(this.answers.map((a) => a.kind))}`);
    if (issues.length) throw new Error(`ScriptedUi: ${issues.join('; ')}\nprompts: ${JSON.stringify(this.prompts, null, 1)}`);
  }

  /** Resolves with the first message (already shown or to come) that matches. */
  waitForMessage(pattern: RegExp | string | ((m: MessageRecord) => boolean), timeoutMs = 10_000): Promise<MessageRecord> {
    const test = typeof pattern === 'function' ? pattern : (m: MessageRecord) => matchesText(m.text, pattern);
    const seen = this.messages.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`ScriptedUi: no message matching ${String(pattern)} within ${timeoutMs} ms; messages: ${JSON.stringify(this.messages)}`)), timeoutMs);
      this.messageWaiters.push({ test, resolve: (m) => { clearTimeout(timer); resolve(m); } });
    });
  }

  // --- Ui --------------------------------------------------------------------------------------

  async inputBox(options: vscode.InputBoxOptions): Promise<string | undefined> {
    const result = await this.answerInput({ title: options.title, prompt: options.prompt, placeholder: options.placeHolder, value: options.value, password: options.password },
      options.validateInput ? (text) => options.validateInput?.(text) : undefined);
    return isBack(result) ? undefined : result;
  }

  stepInput(options: StepInputOptions): Thenable<string | Back | undefined> {
    return this.answerInput({ title: options.title, prompt: options.prompt, placeholder: options.placeholder, value: options.value, password: options.password },
      options.validateInput ? (text) => options.validateInput?.(text) : undefined);
  }

  async quickPick<T extends vscode.QuickPickItem>(items: readonly T[] | Thenable<readonly T[]>, options: vscode.QuickPickOptions): Promise<T | undefined> {
    const result = await this.answerPick(await items, { title: options.title, placeholder: options.placeHolder });
    return isBack(result) ? undefined : result;
  }

  stepPick<T extends vscode.QuickPickItem>(items: readonly T[], options: StepPickOptions<T>): Thenable<T | Back | undefined> {
    return this.answerPick(items, { title: options.title, placeholder: options.placeholder });
  }

  async searchPick<T extends vscode.QuickPickItem>(options: SearchPickOptions<T>): Promise<T | Back | undefined> {
    const queued = this.answers[0];
    const search = queued?.kind === 'search' ? queued.text : '';
    if (queued?.kind === 'search') this.answers[0] = { kind: 'pick', match: queued.match };
    const rows = await options.fetch(search, new AbortController().signal);
    const items = rows.filter((r) => r.kind !== vscode.QuickPickItemKind.Separator) as T[];
    const result = await this.answerPick(items, { title: options.title, placeholder: options.placeholder });
    const record = this.prompts[this.prompts.length - 1]!;
    record.search = search;
    record.separators = rows.filter((r) => r.kind === vscode.QuickPickItemKind.Separator).map((r) => r.label);
    return result;
  }

  async quickPickMany<T extends vscode.QuickPickItem>(items: readonly T[] | Thenable<readonly T[]>, options: vscode.QuickPickOptions): Promise<readonly T[] | undefined> {
    const result = await this.answerPickMany(await items, { title: options.title, placeholder: options.placeHolder });
    return isBack(result) ? undefined : result;
  }

  stepPickMany<T extends vscode.QuickPickItem>(items: readonly T[], options: StepPickManyOptions<T>): Thenable<readonly T[] | Back | undefined> {
    return this.answerPickMany(items, { title: options.title, placeholder: options.placeholder });
  }

  async confirm(message: string, detail: string, confirmLabel: string): Promise<boolean> {
    const record: PromptRecord = { kind: 'confirm', title: message, detail, items: [confirmLabel] };
    this.prompts.push(record);
    const answer = this.next('confirm');
    const accept = answer?.kind === 'confirm' ? answer.accept : false;
    record.answer = accept;
    return accept;
  }

  info(message: string, ...actions: string[]): Promise<string | undefined> {
    return Promise.resolve(this.message('info', message, actions));
  }

  warn(message: string, ...actions: string[]): Promise<string | undefined> {
    return Promise.resolve(this.message('warn', message, actions));
  }

  error(message: string, ...actions: string[]): Promise<string | undefined> {
    return Promise.resolve(this.message('error', message, actions));
  }

  openExternal(url: string): Promise<boolean> {
    this.opened.push(url);
    return Promise.resolve(true);
  }

  // --- internals ----------------------------------------------------------------------------

  private next(kind: PromptKind): Answer | undefined {
    const answer = this.answers.shift();
    if (!answer) {
      this.problems.push(`unexpected ${kind} prompt (no answer left)`);
      return undefined;
    }
    if (answer.kind === 'cancel' || answer.kind === 'back') return answer;
    if (answer.kind !== kind) {
      this.problems.push(`a ${kind} prompt got the scripted ${answer.kind} answer`);
      return { kind: 'cancel' };
    }
    return answer;
  }

  private async answerInput(
    record: Omit<PromptRecord, 'kind'>,
    validate: ((text: string) => unknown) | undefined,
  ): Promise<string | Back | undefined> {
    const prompt: PromptRecord = { kind: 'input', ...record };
    this.prompts.push(prompt);
    if (validate && record.value) prompt.initialMessage = messageText(await validate(record.value));
    let answer = this.next('input');
    for (;;) {
      if (!answer || answer.kind === 'cancel') { prompt.answer = 'cancel'; return undefined; }
      if (answer.kind === 'back') { prompt.answer = 'back'; return BACK; }
      if (answer.kind !== 'input') return undefined;
      const text = answer.text;
      const raw = validate ? await validate(text) : undefined;
      const message = messageText(raw);
      const blocking = isBlockingMessage(raw);
      this.validations.push({ value: text, message, blocking });
      if (!blocking) { prompt.answer = text; return text; }
      // VS Code keeps the box open: the next scripted input is typed into the same box.
      if (this.answers[0]?.kind !== 'input') { prompt.answer = 'cancel'; return undefined; }
      answer = this.answers.shift();
    }
  }

  private async answerPick<T extends vscode.QuickPickItem>(items: readonly T[], record: { title?: string; placeholder?: string }): Promise<T | Back | undefined> {
    const prompt: PromptRecord = { kind: 'pick', ...record, items: items.map((i) => i.label) };
    this.prompts.push(prompt);
    const answer = this.next('pick');
    if (!answer || answer.kind === 'cancel') { prompt.answer = 'cancel'; return undefined; }
    if (answer.kind === 'back') { prompt.answer = 'back'; return BACK; }
    if (answer.kind !== 'pick') return undefined;
    const chosen = findItem(items, answer.match);
    if (!chosen) {
      this.problems.push(`no item matches ${String(answer.match)} in [${items.map((i) => i.label).join(', ')}]`);
      prompt.answer = 'cancel';
      return undefined;
    }
    prompt.answer = chosen.label;
    return chosen;
  }

  private async answerPickMany<T extends vscode.QuickPickItem>(items: readonly T[], record: { title?: string; placeholder?: string }): Promise<readonly T[] | Back | undefined> {
    const prompt: PromptRecord = { kind: 'pickMany', ...record, items: items.map((i) => i.label) };
    this.prompts.push(prompt);
    const answer = this.next('pickMany');
    if (!answer || answer.kind === 'cancel') { prompt.answer = 'cancel'; return undefined; }
    if (answer.kind === 'back') { prompt.answer = 'back'; return BACK; }
    if (answer.kind !== 'pickMany') return undefined;
    const chosen: T[] = [];
    for (const match of answer.matches) {
      const item = findItem(items, match);
      if (item) chosen.push(item);
      else this.problems.push(`no item matches ${String(match)} in [${items.map((i) => i.label).join(', ')}]`);
    }
    prompt.answer = chosen.map((i) => i.label);
    return chosen;
  }

  private message(severity: MessageRecord['severity'], text: string, actions: string[]): string | undefined {
    const record: MessageRecord = { severity, text, actions };
    this.messages.push(record);
    for (const waiter of [...this.messageWaiters]) {
      if (waiter.test(record)) {
        this.messageWaiters.splice(this.messageWaiters.indexOf(waiter), 1);
        waiter.resolve(record);
      }
    }
    const index = this.messageActions.findIndex((a) => matchesText(text, a.pattern));
    if (index < 0) return undefined;
    const [{ action }] = this.messageActions.splice(index, 1);
    return action !== undefined && actions.includes(action) ? action : undefined;
  }
}

function stripIcons(label: string): string {
  return label.replace(/\$\([a-z0-9~-]+\)\s*/gi, '').trim();
}

function findItem<T extends vscode.QuickPickItem>(items: readonly T[], match: ItemMatcher): T | undefined {
  const selectable = items.filter((i) => i.kind !== vscode.QuickPickItemKind.Separator);
  if (typeof match === 'function') return selectable.find(match);
  if (match instanceof RegExp) return selectable.find((i) => match.test(i.label) || match.test(i.description ?? '') || match.test(i.detail ?? ''));
  return selectable.find((i) => stripIcons(i.label) === match || i.label === match)
    ?? selectable.find((i) => stripIcons(i.label).includes(match));
}

function matchesText(text: string, pattern: RegExp | string): boolean {
  return typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
}

function messageText(raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'object' && 'message' in raw) return String((raw as { message: unknown }).message);
  return String(raw);
}

function isBlockingMessage(raw: unknown): boolean {
  if (raw === undefined || raw === null || raw === '') return false;
  if (typeof raw === 'string') return true;
  return (raw as vscode.InputBoxValidationMessage).severity === vscode.InputBoxValidationSeverity.Error;
}
