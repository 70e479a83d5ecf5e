// The redirect plan carried out by the real client against the sandbox over HTTP: the sandbox keeps
// positions as the real service does (ProjectItemPositionManager: new rules at the top unless a
// position is given, a move takes the rule out and shifts the rest), so after an Apply the list is
// the file, in order, and a second plan is empty.

import assert from 'node:assert/strict';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import { type Redirect } from '../../src/core/models/redirect';
import { applyRedirectPlan } from '../../src/core/redirects/applyPlan';
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
