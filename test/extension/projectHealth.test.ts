// Project health in a real extension host against the sandbox: the Notices folder of the projects
// tree (a 403 for a project one does not administer is an empty folder), the Notices row of a bound
// project in "This Workspace", Dismiss (one PATCH, the row goes, the badge follows), and the
// configuration error of the current branch's failed build on .readthedocs.yaml.

import * as assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { type Build } from '../../src/core/models/build';
import { type WorkspaceRow } from '../../src/core/workspace/section';
import type { TestingApi } from '../../src/vscode/testing';
import { gitIn, makeWidgetsClone } from '../helpers/git';
import { type Sandbox, startSandbox } from '../sandbox';
import { removeRepository } from './helpers/gitExtension';
import { describeOurDiagnostics, getTesting, setSetting, useSandboxForBuilds, leaveSandbox, waitFor } from './helpers/host';
import { ScriptedUi } from './helpers/scriptedUi';
import { folderRows, treeItem, workspaceItem, workspaceRows } from './helpers/tree';

const CONFIG = `version: 2
build:
  os: ubuntu-24.04
  tools:
    # 3.99 does not exist
    python: "3.99"
sphinx:
  configuration: docs/conf.py
`;

describe('project health: notices, configuration errors', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let testing: TestingApi;
  let folder: string;
  const git = (...args: string[]) => gitIn(folder)(...args);
  const configUri = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, '.readthedocs.yaml');
  const configErrors = () => vscode.languages.getDiagnostics(configUri()).filter((d) => d.source === 'Read the Docs');

  async function widgetsNotices(): Promise<WorkspaceRow | undefined> {
    const widgets = (await workspaceRows(testing)).find((r) => r.label === 'Widgets');
    return widgets && (await workspaceRows(testing, widgets)).find((r) => r.label === 'Notices');
  }

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 150 });
    testing = await getTesting();
    await useSandboxForBuilds(testing, sandbox.origin, sandbox.tokens.owner);
    folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    makeWidgetsClone(folder, 'https://github.com/example-org/widgets.git');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await removeRepository(vscode.Uri.file(folder));
    rmSync(join(folder, '.readthedocs.yaml'), { force: true });
    await leaveSandbox(testing);
    await setSetting('projects', undefined);
    await sandbox?.close();
  });

  it('lists the unread notices of widgets in its Notices folder (header, plain-text body, type as icon); a 403 is an empty folder', async () => {
    const rows = await folderRows(testing, 'widgets', 'notices');
    assert.deepEqual(rows.map((r) => [treeItem(testing, r).label, (treeItem(testing, r).iconPath as vscode.ThemeIcon).id]), [
      ['Builds disabled due to consecutive failures', 'error'],
      ['Incoming webhook deprecated', 'warning'],
      ['Search indexing disabled', 'info'],
    ]);
    const webhook = treeItem(testing, rows[1]!);
    assert.equal(webhook.description, 'This project uses a deprecated incoming webhook. Migrate to the GitHub App.', 'the body\'s HTML is text');
    assert.match(String(webhook.contextValue), /^readthedocs:notice\b.*\+dismissable/);
    assert.doesNotMatch(String(treeItem(testing, rows[0]!).contextValue), /\+dismissable/, 'the server does not let this one be dismissed');
    // What the server answers for a project one maintains without being its admin.
    sandbox.addFault({ kind: 'status', status: 403, body: { detail: 'You do not have permission to perform this action.' }, method: 'GET', path: '/api/v3/projects/widgets-api/notifications/' });
    const forbidden = await folderRows(testing, 'widgets-api', 'notices');
    assert.deepEqual(forbidden.map((r) => [r.kind, treeItem(testing, r).label]), [['message', 'No unread notices.']], 'a 403 is an empty folder, not an error row');
    assert.ok(sandbox.requests.some((r) => r.path === '/api/v3/projects/widgets-api/notifications/' && r.status === 403), 'the server said 403');
  });

  it('Copy Status Badge on a version row puts the badge in the chosen form on the clipboard', async () => {
    const stable = (await folderRows(testing, 'widgets', 'versions')).find((r) => r.kind === 'version' && r.version.slug === 'stable');
    assert.ok(stable, 'the stable version row');
    testing.setUi(new ScriptedUi().pick('reStructuredText'));
    await vscode.commands.executeCommand('readthedocs.copyStatusBadge', stable);
    const copied = await vscode.env.clipboard.readText();
    assert.match(copied, new RegExp(`^\\.\\. image:: ${sandbox.origin.replace(/[.]/g, '\\.')}/projects/widgets/badge/\\?version=stable\n {3}:target: http`), copied);
    assert.match(copied, /\n {3}:alt: Documentation Status$/);
  });

  it('adds a Notices row under widgets in This Workspace when the view shows, and badges the view with the unread errors and warnings', async () => {
    await vscode.commands.executeCommand('workbench.view.extension.readthedocs');
    await waitFor(() => testing.workspaceView.view.visible, 'the This Workspace view to be visible');
    sandbox.clearLog();
    await vscode.commands.executeCommand('readthedocs.refreshWorkspace');
    const notices = await waitFor(widgetsNotices, 'the Notices row of widgets');
    assert.deepEqual(notices.children!.map((r) => r.label), ['Builds disabled due to consecutive failures', 'Incoming webhook deprecated', 'Search indexing disabled']);
    await waitFor(() => testing.workspaceView.view.badge?.value === 2, `the badge to count 2 (shows ${testing.workspaceView.view.badge?.value})`);
    assert.equal(sandbox.requests.filter((r) => r.path === '/api/v3/projects/widgets/notifications/').length, 1, 'read once');
  });

  it('Dismiss sends one PATCH {"state": "dismissed"}; the row goes from This Workspace and the tree, the badge follows', async () => {
    const notices = await waitFor(widgetsNotices, 'the Notices row of widgets');
    const webhook = notices.children!.find((r) => r.label === 'Incoming webhook deprecated')!;
    assert.match(String((await workspaceItem(testing, webhook)).contextValue), /^readthedocs:notice\b.*\+dismissable/);
    sandbox.clearLog();
    testing.setUi(new ScriptedUi());
    await vscode.commands.executeCommand('readthedocs.dismissNotice', webhook);
    assert.deepEqual(sandbox.requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path, r.status, r.body]),
      [['PATCH', `/api/v3/projects/widgets/notifications/${webhook.noticeRef!.notice.id}/`, 204, { state: 'dismissed' }]]);
    await waitFor(async () => !(await widgetsNotices())?.children?.some((r) => r.label === 'Incoming webhook deprecated'), 'the row to go');
    await waitFor(() => testing.workspaceView.view.badge?.value === 1, 'the badge to count 1');
    await waitFor(async () => (await folderRows(testing, 'widgets', 'notices')).length === 2, 'the tree\'s Notices folder to lose it');
  });

  it('puts the failed build\'s configuration error on the key it names in .readthedocs.yaml, linking to the build; a passing build clears it', async () => {
    writeFileSync(join(folder, '.readthedocs.yaml'), CONFIG);
    git('checkout', '-q', '-b', 'release-2.x');
    const [error] = await waitFor(() => (configErrors().length ? configErrors() : undefined), 'the configuration error on .readthedocs.yaml', 30_000);
    assert.equal(error!.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(error!.range.start.line, 5, `the line of build.tools.python; shown:${describeOurDiagnostics()}`);
    assert.equal(error!.range.start.character, 4);
    assert.match(error!.message, /^Invalid configuration option: Config validation error in build\.tools\.python\. Expected one of/);
    const code = error!.code as { value: string; target: vscode.Uri };
    assert.match(code.target.toString(true), /^http:\/\/127\.0\.0\.1:\d+\/projects\/widgets\/builds\/\d+\/$/);

    testing.setUi(new ScriptedUi());
    const build = await vscode.commands.executeCommand<Build | undefined>('readthedocs.buildCurrentBranch');
    assert.ok(build && build.version === 'release-2.x', 'a build of release-2.x');
    await waitFor(() => configErrors().length === 0, 'the passing build to clear the error', 30_000);
  });

  it('compares .readthedocs.yaml with the configuration the latest build used (CodeLens): a diff, in the local key order, read-only on the right', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(configUri()));
    const lens = await waitFor(async () => (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', configUri()))
      ?.find((l) => l.command?.title === 'Compare with the configuration used'), 'the Compare CodeLens');
    sandbox.clearLog();
    await vscode.commands.executeCommand(lens.command!.command, ...(lens.command!.arguments ?? []));
    const { buildId } = lens.command!.arguments![0] as { buildId: number };
    // The build watcher may poll meanwhile; the comparison itself is one read of the build with its configuration.
    assert.deepEqual(sandbox.requests.filter((r) => r.query.expand === 'config').map((r) => [r.method, r.path]), [['GET', `/api/v3/projects/widgets/builds/${buildId}/`]]);
    const input = await waitFor(() => {
      const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return tab instanceof vscode.TabInputTextDiff ? tab : undefined;
    }, 'the diff editor');
    assert.equal(input.original.toString(), configUri().toString());
    assert.equal(input.modified.scheme, 'readthedocs-used-config');
    const used = (await vscode.workspace.openTextDocument(input.modified)).getText();
    const topKeys = used.split('\n').filter((l) => /^\w/.test(l)).map((l) => l.split(':')[0]);
    assert.deepEqual(topKeys.slice(0, 3), ['version', 'build', 'sphinx'], `the local file's order first:\n${used}`);
    assert.match(used, /^build:\n {2}os: ubuntu-24\.04\n {2}tools:\n {4}python: "3\.12"/m, used);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
