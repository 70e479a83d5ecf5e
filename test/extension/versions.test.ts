// Versions in a real extension host against the sandbox: activate, deactivate (confirmed), hide,
// unhide from version nodes and from the palette; the exact PATCH bodies; the re-read after the
// 204; the tree showing the server's new state; 403 and 404 explained.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { contextValueOf } from '../../src/core/tree/contextValues';
import type { TestingApi } from '../../src/vscode/testing';
import { type RequestLogEntry, type Sandbox, startSandbox } from '../sandbox';
import { getTesting, setEditionUrls, setSetting, signInWith, signOutAll, useSandboxForBuilds } from './helpers/host';
import * as tree from './helpers/tree';
import { ScriptedUi } from './helpers/scriptedUi';

const versionPath = (project: string, version: string) => `/api/v3/projects/${project}/versions/${version}/`;

describe('versions: activate, deactivate, hide, unhide', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let testing: TestingApi;

  const patches = (project: string, version: string): RequestLogEntry[] =>
    sandbox.requests.filter((r) => r.method === 'PATCH' && r.path === versionPath(project, version));
  const rereads = (project: string, version: string): RequestLogEntry[] =>
    sandbox.requests.filter((r) => r.method === 'GET' && r.path === versionPath(project, version));

  const versionsFolder = (slug: string) => tree.folderNode(testing, slug, 'versions');
  const versionNode = (slug: string, version: string) => tree.versionNode(testing, slug, version);
  const run = (command: string, ui: ScriptedUi, ...args: unknown[]) => tree.run(testing, command, ui, ...args);

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 100 });
    testing = await getTesting();
    await useSandboxForBuilds(testing, sandbox.origin, sandbox.tokens.owner);
    await vscode.commands.executeCommand('workbench.view.extension.readthedocs');
  });

  after(async () => {
    await signOutAll(testing);
    await setSetting('builds.pollSeconds', undefined);
    await setEditionUrls({ community: '' });
    await sandbox?.close();
  });

  it('hide from a version node: PATCH {hidden:true}, re-read, the row shows +hidden', async () => {
    const node = await versionNode('gadget-docs', 'v3.0');
    assert.match(contextValueOf(node), /\+visible/);
    sandbox.clearLog();
    const ui = new ScriptedUi();
    await run('readthedocs.hideVersion', ui, node);
    ui.assertDone();
    assert.deepEqual(patches('gadget-docs', 'v3.0').map((r) => r.body), [{ hidden: true }]);
    assert.equal(rereads('gadget-docs', 'v3.0').length, 1, 'the version is read again after the 204');
    assert.match((await ui.waitForMessage(/v3\.0 of gadget-docs is now hidden/)).severity, /info/);
    const fresh = await versionNode('gadget-docs', 'v3.0');
    assert.equal(fresh.version.hidden, true);
    assert.match(contextValueOf(fresh), /\+hidden/);
  });

  it('unhide from the palette: project → multi-select of the hidden versions → PATCH {hidden:false}', async () => {
    sandbox.clearLog();
    const ui = new ScriptedUi().pick('Gadget Docs').pickMany('v3.0');
    await run('readthedocs.unhideVersion', ui);
    ui.assertDone();
    assert.deepEqual(ui.prompts[1].items, ['v3.0'], 'only the hidden versions are offered');
    assert.deepEqual(patches('gadget-docs', 'v3.0').map((r) => r.body), [{ hidden: false }]);
    await ui.waitForMessage(/v3\.0 of gadget-docs is now shown again/);
    assert.equal((await versionNode('gadget-docs', 'v3.0')).version.hidden, false);
  });

  it('activate from the palette (several at once): PATCH {active:true} each, the tree shows them active', async () => {
    sandbox.clearLog();
    sandbox.setBuildStepMs(300); // the build activation starts is still running when it is looked for
    const ui = new ScriptedUi().pick('Widgets').pickMany('v1.9.4', 'v1.9.3');
    try {
      await run('readthedocs.activateVersion', ui);
    } finally {
      sandbox.setBuildStepMs(100);
    }
    ui.assertDone();
    assert.ok(!ui.prompts[1].items?.includes('v2.9.5'), 'active versions are not offered');
    assert.deepEqual(patches('widgets', 'v1.9.4').map((r) => r.body), [{ active: true }]);
    assert.deepEqual(patches('widgets', 'v1.9.3').map((r) => r.body), [{ active: true }]);
    await ui.waitForMessage(/v1\.9\.4, v1\.9\.3 of widgets are now activated/);
    for (const slug of ['v1.9.4', 'v1.9.3']) {
      const node = await versionNode('widgets', slug);
      assert.equal(node.version.active, true, slug);
      assert.match(contextValueOf(node), /\+active/);
    }
    // Activating starts a build on the server: it is found and watched to the end.
    await ui.waitForMessage(/\(v1\.9\.4\) succeeded/, 15_000);
  });

  it('deactivate asks first: declining sends nothing', async () => {
    const node = await versionNode('gadget-docs', 'v3.1');
    sandbox.clearLog();
    const ui = new ScriptedUi().confirmed(false);
    await run('readthedocs.deactivateVersion', ui, node);
    ui.assertDone();
    assert.match(ui.prompts[0].title ?? '', /Deactivate v3\.1 of gadget-docs\?/);
    assert.match(ui.prompts[0].detail ?? '', /hosted documentation .* will be deleted/);
    assert.equal(patches('gadget-docs', 'v3.1').length, 0);
  });

  it('deactivate two selected rows, confirmed: PATCH {active:false} each, the rows show +inactive', async () => {
    const a = await versionNode('gadget-docs', 'v3.1');
    const b = await versionNode('gadget-docs', 'v3.0');
    sandbox.clearLog();
    const ui = new ScriptedUi().confirmed(true);
    await run('readthedocs.deactivateVersion', ui, a, [a, b]);
    ui.assertDone();
    assert.match(ui.prompts[0].title ?? '', /Deactivate 2 versions of gadget-docs\?/);
    assert.deepEqual(patches('gadget-docs', 'v3.1').map((r) => r.body), [{ active: false }]);
    assert.deepEqual(patches('gadget-docs', 'v3.0').map((r) => r.body), [{ active: false }]);
    await ui.waitForMessage(/now deactivated/);
    for (const slug of ['v3.1', 'v3.0']) {
      const node = await versionNode('gadget-docs', slug);
      assert.equal(node.version.active, false, slug);
      assert.match(contextValueOf(node), /\+inactive/);
    }
  });

  it('activate from a version node: PATCH {active:true}', async () => {
    const node = await versionNode('gadget-docs', 'v3.1');
    sandbox.clearLog();
    const ui = new ScriptedUi();
    await run('readthedocs.activateVersion', ui, node);
    assert.deepEqual(patches('gadget-docs', 'v3.1').map((r) => r.body), [{ active: true }]);
    assert.equal((await versionNode('gadget-docs', 'v3.1')).version.active, true);
  });

  it('a version that vanished (404): explained and the folder reloaded', async () => {
    const node = await versionNode('widgets', 'v1.9.2');
    const list = sandbox.db.versions('widgets');
    list.splice(list.findIndex((v) => v.slug === 'v1.9.2'), 1);
    sandbox.clearLog();
    const ui = new ScriptedUi();
    await run('readthedocs.activateVersion', ui, node);
    const message = await ui.waitForMessage(/^Activating v1\.9\.2 of widgets failed: not found on /);
    assert.equal(message.severity, 'error');
    assert.equal(patches('widgets', 'v1.9.2').length, 1);
    const children = await tree.children(testing, await versionsFolder('widgets'));
    assert.ok(!children.some((n) => n.kind === 'version' && n.version.slug === 'v1.9.2'));
  });

  it('a project the token may only read (403): explained, nothing else sent', async () => {
    const node = await versionNode('widgets', 'v1.9.1');
    await signInWith(testing, sandbox.tokens.other);
    try {
      sandbox.clearLog();
      const ui = new ScriptedUi();
      await run('readthedocs.activateVersion', ui, node);
      const message = await ui.waitForMessage(/^Activating v1\.9\.1 of widgets failed: .*Only the maintainers of a project can change it/);
      assert.equal(message.severity, 'error');
      assert.deepEqual(patches('widgets', 'v1.9.1').map((r) => r.status), [403]);
      assert.equal(rereads('widgets', 'v1.9.1').length, 0);
    } finally {
      await signInWith(testing, sandbox.tokens.owner);
    }
  });
});
