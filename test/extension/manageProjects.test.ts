// Import and project settings in a real extension host against the sandbox: import from a remote
// repository found by typing (grouped, provider icons) or a typed URL; the server's "slug already
// exists" back on the name step; the new project revealed. Edit Project: only the changed fields
// in the PATCH, tags replace the list, default version from the versions, a refusal reopens the
// field with the typed value, the project re-read afterwards.

import * as assert from 'node:assert/strict';
import { useSignedInSandbox, writes } from './helpers/manage';
import { findNode, folderNode, projectNode, run } from './helpers/tree';
import { waitFor } from './helpers/host';
import { ScriptedUi } from './helpers/scriptedUi';

describe('manage: import and edit projects', function () {
  this.timeout(60_000);
  const ctx = useSignedInSandbox();

  beforeEach(() => {
    ctx.sandbox.clearFaults();
    ctx.sandbox.clearLog();
  });

  it('import from the palette: search the remote repositories as typed, grouped by organization; name pre-filled; codes; tags; revealed', async () => {
    const ui = new ScriptedUi()
      .search('sprock', 'example-org/sprockets')
      .input('sprockets') // the pre-filled name, accepted
      .pick('English').pick('Python').input('python, gears');
    const project = await run(ctx.testing, 'readthedocs.importProject', ui);
    ui.assertDone();
    const search = ui.prompts[0]!;
    assert.equal(search.search, 'sprock');
    assert.deepEqual(search.separators, ['Example Org'], 'grouped by remote organization');
    assert.ok(search.items?.[0]?.includes('Enter a repository URL'), 'typing a URL by hand is always offered');
    assert.ok(search.items?.some((label) => label.startsWith('$(github) example-org/sprockets')), 'with the provider icon');
    const remote = ctx.sandbox.requests.filter((r) => r.path === '/api/v3/remote/repositories/');
    assert.ok(remote.some((r) => r.query.name === 'sprock' && r.query.expand === 'remote_organization'), 'the server filters by the typed name');
    assert.equal(ui.prompts[1]!.value, 'sprockets', 'the name is pre-filled from the repository');
    assert.match(ui.prompts[1]!.initialMessage ?? '', /Slug: sprockets/);
    assert.ok(ui.prompts[2]!.items?.length, 'languages offered');
    assert.deepEqual(writes(ctx.sandbox).map((r) => [r.method, r.path, r.body]), [['POST', '/api/v3/projects/', {
      name: 'sprockets', repository: { url: 'https://github.com/example-org/sprockets.git', type: 'git' },
      language: 'en', programming_language: 'py', tags: ['python', 'gears'],
    }]]);
    assert.ok(project);
    await ui.waitForMessage(/Imported sprockets \(sprockets\)/);
    await waitFor(() => findNode(ctx.testing, 'community/project:sprockets'), 'the new project in the tree');
  });

  it('without a search, every group is listed (GitLab and personal repositories too)', async () => {
    const ui = new ScriptedUi().cancel();
    await run(ctx.testing, 'readthedocs.importProject', ui);
    ui.assertDone();
    assert.deepEqual(ui.prompts[0]!.separators, ['Example Group', 'Example Org', 'Your repositories']);
    assert.ok(ui.prompts[0]!.items?.some((label) => label.startsWith('$(repo) example-group/gadget-docs')), 'GitLab rows get the repository icon');
    assert.deepEqual(writes(ctx.sandbox), []);
  });

  it('import by URL: the URL and name checked as typed; the server\'s "slug exists" back on the name step, everything kept', async () => {
    const ui = new ScriptedUi()
      .pick('Enter a repository URL')
      .input('ssh://git@github.com/acme/new-docs.git').input('ftp://example.com/x').input('https://github.com/acme/new-docs.git')
      .input('!!!').input('Widgets') // valid locally, taken on the server
      .pick('French').pick('Go').input('')
      .input('New Docs');
    await run(ctx.testing, 'readthedocs.importProject', ui);
    ui.assertDone();
    const messages = ui.validationMessages.join('\n');
    assert.match(messages, /SSH is not supported on the community edition/);
    assert.match(messages, /Invalid scheme for URL/);
    assert.match(messages, /no slug generated/);
    const nameStep = ui.prompts.filter((p) => p.kind === 'input' && /Project name/.test(p.prompt ?? ''));
    assert.equal(nameStep[0]!.value, 'new-docs', 'the name is pre-filled from the URL');
    const reopened = nameStep[nameStep.length - 1]!;
    assert.equal(reopened.value, 'Widgets', 'the refused name is kept');
    assert.match(reopened.initialMessage ?? '', /Read the Docs: Project with slug "widgets" already exists/);
    const posts = writes(ctx.sandbox, 'POST').map((r) => r.body as Record<string, unknown>);
    assert.equal(posts.length, 2, 'invalid URLs and names were never sent');
    assert.deepEqual({ ...posts[0], name: undefined }, { ...posts[1], name: undefined }, 'the other answers are kept');
    assert.equal(posts[1]!.name, 'New Docs');
    assert.equal(posts[1]!.language, 'fr');
    assert.equal(posts[1]!.programming_language, 'go');
  });

  it('edit from a project node: only the changed fields are sent; tags replace the list; the project is read again', async () => {
    const node = await projectNode(ctx.testing, 'gadget-docs');
    ctx.sandbox.clearLog();
    const ui = new ScriptedUi()
      .pick('Name').input('Gadget Handbook')
      .pick('Tags').input('cli, handbook')
      .pick('Programming language').pick(/^Go$/)
      .pick('Save 3 changes');
    await run(ctx.testing, 'readthedocs.editProject', ui, node);
    ui.assertDone();
    const tagsPrompt = ui.prompts.find((p) => p.kind === 'input' && /Tags/.test(p.prompt ?? ''))!;
    assert.match(tagsPrompt.prompt ?? '', /replace the whole list/);
    assert.deepEqual(writes(ctx.sandbox).map((r) => [r.method, r.path, r.body]), [['PATCH', '/api/v3/projects/gadget-docs/', {
      name: 'Gadget Handbook', tags: ['cli', 'handbook'], programming_language: 'go',
    }]]);
    const detail = (r: { method: string; path: string }) => r.method === 'GET' && r.path === '/api/v3/projects/gadget-docs/';
    const patchAt = ctx.sandbox.requests.findIndex((r) => r.method === 'PATCH');
    assert.ok(ctx.sandbox.requests.slice(0, patchAt).some(detail), 'read before editing');
    assert.ok(ctx.sandbox.requests.slice(patchAt + 1).some(detail), 'read again after the 204');
    await ui.waitForMessage(/Saved 3 settings of gadget-docs/);
    assert.equal(ctx.sandbox.db.project('gadget-docs')!.name, 'Gadget Handbook');
  });

  it('edit from the palette: default version picked from the project\'s active versions', async () => {
    const ui = new ScriptedUi().pick('Gadget Handbook').pick('Default version').pick('v3.0').pick(/^\$\(check\) Save/);
    await run(ctx.testing, 'readthedocs.editProject', ui);
    ui.assertDone();
    assert.ok(ctx.sandbox.requests.some((r) => r.path === '/api/v3/projects/gadget-docs/versions/' && r.query.active === 'true'));
    assert.deepEqual(writes(ctx.sandbox).map((r) => r.body), [{ default_version: 'v3.0' }]);
  });

  it('invalid values never reach the server; choosing the same value again sends nothing', async () => {
    const node = await projectNode(ctx.testing, 'gadget-docs');
    const ui = new ScriptedUi()
      .pick('Homepage').input('not a url').input('javascript:alert(1)') // both refused: the box is closed
      .pick('Default branch').input('has space')
      .pick('Name').input('Gadget Handbook') // unchanged
      .cancel(); // no changes: closes without asking
    await run(ctx.testing, 'readthedocs.editProject', ui, node);
    ui.assertDone();
    assert.ok(ui.validationMessages.length >= 3);
    assert.deepEqual(writes(ctx.sandbox), []);
  });

  it('a refused field (PATCH 400) reopens with the typed value and the server\'s words; the fix is sent', async () => {
    ctx.sandbox.addFault({ method: 'PATCH', path: '/api/v3/projects/gadget-docs/', kind: 'status', status: 400, body: { repository: { url: ['Invalid scheme for URL'] } } });
    const ui = new ScriptedUi()
      .pick('Repository URL').input('https://gitlab.com/example-group/gadget-docs.git')
      .pick(/Save 1 change/)
      .input('https://gitlab.com/example-group/gadget.git') // the reopened repository box
      .pick(/Save 1 change/);
    await run(ctx.testing, 'readthedocs.editProject', ui, await projectNode(ctx.testing, 'gadget-docs'));
    ui.assertDone();
    const repositoryPrompts = ui.prompts.filter((p) => p.kind === 'input');
    assert.equal(repositoryPrompts[1]!.value, 'https://gitlab.com/example-group/gadget-docs.git');
    assert.equal(repositoryPrompts[1]!.initialMessage, 'Read the Docs: Invalid scheme for URL');
    assert.deepEqual(writes(ctx.sandbox).map((r) => r.body), [
      { repository: { url: 'https://gitlab.com/example-group/gadget-docs.git' } },
      { repository: { url: 'https://gitlab.com/example-group/gadget.git' } },
    ]);
  });

  it('closing with unsaved changes asks; keeping them returns to the list, discarding sends nothing', async () => {
    const ui = new ScriptedUi()
      .pick('Analytics disabled').pick('Yes')
      .cancel().confirmed(false) // keep editing
      .cancel().confirmed(true); // discard
    await run(ctx.testing, 'readthedocs.editProject', ui, await folderNode(ctx.testing, 'gadget-docs', 'versions'));
    ui.assertDone();
    assert.match(ui.prompts.find((p) => p.kind === 'confirm')!.title ?? '', /Discard your changes to gadget-docs\?/);
    assert.deepEqual(writes(ctx.sandbox), []);
  });
});
