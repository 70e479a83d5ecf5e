import * as assert from 'node:assert/strict';
import { ServerError } from '../../../src/core/api/errors';
import { parseRedirect } from '../../../src/core/models/redirect';
import { type RedirectWrites, applyRedirectPlan } from '../../../src/core/redirects/applyPlan';
import { type PlanStep } from '../../../src/core/redirects/plan';
import { RULE_DEFAULTS } from '../../../src/core/redirects/rule';
import { outcomeReport, parseProjectSetting, planHeadline } from '../../../src/core/redirects/words';

const redirect = (pk: number) => parseRedirect({ pk, type: 'page', from_url: `/p${pk}`, to_url: `/q${pk}`, position: pk });
const rule = { ...RULE_DEFAULTS, type: 'page', fromUrl: '/new', toUrl: '/target' };
const STEPS: PlanStep[] = [
  { kind: 'delete', redirect: redirect(1) },
  { kind: 'create', rule, position: 0, entry: 0 },
  { kind: 'move', redirect: redirect(2), position: 3, entry: 3 },
];

/** Records calls; `failOn` (a method name) throws once. */
function recorder(failOn?: string) {
  const calls: string[] = [];
  const call = (name: string, detail: string) => {
    calls.push(`${name} ${detail}`);
    if (name === failOn) return Promise.reject(new ServerError(500));
    return Promise.resolve(redirect(9));
  };
  const api: RedirectWrites = {
    create: (_p, input) => call('create', `${input.fromUrl}@${input.position}`),
    replace: (_p, pk, input) => call('replace', `${pk}@${input.position}`),
    update: (_p, pk, changes) => call('update', `${pk}@${changes.position}`),
    delete: (_p, pk) => call('delete', String(pk)).then(() => undefined),
  };
  return { calls, api };
}

describe('redirects/applyPlan', () => {
  it('sends each step once, in order: DELETE, POST with the position, PATCH of the position', async () => {
    const { calls, api } = recorder();
    const outcome = await applyRedirectPlan('widgets', STEPS, api);
    assert.deepEqual(calls, ['delete 1', 'create /new@0', 'update 2@3']);
    assert.deepEqual(outcome, { done: STEPS, notDone: [], cancelled: false });
  });

  it('stops at the first failure, never retrying it, and says what was not done', async () => {
    const { calls, api } = recorder('create');
    const outcome = await applyRedirectPlan('widgets', STEPS, api);
    assert.deepEqual(calls, ['delete 1', 'create /new@0']);
    assert.deepEqual(outcome.done, [STEPS[0]]);
    assert.equal(outcome.failed?.step, STEPS[1]);
    assert.deepEqual(outcome.notDone, STEPS.slice(1));
    const report = outcomeReport(outcome, 'widgets', 'docs/redirects.yaml', undefined);
    assert.equal(report.severity, 'error');
    assert.match(report.text, /^Applying docs\/redirects\.yaml to widgets stopped at "Create page \/new → \/target at position 1": .*Done: 1 deleted\. Not done \(2\): Create page \/new → \/target at position 1; Move page \/p2 → \/q2 to position 4\.$/);
  });

  it('a cancellation between steps stops before the next one', async () => {
    const { calls, api } = recorder();
    const abort = new AbortController();
    const outcome = await applyRedirectPlan('widgets', STEPS, api, { signal: abort.signal, onStep: (_s, i) => { if (i === 1) abort.abort(); } });
    assert.deepEqual(calls, ['delete 1', 'create /new@0']);
    assert.equal(outcome.cancelled, true);
    assert.deepEqual(outcome.notDone, [STEPS[2]]);
  });

  it('reports success, and a server that still differs afterwards', () => {
    const done = { done: STEPS, notDone: [], cancelled: false };
    assert.deepEqual(outcomeReport(done, 'widgets', 'r.yaml', 0), { severity: 'info', text: 'Applied r.yaml to widgets: 1 created, 1 moved, 1 deleted. The server now matches the file.' });
    assert.match(outcomeReport(done, 'widgets', 'r.yaml', 2).text, /still differs in 2 places/);
    assert.equal(planHeadline({ steps: STEPS, unchanged: 0, duplicates: [] }, 'widgets', 'r.yaml'),
      '3 changes to make widgets match r.yaml, including 1 deletion that cannot be undone. Nothing is sent until you choose Apply.');
  });

  it('reads the project setting: edition/slug or a bare slug', () => {
    assert.deepEqual(parseProjectSetting('community/widgets'), { edition: 'community', slug: 'widgets' });
    assert.deepEqual(parseProjectSetting(' widgets '), { edition: undefined, slug: 'widgets' });
    assert.equal(parseProjectSetting('enterprise/widgets'), undefined);
    assert.equal(parseProjectSetting(''), undefined);
  });
});
