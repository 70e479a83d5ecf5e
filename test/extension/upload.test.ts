// Upload Local Build… in a real extension host against the sandbox: a clone of widgets with a built Sphinx site
// is uploaded from This Workspace's project (initiate → storage → complete, no token to storage), its version's page
// is served by the docs host, a build request for that version explains itself, and a project without the beta gets its message.

import * as assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { TestingApi } from '../../src/vscode/testing';
import { gitIn, makeWidgetsClone } from '../helpers/git';
import { type Sandbox, startSandbox } from '../sandbox';
import { getTesting, setEditionUrls, setSetting, signOutAll, useSandboxForBuilds, waitFor } from './helpers/host';
import { gitApi, removeRepository } from './helpers/gitExtension';
import { ScriptedUi } from './helpers/scriptedUi';

/** Upload Local Build… from This Workspace's row of the bound widgets project: the build it started, if any. */
function uploadFromWorkspace(): Thenable<{ id: number } | undefined> {
  const folderPath = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  return vscode.commands.executeCommand<{ id: number } | undefined>('readthedocs.uploadLocalBuild', { subject: { edition: 'community', projectSlug: 'widgets', folderPath } });
}

describe('upload a local build', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  let testing: TestingApi;
  let folder: string;
  const storageHost = () => new URL(sandbox.storageOrigin).host;

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 100, loopbackDocs: true });
    testing = await getTesting();
    await useSandboxForBuilds(testing, sandbox.origin, sandbox.tokens.owner);
    folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    makeWidgetsClone(folder);
    gitIn(folder)('checkout', '-q', '-b', 'docs/uploaded');
    // What `python -m sphinx -b html docs docs/_build/html` leaves: the HTML under the conf.py's _build.
    mkdirSync(join(folder, 'docs', '_build', 'html', '_static'), { recursive: true });
    writeFileSync(join(folder, 'docs', '_build', 'html', 'index.html'), '<!DOCTYPE html><html><body><h1>Widgets, built on my machine</h1></body></html>');
    writeFileSync(join(folder, 'docs', '_build', 'html', '_static', 'basic.css'), 'body { margin: 0; }');
    // What git says of HEAD (tags, uncommitted changes) comes from the git extension, once it has opened the clone.
    const uri = vscode.workspace.workspaceFolders![0]!.uri;
    await waitFor(async () => (await gitApi()).getRepository(uri)?.state.HEAD?.commit, 'the git extension to open the clone', 30_000, 100);
  });

  after(async () => {
    rmSync(join(folder, 'docs', '_build'), { recursive: true, force: true });
    await removeRepository(vscode.workspace.workspaceFolders![0]!.uri);
    await signOutAll(testing);
    await setSetting('builds.pollSeconds', undefined);
    await setEditionUrls({ community: '' });
    await sandbox?.close();
  });

  it('uploads the branch\'s built site from the bound project, and the version\'s page is served', async () => {
    const ui = new ScriptedUi().confirmed(true);
    testing.setUi(ui);
    sandbox.clearLog();
    const build = await uploadFromWorkspace();
    ui.assertDone();
    assert.ok(build, `no build: ${JSON.stringify(ui.messages)}`);
    const plan = ui.prompts.find((p) => p.kind === 'confirm')!;
    assert.match(String(plan.detail), /Publishes as: branch docs\/uploaded/);
    assert.match(String(plan.detail), /docs\/_build\/html \(2 files/);
    assert.doesNotMatch(String(plan.detail), /uncommitted/, 'the build output alone is not an uncommitted change');
    const writes = sandbox.requests.filter((r) => r.method === 'POST').map((r) => (r.host === storageHost() ? 'storage' : r.path));
    assert.deepEqual(writes, ['/api/v3/upload/initiate/', 'storage', '/api/v3/upload/complete/']);
    assert.ok(sandbox.requests.filter((r) => r.authorization !== undefined).every((r) => r.host === new URL(sandbox.origin).host), 'the token went only to the API');
    await waitFor(() => sandbox.db.build(build.id)?.state === 'finished', 'the uploaded build to finish', 20_000);
    assert.equal(sandbox.db.build(build.id)?.success, true);
    const page = await fetch(`${sandbox.docsOrigins.get('widgets')}/en/docs-uploaded/`);
    assert.match(await page.text(), /Widgets, built on my machine/);
  });

  it('publishes the branch\'s pull request as its preview when asked, and the preview\'s page is served', async () => {
    const git = gitIn(folder);
    git('config', 'branch.docs/uploaded.github-pr-owner-number', 'example-org#widgets#77');
    try {
      const ui = new ScriptedUi().pick(/pull request #77/).confirmed(true);
      testing.setUi(ui);
      sandbox.clearLog();
      const build = await uploadFromWorkspace();
      ui.assertDone();
      assert.ok(build, `no build: ${JSON.stringify(ui.messages)}`);
      const targets = ui.prompts.find((p) => p.kind === 'pick');
      assert.deepEqual(targets?.items, ['branch docs/uploaded', 'pull request #77 (its preview)']);
      assert.match(String(ui.prompts.find((p) => p.kind === 'confirm')?.detail), /pull request #77/);
      const initiate = sandbox.requests.find((r) => r.path === '/api/v3/upload/initiate/');
      const { name, type } = (initiate?.body as { version: { name: string; type: string } }).version;
      assert.deepEqual({ name, type }, { name: '77', type: 'external' });
      await waitFor(() => sandbox.db.build(build.id)?.state === 'finished', 'the preview build to finish', 20_000);
      assert.equal(sandbox.db.build(build.id)?.success, true);
      const preview = sandbox.db.versions('widgets').find((v) => v.slug === sandbox.db.build(build.id)?.version);
      assert.deepEqual([preview?.verboseName, preview?.type], ['77', 'external']);
    } finally {
      git('config', '--unset', 'branch.docs/uploaded.github-pr-owner-number');
    }
  });

  it('offers the PDF and ePub Sphinx built beside the HTML (found by VS Code\'s file search) and names them in the plan', async () => {
    const build = join(folder, 'docs', '_build');
    mkdirSync(join(build, 'latex'), { recursive: true });
    mkdirSync(join(build, 'epub'), { recursive: true });
    writeFileSync(join(build, 'latex', 'widgets.pdf'), '%PDF-1.4\n');
    writeFileSync(join(build, 'epub', 'Widgets.epub'), 'PK');
    try {
      const ui = new ScriptedUi().pickMany(/widgets\.pdf$/, /Widgets\.epub$/).confirmed(false);
      testing.setUi(ui);
      sandbox.clearLog();
      assert.equal(await uploadFromWorkspace(), undefined);
      ui.assertDone();
      const offered = ui.prompts.find((p) => p.kind === 'pickMany');
      assert.deepEqual([...(offered?.items ?? [])].sort(), ['docs/_build/epub/Widgets.epub', 'docs/_build/latex/widgets.pdf']);
      assert.match(String(ui.prompts.find((p) => p.kind === 'confirm')?.detail), /Also: .*pdf\/.*\.pdf/);
      assert.match(String(ui.prompts.find((p) => p.kind === 'confirm')?.detail), /epub\/.*\.epub/);
      assert.ok(!sandbox.requests.some((r) => r.method === 'POST'), 'declined: nothing sent');
    } finally {
      rmSync(join(build, 'latex'), { recursive: true, force: true });
      rmSync(join(build, 'epub'), { recursive: true, force: true });
    }
  });

  it('a changed tracked file is named in the plan; declining it sends nothing', async () => {
    const index = join(folder, 'docs', 'index.rst');
    const { readFileSync } = await import('node:fs');
    const original = readFileSync(index, 'utf8');
    writeFileSync(index, `${original}\nA line not committed.\n`);
    try {
      await (await gitApi()).getRepository(vscode.workspace.workspaceFolders![0]!.uri)?.status();
      const ui = new ScriptedUi().confirmed(false);
      testing.setUi(ui);
      sandbox.clearLog();
      assert.equal(await uploadFromWorkspace(), undefined);
      const plan = ui.prompts.find((p) => p.kind === 'confirm')!;
      assert.match(String(plan.detail), /uncommitted changes: what you built may not be this commit/);
      assert.ok(!sandbox.requests.some((r) => r.method === 'POST'), 'nothing was sent');
    } finally {
      writeFileSync(index, original);
    }
  });

  it('a build request for the uploaded version explains itself and offers the upload, sending nothing', async () => {
    const ui = new ScriptedUi();
    testing.setUi(ui);
    sandbox.clearLog();
    const version = { id: 1, slug: 'docs-uploaded', verboseName: 'docs/uploaded', identifier: 'docs/uploaded', ref: undefined, active: true, hidden: false, built: true, type: 'branch', privacyLevel: 'public', aliases: [], urls: {}, downloads: {}, lastBuild: undefined };
    const node = { kind: 'version', id: 'v', edition: 'community', parentId: 'p', projectSlug: 'widgets', projectId: 'community/widgets', version };
    await vscode.commands.executeCommand('readthedocs.triggerBuild', node);
    const message = await ui.waitForMessage(/published by uploads/);
    assert.equal(message.severity, 'warn');
    assert.ok(!sandbox.requests.some((r) => r.method === 'POST'), 'nothing was sent');
    // A version uploaded elsewhere (not known here): the server's 400 says it, in the same words.
    sandbox.db.addVersion('widgets', { slug: 'elsewhere', verboseName: 'elsewhere' });
    sandbox.db.uploads.uploadedVersions.add('widgets/elsewhere');
    await vscode.commands.executeCommand('readthedocs.triggerBuild', { ...node, version: { ...version, slug: 'elsewhere', verboseName: 'elsewhere' } });
    await ui.waitForMessage((m) => /published by uploads/.test(m.text) && m !== message);
    assert.deepEqual(sandbox.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.status]), [['/api/v3/projects/widgets/versions/elsewhere/builds/', 400]]);
  });

  it('Create Upload Workflow drafts the official action\'s workflow for the project, unsaved, and never overwrites', async () => {
    const ui = new ScriptedUi();
    testing.setUi(ui);
    const folderUri = vscode.workspace.workspaceFolders![0]!.uri;
    const ref = { subject: { edition: 'community', projectSlug: 'widgets', folderPath: folderUri.fsPath } };
    const draft = await vscode.commands.executeCommand<vscode.TextDocument | undefined>('readthedocs.createUploadWorkflow', ref);
    assert.ok(draft, `no draft: ${JSON.stringify(ui.messages)}`);
    assert.equal(draft.uri.scheme, 'untitled');
    assert.ok(draft.uri.path.endsWith('/.github/workflows/readthedocs-upload.yml'));
    const text = draft.getText();
    for (const part of ['uses: readthedocs/upload-action@v1', 'project-slug: widgets', 'html-dir: docs/_build/html', 'secrets.READTHEDOCS_TOKEN', 'github.event.pull_request.head.repo.full_name == github.repository']) {
      assert.ok(text.includes(part), part);
    }
    // The sandbox is not the action's default server: the workflow names it.
    assert.ok(text.includes(`api-url: ${sandbox.origin}/`), text);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    const existing = vscode.Uri.joinPath(folderUri, '.github', 'workflows', 'readthedocs-upload.yml');
    await vscode.workspace.fs.writeFile(existing, new TextEncoder().encode('name: mine\n'));
    try {
      assert.equal(await vscode.commands.executeCommand('readthedocs.createUploadWorkflow', ref), undefined);
      await ui.waitForMessage(/already has \.github\/workflows\/readthedocs-upload\.yml: it is open, nothing was changed/);
      assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(existing)), 'name: mine\n');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folderUri, '.github'), { recursive: true });
    }
  });

  it('a project without the beta gets its message, and no build is created', async () => {
    const ui = new ScriptedUi().confirmed(true);
    testing.setUi(ui);
    sandbox.clearLog();
    const before = sandbox.db.builds('gadget-docs').length;
    const project = { slug: 'gadget-docs', name: 'Gadget Docs' };
    await vscode.commands.executeCommand('readthedocs.uploadLocalBuild', { kind: 'project', id: 'community/gadget-docs', edition: 'community', project });
    await ui.waitForMessage(/Ask Read the Docs support to enable direct artifacts upload/);
    assert.equal(sandbox.db.builds('gadget-docs').length, before);
    assert.deepEqual(sandbox.requests.filter((r) => r.method === 'POST').map((r) => r.path), ['/api/v3/upload/initiate/']);
  });
});
