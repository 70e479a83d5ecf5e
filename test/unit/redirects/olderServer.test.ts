// Redirects of a server before Read the Docs 10.14, which sends no http_status, force, enabled,
// description or position (upstream's 10.13.0 sample, test/fixtures/rtd-api/older/): the tester
// does not invent a status, and a plan compares only what the server said.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Redirect, parseRedirect } from '../../../src/core/models/redirect';
import { parseRedirectsFile } from '../../../src/core/redirects/fileFormat';
import { planRedirects } from '../../../src/core/redirects/plan';
import { ruleOfRedirect } from '../../../src/core/redirects/rule';
import { type ProjectUrls, RedirectIndex, testRedirects } from '../../../src/core/redirects/tester';

const PROJECT: ProjectUrls = { language: 'en', defaultVersion: 'latest' };
const sample = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'rtd-api', 'older', '10.13.0', 'projects-redirects-list.json'), 'utf8')) as { results: Record<string, unknown>[] }).results[0]!;
/** The sample's shape with other rules; `said` adds the fields a 10.14 server sends. */
const serverRedirect = (pk: number, type: string, from: string, to: string, said?: Record<string, unknown>): Redirect =>
  parseRedirect({ ...sample, pk, type, from_url: from, to_url: to, ...said });
const current = (position: number, httpStatus = 302) => ({ http_status: httpStatus, force: false, enabled: true, description: '', position });
const fileRules = (text: string) => parseRedirectsFile(text).entries.map((e) => e.rule);

describe('redirects of a server before 10.14', () => {
  it('the sample sends no position: the redirect says so', () => {
    const redirect = parseRedirect(sample);
    assert.equal(redirect.positionUnsaid, true);
    assert.equal(serverRedirect(1, 'page', '/a', '/b', current(0)).positionUnsaid, undefined);
  });

  it('Test a Redirect says the server does not tell which status, where a 10.14 server says 301', () => {
    const url = '/en/latest/docs/';
    const older = testRedirects(url, [ruleOfRedirect(parseRedirect(sample))], PROJECT);
    assert.equal(older.notFound?.location, '/en/latest/documentation/');
    assert.equal(older.notFound?.status, undefined);
    assert.match(older.summary, /\(404\): 301 or 302 \(the server does not tell which\) to \/en\/latest\/documentation\//);
    assert.doesNotMatch(older.summary, /: 30[12] to/);
    assert.equal(new RedirectIndex([ruleOfRedirect(parseRedirect(sample))]).firings(url, PROJECT).notFound?.status, undefined);

    const said = testRedirects(url, [ruleOfRedirect(parseRedirect({ ...sample, ...current(0, 301) }))], PROJECT);
    assert.equal(said.notFound?.status, 301);
    assert.match(said.summary, /\(404\): 301 to \/en\/latest\/documentation\//);
  });

  it('after an Apply, a server that kept neither the settings nor the order differs in nothing', () => {
    const file = fileRules('- type: exact\n  from_url: /a\n  to_url: /b\n  http_status: 301\n- type: page\n  from_url: /docs/\n  to_url: /documentation/\n  force: true\n  description: Moved\n');
    const before = [serverRedirect(1, 'page', '/docs/', '/documentation/')];
    assert.deepEqual(planRedirects(file, before).steps.map((s) => s.kind), ['create']);
    // What it lists after the create: newest first, whatever position was sent; no settings.
    const after = [serverRedirect(2, 'exact', '/a', '/b'), serverRedirect(1, 'page', '/docs/', '/documentation/')].reverse();
    const again = planRedirects(file, after);
    assert.deepEqual(again.steps, []);
    assert.equal(again.unchanged, 2);
  });

  it('a 10.14 server, which says positions and settings, still gets its moves and updates', () => {
    const file = fileRules('- type: exact\n  from_url: /a\n  to_url: /b\n  http_status: 301\n- type: page\n  from_url: /docs/\n  to_url: /documentation/\n');
    const server = [serverRedirect(1, 'page', '/docs/', '/documentation/', current(0)), serverRedirect(2, 'exact', '/a', '/b', current(1))];
    assert.deepEqual(planRedirects(file, server).steps.map((s) => [s.kind, s.kind === 'update' ? s.fields : undefined]), [['update', ['http_status']]]);
    const inOrder = [serverRedirect(1, 'page', '/docs/', '/documentation/', current(0)), serverRedirect(2, 'exact', '/a', '/b', current(1, 301))];
    assert.deepEqual(planRedirects(file, inOrder).steps.map((s) => s.kind), ['move']);
  });
});
