// Pull requests in This Workspace, in a real extension host against the sandbox: a real git repository made
// here whose branch carries the GitHub Pull Requests config key (the row, its preview, changed pages,
// deleted pages without a redirect (a warning on the redirects file, its quick fix), the status bar, Rebuild), and a branch found only through ?commit=.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type WorkspaceRow } from '../../src/core/workspace/section';
import type { TestingApi } from '../../src/vscode/testing';
import { gitIn, makeWidgetsClone } from '../helpers/git';
import { type Sandbox, startSandbox } from '../sandbox';
import { getTesting, setEditionUrls, setSetting, signOutAll, useSandboxForBuilds, waitFor } from './helpers/host';
import { removeRepository } from './helpers/gitExtension';
import { ScriptedUi } from './helpers/scriptedUi';
import { workspaceItem, workspaceRows } from './helpers/tree';

describe('this workspace: the pull request of the branch checked out', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let testing: TestingApi;
  let folder: string;
  let docs: string;
  const git = (...args: string[]) => gitIn(folder)(...args);
  const status = () => testing.currentBranchStatus()?.text ?? '';
  const widgetsRow = async () => (await workspaceRows(testing)).find((r) => r.label === 'Widgets');
  const prRow = async (label: string): Promise<WorkspaceRow | undefined> => (await workspaceRows(testing, await widgetsRow())).find((r) => r.label === label);
  const apiRequests = () => sandbox.requests.filter((r) => r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`);

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 150, loopbackDocs: true });
    docs = sandbox.docsOrigins.get('widgets')!;
    testing = await getTesting();
    await useSandboxForBuilds(testing, sandbox.origin, sandbox.tokens.owner);
    folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    makeWidgetsClone(folder);
  });

  after(async () => {
    await removeRepository(vscode.workspace.workspaceFolders![0]!.uri);
    await signOutAll(testing);
    await setSetting('builds.pollSeconds', undefined);
    await setEditionUrls({ community: '' });
    await sandbox?.close();
  });

  it('shows "Pull request #1234" for a branch whose git config names it, two requests after the checkout', async () => {
    await vscode.commands.executeCommand('workbench.view.extension.readthedocs');
    await waitFor(() => testing.workspaceView.view.visible, 'the This Workspace view to be visible');
    await vscode.commands.executeCommand('readthedocs.refreshWorkspace');
    await waitFor(async () => (await workspaceRows(testing, await widgetsRow())).some((r) => r.label === 'main → latest' && r.description), 'widgets bound on main with its builds');
    assert.equal(await prRow('Pull request #1234'), undefined, 'main has no pull request');
    sandbox.clearLog();
    git('checkout', '-q', '-b', 'docs/new-guide');
    git('config', 'branch.docs/new-guide.github-pr-owner-number', 'example-org#widgets#1234');
    const row = await waitFor(() => prRow('Pull request #1234'), 'the pull-request row', 30_000);
    assert.match(String(row.description), /^succeeded/);
    // The branch's version (the binding) and the pull request's builds; the rest is the seeded running build's polling and log.
    assert.deepEqual(apiRequests().filter((r) => r.includes('/versions/')), ['GET /api/v3/projects/widgets/versions/', 'GET /api/v3/projects/widgets/versions/1234/builds/']);
    assert.ok(!sandbox.requests.some((r) => r.query.commit), 'git config named the pull request: no ?commit= search');
    const item = await workspaceItem(testing, row);
    assert.equal(item.command?.command, 'readthedocs.showBuildLog');
    await waitFor(() => status().includes('widgets (#1234) succeeded'), `the status bar to show the pull request's build (shows "${status()}")`, 30_000);
  });

  it('puts the pull request where "no version for branch" and Sync Versions stood, and names pull-request builds among the recent builds', async () => {
    const children = await waitFor(async () => {
      const rows = await workspaceRows(testing, await widgetsRow());
      return rows.some((r) => r.id.includes('/build:')) ? rows : undefined;
    }, 'the recent builds under widgets');
    const labels = children.map((r) => r.label);
    assert.equal(labels[0], 'Pull request #1234', labels.join(' | '));
    assert.ok(!labels.includes('no version for branch docs/new-guide') && !labels.includes('Sync Versions'), labels.join(' | '));
    const builds = children.filter((r) => r.id.includes('/build:'));
    assert.ok(builds.some((r) => /^pull request #\d+$/.test(r.label)), `a pull-request build among ${builds.map((r) => r.label).join(' | ')}`);
    assert.ok(!builds.some((r) => /^#\d+ \d+$/.test(r.label)), builds.map((r) => r.label).join(' | '));
  });

  it('lists the preview, the changed pages (outdated said first) and the deleted page no redirect catches', async () => {
    const children = await waitFor(async () => {
      const rows = await workspaceRows(testing, await prRow('Pull request #1234'));
      return rows.some((r) => r.label === 'Deleted Pages Without a Redirect') ? rows : undefined;
    }, 'the addons and redirects to be read', 30_000);
    assert.deepEqual(children.map((r) => r.label), ['Preview', 'Changed Pages', 'Deleted Pages Without a Redirect', 'Build Log', 'Show Problems of This Build', 'Rebuild']);
    assert.equal(children[0]!.description, `${docs}/en/1234/`);
    const changed = await workspaceRows(testing, children[1]);
    assert.deepEqual(changed.map((r) => [r.label, r.description]), [
      ['Out of date: the base version changed after this list was made.', undefined],
      ['tutorial-advanced.html', 'added'], ['usage.html', 'changed'], ['glossary.html', 'deleted'], ['old-install.html', 'deleted'],
    ]);
    const usage = await workspaceItem(testing, changed[2]!);
    assert.equal(usage.contextValue, 'readthedocs:pullRequestPage');
    assert.deepEqual(usage.command?.arguments, [{ filename: 'usage.html', current: `${docs}/en/1234/usage.html`, base: `${docs}/en/latest/usage.html` }]);
    assert.deepEqual((await workspaceRows(testing, children[2])).map((r) => r.label), ['glossary.html']);
  });

  it('warns on the redirects file about the deleted page; its quick fix adds a page redirect there and the warning goes', async () => {
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'docs', 'redirects.yaml');
    const document = await vscode.workspace.openTextDocument(uri);
    const original = document.getText();
    await vscode.window.showTextDocument(document);
    const deletedPageWarnings = () => vscode.languages.getDiagnostics(uri).filter((d) => d.code === 'deleted-page-without-redirect');
    try {
      const [warning] = await waitFor(() => (deletedPageWarnings().length ? deletedPageWarnings() : undefined), 'the deleted-page warning on docs/redirects.yaml', 30_000);
      assert.equal(deletedPageWarnings().length, 1, 'old-install.html has a redirect: only glossary.html is warned about');
      assert.match(warning!.message, /^glossary\.html is deleted by pull request #1234 of widgets and no redirect catches it/);
      assert.equal(warning!.range.start.line, 0);
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, warning!.range, vscode.CodeActionKind.QuickFix.value, 10);
      const fix = actions.find((a) => a.title === 'Add a Redirect for glossary.html');
      assert.ok(fix?.edit, `the quick fix (offered: ${actions.map((a) => a.title).join(', ')})`);
      assert.ok(await vscode.workspace.applyEdit(fix.edit));
      const text = document.getText();
      // First, where Read the Docs puts a new redirect too (as the rename offers do); the rest stays as written, comments included.
      assert.ok(text.startsWith('- type: page\n  from_url: /glossary.html\n  to_url: /\n\n'), text);
      assert.equal(text.slice(text.indexOf('\n\n') + 2), original);
      await waitFor(() => deletedPageWarnings().length === 0, 'the warning to go once the file redirects the page');
      assert.deepEqual((await workspaceRows(testing, await prRow('Pull request #1234'))).map((r) => r.label).includes('Deleted Pages Without a Redirect'), false);
    } finally {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), original);
      await vscode.workspace.applyEdit(edit);
      await document.save();
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
  });

  it('Add a Redirect on the deleted page\'s row writes the same entry into the redirects file, unsaved, in an editor', async () => {
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'docs', 'redirects.yaml');
    const uncaught = await waitFor(async () => (await workspaceRows(testing, await prRow('Pull request #1234'))).find((r) => r.label === 'Deleted Pages Without a Redirect'), 'the row to come back with the file as it was', 30_000);
    const [glossary] = await workspaceRows(testing, uncaught);
    assert.equal((await workspaceItem(testing, glossary!)).contextValue, 'readthedocs:pullRequestDeletedPage');
    const document = await vscode.workspace.openTextDocument(uri);
    const original = document.getText();
    try {
      assert.equal(await vscode.commands.executeCommand('readthedocs.addRedirectForDeletedPage', glossary), true);
      assert.ok(document.isDirty, 'the person saves it');
      assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString());
      assert.ok(document.getText().startsWith('- type: page\n  from_url: /glossary.html\n  to_url: /\n'));
    } finally {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), original);
      await vscode.workspace.applyEdit(edit);
      await document.save();
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
  });

  it('Rebuild sends one POST to the pull request\'s version and says it builds the last built commit', async () => {
    const ui = new ScriptedUi();
    testing.setUi(ui);
    sandbox.clearLog();
    // The view's rows are made again when anything in it changes: ask until the row's children are current.
    const rebuild = await waitFor(async () => {
      const row = await prRow('Pull request #1234');
      return row && (await workspaceRows(testing, row)).find((r) => r.label === 'Rebuild');
    }, 'the Rebuild row');
    const command = (await workspaceItem(testing, rebuild)).command!;
    await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
    assert.deepEqual(sandbox.requests.filter((r) => r.method === 'POST').map((r) => r.path), ['/api/v3/projects/widgets/versions/1234/builds/']);
    await ui.waitForMessage(/building pull request #1234 again .* the commit of its last build/);
    await waitFor(async () => /^(triggered|cloning|installing|building|uploading|succeeded)/.test(String((await prRow('Pull request #1234'))?.description)), 'the row to show the new build');
  });

  it('finds a pull request through the HEAD commit when git config names none', async () => {
    git('checkout', '-q', '-b', 'fix/typo-pr');
    const head = git('rev-parse', 'HEAD').trim();
    sandbox.db.addBuild({ project: 'widgets', version: '1240', commit: head, state: 'finished', success: false, created: Date.now() - 60_000 });
    await vscode.commands.executeCommand('readthedocs.refreshWorkspace');
    const row = await waitFor(() => prRow('Pull request #1240'), 'the pull request found by ?commit=', 30_000);
    assert.match(String(row.description), /^failed/);
    assert.ok(sandbox.requests.some((r) => r.path === '/api/v3/projects/widgets/builds/' && r.query.commit === head));
  });
});
