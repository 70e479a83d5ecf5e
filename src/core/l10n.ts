// Words for people from code that cannot import `vscode`: `l10n.t('Deleted {0}', name)` is
// VS Code's own `vscode.l10n.t` once the extension has handed it over (`configureL10n` in
// `activate()`: the translation of l10n/bundle.l10n.json for the display language); before that,
// and in plain Node, the English message with its placeholders filled.
//
// Call `l10n.t` only inside functions, never when a module loads: the translator arrives in
// `activate()`. scripts/nls-extract.mjs gathers the messages into l10n/bundle.l10n.json.

/** `vscode.l10n.t`'s form for a message with positional placeholders (`{0}`, `{1}`, …). */
export type Translate = (message: string, ...args: (string | number | boolean)[]) => string;

const english: Translate = (message, ...args) => message.replace(/\{(\d+)\}/g, (placeholder, index: string) => (Number(index) < args.length ? String(args[Number(index)]) : placeholder));

let translate: Translate = english;

export const l10n = {
  t: (message: string, ...args: (string | number | boolean)[]): string => translate(message, ...args),
};

/** The translator to use from now on (`undefined`: English). */
export function configureL10n(translator: Translate | undefined): void {
  translate = translator ?? english;
}
