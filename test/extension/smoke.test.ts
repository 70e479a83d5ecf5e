import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const EXTENSION_ID = 'readthedocs-community.readthedocs-vscode';

describe('smoke: the extension in a real extension host', () => {
  it('is installed under its id and activates', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not loaded in this extension host`);
    await extension.activate();
    assert.equal(extension.isActive, true);
    console.log(`    host: ${vscode.env.appName} ${vscode.version} (uiKind ${vscode.UIKind[vscode.env.uiKind]}, remote ${vscode.env.remoteName ?? 'none'})`);
  });

  it('receives the test environment from the runner', () => {
    assert.equal(process.env.READTHEDOCS_TEST, '1');
  });
});
