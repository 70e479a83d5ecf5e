// Servers of other versions, read from upstream's own API response samples of those releases
// (test/fixtures/rtd-api/older/<release>/, byte-for-byte copies; see test/fixtures/rtd-api/INDEX.md).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseProject, parseSubproject } from '../../../src/core/models/project';
import { parseRedirect } from '../../../src/core/models/redirect';
import { parseVersion } from '../../../src/core/models/version';
import { checkRedirectsFile } from '../../../src/core/redirects/checkFile';
import { parseRedirectsFile, writeRedirectsFile } from '../../../src/core/redirects/fileFormat';
import { planRedirects } from '../../../src/core/redirects/plan';
import { ruleOfRedirect } from '../../../src/core/redirects/rule';
import { presentRedirect, presentVersion } from '../../../src/core/tree/itemPresenters';
import { projectTooltip } from '../../../src/core/tree/tooltip';

const older = (release: string, name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'rtd-api', 'older', release, `${name}.json`), 'utf8')) as Record<string, unknown>;
const resultsOf = (page: Record<string, unknown>) => page.results as Record<string, unknown>[];
const privately = (o: Record<string, unknown>) => ({ ...o, privacy_level: { code: 'private', name: 'Private' } });

describe('servers of other versions', () => {
  it('Read the Docs 3.5-3.7: a subproject is the bare child project (alias: its slug)', () => {
    const [subproject] = resultsOf(older('3.7.5', 'projects-subprojects-list')).map((item, i) => parseSubproject(item, `page.results[${i}]`));
    assert.equal(subproject?.alias, 'subproject');
    assert.equal(subproject?.child.slug, 'subproject');
    assert.equal(subproject?.child.repository.url, 'https://github.com/rtfd/subproject');
    assert.equal(subproject?.child.subprojectOf, 'project');
  });

  it('Read the Docs 3.5-3.8: privacy_level is {code, name}; a private version and project are marked', () => {
    const version = parseVersion(privately(older('3.8.0', 'projects-versions-detail')));
    assert.equal(version.privacyLevel, 'private');
    assert.match(String(presentVersion(version, undefined).description), /private/);
    assert.equal(parseVersion(older('3.8.0', 'projects-versions-detail')).privacyLevel, 'public');
    const project = parseProject(privately(older('3.8.0', 'projects-detail')));
    assert.equal(project.privacyLevel, 'private');
    assert.match(projectTooltip(project), /Privacy: private/);
  });

  it('before 10.14: a redirect without http_status, enabled or force shows them as unknown, not as facts', () => {
    const [redirect] = resultsOf(older('10.13.0', 'projects-redirects-list')).map((item) => parseRedirect(item));
    assert.ok(redirect);
    const row = presentRedirect(redirect);
    assert.doesNotMatch(String(row.description), /302|forced|disabled/, String(row.description));
    assert.doesNotMatch(String(row.tooltip), /Status: 302|Enabled: yes|Force: no/, String(row.tooltip));
    assert.match(String(row.tooltip), /Status: unknown/);
    assert.equal(row.color, undefined, 'not greyed out as disabled');
  });

  it('before 10.14: the redirects file agrees with the server on what it said (not http_status, force, enabled, description), however the file sets the rest', () => {
    const server = resultsOf(older('10.13.0', 'projects-redirects-list')).map((item) => parseRedirect(item));
    const exported = writeRedirectsFile(server.map(ruleOfRedirect));
    assert.deepEqual(planRedirects(parseRedirectsFile(exported).entries.map((e) => e.rule), server).steps, []);
    const withSettings = parseRedirectsFile('- type: page\n  from_url: /docs/\n  to_url: /documentation/\n  http_status: 301\n  force: true\n  description: Moved\n');
    assert.deepEqual(planRedirects(withSettings.entries.map((e) => e.rule), server).steps, []);
    const moved = parseRedirectsFile('- type: page\n  from_url: /docs/\n  to_url: /elsewhere/\n');
    assert.deepEqual(planRedirects(moved.entries.map((e) => e.rule), server).steps.map((s) => s.kind), ['update']);
  });

  it('with the older redirect types, a prefix redirect needs no to_url (it goes to /<lang>/<version>/)', () => {
    const types = ['page', 'exact', 'prefix', 'sphinx_html', 'sphinx_htmldir'];
    const file = parseRedirectsFile('- type: prefix\n  from_url: /dev/\n- type: prefix\n  from_url: /old/\n  to_url: /new/\n');
    assert.deepEqual(checkRedirectsFile(file, 'community', types), []);
    const noFrom = parseRedirectsFile('- type: prefix\n  to_url: /new/\n');
    assert.deepEqual(checkRedirectsFile(noFrom, 'community', types).map((p) => p.severity), ['error'], 'from_url is still needed');
  });
});
