import assert from 'node:assert/strict';
import { analyseBuildTimes } from '../../../src/core/buildTimes/analysis';
import { buildFigures } from '../../../src/core/buildTimes/figures';
import { barText, buildTimesPage } from '../../../src/core/buildTimes/page';
import { webviewPolicy } from '../../../src/core/html/webviewPage';
import { parseBuild } from '../../../src/core/models/build';
import { parseBuildLog } from '../../../src/core/models/buildLog';
import { parseNotification } from '../../../src/core/models/notification';

const HOSTILE = '</title><script>alert(1)</script><img src=x onerror=alert(2)>"\'';

function hostileBuild(id: number) {
  const created = Date.parse('2026-11-20T10:00:00Z') + id * 60_000;
  const iso = (ms: number) => new Date(ms).toISOString();
  const build = parseBuild({ id, project: 'widgets', version: 'latest', state: 'finished', success: false, created: iso(created), duration: 100, commit: HOSTILE, urls: { build: 'javascript:alert(3)' } });
  const log = parseBuildLog({
    id, date: iso(created), task_executed_at: iso(created + 5000), length: 100, config: { build: { commands: [HOSTILE] } }, commands: [
      { id: 1, command: 'git checkout --force origin/main', exit_code: 0, start_time: iso(created + 6000), end_time: iso(created + 16_000), run_time: 10 },
      { id: 2, command: HOSTILE, exit_code: 1, start_time: iso(created + 16_000), end_time: iso(created + 96_000), run_time: 80 },
    ],
  });
  return buildFigures({ edition: 'community', build, log });
}

describe('the Build Times page', () => {
  it('a hostile command, commit or URL cannot inject: everything escaped, links only http(s), no script', () => {
    const builds = [hostileBuild(2), hostileBuild(1)];
    const html = buildTimesPage({ nonce: 'n0nce', projectSlug: 'wid<gets', versionSlug: 'la"test', builds, analysis: analyseBuildTimes(builds) });
    assert.doesNotMatch(html, /<script/i);
    assert.doesNotMatch(html, /<img/i);
    assert.doesNotMatch(html, /javascript:/);
    assert.doesNotMatch(html, /onerror=alert\(2\)>/);
    assert.match(html, /&lt;\/title&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(html, /wid&lt;gets/);
    assert.match(html, new RegExp(webviewPolicy({ nonce: 'n0nce', style: '' }).replace(/'/g, '&#39;').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    assert.match(html, /<style nonce="n0nce">/);
    assert.doesNotMatch(html, / style="/, 'no inline style attributes: the CSP would block them');
  });

  it('one bar per build with its accessible text, the limit line, the findings, the guide link', () => {
    const builds = [hostileBuild(2), hostileBuild(1)];
    const html = buildTimesPage({ nonce: 'n', projectSlug: 'widgets', versionSlug: 'latest', builds, analysis: analyseBuildTimes(builds) });
    assert.equal(html.match(/<g role="img" aria-label="/g)?.length, 2);
    assert.match(barText(builds[0]), /^Build #2, failed, queue 5 s, checkout 10 s, .* 1 min 20 s, upload and the rest 10 s, total 1 min 40 s of 15:00$/);
    assert.match(html, /class="limit"/);
    assert.match(html, /limit 15:00/);
    assert.match(html, /href="https:\/\/docs\.readthedocs\.com\/platform\/stable\/guides\/build-using-too-many-resources\.html#requests-more-resources"/);
  });

  it('a private failed build\'s reason: the notification header on one line, controls out, escaped', () => {
    const build = parseBuild({ id: 10, project: 'widgets', version: 'latest', state: 'finished', success: false, created: '2026-11-20T10:00:00Z', duration: 30, urls: {} });
    const notice = parseNotification({ id: 1, message: { id: 'build:user:generic', header: 'Unknown \u001b[31mproblem\u001b[0m\n<img src=x onerror=alert(1)>', body: '' } });
    const figures = buildFigures({ edition: 'community', build, log: 'private', notifications: [notice] });
    assert.deepEqual(figures.reasons, ['Unknown problem <img src=x onerror=alert(1)>']);
    const html = buildTimesPage({ nonce: 'n', projectSlug: 'widgets', versionSlug: 'latest', builds: [figures], analysis: analyseBuildTimes([figures]) });
    assert.match(html, /Unknown problem &lt;img src=x onerror=alert\(1\)&gt;/);
    assert.doesNotMatch(html, /<img/);
  });

  it('unknown queue and private builds are said, not drawn as zero', () => {
    const build = parseBuild({ id: 9, project: 'widgets', version: 'latest', state: 'finished', success: true, created: '2026-11-20T10:00:00Z', duration: 61, urls: { build: 'https://app.readthedocs.org/projects/widgets/builds/9/' } });
    const figures = buildFigures({ edition: 'community', build, log: 'private' });
    const html = buildTimesPage({ nonce: 'n', projectSlug: 'widgets', versionSlug: 'latest', builds: [figures], analysis: analyseBuildTimes([figures]) });
    assert.match(barText(figures), /queue unknown/);
    assert.match(html, /Per-step times need a public build/);
    assert.match(html, /1:01 of 15:00/);
    assert.match(html, /href="https:\/\/app\.readthedocs\.org\/projects\/widgets\/builds\/9\/"/);
  });
});
