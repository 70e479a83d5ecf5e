// Build logs in a real extension host against the sandbox: the log document (language, sections,
// folding) growing while its build runs and polling stopping at the end, the notification's
// "Show Log", a private build, and the Problems panel: on demand for any build, and for the latest
// build of the current branch (the workspace folder made a clone of widgets), appearing on the
// right file and line and disappearing after a clean build.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type Build } from '../../src/core/models/build';
import { makeWidgetsClone } from '../helpers/git';
import { removeRepository } from './helpers/gitExtension';
import type { TestingApi } from '../../src/vscode/testing';
import { type Sandbox, startSandbox } from '../sandbox';
import { describeOurDiagnostics, getTesting, setEditionUrls, setSetting, signInWith, signOutAll, waitFor } from './helpers/host';
import { ScriptedUi } from './helpers/scriptedUi';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ref = (buildId: number, projectSlug = 'widgets') => ({ edition: 'community' as const, projectSlug, buildId });

describe('build logs and the Problems panel', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let testing: TestingApi;
  let workspaceFolder: vscode.Uri;

  const fileUri = (path: string) => vscode.Uri.joinPath(workspaceFolder, ...path.split('/'));
  /** `line:severity code` of our diagnostics on a workspace file (lines 1-based). */
  const diagnosticsOf = (path: string) => vscode.languages.getDiagnostics(fileUri(path))
    .filter((d) => d.source === 'Read the Docs')
    .map((d) => `${d.range.start.line + 1}:${d.severity === vscode.DiagnosticSeverity.Error ? 'error' : 'warning'} ${typeof d.code === 'object' ? d.code.value : d.code}`)
    .sort();
  const ours = () => vscode.languages.getDiagnostics().filter(([, list]) => list.some((d) => d.source === 'Read the Docs'));

  const newestFinished = (project: string, version: string) => sandbox.db.builds(project)
    .filter((b) => b.version === version && b.state === 'finished' && b.success).sort((a, b) => b.id - a.id)[0];

  async function triggerFromPalette(version: string): Promise<Build> {
    const ui = new ScriptedUi().pick('Widgets').pick(version);
    testing.setUi(ui);
    const build = await vscode.commands.executeCommand<Build | undefined>('readthedocs.triggerBuild');
    ui.assertDone();
    assert.ok(build);
    return build;
  }

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 400 });
    testing = await getTesting();
    workspaceFolder = vscode.workspace.workspaceFolders![0].uri;
    await signOutAll(testing);
    await setSetting('builds.pollSeconds', 1);
    // Polling every second, log documents and the workspace binding's reads exceed the default 60 a minute.
    await setSetting('requestsPerMinute', 600);
    await setEditionUrls({ community: sandbox.origin, business: '' });
    await signInWith(testing, sandbox.tokens.owner);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOutAll(testing);
    await setSetting('builds.pollSeconds', undefined);
    await setSetting('requestsPerMinute', undefined);
    await setEditionUrls({ community: '' });
    await sandbox?.close();
  });

  it('the log document grows while its build runs, by command, and stops polling at the end', async () => {
    const build = await triggerFromPalette('develop');
    sandbox.clearLog();
    const uri = await vscode.commands.executeCommand<vscode.Uri>('readthedocs.showBuildLog', ref(build.id));
    assert.equal(uri.scheme, 'readthedocs-log');
    const document = await waitFor(() => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()), 'the log document');
    assert.equal(document.languageId, 'readthedocs-log');
    const first = document.getText();
    assert.match(first, /^# Build #\d+ of widgets \(develop\): (triggered|cloning)…/);
    assert.match(first, /this log grows as commands finish/);

    const seen = new Set<string>();
    await waitFor(() => {
      const text = document.getText();
      if (text.includes('$ git clone')) seen.add('clone');
      if (/\$ python -m sphinx[^\n]*\n# running…/.test(text)) seen.add('sphinx running');
      return /: succeeded/.test(text);
    }, 'the build to finish in the document', 30_000);
    assert.ok(seen.has('clone'), 'the clone command appeared before the end');
    const text = document.getText();
    assert.doesNotMatch(text, /running…|still running/);
    assert.match(text, /\$ python -m sphinx [^\n]*\n# exit 0 · 9 s\nRunning Sphinx v8\.1\.3/);

    const folds = await vscode.commands.executeCommand<vscode.FoldingRange[]>('vscode.executeFoldingRangeProvider', uri);
    const lines = text.split('\n');
    assert.equal(folds.length, (text.match(/^\$ /gm) ?? []).length, 'one folding range per command');
    assert.ok(folds.every((f) => lines[f.start].startsWith('$ ')), 'each range starts at its command line');

    const logPolls = () => sandbox.requests.filter((r) => r.path === `/api/v2/build/${build.id}/`);
    const polledWhileRunning = logPolls().length;
    await sleep(2500); // more than two poll floors of 1 s
    assert.equal(logPolls().length, polledWhileRunning, 'no polling once the build is final');
    const v2 = logPolls();
    assert.ok(v2.length >= 2, 'the log was polled while the build ran');
    assert.ok(v2.every((r) => r.authorization === undefined), 'never with the token');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('"Show Log" on the finish notification opens the log; a failed build shows its reason at the top', async () => {
    sandbox.failNextBuild('widgets', 'develop');
    const ui = new ScriptedUi().pick('Widgets').pick('develop').onMessage(/\(develop\) failed/, 'Show Log');
    testing.setUi(ui);
    const build = await vscode.commands.executeCommand<Build | undefined>('readthedocs.triggerBuild');
    assert.ok(build);
    const message = await ui.waitForMessage(/\(develop\) failed/, 30_000);
    assert.deepEqual(message.actions, ['Open Docs', 'Show Build', 'Show Log']);
    const document = await waitFor(() => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'readthedocs-log' && d.uri.path.endsWith(`/build-${build.id}.readthedocs-log`)), 'the log document');
    const text = await waitFor(() => (document.getText().includes('# Failure:') ? document.getText() : undefined), 'the failure reason');
    assert.match(text, /^# Build #\d+ of widgets \(develop\): failed[^\n]*\n# Failure: Unknown problem: We encountered a problem with a command while building your project\./);
    assert.match(text, /# 3 errors, 5 warnings in this log/);
    assert.match(text, /# exit 1/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('from the palette (project → build) and from the build document\'s title bar', async () => {
    const ui = new ScriptedUi().pick('Gadget Docs').pick(/^#\d+/);
    testing.setUi(ui);
    const picked = await vscode.commands.executeCommand<vscode.Uri | undefined>('readthedocs.showBuildLog');
    ui.assertDone();
    assert.ok(picked && picked.scheme === 'readthedocs-log' && picked.path.startsWith('/community/gadget-docs/build-'));
    const text = await waitFor(() => vscode.workspace.textDocuments.find((d) => d.uri.toString() === picked.toString())?.getText(), 'the picked log');
    assert.match(text, /\$ python -m mkdocs build/);

    const build = newestFinished('widgets', 'latest');
    const buildDocument = await vscode.commands.executeCommand<vscode.Uri>('readthedocs.showBuild', ref(build.id));
    const fromTitle = await vscode.commands.executeCommand<vscode.Uri>('readthedocs.showBuildLog', buildDocument);
    assert.equal(fromTitle.toString(), `readthedocs-log://${new URL(sandbox.origin).host}/community/widgets/build-${build.id}.readthedocs-log`);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a private build: the document says its log is not available and the build page is offered', async () => {
    sandbox.db.addVersion('widgets', { slug: 'internal', privacyLevel: 'private' });
    const build = sandbox.db.addBuild({ project: 'widgets', version: 'internal' });
    const ui = new ScriptedUi();
    testing.setUi(ui);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('readthedocs.showBuildLog', ref(build.id));
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    assert.match(document?.getText() ?? '', /is not available through the API/);
    const message = await ui.waitForMessage(/not available through the API/);
    assert.deepEqual(message.actions, ['Open Build Page']);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('"Show Problems of This Build": diagnostics on the right files and lines, with the warning type and a link to the build', async () => {
    const build = newestFinished('widgets', 'latest');
    const ui = new ScriptedUi();
    testing.setUi(ui);
    const shown = await vscode.commands.executeCommand<{ placed: number; logOnly: number }>('readthedocs.showBuildProblems', ref(build.id));
    assert.deepEqual(shown, { placed: 8, logOnly: 0 });
    assert.deepEqual(diagnosticsOf('docs/index.rst'), ['13:warning ref.doc', '13:warning ref.ref', '6:warning toc.not_readable']);
    assert.deepEqual(diagnosticsOf('docs/usage.rst'), ['12:error docutils', '14:error docutils', '17:warning docutils', '19:error docutils']);
    assert.deepEqual(diagnosticsOf('docs/installation.rst'), ['12:warning docutils']);
    const [diagnostic] = vscode.languages.getDiagnostics(fileUri('docs/index.rst')).filter((d) => d.message.startsWith('undefined label'));
    assert.equal(diagnostic.message, "undefined label: 'getting-started'");
    assert.equal(typeof diagnostic.code === 'object' && diagnostic.code.target.toString(), `${sandbox.origin}/projects/widgets/builds/${build.id}/`);
    await ui.waitForMessage(/8 problems in the Problems panel/);

    // MkDocs warnings of another repository: nothing in this workspace has those files.
    const gadget = newestFinished('gadget-docs', 'latest');
    const other = await vscode.commands.executeCommand<{ placed: number; logOnly: number }>('readthedocs.showBuildProblems', ref(gadget.id, 'gadget-docs'));
    assert.deepEqual(other, { placed: 0, logOnly: 4 });
    await ui.waitForMessage(/0 problems in the Problems panel \(4 more only in the log/);
    // A clean build's problems take the place of those of the same project.
    const clean = await triggerFromPalette('develop');
    await waitFor(() => sandbox.db.builds('widgets').some((b) => b.id === clean.id && b.state === 'finished'), `the clean build #${clean.id} to finish`, 30_000);
    const none = await vscode.commands.executeCommand<{ placed: number; logOnly: number }>('readthedocs.showBuildProblems', ref(clean.id));
    assert.deepEqual(none, { placed: 0, logOnly: 0 });
    assert.deepEqual(ours(), []);
  });

  it('the latest build of the current branch: shown when bound, replaced by a newer failed build, cleared by a clean one', async () => {
    // The workspace folder becomes a clone of widgets on main (which builds latest), bound as a person's would be.
    makeWidgetsClone(workspaceFolder.fsPath);
    try {
      testing.setUi(new ScriptedUi());
      await vscode.commands.executeCommand('readthedocs.refreshWorkspace');
      await waitFor(() => diagnosticsOf('docs/usage.rst').length === 4, 'the latest build\'s problems');
      assert.deepEqual(diagnosticsOf('docs/index.rst'), ['13:warning ref.doc', '13:warning ref.ref', '6:warning toc.not_readable']);

      const ui = new ScriptedUi().pick('Widgets').pick('latest');
      testing.setUi(ui);
      sandbox.failNextBuild('widgets', 'latest');
      const failed = await vscode.commands.executeCommand<Build | undefined>('readthedocs.triggerBuild');
      assert.ok(failed);
      await ui.waitForMessage(new RegExp(`Build #${failed.id} .* failed`), 30_000);
      await waitFor(() => vscode.languages.getDiagnostics(fileUri('docs/usage.rst')).some((d) => typeof d.code === 'object' && d.code.target.path.endsWith(`/builds/${failed.id}/`)), 'the failed build\'s problems', 15_000);
      assert.deepEqual(diagnosticsOf('docs/usage.rst'), ['12:error docutils', '14:error docutils', '17:warning docutils', '19:error docutils']);

      const clean = await triggerFromPalette('latest');
      await waitFor(() => ours().length === 0, () => `the clean build #${clean.id} to clear the Problems panel; it shows:${describeOurDiagnostics()}`, 30_000);
      assert.deepEqual(diagnosticsOf('docs/index.rst'), []);
    } finally {
      await removeRepository(workspaceFolder);
      await vscode.commands.executeCommand('readthedocs.refreshWorkspace');
    }
    assert.deepEqual(ours(), [], describeOurDiagnostics());
  });
});
