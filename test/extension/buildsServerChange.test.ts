// Build and log documents are tied to the server they were read from: the same build id after
// the edition's base URL moves to another server is another document, read from the new server,
// while the one already open keeps its server's build (and "Open Build in Browser" its page).

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestingApi } from '../../src/vscode/testing';
import { type Sandbox, startSandbox } from '../sandbox';
import { getTesting, setEditionUrls, signInWith, signOutAll, waitFor } from './helpers/host';
import { ScriptedUi } from './helpers/scriptedUi';

describe('build and log documents after the base URL changes', function () {
  this.timeout(90_000);
  let first: Sandbox;
  let second: Sandbox;
  let testing: TestingApi;

  /** Points the community edition at `sandbox` and signs in there. */
  async function useServer(sandbox: Sandbox): Promise<void> {
    await setEditionUrls({ community: sandbox.origin, business: '' });
    await signInWith(testing, sandbox.tokens.owner);
  }
  const textOf = (uri: vscode.Uri, what: string) =>
    waitFor(() => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString() && d.getText().includes('widgets'))?.getText(), what);
  const host = (sandbox: Sandbox) => new URL(sandbox.origin).host;

  before(async () => {
    [first, second] = await Promise.all([startSandbox(), startSandbox()]);
    testing = await getTesting();
    await signOutAll(testing);
    await useServer(first);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOutAll(testing);
    await setEditionUrls({ community: '' });
    await Promise.all([first?.close(), second?.close()]);
  });

  it('the same build id on the new server is another document; the open one keeps its server\'s build, page and log', async () => {
    // Both sandboxes hold the same seed: build ids collide, as they do between two servers.
    const [newest] = first.db.builds('widgets').filter((b) => b.state === 'finished').sort((a, b) => b.id - a.id);
    assert.ok(newest && second.db.builds('widgets').some((b) => b.id === newest.id), 'the build id exists on both servers');
    const ref = { edition: 'community' as const, projectSlug: 'widgets', buildId: newest.id };
    const oldBuild = await vscode.commands.executeCommand<vscode.Uri>('readthedocs.showBuild', ref);
    assert.equal(oldBuild.authority, host(first));
    const oldText = await textOf(oldBuild, 'the build document of the first server');
    assert.ok(oldText.includes(`on ${host(first)}`) && oldText.includes(first.origin), oldText);
    const oldLog = await vscode.commands.executeCommand<vscode.Uri>('readthedocs.showBuildLog', ref);
    assert.equal(oldLog.authority, host(first));
    const oldLogText = await textOf(oldLog, 'the log document of the first server');

    await useServer(second);
    const ui = new ScriptedUi(); // after the sign-in, which answers through its own
    testing.setUi(ui);
    second.clearLog();
    const newBuild = await vscode.commands.executeCommand<vscode.Uri>('readthedocs.showBuild', ref);
    assert.notEqual(newBuild.toString(), oldBuild.toString(), 'another server, another document');
    assert.equal(newBuild.authority, host(second));
    const newText = await textOf(newBuild, 'the build document of the second server');
    assert.ok(newText.includes(`on ${host(second)}`) && newText.includes(second.origin) && !newText.includes(first.origin), newText);
    assert.ok(second.requests.some((r) => r.method === 'GET' && r.path === `/api/v3/projects/widgets/builds/${newest.id}/`), 'read from the second server');
    const newLog = await vscode.commands.executeCommand<vscode.Uri>('readthedocs.showBuildLog', ref);
    assert.equal(newLog.authority, host(second));
    await textOf(newLog, 'the log document of the second server');
    assert.ok(second.requests.some((r) => r.path === `/api/v2/build/${newest.id}/`), 'the log read from the second server');

    // The documents of the first server still show its build, and its page opens.
    assert.equal(vscode.workspace.textDocuments.find((d) => d.uri.toString() === oldBuild.toString())?.getText(), oldText);
    assert.equal(vscode.workspace.textDocuments.find((d) => d.uri.toString() === oldLog.toString())?.getText(), oldLogText);
    const page = await vscode.commands.executeCommand<string | undefined>('readthedocs.openBuildInBrowser', oldBuild);
    assert.ok(page?.startsWith(first.origin), `the first server's page: ${page}`);
    const newPage = await vscode.commands.executeCommand<string | undefined>('readthedocs.openBuildInBrowser', newBuild);
    assert.ok(newPage?.startsWith(second.origin), `the second server's page: ${newPage}`);

    // Reading the first server's build again through the second server is refused with the reason.
    second.clearLog();
    const fromOldLog = await vscode.commands.executeCommand<string | undefined>('readthedocs.openBuildInBrowser', oldLog);
    assert.equal(fromOldLog, undefined);
    const refused = await ui.waitForMessage(/was read from/);
    assert.equal(refused.text, `This build was read from ${host(first)}; Read the Docs Community now uses ${host(second)}. Show the build again to read it there.`);
    assert.deepEqual(second.requests.filter((r) => r.path.includes(`/${newest.id}/`)), [], 'nothing asked of the second server about it');
    assert.deepEqual(ui.opened, [page, newPage]);
  });
});
