import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CommandIds } from '../../src/core/commandIds';
import { EXTENSION_ID } from './helpers/host';

describe('the product contract in a real extension host', () => {
  it('activates when its view opens', async () => {
    await vscode.commands.executeCommand('workbench.view.extension.readthedocs');
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    for (let i = 0; i < 50 && !extension.isActive; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(extension.isActive, true);
  });

  it('registers every command of the contract and of package.json', async () => {
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    const registered = new Set(await vscode.commands.getCommands(true));
    const contributed = (vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.commands as { command: string }[]).map((c) => c.command);
    const missing = [...new Set([...Object.values(CommandIds), ...contributed])].filter((id) => !registered.has(id));
    assert.deepEqual(missing, []);
  });
});
