// "A row, else the palette" (resolveVersion, src/vscode/tree/pickers.ts) in a real extension host
// against the sandbox: from the palette in a folder bound to widgets (readthedocs.projects), Show
// Build Times and Trigger Build offer widgets first, one Enter takes it and one its default version,
// and no list of projects or versions is requested when the tree and the binding hold them.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type Build } from '../../src/core/models/build';
import type { TestingApi } from '../../src/vscode/testing';
import { type Sandbox, startSandbox } from '../sandbox';
import { getTesting, setEditionUrls, setSetting, signOutAll, useSandboxForBuilds, waitFor } from './helpers/host';
import * as tree from './helpers/tree';
import { ScriptedUi } from './helpers/scriptedUi';

/** Enter on a pick: its first item. */
const enter = () => true;

describe('palette: this workspace\'s project first, from the lists the tree holds', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let testing: TestingApi;

  /** GETs of a projects list or a versions list. */
  const listRequests = () => sandbox.requests.filter((r) => r.method === 'GET' && /^\/api\/v3\/projects\/(?:[^/]+\/versions\/)?$/.test(r.path));

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 100 });
    testing = await getTesting();
    await useSandboxForBuilds(testing, sandbox.origin, sandbox.tokens.owner);
    await setSetting('projects', ['community/widgets']);
    await vscode.commands.executeCommand('workbench.view.extension.readthedocs');
    await waitFor(() => testing.projects.view.visible, 'the projects view to be visible');
    await waitFor(async () => (await tree.workspaceRows(testing)).some((row) => row.id.startsWith('community/widgets@')), 'widgets to be bound');
    // The tree holds the projects list and widgets' versions, as after a look at them.
    await tree.versionNode(testing, 'widgets', 'latest');
  });

  after(async () => {
    testing.buildTimes.panel()?.dispose();
    await setSetting('projects', undefined);
    await signOutAll(testing);
    await setEditionUrls({ community: '' });
    await sandbox?.close();
  });

  it('Show Build Times: widgets first, taken with one Enter, its default version with another, no list request', async () => {
    sandbox.clearLog();
    const ui = new ScriptedUi().pick(enter).pick(enter);
    testing.setUi(ui);
    await vscode.commands.executeCommand('readthedocs.showBuildTimes');
    ui.assertDone();
    assert.match(ui.prompts[0]?.placeholder ?? '', /^Show the build times of which project\?$/);
    assert.equal(ui.prompts[0]?.items?.[0], 'Widgets', 'the bound project comes first');
    assert.ok((ui.prompts[0]?.items?.length ?? 0) > 1, 'the account\'s other projects follow');
    const defaultVersion = sandbox.db.project('widgets')!.defaultVersion;
    assert.equal(ui.prompts[1]?.items?.[0], defaultVersion, 'the default version first');
    const render = await waitFor(() => testing.buildTimes.lastRender(), 'the Build Times page');
    assert.deepEqual(render.target, { edition: 'community', projectSlug: 'widgets', versionSlug: defaultVersion });
    assert.deepEqual(listRequests(), [], 'the project and version lists came from the tree');
  });

  it('Trigger Build: the same two Enters build widgets\' default version, with no list request', async () => {
    sandbox.clearLog();
    const ui = new ScriptedUi().pick(enter).pick(enter);
    testing.setUi(ui);
    const build = await vscode.commands.executeCommand<Build | undefined>('readthedocs.triggerBuild');
    ui.assertDone();
    assert.equal(ui.prompts[0]?.items?.[0], 'Widgets');
    assert.ok(build, 'a build started');
    const defaultVersion = sandbox.db.project('widgets')!.defaultVersion;
    assert.deepEqual(sandbox.requests.filter((r) => r.method === 'POST').map((r) => r.path), [`/api/v3/projects/widgets/versions/${defaultVersion}/builds/`]);
    assert.deepEqual(listRequests(), []);
  });
});
