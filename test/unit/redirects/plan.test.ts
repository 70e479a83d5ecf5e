import * as assert from 'node:assert/strict';
import { type Redirect, parseRedirect } from '../../../src/core/models/redirect';
import { type PlanStep, countWrites, describeStep, longestIncreasingRun, planRedirects } from '../../../src/core/redirects/plan';
import { type RedirectRule, RULE_DEFAULTS, ruleOfRedirect, sameRule } from '../../../src/core/redirects/rule';

const page = (from: string, to: string, extra: Partial<RedirectRule> = {}): RedirectRule => ({ ...RULE_DEFAULTS, type: 'page', fromUrl: from, toUrl: to, ...extra });

/**
 * The server's side, written from `ProjectItemPositionManager` (rtd:readthedocs/projects/ordering.py)
 * with numeric positions, independently of the planner's own bookkeeping.
 */
class PositionServer {
  private nextPk = 100;
  rows: { pk: number; position: number; rule: RedirectRule }[] = [];

  constructor(rules: readonly RedirectRule[]) {
    this.rows = rules.map((rule, position) => ({ pk: this.nextPk++, position, rule }));
  }

  list(): Redirect[] {
    return [...this.rows].sort((a, b) => a.position - b.position)
      .map((r) => parseRedirect({ pk: r.pk, type: r.rule.type, from_url: r.rule.fromUrl, to_url: r.rule.toUrl, http_status: r.rule.httpStatus, force: r.rule.force, enabled: r.rule.enabled, description: r.rule.description, position: r.position }));
  }

  apply(step: PlanStep): void {
    const total = this.rows.length;
    switch (step.kind) {
      case 'delete': {
        const row = this.rows.find((r) => r.pk === step.redirect.pk)!;
        this.rows = this.rows.filter((r) => r !== row);
        for (const r of this.rows) if (r.position >= row.position) r.position -= 1;
        return;
      }
      case 'create': {
        const position = Math.max(Math.min(step.position, total), 0);
        for (const r of this.rows) if (r.position >= position) r.position += 1;
        this.rows.push({ pk: this.nextPk++, position, rule: step.rule });
        return;
      }
      case 'update':
      case 'move': {
        const row = this.rows.find((r) => r.pk === step.redirect.pk)!;
        const position = Math.max(Math.min(step.position, total - 1), 0);
        const current = row.position;
        if (position > current) for (const r of this.rows) if (r.position > current && r.position <= position) r.position -= 1;
        if (position < current) for (const r of this.rows) if (r.position < current && r.position >= position) r.position += 1;
        row.position = position;
        if (step.kind === 'update') row.rule = step.rule;
      }
    }
  }
}

/** Plans, applies on the simulated server, checks the result is the file and a second plan is empty. */
function roundTrip(server: readonly RedirectRule[], file: readonly RedirectRule[]) {
  const sim = new PositionServer(server);
  const plan = planRedirects(file, sim.list());
  for (const step of plan.steps) sim.apply(step);
  const after = sim.list().map(ruleOfRedirect);
  assert.equal(after.length, file.length, 'as many redirects as entries');
  after.forEach((rule, i) => assert.ok(sameRule(rule, file[i]!), `position ${i}: ${JSON.stringify(rule)} is not ${JSON.stringify(file[i])}`));
  assert.deepEqual(planRedirects(file, sim.list()).steps, [], 'a second plan has nothing to do');
  return plan;
}

const A = page('/a', '/a2');
const B = page('/b', '/b2');
const C = page('/c', '/c2');
const D = page('/d', '/d2');
const E = page('/e', '/e2');

