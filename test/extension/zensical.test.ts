// Zensical in a real extension host, against the sandbox's zen-demo (test/fixtures/zensical-demo):
// the workspace folder made a clone of it, its failed build's reports land in the Problems panel on
// their lines and columns; a page mapped to `python-markdown` (the language Zensical Studio defines;
// test/extension/zensical-studio-stand-in stands in for it) hovers and completes its autorefs; a bare
// Zensical folder gets a first configuration that builds it with build.jobs.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { firstConfig } from '../../src/core/readthedocsYaml/firstConfig';
import type { TestingApi } from '../../src/vscode/testing';
import { type Sandbox, startSandbox } from '../sandbox';
import { ZEN_DEMO_SOURCES } from '../sandbox/seed/zenDemo';
import { describeOurDiagnostics, getTesting, setEditionUrls, setSetting, signInWith, signOutAll, waitFor } from './helpers/host';
import { cloneInWorkspace } from './helpers/projectClone';
import { ScriptedUi } from './helpers/scriptedUi';

const REMOTE = 'git@github.com:example-org/zen-demo.git';
const GUIDE = 'docs/guide/getting started.md';

/** The 0-based line and UTF-16 column of `text` in a file of zen-demo. */
function placeOf(path: string, text: string): { line: number; character: number } {
  const lines = ZEN_DEMO_SOURCES[path]!.split('\n');
  const line = lines.findIndex((l) => l.includes(text));
  assert.ok(line >= 0, `${path} says ${text}`);
  return { line, character: lines[line]!.indexOf(text) };
}

