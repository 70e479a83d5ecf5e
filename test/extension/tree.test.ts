import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { FOLDERS, type FolderKind, foldersIn } from '../../src/core/tree/folders';
import { type Build } from '../../src/core/models/build';
import type { DocsNode } from '../../src/core/tree/nodes';
import type { TestingApi } from '../../src/vscode/testing';
import { type Sandbox, startSandbox } from '../sandbox';
import { getTesting, runningBuildIds, setEditionUrls, setSetting, signInWith, signOutAll, waitFor } from './helpers/host';
import * as rows from './helpers/tree';
import { ScriptedUi } from './helpers/scriptedUi';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('projects tree (extension host, sandbox)', () => {
  let sandbox: Sandbox;
  let testing: TestingApi;

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 400 });
    testing = await getTesting();
    await setSetting('builds.pollSeconds', 1);
    await setEditionUrls({ community: sandbox.origin, business: '' });
    await signOutAll(testing);
    (await signInWith(testing, sandbox.tokens.owner)).assertDone();
    assert.deepEqual((await rows.signedInEditions(testing)), ['community']);
  });

  after(async () => {
    await signOutAll(testing);
    await setSetting('builds.pollSeconds', undefined);
    await sandbox.close();
  });

  beforeEach(() => {
    sandbox.clearFaults();
    testing.setUi(new ScriptedUi());
  });

  const provider = () => testing.projects.provider;
  const api = () => sandbox.requests.filter((r) => r.path.startsWith('/api/v3/'));
  const item = (node: DocsNode) => rows.treeItem(testing, node);
  const iconId = (node: DocsNode) => (item(node).iconPath as vscode.ThemeIcon).id;

  const projectNode = (slug: string) => rows.projectNode(testing, slug);
  const folderNode = (slug: string, folder: FolderKind) => rows.folderNode(testing, slug, folder);

  it('shows every project as a root with one request, and a project\'s folders with none', async () => {
    sandbox.clearLog();
    await rows.refresh();
    const roots = await rows.children(testing);
    assert.equal(api().length, 1);
    const widgets = roots.find((n) => n.kind === 'project' && n.project.slug === 'widgets');
    assert.ok(widgets);
    const widgetsItem = item(widgets);
    assert.equal(widgetsItem.label, 'Widgets');
    assert.equal(widgetsItem.id, 'community/project:widgets');
    assert.equal(widgetsItem.contextValue, 'readthedocs:project');
    assert.equal(widgetsItem.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.match((widgetsItem.tooltip as vscode.MarkdownString).value, /Repository: \[https\\:\/\/github\.com\/example-org\/widgets[^\]]*\]\(https:\/\/github\.com\/example-org\/widgets/);
    assert.equal((widgetsItem.tooltip as vscode.MarkdownString).isTrusted, undefined);

    const folders = await rows.children(testing, widgets);
    assert.equal(api().length, 1);
    assert.deepEqual(folders.map((n) => item(n).label), foldersIn('community').map((kind) => FOLDERS[kind].label));
    assert.equal((await provider().getParent?.(folders[0]))?.id, widgets.id);
    const apiProject = await rows.children(testing, await projectNode('widgets-api'));
    const superproject = apiProject.find((n) => n.kind === 'superproject');
    assert.ok(superproject);
    assert.equal(item(superproject).label, 'Widgets', 'named through the superproject endpoint');
  });

  it('shows the children of each folder kind', async () => {
    const versions = await rows.children(testing, await folderNode('widgets', 'versions'));
    const stable = versions.find((n) => n.kind === 'version' && n.version.slug === 'stable');
    assert.ok(stable);
    assert.match(String(item(stable).description), /^→ v2\.9\.\d+ · tag · built/);
    assert.match(String(item(stable).contextValue), /^readthedocs:version \+active \+visible \+built \+pdf \+epub \+htmlzip$/);

    const builds = (await rows.children(testing, await folderNode('widgets', 'builds'))).filter((n) => n.kind === 'build');
    assert.ok(builds.length > 0);
    assert.ok(builds.every((n) => ['pass', 'error', 'sync~spin', 'circle-slash', 'debug-step-over'].includes(iconId(n))));

    const subprojects = await rows.children(testing, await folderNode('widgets', 'subprojects'));
    assert.deepEqual(subprojects.map((n) => [item(n).label, item(n).description]), [['api', '→ widgets-api']]);

    const translations = await rows.children(testing, await folderNode('widgets', 'translations'));
    assert.deepEqual(translations.map((n) => item(n).description), ['widgets-fr']);

    const redirects = await rows.children(testing, await folderNode('widgets', 'redirects'));
    assert.ok(redirects.map((n) => item(n).label).includes('page: /old-install.html → /installation.html'));

    const envs = await rows.children(testing, await folderNode('widgets', 'environmentVariables'));
    assert.deepEqual(envs.map((n) => `${String(item(n).label)} ${String(item(n).description)}`).sort(),
      ['PYPI_API_TOKEN private', 'SENTRY_DSN private', 'SPHINX_THEME_VARIANT public']);
  });

  it('pages through the long version list with Load more', async () => {
    const folder = await folderNode('widgets', 'versions');
    await rows.refresh(folder);
    let children = await rows.children(testing, folder);
    let clicks = 0;
    for (let last = children.at(-1); last?.kind === 'loadMore'; last = children.at(-1)) {
      const more = item(last);
      assert.equal(more.command?.command, 'readthedocs.loadMore');
      await vscode.commands.executeCommand(more.command.command, ...(more.command.arguments ?? []));
      children = await rows.children(testing, folder);
      clicks += 1;
      assert.ok(clicks < 10);
    }
    const versions = children.filter((n) => n.kind === 'version');
    assert.ok(versions.length >= 250, `${versions.length} versions`);
    assert.equal(new Set(versions.map((n) => n.id)).size, versions.length);
    assert.ok(clicks >= 2);
  });

  it('turns a 500 into a message node with Retry; Retry loads the list', async () => {
    const folder = await folderNode('widgets', 'subprojects');
    sandbox.addFault({ path: '/api/v3/projects/widgets/subprojects/', kind: 'status', status: 500, body: { detail: 'Server Error' }, times: 5 });
    await rows.refresh(folder);
    const children = await rows.children(testing, folder);
    assert.equal(children.length, 1);
    const message = item(children[0]);
    assert.equal(children[0].kind, 'message');
    assert.match(String(message.label), /internal error/);
    assert.equal(message.command?.command, 'readthedocs.retry');
    sandbox.clearFaults();
    await vscode.commands.executeCommand(message.command.command, ...(message.command.arguments ?? []));
    const retried = await rows.children(testing, folder);
    assert.deepEqual(retried.map((n) => n.kind), ['subproject']);
  });

  it('turns a 401 into a message node, signs the edition out and offers Sign In once', async () => {
    const ui = new ScriptedUi();
    testing.setUi(ui);
    const folder = await folderNode('widgets', 'redirects');
    const folder2 = await folderNode('widgets', 'environmentVariables');
    const fault = { kind: 'status' as const, status: 401, body: { detail: 'Invalid token.' } };
    sandbox.addFault({ ...fault, path: '/api/v3/projects/widgets/redirects/' });
    sandbox.addFault({ ...fault, path: '/api/v3/projects/widgets/environmentvariables/' });
    await rows.refresh(folder);
    await rows.refresh(folder2);
    const [children, children2] = await Promise.all([rows.children(testing, folder), rows.children(testing, folder2)]);
    for (const list of [children, children2]) {
      assert.equal(list.length, 1);
      assert.equal(list[0].kind, 'message');
      assert.match(String(item(list[0]).label), /The token was rejected by 127\.0\.0\.1/);
    }
    const offer = await ui.waitForMessage(/token was rejected/);
    assert.deepEqual(offer.actions, ['Sign In']);
    assert.equal(ui.messages.filter((m) => m.actions.includes('Sign In')).length, 1, 'one offer for two failures');
    await waitFor(async () => (await rows.signedInEditions(testing)).length === 0, 'the edition to be signed out');
    assert.deepEqual(await rows.children(testing), [], 'signed out: the welcome view takes over');
    // Sign in again for what follows.
    (await signInWith(testing, sandbox.tokens.owner)).assertDone();
    assert.ok((await rows.children(testing)).length > 0);
  });

  it('shows a running build turn finished without a refresh, polling only that build', async () => {
    await vscode.commands.executeCommand('workbench.view.extension.readthedocs');
    await waitFor(() => testing.projects.view.visible, 'the projects view to be visible');
    const folder = await folderNode('gadget-docs', 'builds');
    const response = await fetch(`${sandbox.apiBase}projects/gadget-docs/versions/latest/builds/`, {
      method: 'POST', headers: { Authorization: `Token ${sandbox.tokens.owner}` },
    });
    assert.equal(response.status, 202);
    const { build } = await response.json() as { build: { id: number } };
    await rows.refresh(folder);
    const children = await rows.children(testing, folder);
    const row = children.find((n) => n.kind === 'build' && n.build.id === build.id);
    assert.ok(row?.kind === 'build', 'the new build is listed');
    assert.equal(iconId(row), 'sync~spin');
    assert.ok(runningBuildIds(testing).includes(build.id), 'handed to the watcher');

    const redrawn: (DocsNode | undefined)[] = [];
    const sub = provider().onDidChangeTreeData!((node) => redrawn.push(...(Array.isArray(node) ? node : [node ?? undefined])));
    sandbox.clearLog();
    try {
      await waitFor(() => iconId(row) !== 'sync~spin', 'the build row to show a final state', 20_000);
    } finally {
      sub.dispose();
    }
    assert.equal(iconId(row), 'pass');
    assert.match(String(item(row).description), /^succeeded/);
    assert.ok(redrawn.includes(row), 'the row itself was redrawn');
    assert.ok(!redrawn.includes(undefined), 'no full reload');
    // Only single-build polls (other running builds shown earlier are watched too), never a list reload.
    // A public Community build is polled through its API v2 detail.
    assert.ok(sandbox.requests.some((r) => r.path === `/api/v2/build/${build.id}/`));
    assert.ok(api().every((r) => /^\/api\/v3\/projects\/[^/]+\/builds\/\d+\/$/.test(r.path)), JSON.stringify(api().map((r) => r.path)));
    await waitFor(() => !runningBuildIds(testing).includes(build.id), 'the watcher to let go');
  });

  it('pauses polling while the view is hidden', async () => {
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await waitFor(() => !testing.projects.view.visible, 'the view to be hidden');
    const response = await fetch(`${sandbox.apiBase}projects/gadget-docs/versions/latest/builds/`, {
      method: 'POST', headers: { Authorization: `Token ${sandbox.tokens.owner}` },
    });
    const { build } = await response.json() as { build: { id: number; state: { code: string } } };
    const polls = () => sandbox.requests.filter((r) => r.method === 'GET' && (r.path === `/api/v3/projects/gadget-docs/builds/${build.id}/` || r.path === `/api/v2/build/${build.id}/`));
    const folder = await folderNode('gadget-docs', 'builds');
    await rows.refresh(folder);
    await rows.children(testing, folder);
    assert.ok(runningBuildIds(testing).includes(build.id), 'handed to the watcher');
    await sleep(2500); // more than two poll floors of 1 s
    assert.deepEqual(polls(), [], 'nothing polled while hidden');
    await vscode.commands.executeCommand('workbench.view.extension.readthedocs');
    await waitFor(() => testing.projects.view.visible, 'the view to be visible again');
    await waitFor(() => polls().length > 0, 'the build to be polled once the view shows');
    await waitFor(() => !runningBuildIds(testing).includes(build.id), 'the build to finish', 20_000);
  });

  it('reveals a running build from the status bar item, loading the path to it', async () => {
    await vscode.commands.executeCommand('workbench.view.extension.readthedocs');
    sandbox.setBuildStepMs(10 * 60_000); // still running when it is revealed
    let build: Build | undefined;
    try {
      const ui = new ScriptedUi().pick('Widgets').pick('latest');
      testing.setUi(ui);
      build = await vscode.commands.executeCommand<Build | undefined>('readthedocs.triggerBuild');
      ui.assertDone();
      assert.ok(build);
      await rows.refresh(); // nothing below the roots is loaded now
      await rows.run(testing, 'readthedocs.showRunningBuilds', new ScriptedUi());
      const id = `community/project:widgets/builds/build:${build.id}`;
      assert.deepEqual(testing.projects.view.selection.map((n) => n.id), [id], 'the newest running build is selected');
      assert.equal((await rows.findNode(testing, id))?.kind, 'build');
    } finally {
      sandbox.setBuildStepMs(400);
    }
    const started = build;
    await waitFor(() => !runningBuildIds(testing).includes(started.id), 'the build to finish', 20_000);
  });

  it('copies the URL of a build and of a version (quick pick when there is a choice)', async () => {
    const builds = (await rows.children(testing, await folderNode('widgets', 'builds'))).filter((n) => n.kind === 'build');
    assert.ok(builds.length > 0, 'widgets has builds');
    const first = new ScriptedUi();
    testing.setUi(first);
    const url = await vscode.commands.executeCommand<string>('readthedocs.copyUrl', builds[0]);
    assert.equal(typeof url, 'string', JSON.stringify([first.messages, first.problems, testing.logLines.slice(-5)]));
    assert.match(url, /\/builds\/\d+\/$/);
    assert.equal(await vscode.env.clipboard.readText(), url);

    const ui = new ScriptedUi().pick('Source');
    testing.setUi(ui);
    const version = (await rows.children(testing, await folderNode('widgets', 'versions'))).find((n) => n.kind === 'version' && n.version.slug === 'develop');
    assert.ok(version);
    const source = await vscode.commands.executeCommand<string>('readthedocs.copyUrl', version);
    ui.assertDone();
    assert.deepEqual(ui.prompts[0].items, ['Documentation', 'Source', 'Version settings'].filter((l) => ui.prompts[0].items?.includes(l)));
    assert.match(source, /^https:\/\/github\.com\/example-org\/widgets/);

    const palette = new ScriptedUi().pick('Gadget Docs').pick('Documentation');
    testing.setUi(palette);
    const docs = await vscode.commands.executeCommand<string>('readthedocs.copyUrl');
    palette.assertDone();
    assert.match(docs, /^https?:\/\//);
  });

  it('filters versions from the folder: the label says so and the API does the filtering', async () => {
    const folder = await folderNode('widgets', 'versions');
    const ui = new ScriptedUi().pick('Tags only');
    testing.setUi(ui);
    sandbox.clearLog();
    await vscode.commands.executeCommand('readthedocs.filterVersions', folder);
    ui.assertDone();
    assert.equal(item(folder).label, 'Versions (tags)');
    const children = await rows.children(testing, folder);
    assert.ok(children.every((n) => n.kind !== 'version' || n.version.type === 'tag'));
    assert.equal(api().at(-1)?.query.type, 'tag');
    testing.setUi(new ScriptedUi().pick('All versions'));
    await vscode.commands.executeCommand('readthedocs.filterVersions', folder);
    assert.equal(item(folder).label, 'Versions');
  });

  it('never puts the token in settings or in the log', () => {
    const settings = JSON.stringify(vscode.workspace.getConfiguration());
    assert.ok(!settings.includes(sandbox.tokens.owner));
    assert.ok(!testing.logLines.join('\n').includes(sandbox.tokens.owner));
  });
});
