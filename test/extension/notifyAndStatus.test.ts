// Notifications and the status bar in a real extension host against the sandbox: each mode of
// `readthedocs.builds.notify` is honoured for a build started from this window and for one the
// tree merely shows (started by someone else); the running-builds item always agrees with the
// tree, tree-watched builds included; per-node Refresh reloads only that node.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { isFinal } from '../../src/core/builds/facts';
import { type NotifyMode } from '../../src/core/builds/notify';
import { type Build } from '../../src/core/models/build';
import { type DocsNode, type NodeOfKind } from '../../src/core/tree/nodes';
import { RunningBuildsStatus, type StatusItem } from '../../src/vscode/builds/statusBar';
import type { TestingApi } from '../../src/vscode/testing';
import { type Sandbox, startSandbox } from '../sandbox';
import { getTesting, leaveSandbox, setSetting, useSandboxForBuilds, waitFor } from './helpers/host';
import { ScriptedUi } from './helpers/scriptedUi';

/** A status bar item that records what it is told (VS Code offers no way to read one back). */
class RecordingItem implements StatusItem {
  name: string | undefined;
  command: StatusItem['command'];
  text = '';
  tooltip: StatusItem['tooltip'];
  accessibilityInformation: StatusItem['accessibilityInformation'];
  visible = false;
  show(): void { this.visible = true; }
  hide(): void { this.visible = false; }
  dispose(): void { this.visible = false; }
}

/** A build step that does not end while a test arranges things; a shorter step releases the builds. */
const HOLD_MS = 10 * 60_000;

