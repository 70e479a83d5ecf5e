// Build Times in a real extension host against the sandbox: the page opens from a version row with
// the sandbox's figures (read through the test-only reach, as the preview's), a reopen sends
// nothing, and a build that waits for the concurrency limit shows its retry count where builds are shown.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type Build } from '../../src/core/models/build';
import type { TestingApi } from '../../src/vscode/testing';
import { type Sandbox, startSandbox } from '../sandbox';
import { getTesting, runningBuildIds, setEditionUrls, signOutAll, useSandboxForBuilds, waitFor } from './helpers/host';
import * as tree from './helpers/tree';
import { ScriptedUi } from './helpers/scriptedUi';

describe('build times: the page and the live wait', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let testing: TestingApi;

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 100 });
    testing = await getTesting();
    await useSandboxForBuilds(testing, sandbox.origin, sandbox.tokens.owner);
    await vscode.commands.executeCommand('workbench.view.extension.readthedocs');
    await waitFor(() => testing.projects.view.visible, 'the projects view to be visible');
  });

  after(async () => {
    testing.buildTimes.panel()?.dispose();
    await signOutAll(testing);
    await setEditionUrls({ community: '' });
    await sandbox?.close();
  });

  it('opens from a version row with the sandbox\'s figures; a reopen sends no request for a finished build', async () => {
    const version = await tree.versionNode(testing, 'widgets', 'latest');
    sandbox.clearLog();
    testing.setUi(new ScriptedUi());
    await vscode.commands.executeCommand('readthedocs.showBuildTimes', version);
    const render = await waitFor(() => testing.buildTimes.lastRender(), 'the Build Times page');
    assert.equal(render.title, 'Build Times: widgets (latest)');
    assert.ok(testing.buildTimes.panel()?.visible, 'the panel shows');
    assert.equal(testing.buildTimes.panel()?.webview.options.enableScripts, false);
    const { html } = render;
    assert.match(html, /<svg role="group"/);
    const bars = html.match(/<g role="img" aria-label="Build #\d+, [^"]+"/g) ?? [];
    assert.ok(bars.length >= 15, `${bars.length} bars`);
    assert.match(html, /install grew from /);
    assert.match(html, /ran slow throughout/);
    assert.match(html, /reached the time limit/);
    assert.match(html, /ran out of memory/);
    assert.match(html, /queue unknown/, 'older builds: the queue wait is unknown, not zero');
    assert.match(html, /href="https:\/\/docs\.readthedocs\.com\/platform\/stable\/guides\/build-using-too-many-resources\.html#/);
    const first = sandbox.requests.filter((r) => r.path.startsWith('/api/'));
    assert.ok(first.length >= bars.length + 1, 'the list and each build');

    sandbox.clearLog();
    await vscode.commands.executeCommand('readthedocs.showBuildTimes', version);
    const finishedDetails = sandbox.requests.filter((r) => r.path.startsWith('/api/v2/build/'))
      .filter((r) => sandbox.db.build(Number(r.path.split('/')[4]))?.state === 'finished');
    assert.deepEqual(finishedDetails, [], 'finished builds come from the cache');
  });

  it('from a project\'s Builds folder (asks the version) and from This Workspace\'s branch row (its version)', async () => {
    const ui = new ScriptedUi().pick('latest');
    testing.setUi(ui);
    await vscode.commands.executeCommand('readthedocs.showBuildTimes', await tree.folderNode(testing, 'widgets', 'builds'));
    ui.assertDone();
    assert.match(ui.prompts[0].placeholder ?? '', /^Build times of which version of widgets\?$/);
    assert.deepEqual(testing.buildTimes.lastRender()?.target, { edition: 'community', projectSlug: 'widgets', versionSlug: 'latest' });

    // This Workspace's branch row carries its version as the row's subject (branchRows; the fixture
    // folder is a git clone only in the workspace tests): the menu hands VS Code's row as it is.
    testing.buildTimes.panel()?.dispose();
    testing.setUi(new ScriptedUi());
    const row = { id: 'community/widgets@/w/branch', label: 'main → develop', contextValue: 'readthedocs:branch', subject: { edition: 'community', projectSlug: 'widgets', versionSlug: 'develop' } };
    await vscode.commands.executeCommand('readthedocs.showBuildTimes', row);
    const render = await waitFor(() => testing.buildTimes.lastRender(), 'the page from the branch row');
    assert.deepEqual(render.target, { edition: 'community', projectSlug: 'widgets', versionSlug: 'develop' });
    assert.equal(render.title, 'Build Times: widgets (develop)');
  });

  it('a build waiting for the concurrency limit says so, with its retry count, in its row and the status bar', async () => {
    sandbox.holdNextBuild('widgets', 'latest', { limit: 2, retries: 1000, retryMs: 60_000, waitedSeconds: 3 * 300 + 60 });
    testing.setUi(new ScriptedUi());
    const build = await vscode.commands.executeCommand<Build | undefined>('readthedocs.triggerBuild', await tree.versionNode(testing, 'widgets', 'latest'));
    assert.ok(build && runningBuildIds(testing).includes(build.id));
    const status = await waitFor(() => {
      const reading = testing.runningBuildsStatus();
      return reading && /about retry 3 of 25/.test(reading.tooltip) ? reading : undefined;
    }, 'the status bar to say the wait', 20_000);
    assert.match(status.tooltip, new RegExp(`build #${build.id} of widgets \\(latest\\): triggered · waiting for a free builder: limit 2 reached, about retry 3 of 25, next in about 4 min`));
    const rows = await tree.folderRows(testing, 'widgets', 'builds');
    const row = rows.find((r) => r.kind === 'build' && r.build.id === build.id);
    assert.ok(row, 'the build row');
    const item = tree.treeItem(testing, row);
    assert.match(String(item.description), /waiting for a free builder: limit 2 reached, about retry 3 of 25/);
  });
});
