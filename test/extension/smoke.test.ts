import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const EXTENSION_ID = 'readthedocs-community.readthedocs-vscode';

describe('smoke: the extension in a real extension host', () => {
  it('is installed under its id and activates', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not loaded in this extension host`);
    const api = (await extension.activate()) as { testing?: unknown } | undefined;
    assert.equal(extension.isActive, true);
    // Test hooks exist only in ExtensionMode.Test, which both routes must give the extension.
    assert.ok(api?.testing, 'activate() returned no `testing` API: is the host running in ExtensionMode.Test?');
    console.log(`    host: ${vscode.env.appName} ${vscode.version} (uiKind ${vscode.UIKind[vscode.env.uiKind]}, remote ${vscode.env.remoteName ?? 'none'})`);
  });

  it('receives the test environment from the runner', () => {
    assert.equal(process.env.READTHEDOCS_TEST, '1');
  });
});
