import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';

const root = join(__dirname, '..', '..', '..');
const ONE_PLACE_RULES = new Set(['no-restricted-syntax', '@typescript-eslint/no-restricted-imports']);

interface OnePlaceEntry { readonly id: string; readonly owners: readonly string[]; readonly message: string }

/** A second answer to each question, as a contributor might write it in an adapter or in core. */
const SAMPLES: Readonly<Record<string, { readonly file: string; readonly code: string }>> = {
  findFiles: { file: 'src/vscode/sample.ts', code: "import * as vscode from 'vscode';\nexport const found = vscode.workspace.findFiles('**/conf.py');\n" },
  webviewPanel: { file: 'src/vscode/sample.ts', code: "import * as vscode from 'vscode';\nexport const panel = vscode.window.createWebviewPanel('a', 'A', vscode.ViewColumn.Active);\n" },
  contentSecurityPolicy: { file: 'src/core/embed/sample.ts', code: 'export const head = (policy: string) => `<meta http-equiv="Content-Security-Policy" content="${policy}">`;\n' },
  randomBytes: { file: 'src/vscode/sample.ts', code: "import { randomBytes } from 'node:crypto';\nexport const nonce = randomBytes(16).toString('base64');\n" },
  globalState: { file: 'src/vscode/sample.ts', code: "import type * as vscode from 'vscode';\nexport const store = (context: vscode.ExtensionContext) => context.globalState;\n" },
  yaml: { file: 'src/core/docsLayout/sample.ts', code: "import { parse } from 'yaml';\nexport const read = (text: string): unknown => parse(text);\n" },
  parse5: { file: 'src/core/embed/sample.ts', code: "import { parse } from 'parse5';\nexport const read = (html: string) => parse(html);\n" },
  toml: { file: 'src/core/upload/sample.ts', code: "import { parse } from 'smol-toml';\nexport const read = (text: string) => parse(text);\n" },
};

async function onePlaceMessages(eslint: ESLint, code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages.filter((m) => m.ruleId !== null && ONE_PLACE_RULES.has(m.ruleId)).map((m) => m.message);
}

describe('the "one place" lint rules (eslint.config.mjs)', function () {
  this.timeout(120_000);
  let eslint: ESLint;
  let entries: readonly OnePlaceEntry[];

  before(async () => {
    eslint = new ESLint({ cwd: root });
    const config = await import(pathToFileURL(join(root, 'eslint.config.mjs')).href) as { ONE_PLACE: readonly OnePlaceEntry[] };
    entries = config.ONE_PLACE;
  });

  it('has a sample of a second answer for every rule', () => {
    assert.deepEqual(entries.map((entry) => entry.id).sort(), Object.keys(SAMPLES).sort());
  });

  it('refuses each second answer outside its owner, with a message naming the owner', async () => {
    for (const entry of entries) {
      const sample = SAMPLES[entry.id];
      const messages = await onePlaceMessages(eslint, sample.code, sample.file);
      assert.ok(messages.some((message) => message.includes(entry.owners[0]) && message.includes('Where things live')), `${entry.id}: ${JSON.stringify(messages)}`);
    }
  });

  it('lets each owner give the answer', async () => {
    for (const entry of entries) {
      for (const owner of entry.owners) {
        assert.deepEqual(await onePlaceMessages(eslint, SAMPLES[entry.id].code, owner), [], `${entry.id} in ${owner}`);
      }
    }
  });

  it('lets any file import yaml\'s types, and parse5\'s only under core/html', async () => {
    const yamlTypes = "import type { Document } from 'yaml';\nexport type Config = Document;\n";
    assert.deepEqual(await onePlaceMessages(eslint, yamlTypes, 'src/core/redirects/sample.ts'), []);
    const parse5Types = "import type { DefaultTreeAdapterMap } from 'parse5';\nexport type Element = DefaultTreeAdapterMap['element'];\n";
    assert.deepEqual(await onePlaceMessages(eslint, parse5Types, 'src/core/html/sample.ts'), []);
    assert.equal((await onePlaceMessages(eslint, parse5Types, 'src/core/embed/sample.ts')).length, 1);
  });

  it('refuses loading yaml at run time outside its owner, also through require', async () => {
    const code = "// eslint-disable-next-line @typescript-eslint/no-require-imports\nexport const yaml: unknown = require('yaml');\n";
    assert.equal((await onePlaceMessages(eslint, code, 'src/core/util/sample.ts')).length, 1);
    assert.deepEqual(await onePlaceMessages(eslint, code, 'src/core/util/yaml.ts'), []);
  });
});
