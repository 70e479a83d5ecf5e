import assert from 'node:assert/strict';
import { KNOWN_NOTHING } from '../../src/core/builds/buildRow';
import { execFileSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NetworkError, RateLimitedError } from '../../src/core/api/errors';
import { describeError } from '../../src/core/api/describeError';
import { NO_OUTCOME_FACTS, buildFinishedMessage } from '../../src/core/builds/facts';
import { runningBuildsStatus } from '../../src/core/builds/statusText';
import { configureL10n } from '../../src/core/l10n';
import { type Build } from '../../src/core/models/build';

// Sentences worded in src/core go through src/core/l10n.ts, which the extension hands
// vscode.l10n.t (VS Code's bundle for the display language); l10n/bundle.l10n.json is what
// translators start from, written by `node scripts/nls-extract.mjs`.

const root = join(__dirname, '..', '..');

interface L10nBundleModule {
  extractL10nBundle(): Promise<Record<string, unknown>>;
  bundleText(bundle: Record<string, unknown>): string;
  L10N_BUNDLE: string;
}

const build = (over: Partial<Build>): Build => ({
  id: 7, version: 'latest', state: 'finished', stateName: 'Finished', success: false, durationSeconds: 83, commit: undefined, created: undefined, finished: undefined,
  error: '', urls: {}, ...over,
} as unknown as Build);

/** What vscode.l10n.t does with a bundle: the translation when there is one, placeholders filled. */
const translatorOf = (bundle: Record<string, string>) => (message: string, ...args: (string | number | boolean)[]) =>
  (bundle[message] ?? message).replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)]));

describe('l10n: words from src/core', () => {
  afterEach(() => configureL10n(undefined));

  it('speaks English without a bundle', () => {
    assert.equal(runningBuildsStatus([{ build: build({ state: 'building', stateName: 'Building', success: undefined }), projectSlug: 'widgets' }], () => KNOWN_NOTHING)?.text, '$(sync~spin) Read the Docs: 1 building');
    assert.equal(describeError(new NetworkError('ECONNREFUSED'), { host: 'app.readthedocs.org' }), 'Could not reach app.readthedocs.org (ECONNREFUSED). Check the connection and the base URL.');
  });

  it('speaks the configured bundle, placeholders filled, one message for one and another for many', () => {
    configureL10n(translatorOf({
      '$(sync~spin) Read the Docs: 1 building': '$(sync~spin) Read the Docs : 1 compilation',
      '$(sync~spin) Read the Docs: {0} building': '$(sync~spin) Read the Docs : {0} compilations',
      'Could not reach {0} ({1}). Check the connection and the base URL.': 'Impossible de joindre {0} ({1}). Vérifiez la connexion et l\'URL de base.',
      '{0} failed after {1}.': '{0} a échoué après {1}.',
      'build #{0} of {1} ({2})': 'compilation n° {0} de {1} ({2})',
      '{0} min {1} s': '{0} min {1} s',
      '{0} is limiting how many requests it accepts; try again {1}.': '{0} limite les requêtes ; réessayez {1}.',
      'in {0} s': 'dans {0} s',
    }));
    const running = (n: number) => Array.from({ length: n }, (_, i) => ({ build: build({ id: i, state: 'building', stateName: 'Building', success: undefined }), projectSlug: 'widgets' }));
    assert.equal(runningBuildsStatus(running(1), () => KNOWN_NOTHING)?.text, '$(sync~spin) Read the Docs : 1 compilation');
    assert.equal(runningBuildsStatus(running(3), () => KNOWN_NOTHING)?.text, '$(sync~spin) Read the Docs : 3 compilations');
    assert.equal(describeError(new NetworkError('ECONNREFUSED'), { host: 'app.readthedocs.org' }), 'Impossible de joindre app.readthedocs.org (ECONNREFUSED). Vérifiez la connexion et l\'URL de base.');
    assert.equal(describeError(new RateLimitedError(12, undefined), { host: 'app.readthedocs.org' }), 'app.readthedocs.org limite les requêtes ; réessayez dans 12 s.');
    assert.equal(buildFinishedMessage(build({}), 'widgets', NO_OUTCOME_FACTS), 'Compilation n° 7 de widgets (latest) a échoué après 1 min 23 s.');
    // A message the bundle lacks stays English.
    assert.equal(runningBuildsStatus(running(3), () => KNOWN_NOTHING)?.tooltip.startsWith('Read the Docs: 3 builds running:\n'), true);
  });
});

