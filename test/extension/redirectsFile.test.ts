// Redirects as code in a real extension host against the sandbox: the demo workspace's
// docs/redirects.yaml round-trips with the sandbox's `widgets` (export → edit → compare → apply
// sends exactly the planned writes; a second Apply sends none; a failure mid-plan stops and
// reports), a rename in the workspace offers the redirect between the published paths, and the
// tester names the rule that fires.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { parseRedirectsFile } from '../../src/core/redirects/fileFormat';
import { type PlanStep, type RedirectPlan } from '../../src/core/redirects/plan';
import { ruleOfRedirect, sameRules } from '../../src/core/redirects/rule';
import { type RedirectTest } from '../../src/core/redirects/tester';
import { parseRedirect } from '../../src/core/models/redirect';
import { redirectsOf } from '../sandbox/rules/redirects';
import { renderRedirect } from '../sandbox/serializers/redirect';
import { setSetting, waitFor } from './helpers/host';
import { useSignedInSandbox, writes } from './helpers/manage';
import { run } from './helpers/tree';
import { ScriptedUi } from './helpers/scriptedUi';

const METHOD_OF: Record<PlanStep['kind'], string> = { delete: 'DELETE', create: 'POST', update: 'PUT', move: 'PATCH' };

describe('redirects as code', function () {
  this.timeout(60_000);
  const ctx = useSignedInSandbox();
  const folder = () => vscode.workspace.workspaceFolders![0]!.uri;
  const fileUri = () => vscode.Uri.joinPath(folder(), 'docs', 'redirects.yaml');
  let original = '';

  before(async () => {
    original = new TextDecoder().decode(await vscode.workspace.fs.readFile(fileUri()));
    await setSetting('redirects.project', 'community/widgets');
  });
  after(async () => {
    await setText(fileUri(), original);
    await setSetting('redirects.project', undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  beforeEach(async () => {
    ctx.sandbox.reset();
    await setText(fileUri(), original);
    ctx.sandbox.clearLog();
  });

  /** The sandbox's redirects of widgets, as rules, in order. */
  const serverRules = () => redirectsOf(ctx.sandbox.db, 'widgets')
    .map((r) => ruleOfRedirect(parseRedirect(renderRedirect({ origin: ctx.sandbox.origin } as never, r, 'read'))));
  const fileRules = async () => parseRedirectsFile(await text(fileUri())).entries.map((e) => e.rule);

  it('the demo workspace file matches widgets: Apply has nothing to do and sends nothing', async () => {
    const ui = new ScriptedUi();
    const result = await run(ctx.testing, 'readthedocs.applyRedirectsFile', ui) as { plan: RedirectPlan };
    ui.assertDone();
    assert.deepEqual(result.plan.steps, []);
    assert.deepEqual(writes(ctx.sandbox), []);
    await ui.waitForMessage(/Nothing to apply: widgets already has the 6 redirects of docs\/redirects\.yaml, in order/);
    assert.ok(sameRules(await fileRules(), serverRules()));
  });

  it('export → edit → compare → apply: exactly the planned writes, the server then matches; a second Apply sends none', async () => {
    const exported = await run(ctx.testing, 'readthedocs.exportRedirects', new ScriptedUi());
    assert.equal((exported as vscode.Uri).toString(), fileUri().toString());
    const afterExport = await text(fileUri());
    assert.match(afterExport, /# Everything of the retired 1\.0 docs goes to latest\./, 'comments are kept');
    assert.match(afterExport, /from_url: \/faq\/\n/, 'a value that means the same is left as written');
    assert.ok(sameRules(await fileRules(), serverRules()));

    // Edit: a new rule on top, the first one retargeted, html_to_clean_url moved up, clean_url_to_html gone.
    const rules = await fileRules();
    const edited = [
      '- type: page', '  from_url: /changelog.html', '  to_url: /history.html', '',
      '- type: page', '  from_url: /old-install.html', '  to_url: /install/', '  http_status: 301', '',
      '- type: html_to_clean_url', '  http_status: 301', '',
      '- type: exact', '  from_url: /en/v1.0/*', '  to_url: /en/latest/:splat', '  description: Retired 1.0 docs', '',
      '- type: page', '  from_url: /faq', '  to_url: https://widgets.example.com/faq', '  force: true', '',
      '- type: exact', '  from_url: /en/latest/tutorial.html', '  to_url: /en/latest/usage.html', '  http_status: 301', '  description: Tutorial merged into Usage', '',
    ].join('\n');
    assert.equal(rules.length, 6);
    await setText(fileUri(), edited);

    const compared = await run(ctx.testing, 'readthedocs.compareRedirects', new ScriptedUi()) as { server: vscode.Uri; file: vscode.Uri };
    const tab = await waitFor(() => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff && input.original.toString() === compared.server.toString() ? input : undefined;
    }, 'the diff editor');
    assert.equal(tab.modified.toString(), fileUri().toString(), 'the file is on the right');
    const left = await text(compared.server);
    assert.ok(sameRules(parseRedirectsFile(left).entries.map((e) => e.rule), serverRules()), 'the left side is the server, in the file format');
    assert.deepEqual(writes(ctx.sandbox), [], 'comparing writes nothing');

    const ui = new ScriptedUi().pick('Apply').confirmed(true);
    const applied = await run(ctx.testing, 'readthedocs.applyRedirectsFile', ui) as { plan: RedirectPlan; done: PlanStep[] };
    ui.assertDone();
    const [planPick, modal] = ui.prompts;
    assert.deepEqual(planPick!.items?.map(withoutIcons), [
      'Cancel',
      'Apply 4 changes to widgets',
      'Delete clean_url_to_html',
      'Create page /changelog.html → /history.html at position 1',
      'Update page /old-install.html → /install/: to_url, description',
      'Move html_to_clean_url to position 3',
    ], 'the plan deletes: Cancel comes first, so one Enter sends nothing');
    assert.match(planPick!.placeholder ?? '', /4 changes to make widgets match docs\/redirects\.yaml, including 1 deletion that cannot be undone/);
    assert.equal(modal!.kind, 'confirm');
    assert.equal(modal!.title, 'Applying docs/redirects.yaml deletes 1 redirect of widgets on Read the Docs.');
    assert.match(modal!.detail ?? '', /^Delete clean_url_to_html\n/);
    assert.deepEqual(modal!.items, ['Delete 1 and Apply']);
    assert.deepEqual(writes(ctx.sandbox).map((w) => w.method), applied.plan.steps.map((s) => METHOD_OF[s.kind]), 'one request per planned change, in order');
    assert.equal(applied.done.length, 4);
    await ui.waitForMessage(/Applied docs\/redirects\.yaml to widgets: 1 created, 1 updated, 1 moved, 1 deleted\. The server now matches the file\./);
    assert.ok(sameRules(serverRules(), await fileRules()), 'the server now has the file\'s rules, in order');

    ctx.sandbox.clearLog();
    const again = new ScriptedUi();
    const second = await run(ctx.testing, 'readthedocs.applyRedirectsFile', again) as { plan: RedirectPlan };
    again.assertDone();
    assert.deepEqual(second.plan.steps, []);
    assert.deepEqual(writes(ctx.sandbox), [], 'a second Apply sends no write');
  });

  it('a failure mid-plan stops at that change, reports what was and was not done, and re-reads the list', async () => {
    const lines = (await text(fileUri())).split('\n');
    // Drop the last entry (html_to_clean_url), add two new page rules at the end.
    const cut = lines.findIndex((l) => l.startsWith('- type: html_to_clean_url'));
    await setText(fileUri(), [...lines.slice(0, cut), '- type: page', '  from_url: /a.html', '  to_url: /b.html', '- type: page', '  from_url: /c.html', '  to_url: /d.html', ''].join('\n'));
    ctx.sandbox.addFault({ method: 'POST', path: '/api/v3/projects/widgets/redirects/', kind: 'status', status: 500, body: { detail: 'boom' } });
    const ui = new ScriptedUi().pick('Apply').confirmed(true);
    const applied = await run(ctx.testing, 'readthedocs.applyRedirectsFile', ui) as { plan: RedirectPlan; done: PlanStep[] };
    ui.assertDone();
    assert.deepEqual(applied.plan.steps.map((s) => s.kind), ['delete', 'create', 'create']);
    const message = await ui.waitForMessage(/stopped at/);
    assert.equal(message.severity, 'error');
    assert.deepEqual(writes(ctx.sandbox).map((w) => [w.method, w.status]), [['DELETE', 204], ['POST', 500]], 'nothing after the failure, the failed write not retried');
    assert.match(message.text, /stopped at "Create page \/a\.html → \/b\.html at position 6": .*Done: 1 deleted\. Not done \(2\): Create page \/a\.html → \/b\.html at position 6; Create page \/c\.html → \/d\.html at position 7\./);
    const lastGet = ctx.sandbox.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/redirects/')).pop();
    assert.ok(lastGet && lastGet.time >= writes(ctx.sandbox).pop()!.time, 'the list was read again after the failure');
    assert.equal(serverRules().length, 5, 'the deletion happened, the creates did not');
  });

  it('a plan without deletions lists Apply first and asks nothing more', async () => {
    await setText(fileUri(), `- type: page\n  from_url: /new-first.html\n  to_url: /index.html\n\n${original}`);
    const ui = new ScriptedUi().pick('Apply');
    const applied = await run(ctx.testing, 'readthedocs.applyRedirectsFile', ui) as { plan: RedirectPlan };
    ui.assertDone();
    assert.deepEqual(applied.plan.steps.map((s) => s.kind), ['create']);
    assert.deepEqual(ui.prompts.map((p) => p.kind), ['pick'], 'no modal: nothing is deleted');
    assert.equal(withoutIcons(ui.prompts[0]!.items![0]!), 'Apply 1 change to widgets');
    assert.deepEqual(writes(ctx.sandbox).map((w) => w.method), ['POST']);
  });

  it('a plan that deletes every redirect says so in a modal; declining it sends nothing', async () => {
    await setText(fileUri(), '# No redirects any more.\n');
    const ui = new ScriptedUi().pick('Apply').confirmed(false);
    const result = await run(ctx.testing, 'readthedocs.applyRedirectsFile', ui);
    ui.assertDone();
    assert.equal(result, undefined);
    assert.equal(withoutIcons(ui.prompts[0]!.items![0]!), 'Cancel');
    assert.equal(ui.prompts[1]!.title, 'Applying docs/redirects.yaml deletes every redirect of widgets on Read the Docs: all 6 of them.');
    assert.deepEqual(ui.prompts[1]!.items, ['Delete 6 and Apply']);
    assert.deepEqual(writes(ctx.sandbox), [], 'declined: no request');
    assert.equal(serverRules().length, 6);
  });

  it('a redirects file setting outside the workspace folder is refused: export, apply and rename offers write nothing', async () => {
    const outside = vscode.Uri.joinPath(folder(), '..', 'outside-redirects.yaml');
    const dir = vscode.Uri.joinPath(folder(), 'docs', 'rename-outside');
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(dir, 'before.rst'), new TextEncoder().encode('Before\n======\n'));
    try {
      for (const setting of ['../outside-redirects.yaml', outside.fsPath]) {
        await setSetting('redirects.file', setting);
        const exporting = new ScriptedUi();
        assert.equal(await run(ctx.testing, 'readthedocs.exportRedirects', exporting), undefined);
        const refusal = await exporting.waitForMessage(/readthedocs\.redirects\.file/);
        assert.equal(refusal.severity, 'error');
        assert.ok(refusal.text.includes(`"${setting}", which is not a file inside the workspace folder`), refusal.text);
        const applying = new ScriptedUi();
        assert.equal(await run(ctx.testing, 'readthedocs.applyRedirectsFile', applying), undefined);
        await applying.waitForMessage(/readthedocs\.redirects\.file/);
        exporting.assertDone();
        applying.assertDone();
      }
      const offer = new ScriptedUi();
      ctx.testing.setUi(offer);
      await rename(vscode.Uri.joinPath(dir, 'before.rst'), vscode.Uri.joinPath(dir, 'after.rst'));
      const said = await offer.waitForMessage(/readthedocs\.redirects\.file/);
      assert.equal(said.severity, 'warn');
      assert.equal(offer.messages.some((m) => /Add a redirect/.test(m.text)), false, 'no offer to write there');
      await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(outside)), 'nothing was written outside the folder');
      assert.deepEqual(writes(ctx.sandbox), []);
    } finally {
      await setSetting('redirects.file', undefined);
      await vscode.workspace.fs.delete(dir, { recursive: true });
    }
  });

  it('a file with problems is not applied (diagnostics on the file, no request)', async () => {
    await setText(fileUri(), '- type: page\n  from_url: old.html\n  to_url: /new.html\n- type: prefix\n  from_url: /a\n  to_url: /b\n');
    const diagnostics = await waitFor(() => {
      const found = vscode.languages.getDiagnostics(fileUri());
      return found.length >= 2 ? found : undefined;
    }, 'diagnostics on the redirects file');
    assert.deepEqual(diagnostics.map((d) => [d.range.start.line, d.severity]), [[1, vscode.DiagnosticSeverity.Error], [3, vscode.DiagnosticSeverity.Error]]);
    assert.match(diagnostics[0]!.message, /Redirect 1: start the path with \//);
    const ui = new ScriptedUi();
    await run(ctx.testing, 'readthedocs.applyRedirectsFile', ui);
    await ui.waitForMessage(/has 2 problems to fix before it can be applied/);
    // The one request allowed: the server's type list, which says whether this server takes prefix (an older one does).
    assert.deepEqual(ctx.sandbox.requests.filter((r) => r.path.includes('/redirects/') && r.method !== 'OPTIONS'), [], 'no write, not even a list read');
  });

  it('the tester names the rule that fires, on the server or on the file', async () => {
    const ui = new ScriptedUi().pick('On Read the Docs').input('https://widgets.readthedocs.io/en/latest/old-install.html?ref=x');
    const result = await run(ctx.testing, 'readthedocs.testRedirect', ui) as RedirectTest;
    ui.assertDone();
    assert.equal(result.notFound?.index, 0);
    await ui.waitForMessage('Redirect 1 (page /old-install.html → /installation.html) fires only when the page does not exist (404): 301 to https://widgets.readthedocs.io/en/latest/installation.html?ref=x. When the page exists, it is served.');

    const forced = new ScriptedUi().pick('In docs/redirects.yaml').input('/en/stable/faq/');
    await run(ctx.testing, 'readthedocs.testRedirect', forced);
    await forced.waitForMessage(/^Redirect 3 \(page \/faq → https:\/\/widgets\.example\.com\/faq\) always fires \(forced, even when the page exists\): 302 to https:\/\/widgets\.example\.com\/faq\.$/);

    const none = new ScriptedUi().pick('On Read the Docs').input('/en/latest/faq.html').onMessage(/./, 'Show Every Rule').pick(/./);
    await run(ctx.testing, 'readthedocs.testRedirect', none);
    none.assertDone();
    assert.match(none.messages[0]!.text, /^Redirect 6 \(html_to_clean_url\) fires only when the page does not exist \(404\): 301 to \/en\/latest\/faq\/\./);
    const every = none.prompts.at(-1)!;
    assert.equal(every.items?.length, 6, 'every rule, with its verdict');
    assert.match(every.items![4]!, /5\. clean_url_to_html/);

    // widgets has a French translation (widgets-fr): /fr/ paths are its own.
    const french = new ScriptedUi().pick('On Read the Docs').input('/fr/latest/old-install.html');
    await run(ctx.testing, 'readthedocs.testRedirect', french);
    await french.waitForMessage(/^No redirect of this project applies: \/fr\/latest\/old-install\.html is in the language "fr": a translation serves it, with its own redirects\.$/);
  });

  it('renaming a documentation page offers one redirect between the published paths, added to the redirects file; never twice', async () => {
    const dir = vscode.Uri.joinPath(folder(), 'docs', 'rename-test');
    const at = (name: string) => vscode.Uri.joinPath(dir, name);
    await vscode.workspace.fs.writeFile(at('old-page.rst'), new TextEncoder().encode('Old page\n========\n'));
    try {
      const ui = new ScriptedUi().onMessage(/Add a redirect from the old page/, 'Add to docs/redirects.yaml');
      ctx.testing.setUi(ui);
      await rename(at('old-page.rst'), at('new-page.rst'));
      const offer = await ui.waitForMessage(/Add a redirect from the old page/);
      assert.equal(offer.text, 'A documentation page moved. Add a redirect from the old page? /rename-test/old-page.html → /rename-test/new-page.html');
      assert.deepEqual(offer.actions, ['Add to docs/redirects.yaml', 'Not Now']);
      await ui.waitForMessage(/Added 1 redirect to docs\/redirects\.yaml/);
      const [first] = await fileRules();
      assert.deepEqual([first!.type, first!.fromUrl, first!.toUrl], ['page', '/rename-test/old-page.html', '/rename-test/new-page.html']);
      assert.equal((await fileRules()).length, 7);
      assert.deepEqual(writes(ctx.sandbox), [], 'the file is changed, the server is not');

      // Back, then the first rename again (already offered), then two at once (one offer).
      const later = new ScriptedUi();
      ctx.testing.setUi(later);
      await rename(at('new-page.rst'), at('old-page.rst'));
      await later.waitForMessage(/\/rename-test\/new-page\.html → \/rename-test\/old-page\.html/);
      await rename(at('old-page.rst'), at('new-page.rst'));
      await vscode.workspace.fs.writeFile(at('second.rst'), new TextEncoder().encode('Second\n======\n'));
      const edit = new vscode.WorkspaceEdit();
      edit.renameFile(at('new-page.rst'), at('third.rst'));
      edit.renameFile(at('second.rst'), at('fourth.rst'));
      await vscode.workspace.applyEdit(edit);
      await later.waitForMessage(/2 documentation pages moved/);
      assert.deepEqual(later.messages.map((m) => m.text.replace(/^.*\? /, '')), [
        '/rename-test/new-page.html → /rename-test/old-page.html',
        '/rename-test/new-page.html → /rename-test/third.html, /rename-test/second.html → /rename-test/fourth.html',
      ], 'the repeated rename was not offered again; two renames at once are one offer');
    } finally {
      await vscode.workspace.fs.delete(dir, { recursive: true });
    }
  });

  it('without a redirects file, the offer creates the redirect on the server after confirmation (one POST)', async () => {
    await setSetting('redirects.file', 'docs/no-such-redirects.yaml');
    const dir = vscode.Uri.joinPath(folder(), 'docs', 'rename-server');
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(dir, 'setup.md'), new TextEncoder().encode('# Setup\n'));
    try {
      const ui = new ScriptedUi().onMessage(/Add a redirect from the old page/, 'Create on Read the Docs…').confirmed(true);
      ctx.testing.setUi(ui);
      ctx.sandbox.clearLog();
      await rename(vscode.Uri.joinPath(dir, 'setup.md'), vscode.Uri.joinPath(dir, 'installation.md'));
      const offer = await ui.waitForMessage(/Add a redirect from the old page/);
      assert.deepEqual(offer.actions, ['Create on Read the Docs…', 'Not Now']);
      await ui.waitForMessage('Created 1 redirect in widgets: page /rename-server/setup.html → /rename-server/installation.html.');
      ui.assertDone();
      assert.equal(ui.prompts[0]!.title, 'Create 1 redirect in widgets?');
      assert.deepEqual(writes(ctx.sandbox).map((w) => [w.method, w.body]), [['POST', {
        type: 'page', from_url: '/rename-server/setup.html', to_url: '/rename-server/installation.html', http_status: 302, force: false, enabled: true, description: '', position: 0,
      }]]);
      assert.equal(serverRules()[0]!.fromUrl, '/rename-server/setup.html', 'on top, where the server puts new rules');
    } finally {
      await setSetting('redirects.file', undefined);
      await vscode.workspace.fs.delete(dir, { recursive: true });
    }
  });

  it('the workspace binding decides the project when it names one; several are asked among; none falls back to the setting', async () => {
    /** Runs Test Redirect with `ui` answering up to the URL box (cancelled there), whose title names the project chosen. */
    const projectTested = async (ui: ScriptedUi): Promise<string | undefined> => {
      await run(ctx.testing, 'readthedocs.testRedirect', ui.cancel());
      const urlBox = ui.prompts.find((p) => p.kind === 'input');
      return urlBox?.title?.replace(/^Test a URL Against the Redirects of /, '');
    };
    await setSetting('redirects.project', 'community/gadget-docs');
    try {
      await setSetting('projects', ['community/widgets']);
      const one = new ScriptedUi().pick('On Read the Docs');
      assert.equal(await projectTested(one), 'widgets', 'the binding wins over the setting');
      assert.deepEqual(one.prompts[0]!.items, ['On Read the Docs', 'In docs/redirects.yaml'], 'the redirects file of the bound folder is offered');
      one.assertDone();

      await setSetting('projects', ['community/widgets', 'community/gadget-docs']);
      const asked = new ScriptedUi().pick('Gadget Docs').pick('On Read the Docs');
      assert.equal(await projectTested(asked), 'gadget-docs');
      asked.assertDone();
      assert.deepEqual(asked.prompts[0]!.items, ['Widgets', 'Gadget Docs']);

      await setSetting('projects', undefined);
      const unbound = new ScriptedUi().pick('On Read the Docs');
      assert.equal(await projectTested(unbound), 'gadget-docs', 'without a bound project, the setting');
      unbound.assertDone();
    } finally {
      await setSetting('projects', undefined);
      await setSetting('redirects.project', 'community/widgets');
    }
  });
});

function withoutIcons(label: string): string {
  return label.replace(/\$\([a-z0-9~-]+\)\s*/gi, '');
}

async function rename(from: vscode.Uri, to: vscode.Uri): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.renameFile(from, to);
  assert.ok(await vscode.workspace.applyEdit(edit), `renamed ${from.path}`);
}

async function text(uri: vscode.Uri): Promise<string> {
  return (await vscode.workspace.openTextDocument(uri)).getText();
}

/** Replaces the document's text through the editor model and saves it (what a person typing would do). */
async function setText(uri: vscode.Uri, value: string): Promise<void> {
  const document = await vscode.workspace.openTextDocument(uri);
  if (document.getText() === value && !document.isDirty) return;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), value);
  await vscode.workspace.applyEdit(edit);
  await document.save();
}
