// Words for people from code that cannot import `vscode`: `l10n.t('Deleted {0}', name)` looks the
// English message up in the bundle `configureL10n` was given (the extension passes
// `vscode.l10n.bundle`, VS Code's translation of l10n/bundle.l10n.json for the display language)
// and returns it, placeholders filled; without a bundle, or for a message it lacks, the English.
//
// @vscode/l10n keeps that bundle in its module: every file takes it from here, so the bundler
// keeps one instance, the start-up bundle's, which the feature bundles (dist/features/) share
// (scripts/lib/bundles.mjs). Call `l10n.t` only inside functions, never when a module loads: the
// bundle is configured in `activate()`. scripts/nls-extract.mjs gathers the messages into
// l10n/bundle.l10n.json.
import * as l10n from '@vscode/l10n';

export { l10n };

/** The translations to use from now on (`undefined`: English). */
export function configureL10n(contents: { readonly [message: string]: string } | undefined): void {
  l10n.config({ contents: contents ?? {} });
}