describe('l10n/bundle.l10n.json', () => {
  let l10nBundle: L10nBundleModule;
  let extracted: Record<string, unknown>;
  before(async function () {
    this.timeout(60_000);
    l10nBundle = (await import(pathToFileURL(join(root, 'scripts', 'lib', 'l10nBundle.mjs')).href)) as L10nBundleModule;
    extracted = await l10nBundle.extractL10nBundle();
  });

  it('holds every message of the source (run `node scripts/nls-extract.mjs` when this fails)', async () => {
    assert.equal(await readFile(l10nBundle.L10N_BUNDLE, 'utf8'), l10nBundle.bundleText(extracted));
  });

  it('has the messages of src/core as well as the adapters', () => {
    for (const message of [
      '{0} is limiting how many requests it accepts; try again {1}.', // core/api/describeError.ts
      '$(sync~spin) Read the Docs: {0} building', // core/builds/statusText.ts
      'click to retry', // core/tree/present.ts
      'Show Build', // vscode/builds/notifier.ts
    ]) assert.equal(extracted[message], message);
  });

  it('is gathered from every file that words a sentence: core files take l10n from src/core/l10n.ts only', async () => {
    const files = (await readdir(join(root, 'src'), { recursive: true })).filter((f) => f.endsWith('.ts')).map((f) => f.split('\\').join('/'));
    const wrong: string[] = [];
    for (const file of files) {
      const text = await readFile(join(root, 'src', file), 'utf8');
      if (file !== 'core/l10n.ts' && /(^|[^.])\bl10n\.t\(/m.test(text) && !/^import \{ l10n \} from '(\.\.?\/)+(core\/)?l10n';$/m.test(text)) wrong.push(`${file} calls l10n.t without importing it from src/core/l10n.ts`);
    }
    assert.deepEqual(wrong, []);
  });

  it('is never asked for a message while src/core loads (the bundle is configured in activate())', function () {
    this.timeout(60_000);
    // A fresh Node loads every core module with a bundle that records each lookup.
    const script = `
      const { readdirSync } = require('node:fs');
      const { join } = require('node:path');
      const core = join(process.cwd(), 'src', 'core');
      const asked = [];
      require(join(core, 'l10n.ts')).configureL10n((message) => { asked.push(message); return message; });
      for (const file of readdirSync(core, { recursive: true }).filter((f) => f.endsWith('.ts')).sort()) require(join(core, file));
      process.stdout.write(JSON.stringify(asked));`;
    const asked = JSON.parse(execFileSync(process.execPath, ['--require', 'tsx/cjs', '-e', script], { cwd: root, encoding: 'utf8' })) as string[];
    assert.deepEqual(asked, []);
  });

  it('stays out of the .vsix, where translations go in', async () => {
    const ignore = (await readFile(join(root, '.vscodeignore'), 'utf8')).split('\n').map((l) => l.trim());
    assert.ok(ignore.includes('!l10n/bundle.l10n.*.json'), '.vscodeignore keeps l10n/bundle.l10n.<locale>.json');
    assert.ok(!ignore.some((l) => /^!l10n\/(\*\*|bundle\.l10n\.json|\*)$/.test(l)), '.vscodeignore leaves l10n/bundle.l10n.json out');
    const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { l10n?: string };
    assert.equal(manifest.l10n, './l10n');
  });
});
