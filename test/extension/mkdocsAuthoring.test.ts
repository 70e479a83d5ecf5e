// Writing an MkDocs page in a real extension host: the fixture workspace made a clone of the sandbox's
// mk-demo (mkdocs.yml at the top, so the docs layout is MkDocs), bound through readthedocs.projects;
// its objects.inv (written by mkdocstrings) and pages served on mk-demo's loopback docs origin, sections
// from the embed endpoint. autorefs references hover, complete, link and hint; a relative page link
// hovers with the published section; nothing is asked while idle or for a warm hover.

import * as assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { TestingApi } from '../../src/vscode/testing';
import { makeMkDemoClone } from '../helpers/git';
import { type Sandbox, startSandbox } from '../sandbox';
import { MK_DEMO_SOURCES } from '../sandbox/seed/pages/mkDemo';
import { removeRepository } from './helpers/gitExtension';
import { getTesting, setEditionUrls, setSetting, signOutAll, waitFor } from './helpers/host';

describe('MkDocs pages: autorefs references and relative page links (the sandbox\'s mk-demo)', function () {
  this.timeout(90_000);
  let sandbox: Sandbox;
  let testing: TestingApi;
  let folder: vscode.Uri;
  let written: string[] = [];
  /** mk-demo's latest docs on its loopback origin, as the API publishes them. */
  let DOCS: string;

  const open = (path: string) => vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, ...path.split('/')));
  const positionOf = (document: vscode.TextDocument, needle: string, offset = 2) => {
    const index = document.getText().indexOf(needle);
    assert.ok(index >= 0, `${needle} is not in ${document.uri.path}`);
    return document.positionAt(index + offset);
  };
  const hoverAt = async (document: vscode.TextDocument, needle: string, offset = 2): Promise<string | undefined> => {
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, positionOf(document, needle, offset));
    return hovers.flatMap((hover) => hover.contents.map((c) => (typeof c === 'string' ? c : c.value))).find((text) => text.includes('Read the Docs'));
  };

  before(async () => {
    sandbox = await startSandbox({ loopbackDocs: true });
    DOCS = `${sandbox.docsOrigins.get('mk-demo')}/en/latest/`;
    testing = await getTesting();
    folder = vscode.workspace.workspaceFolders![0].uri;
    await signOutAll(testing);
    await setEditionUrls({ community: sandbox.origin, business: '' });
    written = makeMkDemoClone(folder.fsPath, MK_DEMO_SOURCES);
    writeFileSync(join(folder.fsPath, 'docs', 'scratch.md'), 'Typing: [the greeter][mk_demo.core.G\n');
    written.push('docs/scratch.md');
    await setSetting('projects', ['community/mk-demo']);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await removeRepository(folder);
    for (const path of written) rmSync(join(folder.fsPath, path), { force: true });
    rmSync(join(folder.fsPath, 'mk_demo'), { recursive: true, force: true });
    rmSync(join(folder.fsPath, 'ci'), { recursive: true, force: true });
    await setSetting('projects', undefined);
    await setEditionUrls({ community: '' });
    await sandbox?.close();
  });

  it('[text][id] and [id][] hover with the title, the type and the published section', async () => {
    const document = await open('docs/index.md');
    const greet = await waitFor(() => hoverAt(document, '[greet][mk_demo.core.greet]', 12), 'the [text][id] hover', 30_000);
    assert.match(greet, /\*\*mk\\?_demo\.core\.greet\*\* · py:function · published on Read the Docs\n/);
    assert.ok(greet.includes(`[Open in browser](${DOCS}api/#mk_demo.core.greet`), greet);
    const greeter = await hoverAt(document, '[mk_demo.core.Greeter][]', 4);
    assert.match(greeter ?? '', /py:class/);
    assert.ok(greeter?.includes(`${DOCS}api/#mk_demo.core.Greeter`), greeter);
    const toDocs = sandbox.requests.filter((r) => r.host === new URL(DOCS).host || r.path === '/api/v3/embed/');
    assert.ok(toDocs.length > 0 && toDocs.every((r) => r.authorization === undefined), 'no token to the docs origin or the embed endpoint');
  });

  it('a relative page link hovers with the published section: the heading and what follows it', async () => {
    const document = await open('docs/index.md');
    const text = await waitFor(() => hoverAt(document, '(guide.md#install-from-source)', 4), 'the page link hover', 30_000);
    assert.match(text, /\*\*guide\.md\\?#install-from-source\*\* · published on Read the Docs/);
    assert.match(text, /Install from source/);
    assert.match(text, /Clone the repository/, 'the section\'s text, not only its heading');
    assert.doesNotMatch(text, /Greeting people/, 'up to the next heading of its level');
  });

  it('completes after ][ with the published identifiers', async () => {
    const document = await open('docs/scratch.md');
    const end = document.lineAt(0).range.end;
    const list = await waitFor(async () => {
      const found = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, end);
      return found.items.length > 0 ? found : undefined;
    }, 'autorefs completions', 30_000);
    const labels = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
    assert.ok(labels.includes('mk_demo.core.Greeter'), labels.join(', '));
  });

  it('Ctrl+click links and the hint for an unknown identifier; nothing in fenced code', async () => {
    const document = await open('docs/guide.md');
    await vscode.window.showTextDocument(document);
    const links = await waitFor(async () => {
      const found = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', document.uri);
      const ours = found.filter((l) => l.target?.toString(true).startsWith(DOCS));
      return ours.length > 0 ? ours : undefined;
    }, 'document links', 30_000);
    assert.deepEqual(links.map((l) => document.getText(l.range)).sort(), ['mk_demo.core.Greeter', 'mk_demo.core.Greeter.shout', 'mk_demo.core.greet'].sort());
    assert.ok(links.some((l) => l.target?.toString(true) === `${DOCS}api/#mk_demo.core.greet`));
    const fenced = document.getText().split('\n').findIndex((line) => line.includes('a fenced block'));
    assert.ok(links.every((l) => l.range.start.line !== fenced));
    const hints = await waitFor(() => {
      const found = vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'Read the Docs' && d.severity === vscode.DiagnosticSeverity.Hint);
      return found.length > 0 ? found : undefined;
    }, 'the unresolved-identifier hint', 30_000);
    assert.deepEqual(hints.map((d) => document.getText(d.range)), ['mk_demo.core.whisper']);
    const whisper = await hoverAt(document, '[mk_demo.core.whisper][]', 4);
    assert.match(whisper ?? '', /mk\\?_demo\.core\.whisper is in none of the published inventories/);
    assert.match(whisper ?? '', /Did you mean: .*mk\\?_demo\.core/);
  });

  it('warm hovers ask nothing; nothing is asked while idle', async () => {
    const document = await open('docs/index.md');
    await hoverAt(document, '[greet][mk_demo.core.greet]', 12);
    await hoverAt(document, '(guide.md#install-from-source)', 4);
    const before = sandbox.requests.length;
    assert.ok(await hoverAt(document, '[greet][mk_demo.core.greet]', 12));
    assert.ok(await hoverAt(document, '(guide.md#install-from-source)', 4));
    assert.equal(sandbox.requests.length, before, 'warm hovers');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    assert.equal(sandbox.requests.length, before, 'idle');
  });

  it('the layout follows the .readthedocs.yaml Read the Docs reads: the root one, else the project\'s own readthedocs_yaml_path', async () => {
    const document = await open('docs/index.md');
    const hovers = async () => Boolean(await hoverAt(document, '[greet][mk_demo.core.greet]', 12));
    const config = (path: string, text: string) => {
      mkdirSync(dirname(join(folder.fsPath, path)), { recursive: true });
      writeFileSync(join(folder.fsPath, path), text);
      written.push(path);
    };
    // A root configuration that builds with Sphinx (the fixture's docs/conf.py): the page is no MkDocs page.
    config('.readthedocs.yaml', 'version: 2\nbuild:\n  os: ubuntu-24.04\n  tools:\n    python: "3.12"\nsphinx:\n  configuration: docs/conf.py\n');
    await waitFor(async () => !(await hovers()), 'the autorefs hover to go with a Sphinx configuration at the root', 30_000);
    // The project reads its own path, which names mkdocs.yml: the root file is not Read the Docs'.
    config('ci/readthedocs.yaml', 'version: 2\nbuild:\n  os: ubuntu-24.04\n  tools:\n    python: "3.12"\nmkdocs:\n  configuration: mkdocs.yml\n');
    // Changed on the server (as its project settings page would: a new modified time).
    const project = sandbox.db.project('mk-demo')!;
    Object.assign(project, { readthedocsYamlPath: 'ci/readthedocs.yaml', modified: Date.now() });
    try {
      await vscode.commands.executeCommand('readthedocs.refreshWorkspace');
      await waitFor(hovers, 'the autorefs hover back once the project names ci/readthedocs.yaml', 30_000);
    } finally {
      Object.assign(project, { readthedocsYamlPath: null, modified: Date.now() });
    }
  });
});
