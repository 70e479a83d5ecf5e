// Redirects in a real extension host against the sandbox: create (types from OPTIONS, only the
// fields a type needs, Back keeps answers), edit (PUT of the whole object, pre-filled), delete
// (confirmation); invalid input never reaches the server; server refusals of all three body
// shapes land on the step of their field with the input kept; the community limit explained.

import * as assert from 'node:assert/strict';
import { type NodeOfKind } from '../../src/core/tree/nodes';
import { createRedirect as seedRedirect } from '../sandbox/rules/redirects';
import { useSignedInSandbox, writes } from './helpers/manage';
import { folderNode, folderRows, run } from './helpers/tree';
import { ScriptedUi } from './helpers/scriptedUi';

const REDIRECTS = (project: string) => `/api/v3/projects/${project}/redirects/`;

describe('manage: redirects', function () {
  this.timeout(60_000);
  const ctx = useSignedInSandbox();

  beforeEach(() => {
    ctx.sandbox.clearFaults();
    ctx.sandbox.clearLog();
  });

  const posts = () => writes(ctx.sandbox, 'POST');

  async function redirectRow(project: string, fromUrl: string): Promise<NodeOfKind<'redirect'>> {
    const rows = await folderRows(ctx.testing, project, 'redirects');
    const row = rows.find((n) => n.kind === 'redirect' && n.redirect.fromUrl === fromUrl);
    assert.ok(row, `no redirect from ${fromUrl} among ${rows.map((r) => r.id).join(', ')}`);
    return row as NodeOfKind<'redirect'>;
  }

  it('create from the Redirects folder: the types the server accepts, then from, to, status, force, description → one POST', async () => {
    const folder = await folderNode(ctx.testing, 'gadget-docs', 'redirects');
    ctx.sandbox.clearLog();
    const ui = new ScriptedUi()
      .pick('Page Redirect').input('/old-setup.html').input('/setup/').pick('301').pick('Only when').input('Moved in 3.0');
    const created = await run(ctx.testing, 'readthedocs.createRedirect', ui, folder);
    ui.assertDone();
    assert.ok(ctx.sandbox.requests.some((r) => r.method === 'OPTIONS' && r.path === REDIRECTS('gadget-docs')), 'the types come from OPTIONS');
    assert.deepEqual(ui.prompts[0]!.items, ['Page Redirect', 'Exact Redirect', 'Clean URL to HTML (file/ to file.html)', 'HTML to clean URL (file.html to file/)'],
      'the removed and renamed types the server still lists are not offered');
    assert.deepEqual(posts().map((r) => r.body), [{
      type: 'page', from_url: '/old-setup.html', to_url: '/setup/', http_status: 301, force: false, enabled: true, description: 'Moved in 3.0',
    }]);
    assert.ok(created);
    await ui.waitForMessage(/Created the redirect \/old-setup\.html → \/setup\/ in gadget-docs/);
    await redirectRow('gadget-docs', '/old-setup.html');
  });

  it('create from the palette: project, then a type without URLs asks only status, force and description', async () => {
    const ui = new ScriptedUi().pick('Gadget Docs').pick('HTML to clean URL').pick('302').pick('Only when').input('');
    await run(ctx.testing, 'readthedocs.createRedirect', ui);
    ui.assertDone();
    assert.equal(ui.prompts.filter((p) => p.kind === 'input').length, 1, 'no from/to steps for html_to_clean_url');
    assert.deepEqual(posts().map((r) => r.body), [{
      type: 'html_to_clean_url', from_url: '', to_url: '', http_status: 302, force: false, enabled: true, description: '',
    }]);
  });

  it('Back returns to the previous step and keeps what was typed', async () => {
    const folder = await folderNode(ctx.testing, 'gadget-docs', 'redirects');
    const ui = new ScriptedUi()
      .pick('Page Redirect').input('/a.html').back() // on "to": back to "from"
      .back() // on "from": back to the type
      .pick('Exact Redirect').input('/en/latest/a.html').input('/en/latest/b.html').pick('302').pick('Only when').input('');
    await run(ctx.testing, 'readthedocs.createRedirect', ui, folder);
    ui.assertDone();
    const fromPrompts = ui.prompts.filter((p) => p.kind === 'input' && /From/.test(p.prompt ?? ''));
    assert.deepEqual(fromPrompts.map((p) => p.value), ['', '/a.html', '/a.html'], 'the typed path is pre-filled after Back');
    assert.equal(posts().length, 1);
    assert.equal((posts()[0]!.body as { type: string }).type, 'exact');
  });

  it('invalid input never reaches the server: paths, wildcard, :splat, one clean/html redirect per project', async () => {
    const folder = await folderNode(ctx.testing, 'widgets', 'redirects');
    const ui = new ScriptedUi()
      .pick('Clean URL to HTML') // widgets already has one: explained, asked again
      .pick('Page Redirect')
      .input('old.html').input('/a*b').input('/old/$rest').input('/old/*')
      .input('new.html').input('javascript:alert(1)'); // refused too: the box is closed
    await run(ctx.testing, 'readthedocs.createRedirect', ui, folder);
    ui.assertDone();
    assert.match(ui.prompts[1]!.placeholder ?? '', /Only one redirect of type `clean_url_to_html`/);
    const messages = ui.validationMessages.join('\n');
    assert.match(messages, /Start the path with \//);
    assert.match(messages, /The \* wildcard must be at the end of the path/);
    assert.match(messages, /\$rest wildcard has been removed/);
    assert.match(messages, /Start with \/ \(a path such as \/new-page\.html\) or give a full http/);
    assert.deepEqual(posts(), [], 'nothing was sent');

    const splat = new ScriptedUi().pick('Page Redirect').input('/old').input('/new/:splat');
    await run(ctx.testing, 'readthedocs.createRedirect', splat, folder);
    splat.assertDone();
    assert.match(splat.validationMessages.join('\n'), /:splat placeholder needs a from URL that ends with the \* wildcard/);
    assert.deepEqual(posts(), []);
  });

  const shapes: [string, unknown, RegExp, string][] = [
    ['a field map', { to_url: ['Enter a valid URL.'] }, /To:/, 'Enter a valid URL.'],
    ['a bare array', ['The * wildcard must be at the end of the path.'], /From:/, 'The * wildcard must be at the end of the path.'],
    ['non_field_errors', { non_field_errors: ['The $rest wildcard has been removed in favor of *.'] }, /From:/, 'The $rest wildcard has been removed in favor of *.'],
  ];
  for (const [shape, body, step, message] of shapes) {
    it(`a refusal as ${shape} comes back to its step with every answer kept; the corrected redirect is sent`, async () => {
      ctx.sandbox.addFault({ method: 'POST', path: REDIRECTS('gadget-docs'), kind: 'status', status: 400, body });
      const folder = await folderNode(ctx.testing, 'gadget-docs', 'redirects');
      const ui = new ScriptedUi()
        .pick('Page Redirect').input('/x.html').input('/y.html').pick('302').pick('Always').input('note')
        .input(step.source.includes('To') ? '/z.html' : '/w.html');
      await run(ctx.testing, 'readthedocs.createRedirect', ui, folder);
      ui.assertDone();
      const reopened = ui.prompts[ui.prompts.length - 1]!;
      assert.match(reopened.prompt ?? '', step, 'the step of the field named by the server');
      assert.equal(reopened.value, step.source.includes('To') ? '/y.html' : '/x.html', 'pre-filled with what was typed');
      assert.equal(reopened.initialMessage, `Read the Docs: ${message}`, 'the server message is shown there');
      const sent = posts().map((r) => r.body as Record<string, unknown>);
      assert.equal(sent.length, 2, 'the first POST (refused) and the corrected one');
      assert.deepEqual({ ...sent[0], from_url: undefined, to_url: undefined }, { ...sent[1], from_url: undefined, to_url: undefined },
        'the other answers are sent again unchanged');
      assert.equal(sent[1]!.force, true);
      assert.equal(sent[1]!.description, 'note');
    });
  }

  it('the community limit of 100 redirects is explained before asking anything', async () => {
    const db = ctx.sandbox.db;
    for (let i = 0; i < 100; i++) {
      seedRedirect(db, 'hostile-demo', { type: 'page', fromUrl: `/p${i}.html`, toUrl: '/index.html', httpStatus: 302, force: false, enabled: true, description: '' });
    }
    const ui = new ScriptedUi();
    await run(ctx.testing, 'readthedocs.createRedirect', ui, await folderNode(ctx.testing, 'hostile-demo', 'redirects'));
    ui.assertDone();
    const error = await ui.waitForMessage(/limit of 100 redirects/);
    assert.equal(error.severity, 'error');
    assert.match(error.text, /wildcard/);
    assert.deepEqual(posts(), []);
  });

  it('the server\'s limit refusal (bare array) is explained, not shown as a field error', async () => {
    ctx.sandbox.addFault({
      method: 'POST', path: REDIRECTS('gadget-docs'), kind: 'status', status: 400,
      body: ['This project has reached the limit of 100 redirects. Consider replacing some of your redirects with a wildcard redirect.'],
    });
    const ui = new ScriptedUi().pick('Page Redirect').input('/q.html').input('/r.html').pick('302').pick('Only when').input('');
    await run(ctx.testing, 'readthedocs.createRedirect', ui, await folderNode(ctx.testing, 'gadget-docs', 'redirects'));
    ui.assertDone();
    const error = await ui.waitForMessage(/Read the Docs Community allows at most 100 redirects per project/);
    assert.equal(error.severity, 'error');
    assert.equal(posts().length, 1);
  });

  it('edit from a redirect node: every field pre-filled, PUT with the whole object', async () => {
    const node = await redirectRow('widgets', '/old-install.html');
    const ui = new ScriptedUi()
      .pick('Page Redirect').input('/old-install.html').input('/install.html').pick('301').pick('Only when').pick('Enabled').input('Old installation page');
    await run(ctx.testing, 'readthedocs.editRedirect', ui, node);
    ui.assertDone();
    const inputs = ui.prompts.filter((p) => p.kind === 'input');
    assert.deepEqual(inputs.map((p) => p.value), ['/old-install.html', '/installation.html', 'Old installation page']);
    const puts = writes(ctx.sandbox, 'PUT');
    assert.equal(puts.length, 1);
    assert.equal(puts[0]!.path, `${REDIRECTS('widgets')}${node.redirect.pk}/`);
    assert.deepEqual(puts[0]!.body, {
      type: 'page', from_url: '/old-install.html', to_url: '/install.html', http_status: 301, force: false, enabled: true,
      description: 'Old installation page', position: node.redirect.position,
    });
    await ui.waitForMessage(/Saved the redirect \/old-install\.html → \/install\.html of widgets/);
    assert.equal((await redirectRow('widgets', '/old-install.html')).redirect.toUrl, '/install.html', 'the tree shows the saved redirect');
  });

  it('edit from the palette: project → redirect → steps; disabling sends enabled:false', async () => {
    const ui = new ScriptedUi()
      .pick('Widgets').pick(/\/en\/latest\/tutorial\.html/)
      .pick('Exact Redirect').input('/en/latest/tutorial.html').input('/en/latest/usage.html').pick('301').pick('Only when').pick('Disabled').input('Tutorial merged into Usage');
    await run(ctx.testing, 'readthedocs.editRedirect', ui);
    ui.assertDone();
    const puts = writes(ctx.sandbox, 'PUT');
    assert.equal(puts.length, 1);
    assert.equal((puts[0]!.body as { enabled: boolean }).enabled, false);
  });

  it('delete asks first, naming from → to; declining sends no DELETE', async () => {
    const node = await redirectRow('widgets', '/faq');
    const no = new ScriptedUi().confirmed(false);
    await run(ctx.testing, 'readthedocs.deleteRedirect', no, node);
    no.assertDone();
    assert.match(no.prompts[0]!.title ?? '', /Delete the redirect \/faq → https:\/\/widgets\.example\.com\/faq from widgets\?/);
    assert.deepEqual(writes(ctx.sandbox), []);

    const yes = new ScriptedUi().confirmed(true);
    await run(ctx.testing, 'readthedocs.deleteRedirect', yes, node);
    yes.assertDone();
    assert.deepEqual(writes(ctx.sandbox).map((r) => `${r.method} ${r.path}`), [`DELETE ${REDIRECTS('widgets')}${node.redirect.pk}/`]);
    const rows = await folderRows(ctx.testing, 'widgets', 'redirects');
    assert.ok(!rows.some((n) => n.kind === 'redirect' && n.redirect.pk === node.redirect.pk), 'the row is gone');
  });

  it('delete from the palette: project → redirect → confirmation', async () => {
    const ui = new ScriptedUi().pick('Gadget Docs').pick(/old-setup/).confirmed(true);
    await run(ctx.testing, 'readthedocs.deleteRedirect', ui);
    ui.assertDone();
    assert.equal(writes(ctx.sandbox, 'DELETE').length, 1);
  });
});
