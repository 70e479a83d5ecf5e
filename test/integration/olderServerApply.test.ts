import assert from 'node:assert/strict';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import { type Redirect } from '../../src/core/models/redirect';
import { applyRedirectPlan } from '../../src/core/redirects/applyPlan';
import { parseRedirectsFile } from '../../src/core/redirects/fileFormat';
import { planRedirects } from '../../src/core/redirects/plan';
import { ruleOfRedirect } from '../../src/core/redirects/rule';
import { testRedirects } from '../../src/core/redirects/tester';
import { outcomeReport } from '../../src/core/redirects/words';
import { clientFor } from '../helpers/clientFor';
import { type Sandbox, startSandbox } from '../sandbox';

/**
 * Apply Redirects File, then the re-read it compares with the file, against a server before 10.14
 * (`responseShapes: 'older'`): no http_status, force, enabled, description or position in its answers,
 * a position sent is not kept (the newest is listed first).
 */
describe('Apply Redirects File ↔ an older server (before 10.14)', function () {
  this.timeout(30_000);
  let sb: Sandbox;
  let client: ReadTheDocsClient;
  const list = async (): Promise<Redirect[]> => client.allItems(client.redirects.list('widgets'));

  before(async () => {
    sb = await startSandbox({ responseShapes: 'older' });
    client = clientFor(sb.origin, { token: sb.tokens.owner });
    for (const redirect of await list()) await client.redirects.delete('widgets', redirect.pk);
  });
  after(async () => {
    client.dispose();
    await sb.close();
  });

  it('its own apply reads back as the file: the server now matches it', async () => {
    const text = '- type: exact\n  from_url: /a\n  to_url: /b\n  http_status: 301\n- type: page\n  from_url: /x\n  to_url: /y\n  force: true\n  description: Moved\n- type: exact\n  from_url: /c\n  to_url: /d\n';
    const rules = parseRedirectsFile(text).entries.map((e) => e.rule);
    const plan = planRedirects(rules, await list());
    assert.deepEqual(plan.steps.map((s) => s.kind), ['create', 'create', 'create']);
    const outcome = await applyRedirectPlan('widgets', plan.steps, client.redirects);
    assert.equal(outcome.failed, undefined, JSON.stringify(outcome.failed));
    const after = await list();
    assert.notDeepEqual(after.map((r) => r.fromUrl), ['/a', '/x', '/c'], 'the server keeps its own order, not the file\'s');
    const stillDifferent = planRedirects(rules, after).steps.length;
    assert.equal(stillDifferent, 0);
    const report = outcomeReport(outcome, 'widgets', 'redirects.yaml', stillDifferent);
    assert.equal(report.severity, 'info');
    assert.match(report.text, /The server now matches the file/);
  });

  it('Test a Redirect on its list names no status it was not told', async () => {
    const result = testRedirects('/a', (await list()).map(ruleOfRedirect), { language: 'en', defaultVersion: 'latest' });
    assert.equal(result.notFound?.location, '/b');
    assert.match(result.summary, /301 or 302 \(the server does not tell which\) to \/b/);
  });
});
