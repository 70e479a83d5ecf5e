// From a bare clone to a first green build, in a real extension host against the sandbox: a clone
// without .readthedocs.yaml, This Workspace offering Import and Create .readthedocs.yaml, Import
// asking for the file first (an unsaved editor to review), the file saved (and, in the sandbox,
// pushed), the project imported and its first build passing. Then the server's rules on a real
// .readthedocs.yaml of the fixture workspace, with a quick fix.

import * as assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { MAX_CONFIG_CHARS } from '../../src/core/docsLayout/configYaml';
import { firstConfig } from '../../src/core/readthedocsYaml/firstConfig';
import type { TestingApi } from '../../src/vscode/testing';
import { makeWidgetsClone } from '../helpers/git';
import { type Sandbox, startSandbox } from '../sandbox';
import { removeRepository } from './helpers/gitExtension';
import { getTesting, leaveSandbox, setSetting, useSandboxForBuilds, waitFor } from './helpers/host';
import { ScriptedUi } from './helpers/scriptedUi';
import { workspaceItem, workspaceRows } from './helpers/tree';

const SPROCKETS = 'https://github.com/example-org/sprockets.git';

describe('a first .readthedocs.yaml and the server\'s rules', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let testing: TestingApi;
  let folder: string;
  const configPath = () => join(folder, '.readthedocs.yaml');
  const configUri = () => vscode.Uri.file(configPath());
  const ruleErrors = () => vscode.languages.getDiagnostics(configUri()).filter((d) => d.source === 'Read the Docs' && typeof d.code === 'string');

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 100 });
    testing = await getTesting();
    await useSandboxForBuilds(testing, sandbox.origin, sandbox.tokens.owner);
    folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    // A clone of a repository no project is built from yet, without .readthedocs.yaml.
    makeWidgetsClone(folder, SPROCKETS);
    rmSync(configPath(), { force: true });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await removeRepository(vscode.Uri.file(folder));
    rmSync(configPath(), { force: true });
    await leaveSandbox(testing);
    await sandbox?.close();
  });

  it('Import asks for a first .readthedocs.yaml, opens it unsaved for review, and imports once it is saved: the first build passes', async () => {
    // The sandbox's repository has no configuration on main until the file is pushed.
    sandbox.db.branchesWithoutConfig.set(SPROCKETS, new Set(['main']));
    await vscode.commands.executeCommand('workbench.view.extension.readthedocs');
    await vscode.commands.executeCommand('readthedocs.refreshWorkspace');
    const importRow = await waitFor(async () => (await workspaceRows(testing)).find((r) => r.label === 'Import this repository…'), 'the import row');
    const createRow = await waitFor(async () => (await workspaceRows(testing)).find((r) => r.label === 'Create .readthedocs.yaml'), 'the Create .readthedocs.yaml row');
    assert.equal((await workspaceItem(testing, createRow)).command?.command, 'readthedocs.createConfigFile');

    const ui = new ScriptedUi()
      .onMessage(/has no \.readthedocs\.yaml\. Read the Docs builds right after the import/, 'Create .readthedocs.yaml')
      .onMessage(/^Saved \.readthedocs\.yaml\./, 'Import Now')
      .input(SPROCKETS).input('sprockets').pick('English').pick('Python').input('');
    testing.setUi(ui);
    sandbox.clearLog();
    const command = (await workspaceItem(testing, importRow)).command!;
    const imported = vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));

    // Reviewed: an unsaved editor at the folder's .readthedocs.yaml, made from what the folder shows.
    const draft = await waitFor(() => {
      const document = vscode.window.activeTextEditor?.document;
      return document?.uri.scheme === 'untitled' ? document : undefined;
    }, 'the unsaved draft');
    assert.equal(draft.uri.fsPath, configPath());
    assert.ok(draft.isDirty);
    const expected = firstConfig({ sphinxConfigs: ['docs/conf.py'], mkdocsConfigs: [], requirementFiles: [], pyproject: undefined }).text;
    assert.equal(draft.getText(), expected);
    assert.match(draft.getText(), /^ {2}configuration: docs\/conf\.py$/m);
    assert.doesNotMatch(draft.getText(), /^formats:/m);
    assert.deepEqual(sandbox.requests.filter((r) => r.method === 'POST'), [], 'nothing imported before the file is saved');

    // Saved (and pushed: the sandbox's main now has it).
    sandbox.db.branchesWithoutConfig.get(SPROCKETS)!.delete('main');
    assert.ok(await draft.save(), 'the draft saves to its path');
    assert.equal(readFileSync(configPath(), 'utf8'), expected);

    await imported;
    ui.assertDone();
    assert.deepEqual(sandbox.requests.filter((r) => r.method === 'POST').map((r) => r.path), ['/api/v3/projects/']);
    const build = await waitFor(() => sandbox.db.builds('sprockets').find((b) => b.state === 'finished'), 'the first build of sprockets to finish', 30_000);
    assert.equal(build.success, true, 'the first build passes');
    await waitFor(async () => !(await workspaceRows(testing)).some((r) => r.label === 'Create .readthedocs.yaml'), 'the Create row to go once the file is there');
  });

  it('Create .readthedocs.yaml never overwrites: with a file there, it opens it', async () => {
    writeFileSync(configPath(), 'version: 2\n');
    testing.setUi(new ScriptedUi().onMessage(/already has \.readthedocs\.yaml/, undefined));
    const made = await vscode.commands.executeCommand('readthedocs.createConfigFile', { folderPath: folder });
    assert.equal(made, undefined);
    assert.equal(readFileSync(configPath(), 'utf8'), 'version: 2\n');
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, configPath());
  });

  it('marks the server\'s rules on .readthedocs.yaml with their error ids, and a quick fix adds the format', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    writeFileSync(configPath(), [
      'version: 2',
      'build:',
      '  os: ubuntu-24.04',
      '  tools:',
      '    python: "3.12"',
      '  jobs:',
      '    build:',
      '      pdf:',
      '        - make latexpdf',
      'sphinx:',
      '  configuration: doc/conf.py',
      '',
    ].join('\n'));
    const document = await vscode.workspace.openTextDocument(configUri());
    await vscode.window.showTextDocument(document);
    const errors = await waitFor(() => (ruleErrors().length === 2 ? ruleErrors() : undefined), 'the two rule errors');
    assert.deepEqual(errors.map((d) => [d.code, d.range.start.line, d.message]), [
      ['config:build:jobs:build:missing-in-formats', 7, 'The pdf build type was defined in build.jobs.build, but it wasn\'t included in formats.'],
      ['config:validation:invalid-path', 10, 'Config validation error in sphinx.configuration. The path doc/conf.py does not exist.'],
    ]);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, errors[0]!.range, vscode.CodeActionKind.QuickFix.value);
    const addPdf = actions.find((a) => a.title === 'Add pdf to formats');
    assert.ok(addPdf?.edit, actions.map((a) => a.title).join(', '));
    assert.ok(await vscode.workspace.applyEdit(addPdf.edit), 'the format is added');
    const missingPath = await waitFor(() => {
      const [only] = ruleErrors();
      return ruleErrors().length === 1 && only?.range.start.line === 12 ? only : undefined;
    }, 'the checked file to keep only the missing path, two lines lower');
    const pathActions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, missingPath.range, vscode.CodeActionKind.QuickFix.value);
    const useConf = pathActions.find((a) => a.title === 'Use docs/conf.py');
    assert.ok(useConf?.edit, pathActions.map((a) => a.title).join(', '));
    assert.ok(await vscode.workspace.applyEdit(useConf.edit), 'the path is replaced');
    await waitFor(() => ruleErrors().length === 0, 'the errors to go after the fixes');
    const fixedDocument = vscode.workspace.textDocuments.find((d) => d.uri.toString() === configUri().toString())!;
    const fixed = fixedDocument.getText();
    assert.match(fixed, /^version: 2\nformats:\n {2}- pdf\nbuild:/);
    assert.match(fixed, /^ {2}configuration: docs\/conf\.py$/m);
    assert.ok(await fixedDocument.save(), 'the fixed file saves');
  });

  it('a .readthedocs.yaml deleted while its document stays open: its errors go, and the folder is offered a new one', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    writeFileSync(configPath(), 'version: 2\nbuild:\n  os: ubuntu-24.04\n  tools:\n    python: "3.12"\nsphinx:\n  configuration: nowhere/conf.py\n');
    const document = await vscode.workspace.openTextDocument(configUri());
    await waitFor(() => ruleErrors().length === 1 && document.getText().includes('nowhere'),
      () => `the error on the missing path (shows ${JSON.stringify(ruleErrors().map((d) => d.message))} on ${JSON.stringify(document.getText())})`);
    rmSync(configPath());
    await waitFor(() => ruleErrors().length === 0, 'the error to go with the file');
    // VS Code keeps a document open for minutes after its file is deleted: its text is no longer the folder's.
    assert.equal(document.isClosed, false, 'the document outlives its file');
    await setSetting('projects', ['community/widgets']);
    try {
      await vscode.commands.executeCommand('readthedocs.refreshWorkspace');
      await waitFor(async () => {
        const widgets = (await workspaceRows(testing)).find((r) => r.label === 'Widgets');
        return widgets && (await workspaceRows(testing, widgets)).some((r) => r.label === 'Create .readthedocs.yaml');
      }, 'the Create .readthedocs.yaml row under Widgets: the disk has no file');
      assert.deepEqual(ruleErrors(), [], 'the open documents checked again after the binding changed: none for the deleted file');
    } finally {
      await setSetting('projects', undefined);
    }
  });

  it('a .readthedocs.yaml too large to read is still there: no first configuration is offered over it', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(configPath(), { force: true });
    const widgetsRows = async () => {
      const widgets = (await workspaceRows(testing)).find((r) => r.label === 'Widgets');
      return widgets && (await workspaceRows(testing, widgets)).map((r) => r.label);
    };
    await setSetting('projects', ['community/widgets']);
    try {
      await vscode.commands.executeCommand('readthedocs.refreshWorkspace');
      await waitFor(async () => (await widgetsRows())?.includes('Create .readthedocs.yaml'), 'the Create row while the folder has no file');
      writeFileSync(configPath(), `version: 2\n#${'x'.repeat(MAX_CONFIG_CHARS)}\n`);
      await vscode.commands.executeCommand('readthedocs.refreshWorkspace');
      await waitFor(async () => {
        const rows = await widgetsRows();
        return rows && !rows.includes('Create .readthedocs.yaml');
      }, 'the Create row to go: a file is there, too large to read');
    } finally {
      await setSetting('projects', undefined);
      rmSync(configPath(), { force: true });
    }
  });
});
