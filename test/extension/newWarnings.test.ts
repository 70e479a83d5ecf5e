// What a change did to the docs, in a real extension host against the sandbox (issue 44): on a pull-request
// branch, the warnings its build added and fixed against latest's (Problems tagged [new], the setting that hides the
// others, the pull request's row and the warnings row); a running build's row naming its command with no log open;
// a build skipped by exit 183 reading as skipped.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type Build } from '../../src/core/models/build';
import { type WorkspaceRow } from '../../src/core/workspace/section';
import type { TestingApi } from '../../src/vscode/testing';
import { gitIn, makeWidgetsClone } from '../helpers/git';
import { type Sandbox, startSandbox } from '../sandbox';
import { getTesting, runningBuildIds, setEditionUrls, setSetting, signOutAll, useSandboxForBuilds, waitFor } from './helpers/host';
import { removeRepository } from './helpers/gitExtension';
import { ScriptedUi } from './helpers/scriptedUi';
import * as tree from './helpers/tree';
import { parseLogUri } from '../../src/vscode/builds/logUri';

describe('what my change did: new warnings, the step that runs, builds skipped on purpose', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  let testing: TestingApi;
  let folder: string;
  const git = (...args: string[]) => gitIn(folder)(...args);
  const widgetsRow = async () => (await tree.workspaceRows(testing)).find((r) => r.label === 'Widgets');
  const rowOf = async (test: (row: WorkspaceRow) => boolean): Promise<WorkspaceRow | undefined> => (await tree.workspaceRows(testing, await widgetsRow())).find(test);
  const ours = () => vscode.languages.getDiagnostics().flatMap(([, list]) => list.filter((d) => d.source === 'Read the Docs'));

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 400 });
    testing = await getTesting();
    await useSandboxForBuilds(testing, sandbox.origin, sandbox.tokens.owner);
    folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    makeWidgetsClone(folder);
  });

  after(async () => {
    await setSetting('problems.onlyNew', undefined);
    await removeRepository(vscode.workspace.workspaceFolders![0]!.uri);
    await signOutAll(testing);
    await setSetting('builds.pollSeconds', undefined);
    await setEditionUrls({ community: '' });
    await sandbox?.close();
  });

  it('a pull-request branch: its row and the warnings row count 2 new, 1 fixed against latest\'s build; Problems say [new]; the setting hides the rest', async () => {
    await vscode.commands.executeCommand('workbench.view.extension.readthedocs');
    git('checkout', '-q', '-b', 'docs/new-guide');
    git('config', 'branch.docs/new-guide.github-pr-owner-number', 'example-org#widgets#1234');
    await vscode.commands.executeCommand('readthedocs.refreshWorkspace');
    const base = sandbox.db.builds('widgets').filter((b) => b.version === 'latest' && b.state === 'finished').sort((a, b) => b.id - a.id)[0]!;
    const warnings = await waitFor(() => rowOf((r) => r.id.endsWith('/warnings') && r.label === '2 new warnings, 1 fixed'), 'the warnings row', 40_000);
    assert.match(String(warnings.description), new RegExp(`^against #${base.id} of latest \\(${(base.commit ?? '').slice(0, 7)}\\)`));
    const pr = await waitFor(() => rowOf((r) => r.label === 'Pull request #1234'), 'the pull-request row');
    assert.match(String(pr.description), /^succeeded .* · 2 new warnings, 1 fixed$/);

    await waitFor(() => ours().some((d) => d.message.startsWith('[new] ')), 'problems tagged [new]', 20_000);
    const news = ours().filter((d) => d.message.startsWith('[new] ')).map((d) => d.message);
    assert.ok(news.includes('[new] image file not readable: _static/themes.png'), news.join(' | '));
    assert.ok(ours().some((d) => !d.message.startsWith('[new] ')), 'the warnings latest has too are shown, untagged');
    assert.equal(ours().filter((d) => d.message.includes("undefined label: 'getting-started'")).every((d) => !d.message.startsWith('[new]')), true, 'the moved warning is not new');

    await setSetting('problems.onlyNew', true);
    await waitFor(() => ours().length > 0 && ours().every((d) => d.message.startsWith('[new] ')), 'only the new warnings');
    await setSetting('problems.onlyNew', undefined);
    await waitFor(() => ours().some((d) => !d.message.startsWith('[new] ')), 'all warnings again');

    // A click lists them: the new ones open at their line.
    const ui = new ScriptedUi().pick(/image file not readable/);
    testing.setUi(ui);
    await vscode.commands.executeCommand('readthedocs.showNewWarnings', { edition: 'community', projectSlug: 'widgets' });
    ui.assertDone();
    assert.match(vscode.window.activeTextEditor?.document.uri.path ?? '', /docs\/usage\.rst$/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a running build names its command in its row and the status bar, with no log open, from the watcher\'s v2 polls only', async () => {
    testing.setUi(new ScriptedUi());
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const build = await vscode.commands.executeCommand<Build | undefined>('readthedocs.triggerBuild', await tree.versionNode(testing, 'widgets', 'latest'));
    assert.ok(build && runningBuildIds(testing).includes(build.id));
    const command = /(?:git \w+|cat \.readthedocs\.yaml|asdf global|python -mvirtualenv|pip install|sphinx-build)[^,\n]*, \d+:\d\d of 15:00/;
    const line = new RegExp(`^build #${build.id} of widgets \\(latest\\): \\w+ · ${command.source}$`, 'm');
    await waitFor(() => line.test(testing.runningBuildsStatus()?.tooltip ?? ''), () => `the status bar to name the command (${testing.runningBuildsStatus()?.tooltip ?? 'hidden'})`, 30_000);
    const row = (await tree.folderRows(testing, 'widgets', 'builds')).find((r) => r.kind === 'build' && r.build.id === build.id);
    assert.ok(row);
    await waitFor(() => command.test(String(tree.treeItem(testing, row).description)), () => `the row to name the command (${String(tree.treeItem(testing, row).description)})`, 20_000);
    const opened = (d: vscode.TextDocument) => {
      const address = parseLogUri(d.uri);
      return address?.buildId === build.id && address.server === new URL(sandbox.origin).host;
    };
    assert.ok(!vscode.workspace.textDocuments.some(opened), 'its log is not open (other suites\' sandboxes had builds of the same id)');
    assert.equal(sandbox.requests.filter((r) => r.path === `/api/v3/projects/widgets/builds/${build.id}/`).length, 0, 'polled through API v2 only');
    assert.ok(sandbox.requests.some((r) => r.path === `/api/v2/build/${build.id}/`));
    await waitFor(() => !runningBuildIds(testing).includes(build.id), 'the build to end', 60_000);
  });

  it('a build skipped by exit 183 reads as skipped in the tree', async () => {
    const skipped = sandbox.db.builds('widgets').find((b) => b.version === 'experimental' && b.state === 'cancelled')!;
    const rows = await tree.folderRows(testing, 'widgets', 'builds');
    const row = rows.find((r) => r.kind === 'build' && r.build.id === skipped.id);
    assert.ok(row, `the skipped build #${skipped.id} among the builds`);
    await waitFor(() => String(tree.treeItem(testing, row).description).startsWith('skipped by the build (exit 183)'), () => `the row to say skipped (${String(tree.treeItem(testing, row).description)})`, 20_000);
  });
});
