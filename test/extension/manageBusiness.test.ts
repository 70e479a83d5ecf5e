// Import on Read the Docs for Business (sandbox in business mode): the organization is asked
// (required), then its teams when the account may list them; both are sent; the new project is
// revealed under its organization.

import * as assert from 'node:assert/strict';
import { useSignedInSandbox, writes } from './helpers/manage';
import { findNode, run } from './helpers/tree';
import { signInWith, signOutAll, waitFor } from './helpers/host';
import { ScriptedUi } from './helpers/scriptedUi';

describe('manage: import on the business edition', function () {
  this.timeout(60_000);
  const ctx = useSignedInSandbox({ edition: 'business' });

  beforeEach(() => ctx.sandbox.clearLog());

  it('asks the organization (required) and sends it; teams are not offered when the account may not list them', async () => {
    // demo-owner is on a team of example-corp but not its owner: listing teams is refused (403).
    const ui = new ScriptedUi()
      .search('sprock', 'example-org/sprockets')
      .input('sprockets')
      .pick('Example Corp')
      .pick('English').pick('Python').input('');
    await run(ctx.testing, 'readthedocs.importProject', ui);
    ui.assertDone();
    assert.match(ui.prompts[2]!.placeholder ?? '', /Organization \(required/);
    assert.ok(!ui.prompts.some((p) => p.kind === 'pickMany'), 'no empty teams step');
    const posts = writes(ctx.sandbox, 'POST');
    assert.equal(posts.length, 1);
    assert.deepEqual(posts[0]!.body, {
      name: 'sprockets', repository: { url: 'https://github.com/example-org/sprockets.git', type: 'git' },
      language: 'en', programming_language: 'py', tags: [], organization: 'example-corp',
    });
    await waitFor(() => findNode(ctx.testing, 'business/org:example-corp/project:sprockets'), 'the new project under its organization');
  });

  it('a private repository is imported with its SSH URL (allowed on Business)', async () => {
    const ui = new ScriptedUi()
      .search('gizmo', 'example-group/gizmo-handbook')
      .input('Gizmo Handbook')
      .pick('Example Corp')
      .pick('English').pick('Only Words').input('');
    await run(ctx.testing, 'readthedocs.importProject', ui);
    ui.assertDone();
    const body = writes(ctx.sandbox, 'POST')[0]!.body as { repository: { url: string }; teams?: unknown };
    assert.equal(body.repository.url, 'git@gitlab.com:example-group/gizmo-handbook.git');
    assert.equal(body.teams, undefined, 'no team chosen: none sent');
  });

  it('an organization owner picks teams; they are sent', async () => {
    await signOutAll(ctx.testing);
    await signInWith(ctx.testing, ctx.sandbox.tokens.org, 'business');
    ctx.sandbox.clearLog();
    const ui = new ScriptedUi()
      .pick('Enter a repository URL').input('https://github.com/example-corp/policies.git')
      .input('Policies')
      .pick('Example Corp').pickMany('Docs admins')
      .pick('English').pick('Only Words').input('');
    await run(ctx.testing, 'readthedocs.importProject', ui);
    ui.assertDone();
    assert.deepEqual(ui.prompts.find((p) => p.kind === 'pickMany')!.items, ['Docs admins', 'Docs readers']);
    const body = writes(ctx.sandbox, 'POST')[0]!.body as { organization: string; teams: string[] };
    assert.equal(body.organization, 'example-corp');
    assert.deepEqual(body.teams, ['docs-admins']);
  });
});
