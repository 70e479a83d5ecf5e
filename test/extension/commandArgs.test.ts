import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestingApi } from '../../src/vscode/testing';
import { type Sandbox, startSandbox } from '../sandbox';
import { getTesting, setEditionUrls, signInWith, signOutAll } from './helpers/host';
import { ScriptedUi } from './helpers/scriptedUi';

/** What another extension or a stale caller might pass: none of it is a row, so commands ask as from the palette. */
const JUNK: readonly unknown[] = [
  'community/project:widgets',
  42,
  { kind: 'version', id: 'community/project:widgets/versions/version:latest', edition: 'community' },
  { kind: 'project', id: 'community/project:widgets', edition: 'community', project: null },
];

describe('command arguments (extension host, sandbox)', () => {
  let sandbox: Sandbox;
  let testing: TestingApi;

  before(async () => {
    sandbox = await startSandbox();
    testing = await getTesting();
    await setEditionUrls({ community: sandbox.origin, business: '' });
    await signOutAll(testing);
    (await signInWith(testing, sandbox.tokens.owner)).assertDone();
  });

  after(async () => {
    await signOutAll(testing);
    await sandbox.close();
  });

  it('asks with the picker when a command is given something it does not accept', async () => {
    for (const junk of JUNK) {
      const ui = new ScriptedUi().pick('Gadget Docs').pick('Documentation');
      testing.setUi(ui);
      const url = await vscode.commands.executeCommand<string | undefined>('readthedocs.copyUrl', junk);
      ui.assertDone();
      assert.match(url ?? '', /^https?:\/\//, JSON.stringify(junk));
    }
  });

  it('says what is missing when there is nothing to ask for', async () => {
    const ui = new ScriptedUi();
    testing.setUi(ui);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // A build row's look without its build, then a build named with a string for its number.
    for (const junk of [{ kind: 'build', id: 'community/project:widgets/builds/build:1', edition: 'community', projectSlug: 'widgets', projectId: 'community/project:widgets' }, { edition: 'community', projectSlug: 'widgets', buildId: 'x' }]) {
      const page = await vscode.commands.executeCommand<string | undefined>('readthedocs.openBuildInBrowser', junk);
      assert.equal(page, undefined);
    }
    assert.deepEqual(ui.messages.map((m) => m.text), ['Open a build first (Read the Docs: Show Build).', 'Open a build first (Read the Docs: Show Build).']);
    ui.assertDone();
  });
});