describe('notifications and the status bar', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let testing: TestingApi;

  async function childOf(parent: DocsNode | undefined, test: (node: DocsNode) => boolean, what: string): Promise<DocsNode> {
    const children = await testing.tree.getChildren(parent);
    const found = children.find(test);
    assert.ok(found, `${what} not found among ${children.map((c) => c.id).join(', ')}`);
    return found;
  }

  const projectNode = async (slug: string) => await childOf(undefined, (n) => n.kind === 'project' && n.project.slug === slug, slug) as NodeOfKind<'project'>;
  const folderNode = async (slug: string, folder: 'versions' | 'builds') =>
    await childOf(await projectNode(slug), (n) => n.kind === 'folder' && n.folder === folder, `${slug}/${folder}`) as NodeOfKind<'folder'>;
  const versionNode = async (slug: string, version: string) =>
    await childOf(await folderNode(slug, 'versions'), (n) => n.kind === 'version' && n.version.slug === version, `${slug}/${version}`) as NodeOfKind<'version'>;

  /** Someone else starts a build (the dashboard, a push): one POST from outside the extension. */
  async function startElsewhere(project: string, version: string): Promise<number> {
    const response = await fetch(`${sandbox.origin}/api/v3/projects/${project}/versions/${version}/builds/`, {
      method: 'POST',
      headers: { Authorization: `Token ${sandbox.tokens.owner}` },
    });
    assert.equal(response.status, 202);
    return ((await response.json()) as { build: { id: number } }).build.id;
  }

  /** The Builds folder read again from the server, as the person's Refresh does; its running rows are watched. */
  async function showBuilds(project: string): Promise<DocsNode[]> {
    const folder = await folderNode(project, 'builds');
    testing.tree.refresh(folder);
    return await testing.tree.getChildren(folder);
  }

  const running = () => testing.builds.running;

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 150 });
    testing = await getTesting();
    await useSandboxForBuilds(testing, sandbox.origin, sandbox.tokens.owner);
  });

  after(async () => {
    await setSetting('builds.notify', undefined);
    await leaveSandbox(testing);
    await sandbox?.close();
  });

  it('the status bar says what it is, counts the builds the tree starts watching, and agrees with the tree until they end', async () => {
    await waitFor(() => running().length === 0, 'no build watched before the test', 30_000);
    const item = new RecordingItem();
    const status = new RunningBuildsStatus({ builds: testing.builds }, () => item);
    try {
      assert.equal(item.visible, false, 'hidden while nothing runs');
      assert.equal(item.name, 'Read the Docs: Running Builds');
      sandbox.setBuildStepMs(HOLD_MS);
      const first = await startElsewhere('widgets', 'v2.7.0');
      const second = await startElsewhere('widgets', 'v2.7.1');
      const rows = await showBuilds('widgets');
      const runningRows = rows.filter((n): n is NodeOfKind<'build'> => n.kind === 'build' && !isFinal(n.build));
      assert.ok([first, second].every((id) => runningRows.some((n) => n.build.id === id)), 'the tree shows both builds running');
      // The tree handed its running rows to the watcher, and the item heard of it at once.
      assert.deepEqual(running().map((w) => w.build.id).sort(), runningRows.map((n) => n.build.id).sort());
      assert.ok(running().every((w) => !w.startedHere), 'merely shown by the tree');
      assert.equal(item.visible, true);
      assert.equal(item.text, `$(sync~spin) Read the Docs: ${runningRows.length} building`);
      assert.match(item.accessibilityInformation?.label ?? '', new RegExp(`^Read the Docs: ${runningRows.length} builds running: .*build #${first} of widgets \\(v2\\.7\\.0\\)`));
      assert.equal(item.command, 'readthedocs.showRunningBuilds');
      sandbox.setBuildStepMs(100);
      await waitFor(() => running().length === 0, 'the watcher to see both builds end', 30_000);
      assert.equal(item.visible, false, 'hidden again when they ended');
      const after = testing.tree.find(runningRows[0].id);
      assert.ok(after?.kind === 'build' && isFinal(after.build), 'the tree row shows the end too');
    } finally {
      status.dispose();
      sandbox.setBuildStepMs(150);
    }
  });

  describe('readthedocs.builds.notify', () => {
    const cases: { mode: NotifyMode; announced: ('here' | 'shown')[] }[] = [
      { mode: 'mine', announced: ['here'] },
      { mode: 'all', announced: ['here', 'shown'] },
      { mode: 'failures', announced: ['shown'] },
      { mode: 'off', announced: [] },
    ];
    let minor = 0;

    for (const { mode, announced } of cases) {
      it(`${mode}: announces ${announced.length ? announced.join(' and ') : 'nothing'} (a build started here succeeds; one the tree shows fails)`, async () => {
        await setSetting('builds.notify', mode);
        await waitFor(() => vscode.workspace.getConfiguration('readthedocs').get('builds.notify') === mode, `the notify setting to read ${mode}`);
        await waitFor(() => running().length === 0, 'no build watched before the test', 30_000);
        const hereVersion = `v2.6.${minor}`;
        const shownVersion = `v2.5.${minor}`;
        minor += 1;
        const finished = new Set<number>();
        const listener = testing.builds.onDidFinish((w) => finished.add(w.build.id));
        try {
          sandbox.setBuildStepMs(HOLD_MS);
          sandbox.failNextBuild('widgets', shownVersion);
          const shown = await startElsewhere('widgets', shownVersion);
          const rows = await showBuilds('widgets');
          assert.ok(rows.some((n) => n.kind === 'build' && n.build.id === shown && !isFinal(n.build)), 'the tree shows the other build running');
          const ui = new ScriptedUi();
          testing.setUi(ui);
          const here = await vscode.commands.executeCommand<Build | undefined>('readthedocs.triggerBuild', await versionNode('widgets', hereVersion));
          assert.ok(here, 'the build started here');
          assert.deepEqual(running().filter((w) => [here.id, shown].includes(w.build.id)).map((w) => [w.build.id, w.startedHere]).sort(),
            [[here.id, true], [shown, false]].sort());
          sandbox.setBuildStepMs(100);
          await waitFor(() => finished.has(here.id) && finished.has(shown), 'both builds to end', 30_000);

          const ids = { here: here.id, shown };
          for (const which of ['here', 'shown'] as const) {
            const id = ids[which];
            if (announced.includes(which)) {
              const message = await ui.waitForMessage(new RegExp(`^Build #${id} of widgets`), 15_000);
              assert.equal(message.severity, which === 'here' ? 'info' : 'error');
            } else {
              await waitFor(() => testing.logLines.some((l) => l.includes(`not announcing widgets #${id} `) && l.includes(`notify: ${mode}`)), `the notifier to decide against #${id}`);
            }
          }
          const toasts = ui.messages.filter((m) => /^Build #\d+ of widgets/.test(m.text)).map((m) => Number(/#(\d+)/.exec(m.text)?.[1]));
          assert.deepEqual(toasts.sort(), announced.map((w) => ids[w]).sort(), `the toasts shown under ${mode}`);
        } finally {
          listener.dispose();
          sandbox.setBuildStepMs(150);
        }
      });
    }
  });

  it('Refresh on a folder row reloads only that folder, and on a collapsed row sends nothing until it is opened', async () => {
    const builds = await folderNode('widgets', 'builds');
    await testing.tree.view.reveal(builds, { expand: true, select: false, focus: false });
    await waitFor(() => testing.tree.isExpanded(builds.id), 'the Builds folder to be expanded');
    sandbox.clearLog();
    await vscode.commands.executeCommand('readthedocs.refresh', builds);
    assert.deepEqual(sandbox.requests.map((r) => `${r.method} ${r.path}`), ['GET /api/v3/projects/widgets/builds/'], 'one request, for that folder only');

    const versions = await folderNode('widgets', 'versions');
    await testing.tree.getChildren(versions);
    assert.equal(testing.tree.isExpanded(versions.id), false);
    sandbox.clearLog();
    await vscode.commands.executeCommand('readthedocs.refresh', versions);
    assert.equal(sandbox.requests.length, 0, 'a collapsed row is only marked stale');
    await testing.tree.getChildren(versions);
    assert.ok(sandbox.requests.some((r) => r.path === '/api/v3/projects/widgets/versions/'), 'read again when opened');
  });
});
