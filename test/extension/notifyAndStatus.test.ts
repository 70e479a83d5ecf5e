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
import type { TestingApi } from '../../src/vscode/testing';
import { type Sandbox, startSandbox } from '../sandbox';
import { getTesting, leaveSandbox, runningBuildIds, setSetting, useSandboxForBuilds, waitFor } from './helpers/host';
import * as tree from './helpers/tree';
import { ScriptedUi } from './helpers/scriptedUi';

/** A build step that does not end while a test arranges things; a shorter step releases the builds. */
const HOLD_MS = 10 * 60_000;

describe('notifications and the status bar', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let testing: TestingApi;

  const folderNode = (slug: string, folder: 'versions' | 'builds') => tree.folderNode(testing, slug, folder);
  const versionNode = (slug: string, version: string) => tree.versionNode(testing, slug, version);

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
    await tree.refresh(folder);
    return await tree.children(testing, folder);
  }

  const running = () => runningBuildIds(testing);

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
    try {
      assert.equal(testing.runningBuildsStatus(), undefined, 'hidden while nothing runs');
      sandbox.setBuildStepMs(HOLD_MS);
      const first = await startElsewhere('widgets', 'v2.7.0');
      const second = await startElsewhere('widgets', 'v2.7.1');
      const rows = await showBuilds('widgets');
      const runningRows = rows.filter((n): n is NodeOfKind<'build'> => n.kind === 'build' && !isFinal(n.build));
      assert.ok([first, second].every((id) => runningRows.some((n) => n.build.id === id)), 'the tree shows both builds running');
      // The tree handed its running rows to the watcher, and the item heard of it at once.
      assert.deepEqual(running().sort(), runningRows.map((n) => n.build.id).sort());
      const item = testing.runningBuildsStatus();
      assert.equal(item?.text, `$(sync~spin) Read the Docs: ${runningRows.length} building`);
      assert.match(item?.accessibilityLabel ?? '', new RegExp(`^Read the Docs: ${runningRows.length} builds running: .*build #${first} of widgets \\(v2\\.7\\.0\\)`));
      // Its click reveals them in the tree; the newest ends up selected.
      await tree.run(testing, 'readthedocs.showRunningBuilds', new ScriptedUi());
      const newest = Math.max(...runningRows.map((n) => n.build.id));
      assert.deepEqual(testing.projects.view.selection.map((n) => n.id), runningRows.filter((n) => n.build.id === newest).map((n) => n.id));
      sandbox.setBuildStepMs(100);
      await waitFor(() => running().length === 0, 'the watcher to see both builds end', 30_000);
      assert.equal(testing.runningBuildsStatus(), undefined, 'hidden again when they ended');
      for (const row of runningRows.filter((n) => [first, second].includes(n.build.id))) {
        const drawn = tree.treeItem(testing, row);
        assert.equal((drawn.iconPath as vscode.ThemeIcon).id, 'pass', `the row of #${row.build.id} shows the end too`);
        assert.match(String(drawn.description), /^succeeded/);
      }
    } finally {
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
          assert.deepEqual(running().filter((id) => [here.id, shown].includes(id)).sort(), [here.id, shown].sort(), 'both are watched');
          sandbox.setBuildStepMs(100);
          await waitFor(() => !running().includes(here.id) && !running().includes(shown), 'both builds to end', 30_000);

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
          sandbox.setBuildStepMs(150);
        }
      });
    }
  });

  it('Refresh on a folder row reloads only that folder, and on a collapsed row sends nothing until it is opened', async () => {
    const builds = await folderNode('widgets', 'builds');
    await vscode.commands.executeCommand('workbench.actions.treeView.readthedocs.projects.collapseAll');
    const expanded = new Set<string>();
    const listener = testing.projects.view.onDidExpandElement((e) => expanded.add(e.element.id));
    try {
      await testing.projects.view.reveal(builds, { expand: true, select: false, focus: false });
      await waitFor(() => expanded.has(builds.id), 'the Builds folder to be expanded');
    } finally {
      listener.dispose();
    }
    sandbox.clearLog();
    await vscode.commands.executeCommand('readthedocs.refresh', builds);
    assert.deepEqual(sandbox.requests.map((r) => `${r.method} ${r.path}`), ['GET /api/v3/projects/widgets/builds/'], 'one request, for that folder only');

    const versions = await folderNode('widgets', 'versions');
    await tree.children(testing, versions); // loaded, but not opened in the view
    sandbox.clearLog();
    await vscode.commands.executeCommand('readthedocs.refresh', versions);
    assert.equal(sandbox.requests.length, 0, 'a collapsed row is only marked stale');
    await tree.children(testing, versions);
    assert.ok(sandbox.requests.some((r) => r.path === '/api/v3/projects/widgets/versions/'), 'read again when opened');
  });
});