describe('redirects/plan', () => {
  it('nothing to do when the file is the server (normalised: trailing slash, missing leading slash)', () => {
    const plan = roundTrip([page('/docs', '/guide/'), A], [page('/docs/', 'guide/'), A]);
    assert.deepEqual(plan.steps, []);
    assert.equal(plan.unchanged, 2);
  });

  it('creates new entries at their place, deletes the missing ones, updates a changed target with one PUT', () => {
    const plan = roundTrip([A, B, C, D], [A, page('/b', '/elsewhere', { httpStatus: 301 }), D]);
    assert.deepEqual(countWrites(plan), { delete: 1, create: 0, update: 1, move: 0 });
    const update = plan.steps.find((s) => s.kind === 'update');
    assert.deepEqual(update?.kind === 'update' && update.fields, ['to_url', 'http_status']);
    const created = roundTrip([A, B], [A, page('/new', '/x'), B]);
    assert.deepEqual(created.steps.map((s) => s.kind === 'create' && s.position), [1]);
  });

  it('deletes go first (room under the limit, one clean/html redirect per project); a leftover becomes a PUT, not a delete and a create', () => {
    const plan = roundTrip([A, B, C], [page('/new', '/x'), A]);
    assert.deepEqual(plan.steps.map((s) => s.kind), ['delete', 'update']);
  });

  it('a changed from_url is one PUT, not a delete and a create', () => {
    const plan = roundTrip([A, B], [A, page('/b-renamed', '/b2')]);
    assert.deepEqual(countWrites(plan), { delete: 0, create: 0, update: 1, move: 0 });
    assert.match(describeStep(plan.steps[0]!), /Update page \/b-renamed → \/b2 \(was page \/b → \/b2\): from_url/);
  });

  it('reorders with the fewest moves: one entry moved to the end is one PATCH', () => {
    const plan = roundTrip([A, B, C, D], [B, C, D, A]);
    assert.deepEqual(countWrites(plan), { delete: 0, create: 0, update: 0, move: 1 });
    assert.equal(plan.steps[0]!.kind === 'move' && plan.steps[0].position, 3);
  });

  it('reorders: a reversed list of n needs n-1 moves; a swap of neighbours one', () => {
    assert.equal(roundTrip([A, B, C, D, E], [E, D, C, B, A]).steps.length, 4);
    assert.equal(roundTrip([A, B, C, D], [A, C, B, D]).steps.length, 1);
  });

  it('a changed entry moves with its PUT, no extra PATCH', () => {
    const plan = roundTrip([A, B, C], [page('/c', '/changed'), A, B]);
    assert.deepEqual(countWrites(plan), { delete: 0, create: 0, update: 1, move: 0 });
  });

  it('duplicates in the file are reported and mirrored (each is one redirect on the server)', () => {
    const plan = roundTrip([A], [A, B, page('/a', '/other')]);
    assert.deepEqual(plan.duplicates, [[2, 0]]);
    assert.deepEqual(countWrites(plan), { delete: 0, create: 2, update: 0, move: 0 });
  });

  it('duplicates on the server: the one that matches stays, the other goes', () => {
    const plan = roundTrip([page('/a', '/old'), A, B], [A, B]);
    assert.deepEqual(plan.steps.map((s) => s.kind), ['delete']);
    assert.equal(plan.steps[0]!.kind === 'delete' && plan.steps[0].redirect.toUrl, '/old');
  });

  it('the clean/html types are matched by type (their URLs are stored empty)', () => {
    const clean: RedirectRule = { ...RULE_DEFAULTS, type: 'clean_url_to_html', fromUrl: '', toUrl: '' };
    const plan = roundTrip([clean, A], [A, { ...clean, enabled: false }]);
    assert.deepEqual(countWrites(plan), { delete: 0, create: 0, update: 1, move: 0 });
  });

  it('an empty file deletes everything (each deletion a step)', () => {
    const plan = roundTrip([A, B, C], []);
    assert.deepEqual(plan.steps.map((s) => s.kind), ['delete', 'delete', 'delete']);
  });

  it('random edits: the plan always reaches the file, and a pure reorder takes n - LIS moves', () => {
    let seed = 7;
    const random = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    const pool = Array.from({ length: 12 }, (_, i) => page(`/p${i}`, `/t${i}`));
    for (let round = 0; round < 200; round++) {
      const server = pool.filter(() => random(3) > 0);
      const file = [...pool.filter(() => random(3) > 0)].sort(() => random(3) - 1)
        .map((rule) => (random(5) === 0 ? { ...rule, toUrl: `${rule.toUrl}-v${round}` } : rule));
      roundTrip(server, file);
      const shuffled = [...server].sort(() => random(3) - 1);
      const plan = roundTrip(server, shuffled);
      const lis = longestIncreasingRun(shuffled.map((r) => server.indexOf(r))).length;
      assert.equal(plan.steps.length, server.length - lis, `round ${round}`);
    }
  });
});
