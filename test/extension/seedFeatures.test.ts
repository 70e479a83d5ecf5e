// Issue 17 in a real extension host against the sandbox (community edition): the projects filter
// (API filters, view description, Clear), the remaining version filters, version downloads, the
// build filters and the build row's click, the superproject row's actions (reveal, open, preview)
// read through the superproject endpoint, preview on subprojects and translations, and the
// import's "Browse by organization" path (provider, organization, repositories marked imported).

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { isFinal } from '../../src/core/builds/facts';
import type { DocsNode, NodeOfKind } from '../../src/core/tree/nodes';
import type { PreviewRender } from '../../src/vscode/preview/previewPanel';
import type { DownloadChoice } from '../../src/vscode/versions/downloads';
import { rowText, useSignedInSandbox, writes } from './helpers/manage';
import { childOf, children, folderNode, folderRows, projectNode, refresh, run, treeItem } from './helpers/tree';
import { ScriptedUi } from './helpers/scriptedUi';

describe('seed features reachable from the UI (community)', function () {
  this.timeout(60_000);
  const ctx = useSignedInSandbox();

  const api = (path?: string) => ctx.sandbox.requests.filter((r) => r.method === 'GET' && (path ? r.path === path : r.path.startsWith('/api/v3/')));
  const item = (node: DocsNode) => treeItem(ctx.testing, node);
  const click = async (node: DocsNode) => {
    const command = item(node).command;
    assert.ok(command, `${node.id} has a click command`);
    return vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
  };

  beforeEach(() => {
    ctx.sandbox.clearFaults();
    ctx.sandbox.clearLog();
    ctx.testing.setUi(new ScriptedUi());
  });

  it('filters the projects by the API\'s filters, says so in the view\'s description, and clears', async () => {
    const ui = new ScriptedUi().input('language:klingon').input('widgets language:fr');
    await run(ctx.testing, 'readthedocs.filterProjects', ui);
    ui.assertDone();
    assert.match(ui.validationMessages[0] ?? '', /Unknown language "klingon"/);
    assert.equal(ctx.testing.projects.view.description, 'Filtered: name: widgets, language: fr');
    const roots = await children(ctx.testing);
    assert.deepEqual(roots.map((n) => n.kind === 'project' && n.project.slug), ['widgets-fr']);
    const list = api('/api/v3/projects/').at(-1);
    assert.equal(list?.query.name, 'widgets');
    assert.equal(list?.query.language, 'fr');

    // The box opens with the current filter; an empty answer would clear it too.
    const again = new ScriptedUi().input('slug:nothing-like-this');
    await run(ctx.testing, 'readthedocs.filterProjects', again);
    assert.equal(again.prompts[0]?.value, 'name:widgets language:fr');
    const none = await children(ctx.testing);
    assert.deepEqual(none.map((n) => n.kind === 'message' && n.text), ['No projects match the filter.']);

    await vscode.commands.executeCommand('readthedocs.clearProjectFilter');
    assert.equal(ctx.testing.projects.view.description, undefined);
    const all = await children(ctx.testing);
    assert.ok(all.some((n) => n.kind === 'project' && n.project.slug === 'gadget-docs'));
    assert.equal(api('/api/v3/projects/').at(-1)?.query.slug, undefined);
  });

  it('filters versions by "not built" and by slug (API filters; privacy is offered on Business only)', async () => {
    const folder = await folderNode(ctx.testing, 'widgets', 'versions');
    const ui = new ScriptedUi().pick('Not built only');
    await run(ctx.testing, 'readthedocs.filterVersions', ui, folder);
    ui.assertDone();
    assert.ok(!ui.prompts[0]?.items?.some((label) => /Private only/.test(label)), 'no privacy filter on community');
    assert.equal(item(folder).label, 'Versions (not built)');
    const notBuilt = (await children(ctx.testing, folder)).filter((n) => n.kind === 'version');
    assert.ok(notBuilt.length > 0 && notBuilt.every((n) => n.kind === 'version' && !n.version.built));
    assert.equal(api('/api/v3/projects/widgets/versions/').at(-1)?.query.built, 'false');

    await run(ctx.testing, 'readthedocs.filterVersions', new ScriptedUi().pick('All versions'), folder);
    const bySlug = new ScriptedUi().pick('Slug…').input('stable');
    await run(ctx.testing, 'readthedocs.filterVersions', bySlug, folder);
    bySlug.assertDone();
    assert.equal(item(folder).label, 'Versions (slug stable)');
    const rows = await children(ctx.testing, folder);
    assert.deepEqual(rows.map((n) => n.kind === 'version' && n.version.slug), ['stable']);
    assert.equal(api('/api/v3/projects/widgets/versions/').at(-1)?.query.slug, 'stable');
    await run(ctx.testing, 'readthedocs.filterVersions', new ScriptedUi().pick('All versions'), folder);
  });

  it('offers a built version\'s downloads: copy a link, open one; a version without any says so', async () => {
    const stable = await childOf(ctx.testing, await folderNode(ctx.testing, 'widgets', 'versions'),
      (n) => n.kind === 'version' && n.version.slug === 'stable', 'widgets/stable') as NodeOfKind<'version'>;
    assert.match(String(item(stable).contextValue), /\+built/, 'the menu entry shows on it');
    const copy = new ScriptedUi().pick('ePub').pick('Copy Link');
    const copied = await run(ctx.testing, 'readthedocs.openVersionDownload', copy, stable) as DownloadChoice;
    copy.assertDone();
    assert.deepEqual(copy.prompts[0]?.items, ['PDF', 'ePub', 'HTML (zip)']);
    assert.equal(copied?.action, 'copy', JSON.stringify([copy.messages, ctx.testing.logLines.slice(-3)]));
    assert.match(copied.url, /^https?:\/\/.*epub/i);
    assert.equal(await vscode.env.clipboard.readText(), copied.url);

    const open = new ScriptedUi().pick('PDF').pick('Open in Browser');
    const opened = await run(ctx.testing, 'readthedocs.openVersionDownload', open, stable) as DownloadChoice;
    open.assertDone();
    assert.equal(opened.action, 'open');
    assert.match(opened.url, /pdf/i);
    assert.deepEqual(open.opened, [opened.url]);

    const tag = await childOf(ctx.testing, await folderNode(ctx.testing, 'widgets-api', 'versions'),
      (n) => n.kind === 'version' && n.version.slug === 'v1.0.0', 'widgets-api/v1.0.0') as NodeOfKind<'version'>;
    const none = new ScriptedUi();
    assert.equal(await run(ctx.testing, 'readthedocs.openVersionDownload', none, tag), undefined);
    await none.waitForMessage(/has no offline formats/);
  });

  it('filters builds (running, by commit) and opens a build when its row is clicked', async () => {
    const folder = await folderNode(ctx.testing, 'widgets', 'builds');
    const all = (await children(ctx.testing, folder)).filter((n): n is NodeOfKind<'build'> => n.kind === 'build');
    assert.ok(all.length > 1);

    const running = new ScriptedUi().pick('Running only');
    await run(ctx.testing, 'readthedocs.filterBuilds', running, folder);
    running.assertDone();
    assert.equal(item(folder).label, 'Builds (running)');
    const runningRows = await children(ctx.testing, folder);
    assert.equal(api('/api/v3/projects/widgets/builds/').at(-1)?.query.running, 'true');
    assert.ok(runningRows.every((n) => n.kind === 'message' || (n.kind === 'build' && !isFinal(n.build))));

    const commit = all.find((n) => n.build.commit)!.build.commit!;
    const byCommit = new ScriptedUi().pick('All builds');
    await run(ctx.testing, 'readthedocs.filterBuilds', byCommit, folder);
    const typed = new ScriptedUi().pick('By commit…').input('not-hex').input(commit);
    await run(ctx.testing, 'readthedocs.filterBuilds', typed, folder);
    typed.assertDone();
    assert.match(typed.validationMessages[0] ?? '', /hexadecimal/);
    assert.equal(item(folder).label, `Builds (commit ${commit.slice(0, 12)})`);
    const rows = (await children(ctx.testing, folder)).filter((n): n is NodeOfKind<'build'> => n.kind === 'build');
    assert.ok(rows.length > 0 && rows.every((n) => n.build.commit === commit));
    assert.equal(api('/api/v3/projects/widgets/builds/').at(-1)?.query.commit, commit);
    await run(ctx.testing, 'readthedocs.filterBuilds', new ScriptedUi().pick('All builds'), folder);

    const row = rows[0]!;
    assert.equal(item(row).command?.command, 'readthedocs.showBuildLog');
    const uri = await click(row) as vscode.Uri;
    assert.equal(uri.scheme, 'readthedocs-log');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString());
    assert.match(vscode.window.activeTextEditor?.document.getText() ?? '', new RegExp(`#${row.build.id}`));
  });

  it('a superproject row shows the parent read from the superproject endpoint; click reveals it; open and preview work', async () => {
    await vscode.commands.executeCommand('workbench.view.extension.readthedocs');
    const subproject = await projectNode(ctx.testing, 'widgets-api');
    await refresh(subproject);
    const row = await childOf(ctx.testing, subproject, (n) => n.kind === 'superproject', 'the superproject row') as NodeOfKind<'superproject'>;
    assert.equal(api('/api/v3/projects/widgets-api/superproject/').length, 1, 'one request to the superproject endpoint');
    assert.equal(item(row).label, 'Widgets');
    assert.match(rowText(ctx.testing, row), /Documentation: \[/);
    assert.equal(item(row).contextValue, 'readthedocs:superproject');

    await click(row);
    const widgetsId = 'community/project:widgets';
    assert.deepEqual(ctx.testing.projects.view.selection.map((n) => n.id), [widgetsId], 'the parent project is selected');

    const open = new ScriptedUi().pick('Documentation');
    const url = await run(ctx.testing, 'readthedocs.openInBrowser', open, row) as string;
    open.assertDone();
    assert.ok(url, JSON.stringify([open.messages, ctx.testing.logLines.slice(-3)]));
    assert.equal(url, row.project?.urls.documentation);
    assert.deepEqual(open.opened, [url]);

    const render = await run(ctx.testing, 'readthedocs.previewDocs', new ScriptedUi(), row) as PreviewRender;
    assert.equal(render.url, row.project?.urls.documentation);
    assert.equal(render.failure, undefined);
  });

  it('previews the documentation of a subproject and of a translation', async () => {
    const [subproject] = await folderRows(ctx.testing, 'widgets', 'subprojects');
    assert.equal(subproject?.kind, 'subproject');
    const sub = await run(ctx.testing, 'readthedocs.previewDocs', new ScriptedUi(), subproject) as PreviewRender;
    assert.equal(sub.url, subproject.kind === 'subproject' ? subproject.subproject.child.urls.documentation : '');
    assert.equal(sub.failure, undefined);

    const [translation] = await folderRows(ctx.testing, 'widgets', 'translations');
    assert.equal(translation?.kind, 'translation');
    const fr = await run(ctx.testing, 'readthedocs.previewDocs', new ScriptedUi(), translation) as PreviewRender;
    assert.equal(fr.url, translation.kind === 'translation' ? translation.project.urls.documentation : '');
    assert.equal(fr.failure, undefined);
  });

  it('import: browse remote organizations by provider, then an organization\'s repositories (imported ones marked)', async () => {
    const offered: vscode.QuickPickItem[] = [];
    const ui = new ScriptedUi()
      .search('', /Browse by organization/)
      .pick('GitLab')
      .back()
      .pick((i) => i.label === 'GitHub' && i.description === 'githubapp')
      .pick(/Example Org/)
      .pick((i) => { offered.push(i); return i.label.includes('example-org/sprockets'); })
      .input('sprockets')
      .pick('English').pick('Python').input('');
    const project = await run(ctx.testing, 'readthedocs.importProject', ui);
    ui.assertDone();
    const organizations = ctx.sandbox.requests.filter((r) => r.path === '/api/v3/remote/organizations/');
    assert.deepEqual(organizations.map((r) => r.query.vcs_provider), ['gitlab', 'githubapp'], 'filtered by the provider picked');
    const orgPrompts = ui.prompts.filter((p) => /Which organization/.test(p.placeholder ?? ''));
    assert.deepEqual(orgPrompts.map((p) => p.items?.map((l) => l.replace(/^\$\([a-z-]+\) /, ''))), [['Example Group'], ['Example Org']]);
    const repositories = ctx.sandbox.requests.filter((r) => r.path === '/api/v3/remote/repositories/' && r.query.organization);
    assert.deepEqual(repositories.map((r) => [r.query.organization, r.query.vcs_provider]), [['example-org', 'githubapp']]);
    // The pick stops looking at the row it takes: the rows above it were seen.
    assert.match(offered.find((i) => i.label.includes('example-org/hostile-demo'))?.description ?? '', /already imported as hostile-demo/);
    assert.ok(!/imported/.test(offered.find((i) => i.label.includes('example-org/sprockets'))?.description ?? 'imported'));
    assert.deepEqual(writes(ctx.sandbox, 'POST').map((r) => (r.body as { repository: { url: string } }).repository.url),
      ['https://github.com/example-org/sprockets.git']);
    assert.ok(project);
  });
});
