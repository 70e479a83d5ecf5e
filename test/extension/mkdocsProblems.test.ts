// The sandbox's MkDocs project in a real extension host: the workspace folder made a clone of
// mk-demo, every warning of its real build log (MkDocs 1.4, mkdocstrings, griffe, autorefs) lands
// in the Problems panel on the right file and line, and its log document gives the strict-mode abort
// as the failure reason.

import * as assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { TestingApi } from '../../src/vscode/testing';
import { makeMkDemoClone } from '../helpers/git';
import { type Sandbox, startSandbox } from '../sandbox';
import { MK_DEMO_SOURCES } from '../sandbox/seed/pages/mkDemo';
import { removeRepository } from './helpers/gitExtension';
import { describeOurDiagnostics, getTesting, setEditionUrls, setSetting, signInWith, signOutAll, waitFor } from './helpers/host';
import { ScriptedUi } from './helpers/scriptedUi';

/** The 1-based line of `text` in a file of mk-demo. */
function lineOf(path: string, text: string): number {
  return MK_DEMO_SOURCES[path]!.split('\n').findIndex((line) => line.includes(text)) + 1;
}

describe('MkDocs build warnings in the Problems panel (the sandbox\'s mk-demo)', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let testing: TestingApi;
  let workspaceFolder: vscode.Uri;
  let written: string[] = [];

  /** `line:severity code` of our diagnostics on a workspace file (lines 1-based). */
  const diagnosticsOf = (path: string) => vscode.languages.getDiagnostics(vscode.Uri.joinPath(workspaceFolder, ...path.split('/')))
    .filter((d) => d.source === 'Read the Docs')
    .map((d) => `${d.range.start.line + 1}:${d.severity === vscode.DiagnosticSeverity.Error ? 'error' : 'warning'} ${typeof d.code === 'object' ? d.code.value : d.code}`)
    .sort();
  const ours = () => vscode.languages.getDiagnostics().filter(([, list]) => list.some((d) => d.source === 'Read the Docs'));

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 400 });
    testing = await getTesting();
    workspaceFolder = vscode.workspace.workspaceFolders![0].uri;
    await signOutAll(testing);
    await setSetting('requestsPerMinute', 600);
    await setEditionUrls({ community: sandbox.origin, business: '' });
    await signInWith(testing, sandbox.tokens.owner);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOutAll(testing);
    await setSetting('requestsPerMinute', undefined);
    await setEditionUrls({ community: '' });
    await sandbox?.close();
  });

  it('every warning of the latest build on its file and line; the log gives the strict-mode abort as the reason', async () => {
    written = makeMkDemoClone(workspaceFolder.fsPath, MK_DEMO_SOURCES);
    try {
      testing.setUi(new ScriptedUi());
      await vscode.commands.executeCommand('readthedocs.refreshWorkspace');
      await waitFor(() => diagnosticsOf('docs/guide.md').length === 2, 'the latest mk-demo build\'s problems', 30_000);
      assert.deepEqual(diagnosticsOf('mkdocs.yml'), [`${lineOf('mkdocs.yml', 'faq.md')}:warning mkdocs.nav`]);
      assert.deepEqual(diagnosticsOf('docs/guide.md'), [
        `${lineOf('docs/guide.md', '(changelog.md)')}:warning mkdocs.links`,
        `${lineOf('docs/guide.md', '[mk_demo.core.whisper][]')}:warning autorefs`,
      ].sort());
      // griffe's line, and the reference api.md was blamed for, written in the docstring of a module it renders.
      assert.deepEqual(diagnosticsOf('mk_demo/core.py'), [
        `${lineOf('mk_demo/core.py', '[mk_demo.core.yell][]')}:warning autorefs`,
        '29:warning griffe',
      ].sort());
      assert.equal(ours().reduce((n, [, list]) => n + list.length, 0), 5, `all five warnings are placed, and nothing else:${describeOurDiagnostics()}`);

      const latest = sandbox.db.builds('mk-demo').sort((a, b) => b.id - a.id)[0]!;
      const uri = await vscode.commands.executeCommand<vscode.Uri>('readthedocs.showBuildLog', { edition: 'community', projectSlug: 'mk-demo', buildId: latest.id });
      const text = await waitFor(() => {
        const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
        return document?.getText().includes('# Failure:') ? document.getText() : undefined;
      }, 'the failure reason');
      assert.match(text, /^# Failure: MkDocs: Aborted with 5 warnings in strict mode!$/m);
    } finally {
      await removeRepository(workspaceFolder);
      for (const path of written) rmSync(join(workspaceFolder.fsPath, path), { force: true });
      for (const folder of ['mk_demo']) rmSync(join(workspaceFolder.fsPath, folder), { recursive: true, force: true });
      await vscode.commands.executeCommand('readthedocs.refreshWorkspace');
    }
    await waitFor(() => ours().length === 0, 'the Problems panel to clear');
  });
});