describe('Zensical: its reports on their lines, python-markdown pages, a first configuration (the sandbox\'s zen-demo)', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let testing: TestingApi;
  let folder: vscode.Uri;

  /** The build log's problems (their code links to the build; other tests' configuration findings may stay on documents still open). */
  const isBuildProblem = (d: vscode.Diagnostic) => d.source === 'Read the Docs' && typeof d.code === 'object';
  const ours = () => vscode.languages.getDiagnostics().map(([uri, list]) => [uri, list.filter(isBuildProblem)] as const).filter(([, list]) => list.length > 0);
  /** `line:column code` of our diagnostics on a file (0-based, as the editor counts). */
  const diagnosticsOf = (path: string) => vscode.languages.getDiagnostics(vscode.Uri.joinPath(folder, ...path.split('/')))
    .filter(isBuildProblem)
    .map((d) => `${d.range.start.line}:${d.range.start.character} ${typeof d.code === 'object' ? d.code.value : d.code}`)
    .sort();
  const open = async (path: string, language: string) => vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, ...path.split('/'))), language);

  before(async () => {
    sandbox = await startSandbox({ loopbackDocs: true, buildStepMs: 400 });
    testing = await getTesting();
    folder = vscode.workspace.workspaceFolders![0]!.uri;
    await signOutAll(testing);
    await setSetting('requestsPerMinute', 600);
    await setEditionUrls({ community: sandbox.origin, business: '' });
    await signInWith(testing, sandbox.tokens.owner);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOutAll(testing);
    await setSetting('requestsPerMinute', undefined);
    await setSetting('projects', undefined);
    await setEditionUrls({ community: '' });
    await sandbox?.close();
  });

  it('a clone of zen-demo: its failed build\'s reports on their pages, lines and columns, griffe and the docstring autoref on the module; the log gives the strict abort', async () => {
    const undo = cloneInWorkspace(folder, ZEN_DEMO_SOURCES, REMOTE);
    try {
      testing.setUi(new ScriptedUi());
      await vscode.commands.executeCommand('readthedocs.refreshWorkspace');
      await waitFor(() => diagnosticsOf(GUIDE).length === 2, () => `the latest zen-demo build's problems:${describeOurDiagnostics()}`, 30_000);
      const at = (path: string, text: string, code: string) => { const p = placeOf(path, text); return `${p.line}:${p.character} ${code}`; };
      assert.deepEqual(diagnosticsOf('docs/index.md'), [at('docs/index.md', 'changelog.md)', 'zensical.page-does-not-exist'), at('docs/index.md', '[unused]:', 'zensical.unused-link-definition')].sort());
      // 🚀 comes before the anchor: Zensical counts it as one character, the editor as two units.
      assert.deepEqual(diagnosticsOf(GUIDE), [at(GUIDE, 'zen_demo.core.whisper', 'autorefs'), at(GUIDE, '#naive-setup', 'zensical.anchor-does-not-exist')].sort());
      assert.deepEqual(diagnosticsOf('zen_demo/core.py'), [`${placeOf('zen_demo/core.py', '[zen_demo.core.yell][]').line}:0 autorefs`, '28:0 griffe'].sort());
      assert.equal(ours().reduce((n, [, list]) => n + list.length, 0), 6, `all six are placed, and nothing else:${describeOurDiagnostics()}`);

      const latest = sandbox.db.builds('zen-demo').sort((a, b) => b.id - a.id)[0]!;
      const uri = await vscode.commands.executeCommand<vscode.Uri>('readthedocs.showBuildLog', { edition: 'community', projectSlug: 'zen-demo', buildId: latest.id });
      const text = await waitFor(() => {
        const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
        return document?.getText().includes('# Failure:') ? document.getText() : undefined;
      }, 'the failure reason');
      assert.match(text, /^# Failure: Zensical: 5 issues found, aborted because --strict flag is set$/m);
      const folds = await vscode.commands.executeCommand<vscode.FoldingRange[]>('vscode.executeFoldingRangeProvider', uri);
      const lines = text.split('\n');
      assert.equal(folds.filter((f) => lines[f.start]!.startsWith('Warning: ') && lines[f.end]!.endsWith('╯')).length, 4, 'each report folds');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await undo();
      await vscode.commands.executeCommand('readthedocs.refreshWorkspace');
    }
    await waitFor(() => ours().length === 0, 'the Problems panel to clear');
  });

  it('a python-markdown page (Zensical Studio\'s language for *.md): autorefs hover with the published section and complete from zen-demo\'s objects.inv (version 0.0.0)', async () => {
    const undo = cloneInWorkspace(folder, { ...ZEN_DEMO_SOURCES, 'docs/scratch.md': 'Typing: [the greeter][zen_demo.core.G\n' }, REMOTE);
    const docs = `${sandbox.docsOrigins.get('zen-demo')}/en/latest/`;
    try {
      await setSetting('projects', ['community/zen-demo']);
      const page = await open('docs/index.md', 'python-markdown');
      assert.equal(page.languageId, 'python-markdown');
      const needle = '[greet][zen_demo.core.greet]';
      const position = page.positionAt(page.getText().indexOf(needle) + 12);
      const hover = await waitFor(async () => (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', page.uri, position))
        .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).find((t) => t.includes('Read the Docs')),
      // An objects.inv read that failed (a docs host slow at the end of a long run) is asked again after 30 s (FAILURE_RETRY_MS).
      () => `the autorefs hover; the log about zen-demo's inventory:\n${testing.logLines.filter((line) => line.includes('objects.inv') || line.includes('zen-demo')).slice(-20).join('\n')}`, 45_000);
      assert.match(hover, /\*\*zen\\?_demo\.core\.greet\*\* · py:function · published on Read the Docs\n/);
      assert.ok(hover.includes(`${docs}api/#zen_demo.core.greet`), hover);

      const scratch = await open('docs/scratch.md', 'python-markdown');
      const end = scratch.lineAt(0).range.end;
      const list = await waitFor(async () => {
        const found = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', scratch.uri, end);
        return found.items.length > 0 ? found : undefined;
      }, 'autorefs completions', 30_000);
      const labels = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
      assert.ok(labels.includes('zen_demo.core.Greeter'), labels.join(', '));
      assert.ok(vscode.extensions.getExtension('zensical.zensical-studio')?.isActive, 'the stand-in for Zensical Studio is what defines the language');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await setSetting('projects', undefined);
      await undo();
    }
  });

  it('a bare Zensical folder: Create .readthedocs.yaml drafts build.jobs that install it, run zensical build and copy site/', async () => {
    const undo = cloneInWorkspace(folder, {
      'zensical.toml': '[project]\nsite_name = "Bare"\n',
      'docs/index.md': '# Bare\n',
      'README.md': '# Bare\n',
    }, 'git@github.com:example-org/bare-zensical.git');
    try {
      const asked = new ScriptedUi();
      testing.setUi(asked);
      const draft = await vscode.commands.executeCommand<vscode.TextDocument | undefined>('readthedocs.createConfigFile', { folderPath: folder.fsPath });
      assert.ok(draft, `a draft opens (said: ${JSON.stringify(asked.messages)})`);
      assert.equal(draft.getText(), firstConfig({ zensicalConfigs: ['zensical.toml'], requirementFiles: [], pyproject: undefined }).text);
      assert.match(draft.getText(), /^ {4}install:\n {6}- pip install zensical\n {4}build:\n.*\n {6}html:\n {8}- zensical build\n/m);
      assert.match(draft.getText(), /^ {6}- cp --recursive site\/\* \$READTHEDOCS_OUTPUT\/html\/$/m);
      assert.doesNotMatch(draft.getText(), /^(?:mkdocs|sphinx):/m, 'no key that would build with another tool');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await undo();
    }
  });
});
