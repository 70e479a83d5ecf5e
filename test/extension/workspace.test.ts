// "This Workspace" in a real extension host against the sandbox: the binding from a real git
// repository made in the test (the workspace folder becomes a clone of widgets), the status bar
// following `git checkout` without a reload, Build Current Branch (exactly one POST), Sync
// Versions making a new branch a version, the .readthedocs.yaml CodeLens, the import offer.

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
import { getTesting, setEditionUrls, setSetting, signOutAll, useSandboxForBuilds, waitFor } from './helpers/host';
import { children, folderNode, workspaceItem, workspaceRows } from './helpers/tree';
import { ScriptedUi } from './helpers/scriptedUi';

describe('this workspace: binding, status bar, current branch', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let testing: TestingApi;
  let folder: string;
  const git = (...args: string[]) => gitIn(folder)(...args);
  const status = () => testing.currentBranchStatus()?.text ?? '';
  /** The bound projects as the view lists them: a row per project and folder, its first child the branch row. */
  async function bound(): Promise<{ slug: string; folderPath: string; branch: WorkspaceRow }[]> {
    const projects = [];
    for (const row of await workspaceRows(testing)) {
      const match = /^(?:community|business)\/([^@/]+)@(.+)$/.exec(row.id);
      const [branch] = await workspaceRows(testing, row);
      if (match && branch) projects.push({ slug: match[1]!, folderPath: match[2]!, branch });
    }
    return projects;
  }

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 150 });
    testing = await getTesting();
    await useSandboxForBuilds(testing, sandbox.origin, sandbox.tokens.owner);
    // Builds are polled every second here: at 60 requests a minute the background share of the
    // budget runs out, and following a checkout (background work) would wait for the window.
    await setSetting('requestsPerMinute', 600);
    folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    // The workspace folder (a copy of the fixture workspace) becomes a clone of the sandbox's widgets.
    makeWidgetsClone(folder);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await removeRepository(vscode.Uri.file(folder));
    rmSync(join(folder, '.readthedocs.yaml'), { force: true });
    await signOutAll(testing);
    await setSetting('builds.pollSeconds', undefined);
    await setSetting('requestsPerMinute', undefined);
    await setSetting('projects', undefined);
    await setEditionUrls({ community: '' });
    await sandbox?.close();
  });

  it('binds the folder to widgets from its git remote when the view shows, with latest on main and its builds', async () => {
    await vscode.commands.executeCommand('workbench.view.extension.readthedocs');
    await waitFor(() => testing.workspaceView.view.visible, 'the This Workspace view to be visible');
    await vscode.commands.executeCommand('readthedocs.refreshWorkspace');
    const widgets = await waitFor(async () => (await bound()).find((p) => p.slug === 'widgets'), 'widgets to be bound');
    assert.deepEqual((await bound()).map((p) => p.slug), ['widgets'], 'widgets-fr and widgets-api have other repositories');
    assert.equal(widgets.folderPath, folder);
    assert.equal(widgets.branch.label, 'main → latest', 'the branch main builds latest');
    const widgetsRow = async () => (await workspaceRows(testing)).find((r) => r.label === 'Widgets');
    const branch = await waitFor(async () => (await workspaceRows(testing, await widgetsRow())).find((r) => r.label === 'main → latest' && r.description), 'the branch row with its build');
    assert.match(String(branch.description), /^(building|succeeded|failed|installing|cloning|uploading|triggered)/);
    const rows = await workspaceRows(testing, await widgetsRow());
    assert.ok(rows.filter((r) => /^#\d+ /.test(r.label)).length >= 2, `recent builds are listed: ${rows.map((r) => r.label).join(', ')}`);
    // The seeded running build of latest: the status bar spins.
    await waitFor(() => status().includes('widgets (latest)'), 'the status bar to show widgets (latest)');
  });

  it('follows git checkout in the status bar without a reload', async () => {
    git('checkout', '-q', '-b', 'develop');
    await waitFor(() => status().includes('widgets (develop)'), `the status bar to follow the checkout to develop (shows "${status()}")`, 30_000);
    git('checkout', '-q', '-b', 'feature/dark-mode');
    await waitFor(() => status().includes('feature/dark-mode: version feature-dark-mode is not active'), `the status bar to say the version is inactive (shows "${status()}")`, 30_000);
    git('checkout', '-q', 'develop');
    await waitFor(() => status().includes('widgets (develop)'), 'the status bar to come back to develop', 30_000);
  });

  it('Build Current Branch sends exactly one POST for the branch\'s version and the status bar shows that build', async () => {
    sandbox.clearLog();
    testing.setUi(new ScriptedUi());
    const build = await vscode.commands.executeCommand<Build | undefined>('readthedocs.buildCurrentBranch');
    assert.ok(build, 'a build was triggered');
    const posts = sandbox.requests.filter((r) => r.method === 'POST');
    assert.deepEqual(posts.map((r) => r.path), ['/api/v3/projects/widgets/versions/develop/builds/']);
    await waitFor(async () => status().includes(`widgets (develop)`) && (await bound())[0]?.branch.tooltip?.includes(`Its latest build is #${build.id}.`), 'the status bar and the branch row to show the new build');
    assert.match(testing.currentBranchStatus()?.tooltip ?? '', new RegExp(`^Read the Docs: build #${build.id} of widgets \\(develop\\)`));
    await waitFor(() => status().startsWith('$(pass)'), `the build to finish in the status bar (shows "${status()}")`, 30_000);
    assert.equal(sandbox.requests.filter((r) => r.method === 'POST').length, 1, 'still one POST');
  });

  it('Sync Versions makes a new branch a version (inactive) and says so', async () => {
    git('checkout', '-q', '-b', 'docs/new-guide');
    await waitFor(() => status().includes('no version for branch docs/new-guide'), 'the status bar to say the branch has no version', 30_000);
    const ui = new ScriptedUi().onMessage(/now has the version/, undefined);
    testing.setUi(ui);
    sandbox.clearLog();
    await vscode.commands.executeCommand('readthedocs.syncVersions');
    await ui.waitForMessage(/widgets now has the version docs\/new-guide for docs\/new-guide/);
    assert.equal(sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/api/v3/projects/widgets/sync-versions/').length, 1);
    await waitFor(() => status().includes('version docs-new-guide is not active'), `the status bar to show the synced version (shows "${status()}")`);
  });

  it('a write updates the projects tree and This Workspace by itself: activating the branch\'s version', async () => {
    const versionsFolder = await folderNode(testing, 'widgets', 'versions');
    const shown = () => children(testing, versionsFolder);
    assert.ok(!(await shown()).some((n) => n.kind === 'version' && n.version.slug === 'docs-new-guide' && n.version.active), 'inactive in the loaded folder');
    testing.setUi(new ScriptedUi().onMessage(/./, undefined));
    sandbox.clearLog();
    await vscode.commands.executeCommand('readthedocs.activateBranchVersion');
    const patch = sandbox.requests.findIndex((r) => r.method === 'PATCH' && r.path === '/api/v3/projects/widgets/versions/docs-new-guide/');
    assert.ok(patch >= 0, JSON.stringify(sandbox.requests.map((r) => `${r.method} ${r.path}`)));
    await waitFor(async () => (await bound()).some((p) => p.slug === 'widgets' && p.branch.label === 'docs/new-guide → docs-new-guide'), 'This Workspace to show the branch\'s version active');
    const rows = await shown();
    assert.ok(rows.some((n) => n.kind === 'version' && n.version.slug === 'docs-new-guide' && n.version.active), 'the tree\'s Versions folder reloaded by itself');
    assert.ok(sandbox.requests.slice(patch).some((r) => r.method === 'GET' && r.path === '/api/v3/projects/widgets/versions/'), 'read again after the write');
  });

  it('puts the current branch\'s last build and Build / Show log on the first line of .readthedocs.yaml', async () => {
    git('checkout', '-q', 'develop');
    await waitFor(() => status().includes('widgets (develop)'), () => `back on develop (the status bar shows "${status()}")`, 30_000);
    writeFileSync(join(folder, '.readthedocs.yaml'), 'version: 2\nsphinx:\n  configuration: docs/conf.py\n');
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, '.readthedocs.yaml');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const titles = await waitFor(async () => {
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
      const names = (lenses ?? []).map((l) => l.command?.title ?? '');
      return names.includes('Show log') ? names : undefined;
    }, 'the CodeLens with Show log');
    assert.ok(titles.some((t) => /^Read the Docs: widgets \(develop\) succeeded/.test(t)), titles.join(' | '));
    assert.ok(titles.includes('Build'));
  });

  it('offers "Import this repository…" for a clone no project is built from, pre-filled with its remote', async () => {
    git('remote', 'set-url', 'origin', 'https://github.com/example-org/sprockets.git');
    await vscode.commands.executeCommand('readthedocs.refreshWorkspace');
    const row = await waitFor(async () => (await workspaceRows(testing)).find((r) => r.label === 'Import this repository…'), 'the import row');
    assert.equal(row.description, 'https://github.com/example-org/sprockets.git');
    assert.equal(status(), '', 'no bound project: no status bar item');
    // The import flow opens on the URL box, filled in; cancelling there sends nothing.
    const ui = new ScriptedUi().cancel();
    testing.setUi(ui);
    sandbox.clearLog();
    const command = (await workspaceItem(testing, row)).command!;
    assert.equal(command.command, 'readthedocs.importWorkspaceRepository');
    await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
    assert.equal(ui.prompts[0]?.value, 'https://github.com/example-org/sprockets.git', JSON.stringify(ui.prompts));
    assert.equal(sandbox.requests.filter((r) => r.method === 'POST').length, 0);
    git('remote', 'set-url', 'origin', 'git@github.com:Example-Org/widgets.git');
  });
});
