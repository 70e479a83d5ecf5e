// The redirect plan carried out by the real client against the sandbox over HTTP: the sandbox keeps
// positions as the real service does (ProjectItemPositionManager: new rules at the top unless a
// position is given, a move takes the rule out and shifts the rest), so after an Apply the list is
// the file, in order, and a second plan is empty.

import assert from 'node:assert/strict';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import { type Redirect } from '../../src/core/models/redirect';
import { applyRedirectPlan } from '../../src/core/redirects/applyPlan';
import { silentLogger } from '../../src/core/log';
import { serverRedirectTypes } from '../../src/core/manage/redirects';
import { checkRedirectsFile } from '../../src/core/redirects/checkFile';
import { parseRedirectsFile, writeRedirectsFile } from '../../src/core/redirects/fileFormat';
import { planRedirects } from '../../src/core/redirects/plan';
import { type RedirectRule, RULE_DEFAULTS, ruleOfRedirect, sameRules } from '../../src/core/redirects/rule';
import { startSandbox, type Sandbox } from '../sandbox/index';
import { clientFor } from '../helpers/clientFor';

describe('redirect plans against the sandbox', function () {
  this.timeout(30_000);
  let sb: Sandbox;
  let client: ReadTheDocsClient;

  before(async () => {
    sb = await startSandbox({ buildStepMs: 20 });
    client = clientFor(sb.origin, { token: sb.tokens.owner });
  });
  after(() => sb.close());
  beforeEach(() => sb.reset());

  const list = async (): Promise<Redirect[]> => {
    const items: Redirect[] = [];
    for await (const r of client.all(client.redirects.list('widgets'))) items.push(r);
    return items;
  };
  const page = (from: string, to: string): RedirectRule => ({ ...RULE_DEFAULTS, type: 'page', fromUrl: from, toUrl: to });

  it('positions as the real service keeps them: a new rule goes on top, a move shifts the ones between', async () => {
    const before = await list();
    const created = await client.redirects.create('widgets', { type: 'page', fromUrl: '/top.html', toUrl: '/x.html' });
    const afterCreate = await list();
    assert.deepEqual(afterCreate.map((r) => r.pk), [created.pk, ...before.map((r) => r.pk)]);
    assert.deepEqual(afterCreate.map((r) => r.position), afterCreate.map((_, i) => i));
    await client.redirects.update('widgets', created.pk, { position: 3 });
    const afterMove = await list();
    assert.deepEqual(afterMove.map((r) => r.pk), [before[0]!.pk, before[1]!.pk, before[2]!.pk, created.pk, ...before.slice(3).map((r) => r.pk)]);
    await client.redirects.update('widgets', created.pk, { position: 99 });
    assert.equal((await list()).pop()!.pk, created.pk, 'a move past the end lands last');
    await client.redirects.delete('widgets', before[0]!.pk);
    assert.deepEqual((await list()).map((r) => r.position), [0, 1, 2, 3, 4, 5], 'a deletion closes the gap');
  });

  for (const [title, edit] of [
    ['reversed', (rules: RedirectRule[]) => [...rules].reverse()],
    ['two new on top, one deleted, one retargeted, one moved', (rules: RedirectRule[]) => [
      page('/n1.html', '/m1.html'), page('/n2.html', '/m2.html'), rules[5]!, { ...rules[0]!, toUrl: '/elsewhere.html' }, ...rules.slice(1, 3), rules[4]!,
    ]],
    ['everything gone', () => []],
  ] as const) {
    it(`${title}: the server becomes the file; a second plan is empty`, async () => {
      const file = edit((await list()).map(ruleOfRedirect));
      const plan = planRedirects(file, await list());
      sb.clearLog();
      const outcome = await applyRedirectPlan('widgets', plan.steps, client.redirects);
      assert.equal(outcome.failed, undefined);
      assert.equal(sb.requests.length, plan.steps.length, 'one request per step');
      const after = await list();
      assert.ok(sameRules(after.map(ruleOfRedirect), file), JSON.stringify(after.map(ruleOfRedirect)));
      assert.deepEqual(planRedirects(file, after).steps, []);
    });
  }
});

describe('the redirects file on a server with the API description\'s older redirect types', function () {
  this.timeout(30_000);
  let sb: Sandbox;
  let client: ReadTheDocsClient;

  before(async () => {
    sb = await startSandbox({ redirectTypes: 'older' });
    client = clientFor(sb.origin, { token: sb.tokens.owner });
  });
  after(() => sb.close());

  const list = async (): Promise<Redirect[]> => client.allItems(client.redirects.list('widgets'));

  it('export → check → apply: the file takes the types the server offers, Apply has nothing to do, then sends an edit', async () => {
    // The demo seeds the service's types, which this server does not take.
    for (const redirect of await list()) await client.redirects.delete('widgets', redirect.pk);
    await client.redirects.create('widgets', { type: 'sphinx_htmldir' });
    await client.redirects.create('widgets', { type: 'sphinx_html' });
    await client.redirects.create('widgets', { type: 'prefix', fromUrl: '/old/', toUrl: '/new/' });
    const serverTypes = (await serverRedirectTypes(client, 'widgets', silentLogger)).map((c) => c.code);
    assert.deepEqual(serverTypes, ['page', 'exact', 'prefix', 'sphinx_html', 'sphinx_htmldir']);

    const exported = writeRedirectsFile((await list()).map(ruleOfRedirect), undefined, ' Redirects of widgets');
    assert.deepEqual(parseRedirectsFile(exported).entries.map((e) => e.rule.type), ['prefix', 'sphinx_html', 'sphinx_htmldir'], 'written as the server stores them');
    const parsed = parseRedirectsFile(exported);
    assert.deepEqual(checkRedirectsFile(parsed, 'community', serverTypes), [], 'the file\'s own checks find nothing wrong');
    assert.deepEqual(planRedirects(parsed.entries.map((e) => e.rule), await list()).steps, [], 'Apply: nothing to do');

    const edited = parsed.entries.map((e) => (e.rule.type === 'prefix' ? { ...e.rule, toUrl: '/newer/' } : e.rule));
    const plan = planRedirects(edited, await list());
    assert.deepEqual(plan.steps.map((s) => [s.kind, s.kind === 'update' ? s.rule.type : undefined]), [['update', 'prefix']]);
    const outcome = await applyRedirectPlan('widgets', plan.steps, client.redirects);
    assert.equal(outcome.failed, undefined, JSON.stringify(outcome));
    assert.ok(sameRules((await list()).map(ruleOfRedirect), edited));
  });
});
