// The extension's messages for translators: every `vscode.l10n.t(...)` of the adapters and every
// `l10n.t(...)` of src/core (through src/core/l10n.ts), gathered by @vscode/l10n-dev, the tool
// behind `npx @vscode/l10n-dev export --outDir ./l10n ./src`, into the object that
// l10n/bundle.l10n.json holds. Translations are l10n/bundle.l10n.<locale>.json files beside it.
//
// l10n-dev finds the calls of files that import `@vscode/l10n` (or `vscode`) themselves. Core files
// take `l10n` from src/core/l10n.ts (which forwards to vscode.l10n.t): for the analysis, that
// import reads as the package's.
import { readFile, readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { getL10nJson } from '@vscode/l10n-dev';
import { root } from './paths.mjs';

export const L10N_DIR = join(root, 'l10n');
export const L10N_BUNDLE = join(L10N_DIR, 'bundle.l10n.json');

const CORE_L10N_IMPORT = /^import \{ l10n \} from '(?:\.\.?\/)+(?:core\/)?l10n';$/m;

/** The English bundle of the source under src/, as l10n-dev's export writes it. */
export async function extractL10nBundle() {
  const files = (await readdir(join(root, 'src'), { recursive: true })).filter((file) => /\.tsx?$/.test(file)).sort();
  const scripts = await Promise.all(files.map(async (file) => ({
    extension: extname(file),
    contents: (await readFile(join(root, 'src', file), 'utf8')).replace(CORE_L10N_IMPORT, "import * as l10n from '@vscode/l10n';"),
  })));
  return getL10nJson(scripts);
}

/** The text of l10n/bundle.l10n.json for `bundle`. */
export const bundleText = (bundle) => `${JSON.stringify(bundle, null, 2)}\n`;
