// Builds in a real extension host against the sandbox (fast build clock): trigger from each entry
// point with exactly one POST, watch to the end, the notification, cancellation by a second
// trigger, no polling when idle, the build document, and the refusals explained.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type Build } from '../../src/core/models/build';
import type { TestingApi } from '../../src/vscode/testing';
import { type Sandbox, startSandbox } from '../sandbox';
import { getTesting, runningBuildIds, setEditionUrls, setSetting, signInWith, signOutAll, useSandboxForBuilds, waitFor } from './helpers/host';
import * as tree from './helpers/tree';
import { type FolderKind } from '../../src/core/tree/folders';
import { ScriptedUi } from './helpers/scriptedUi';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const triggerPath = (project: string, version: string) => `/api/v3/projects/${project}/versions/${version}/builds/`;

describe('builds: trigger, watch, notify, inspect', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let testing: TestingApi;

  const posts = (path: string) => sandbox.requests.filter((r) => r.method === 'POST' && r.path === path);

  async function useUi(ui = new ScriptedUi()): Promise<ScriptedUi> {
    testing.setUi(ui);
    return ui;
  }

  const projectNode = (slug: string) => tree.projectNode(testing, slug);
  const folderNode = (slug: string, folder: FolderKind) => tree.folderNode(testing, slug, folder);
  const versionNode = (slug: string, version: string) => tree.versionNode(testing, slug, version);

  async function trigger(arg: unknown, ui: ScriptedUi): Promise<Build | undefined> {
    testing.setUi(ui);
    return await vscode.commands.executeCommand<Build | undefined>('readthedocs.triggerBuild', arg);
  }

  const running = () => runningBuildIds(testing);

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 100 });
    testing = await getTesting();
    await useSandboxForBuilds(testing, sandbox.origin, sandbox.tokens.owner);
    assert.deepEqual(await tree.signedInEditions(testing), ['community']);
    // The watcher pauses while the projects view is hidden: show it, as a person would.
    await vscode.commands.executeCommand('workbench.view.extension.readthedocs');
    await waitFor(() => testing.projects.view.visible, 'the projects view to be visible');
  });

  after(async () => {
    await signOutAll(testing);
    await setSetting('builds.pollSeconds', undefined);
    await setEditionUrls({ community: '' });
    await sandbox?.close();
  });

  it('from the palette: project → version (default first) → one POST, watched to the end, notification', async () => {
    sandbox.clearLog();
    const ui = await useUi(new ScriptedUi().pick('Widgets').pick('latest'));
    const build = await trigger(undefined, ui);
    ui.assertDone();
    assert.ok(build, 'the command returns the new build');
    const versionPick = ui.prompts[1];
    assert.equal(versionPick.items?.[0], 'stable', 'the default version (stable) comes first');
    assert.equal(posts(triggerPath('widgets', 'latest')).length, 1);
    assert.ok(running().includes(build.id), 'the new build is watched');

    const message = await ui.waitForMessage(new RegExp(`Build #${build.id} of widgets \\(latest\\) succeeded in \\d+ s`), 15_000);
    assert.equal(message.severity, 'info');
    assert.deepEqual(message.actions, ['Open Docs', 'Show Build', 'Show Log']);
    assert.ok(!running().includes(build.id), 'the watch ended');
    // A public Community build is polled through its API v2 detail (state and commands in one request).
    const polls = sandbox.requests.filter((r) => r.method === 'GET' && r.path === `/api/v2/build/${build.id}/`);
    assert.ok(polls.length >= 1, 'the build was polled');
    assert.equal(posts(triggerPath('widgets', 'latest')).length, 1, 'still exactly one POST after the build ended');
  });

  it('from a project node: asks the version, one POST, the notification', async () => {
    const project = await projectNode('widgets');
    sandbox.clearLog();
    const ui = new ScriptedUi().pick('develop');
    const build = await trigger(project, ui);
    ui.assertDone();
    assert.ok(build);
    assert.equal(posts(triggerPath('widgets', 'develop')).length, 1);
    await ui.waitForMessage(new RegExp(`Build #${build.id} of widgets \\(develop\\) succeeded`), 15_000);
    assert.equal(posts(triggerPath('widgets', 'develop')).length, 1);
  });

  it('from a version node: no prompt, one POST, the Builds folder shows the new build at once', async () => {
    const version = await versionNode('widgets', 'v2.9.5');
    const builds = await folderNode('widgets', 'builds');
    await tree.children(testing, builds); // the folder is loaded, as when a person opened it
    sandbox.clearLog();
    const ui = new ScriptedUi();
    const build = await trigger(version, ui);
    ui.assertDone();
    assert.ok(build);
    assert.equal(ui.prompts.length, 0, 'no prompt from a version node');
    assert.equal(posts(triggerPath('widgets', 'v2.9.5')).length, 1);
    const children = await tree.children(testing, builds);
    assert.ok(children.some((n) => n.kind === 'build' && n.build.id === build.id), 'the new build is in the refreshed Builds folder');
    await ui.waitForMessage(new RegExp(`Build #${build.id} .* succeeded`), 15_000);
  });

  it('a failed build: error notification with the reason from its notifications (plain text)', async () => {
    const version = await versionNode('widgets', 'v2.9.4');
    sandbox.failNextBuild('widgets', 'v2.9.4');
    const ui = new ScriptedUi();
    const build = await trigger(version, ui);
    assert.ok(build);
    const message = await ui.waitForMessage(new RegExp(`Build #${build.id} .* failed`), 15_000);
    assert.equal(message.severity, 'error');
    assert.match(message.text, /failed after \d+ s: Unknown problem: We encountered a problem with a command while building your project\./);
    assert.doesNotMatch(message.text, /[<>]/);
    assert.ok(sandbox.requests.some((r) => r.path === `/api/v3/projects/widgets/builds/${build.id}/notifications/`));
  });

  it('a second trigger of the same version cancels the first; its watch ends with a "cancelled" notification', async () => {
    const version = await versionNode('widgets', 'v2.9.3');
    sandbox.setBuildStepMs(400); // long enough for the first to still run when the second arrives
    try {
      const ui = new ScriptedUi();
      const first = await trigger(version, ui);
      const second = await trigger(version, ui);
      assert.ok(first && second && first.id !== second.id);
      assert.equal(posts(triggerPath('widgets', 'v2.9.3')).length, 2, 'two clicks, two POSTs');
      const cancelled = await ui.waitForMessage(new RegExp(`Build #${first.id} .* was cancelled`), 15_000);
      assert.equal(cancelled.severity, 'warn');
      assert.ok(!running().includes(first.id), 'the first build is no longer watched');
      await ui.waitForMessage(new RegExp(`Build #${second.id} .* succeeded`), 20_000);
    } finally {
      sandbox.setBuildStepMs(100);
    }
  });

  it('two clicks while the first trigger is on its way send one POST', async () => {
    const version = await versionNode('widgets', 'v2.9.2');
    sandbox.clearLog();
    sandbox.setLatency(300);
    try {
      const ui = new ScriptedUi();
      testing.setUi(ui);
      const [a, b] = await Promise.all([
        vscode.commands.executeCommand<Build | undefined>('readthedocs.triggerBuild', version),
        vscode.commands.executeCommand<Build | undefined>('readthedocs.triggerBuild', version),
      ]);
      assert.equal([a, b].filter(Boolean).length, 1, 'one of the two clicks started a build');
      assert.equal(posts(triggerPath('widgets', 'v2.9.2')).length, 1);
      await ui.waitForMessage(/v2\.9\.2\) succeeded/, 15_000);
    } finally {
      sandbox.setLatency(0);
    }
  });

  it('polling stops when nothing runs: no request in an idle window', async () => {
    await waitFor(() => running().length === 0, 'every watched build to end', 20_000);
    sandbox.clearLog();
    await sleep(3500); // more than three poll floors of 1 s
    const buildRequests = sandbox.requests.filter((r) => r.path.includes('/builds/'));
    assert.deepEqual(buildRequests.map((r) => `${r.method} ${r.path}`), []);
  });

  it('"Show Build" (the notification action) opens the read-only build document with the fields and the config', async () => {
    const version = await versionNode('widgets', 'v2.9.1');
    const ui = new ScriptedUi().onMessage(/v2\.9\.1\) succeeded/, 'Show Build');
    const build = await trigger(version, ui);
    assert.ok(build);
    await ui.waitForMessage(/v2\.9\.1\) succeeded/, 15_000);
    const document = await waitFor(() => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'readthedocs-build' && d.uri.path.endsWith(`/build-${build.id}.yaml`)), 'the build document');
    const text = await waitFor(() => (document.getText().includes('state:') ? document.getText() : undefined), 'the build document text');
    for (const field of ['state: finished', 'outcome: succeeded', 'success: true', 'error: ""', 'commit: ', 'version: v2.9.1', 'created: ', 'finished: ', 'duration: ', 'config:', '  sphinx:']) {
      assert.ok(text.includes(field), `the document shows "${field}":\n${text}`);
    }
    assert.ok(sandbox.requests.some((r) => r.method === 'GET' && r.path === `/api/v3/projects/widgets/builds/${build.id}/` && r.query.expand === 'config'));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('showBuild from the palette: project → build', async () => {
    const ui = new ScriptedUi().pick('Gadget Docs').pick(/^#\d+/);
    testing.setUi(ui);
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>('readthedocs.showBuild');
    ui.assertDone();
    assert.ok(uri && uri.scheme === 'readthedocs-build' && uri.path.startsWith('/community/gadget-docs/build-'));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('429 on the trigger: explained, one POST, not re-sent', async () => {
    const version = await versionNode('widgets', 'v2.9.0');
    sandbox.clearLog();
    sandbox.addFault({ method: 'POST', path: triggerPath('widgets', 'v2.9.0'), kind: 'status', status: 429, headers: { 'Retry-After': '1' }, body: { detail: 'Request was throttled. Expected available in 1 second.' } });
    const ui = new ScriptedUi();
    const build = await trigger(version, ui);
    assert.equal(build, undefined);
    const message = await ui.waitForMessage(/limiting/);
    assert.equal(message.severity, 'warn');
    assert.match(message.text, /^Triggering a build of widgets \(v2\.9\.0\) failed: .* try again in 1 s\. It is never re-sent on its own/);
    await sleep(1500);
    assert.equal(posts(triggerPath('widgets', 'v2.9.0')).length, 1);
  });

  it('a version that vanished (404): explained, and the Versions folder reloaded', async () => {
    const version = await versionNode('widgets', 'v2.8.9');
    const list = sandbox.db.versions('widgets');
    list.splice(list.findIndex((v) => v.slug === 'v2.8.9'), 1);
    sandbox.clearLog();
    const ui = new ScriptedUi();
    assert.equal(await trigger(version, ui), undefined);
    const message = await ui.waitForMessage(/Not found/i);
    assert.equal(message.severity, 'error');
    assert.match(message.text, /^Triggering a build of widgets \(v2\.8\.9\) failed: not found on /);
    assert.equal(posts(triggerPath('widgets', 'v2.8.9')).length, 1);
    const folder = await folderNode('widgets', 'versions');
    const children = await tree.children(testing, folder);
    assert.ok(!children.some((n) => n.kind === 'version' && n.version.slug === 'v2.8.9'), 'the vanished version left the tree');
    assert.ok(sandbox.requests.some((r) => r.method === 'GET' && r.path === '/api/v3/projects/widgets/versions/'), 'the Versions folder was read again');
  });

  it('a project the token may only read (403): explained, one POST', async () => {
    const version = await versionNode('widgets', 'v2.8.8');
    await signInWith(testing, sandbox.tokens.other);
    try {
      sandbox.clearLog();
      const ui = new ScriptedUi();
      assert.equal(await trigger(version, ui), undefined);
      const message = await ui.waitForMessage(/Triggering a build of widgets \(v2\.8\.8\) failed/);
      assert.equal(message.severity, 'error');
      assert.match(message.text, /Only the maintainers of a project can change it/);
      const sent = posts(triggerPath('widgets', 'v2.8.8'));
      assert.equal(sent.length, 1);
      assert.equal(sent[0].status, 403);
    } finally {
      await signInWith(testing, sandbox.tokens.owner);
    }
  });
});
