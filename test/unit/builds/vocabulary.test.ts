import assert from 'node:assert/strict';
import { NO_OUTCOME_FACTS } from '../../../src/core/builds/facts';
import { KNOWN_NOTHING } from '../../../src/core/builds/buildRow';
import { createRequire } from 'node:module';
import { renderBuildDocument } from '../../../src/core/builds/buildDocument';
import { buildFinishedMessage, buildLabel, buildOutcome, buildStatusWord, formatDuration } from '../../../src/core/builds/facts';
import { failureReason } from '../../../src/core/builds/failureReason';
import { rateLimitedText, runningBuildsStatus, runningBuildsText } from '../../../src/core/builds/statusText';
import { htmlToText } from '../../../src/core/html/plainText';
import { toReadableYaml } from '../../../src/core/util/readableYaml';
import { type Build, parseBuild } from '../../../src/core/models/build';
import { parseNotification } from '../../../src/core/models/notification';
import { apiFixture } from '../../helpers/fixtures';

// js-yaml comes with mocha; used only to prove the rendering is YAML that reads back the same.
const yaml = createRequire(__filename)('js-yaml') as { load(text: string): unknown };

function build(fields: Partial<Build> = {}): Build {
  return { ...parseBuild(apiFixture('projects-builds-detail')), ...fields };
}

describe('build words', () => {
  it('names the outcome from state and success', () => {
    assert.equal(buildOutcome({ state: 'finished', success: true }, NO_OUTCOME_FACTS), 'succeeded');
    assert.equal(buildOutcome({ state: 'finished', success: false }, NO_OUTCOME_FACTS), 'failed');
    assert.equal(buildOutcome({ state: 'finished', success: undefined }, NO_OUTCOME_FACTS), 'failed');
    assert.equal(buildOutcome({ state: 'cancelled', success: false }, NO_OUTCOME_FACTS), 'cancelled');
    assert.equal(buildOutcome({ state: 'building', success: undefined }, NO_OUTCOME_FACTS), 'running');
    assert.equal(buildOutcome({ state: 'triggered', success: undefined }, NO_OUTCOME_FACTS), 'running');
    assert.equal(buildStatusWord({ state: 'uploading', stateName: 'Uploading', success: undefined }, NO_OUTCOME_FACTS), 'uploading');
    assert.equal(buildStatusWord({ state: 'finished', stateName: 'Finished', success: undefined }, NO_OUTCOME_FACTS), 'failed');
  });

  it('formats durations for people', () => {
    const cases: [number | undefined, string | undefined][] = [
      [undefined, undefined], [-1, undefined], [Number.NaN, undefined], [0, '0 s'], [1, '1 s'], [59.4, '59 s'],
      [60, '1 min'], [65, '1 min 5 s'], [3599, '59 min 59 s'], [3600, '1 h'], [3720, '1 h 2 min'], [7322, '2 h 2 min'],
    ];
    for (const [seconds, expected] of cases) assert.equal(formatDuration(seconds), expected, String(seconds));
  });

  it('says what happened to a finished build', () => {
    assert.equal(buildLabel(build(), 'project'), 'build #1 of project (v1.0)');
    assert.equal(buildLabel(build({ version: undefined }), 'project'), 'build #1 of project');
    assert.equal(buildFinishedMessage(build(), 'project', NO_OUTCOME_FACTS), 'Build #1 of project (v1.0) succeeded in 1 min.');
    assert.equal(
      buildFinishedMessage(build({ success: false, durationSeconds: 42 }), 'project', NO_OUTCOME_FACTS, 'Unknown problem: it broke'),
      'Build #1 of project (v1.0) failed after 42 s: Unknown problem: it broke',
    );
    assert.equal(buildFinishedMessage(build({ success: false, durationSeconds: undefined }), 'project', NO_OUTCOME_FACTS), 'Build #1 of project (v1.0) failed.');
    assert.equal(buildFinishedMessage(build({ state: 'cancelled', success: false, durationSeconds: 0 }), 'project', NO_OUTCOME_FACTS), 'Build #1 of project (v1.0) was cancelled.');
    assert.equal(buildFinishedMessage(build({ state: 'cancelled', success: false, durationSeconds: 3 }), 'project', NO_OUTCOME_FACTS), 'Build #1 of project (v1.0) was cancelled after 3 s.');
    assert.equal(buildFinishedMessage(build({ state: 'building', stateName: 'Building', success: undefined }), 'project', NO_OUTCOME_FACTS), 'Build #1 of project (v1.0) is building.');
  });

  it('status bar texts', () => {
    assert.equal(runningBuildsText(2), '$(sync~spin) Read the Docs: 2 building');
    assert.equal(runningBuildsStatus([], () => KNOWN_NOTHING), undefined, 'hidden while nothing runs');
    const one = runningBuildsStatus([{ projectSlug: 'widgets', build: build({ id: 7, state: 'building', stateName: 'Building', success: undefined }) }], () => KNOWN_NOTHING);
    assert.deepEqual(one, {
      text: '$(sync~spin) Read the Docs: 1 building',
      tooltip: 'Read the Docs: 1 build running:\nbuild #7 of widgets (v1.0): building\n\nClick to show them.',
      accessibilityLabel: 'Read the Docs: 1 build running: build #7 of widgets (v1.0): building. Activate to show them.',
    });
    const two = runningBuildsStatus([{ projectSlug: 'a', build: build({ id: 1 }) }, { projectSlug: 'b', build: build({ id: 2, version: undefined }) }], () => KNOWN_NOTHING);
    assert.equal(two?.text, '$(sync~spin) Read the Docs: 2 building');
    assert.match(two?.accessibilityLabel ?? '', /^Read the Docs: 2 builds running: build #1 of a \(v1\.0\): \w+; build #2 of b: \w+\. /);
    assert.doesNotMatch(two?.accessibilityLabel ?? '', /\$\(/, 'no codicon syntax read aloud');
    assert.equal(rateLimitedText(10_500, 1_000), '$(watch) Read the Docs: rate limited, retrying in 10 s');
    assert.equal(rateLimitedText(1_000, 1_000), '$(watch) Read the Docs: rate limited, retrying in 1 s');
    assert.equal(rateLimitedText(1_000 + 600_000, 1_000), '$(watch) Read the Docs: rate limited, retrying in 10 min');
  });
});

describe('failure reasons from build notifications (remote HTML)', () => {
  it('reads the real notification fixture', () => {
    const page = apiFixture('projects-builds-notifications-list') as { results: unknown[] };
    const notifications = page.results.map((n) => parseNotification(n));
    assert.equal(failureReason(notifications), 'Build cancelled manually: The user has cancelled this build.');
  });

  it('strips tags, scripts and styles, decodes entities, collapses whitespace', () => {
    assert.equal(htmlToText('<p>Check <code>docs/conf.py</code> &amp; <a href="javascript:alert(1)">this</a>.</p>\n\n<p>Then  retry.</p>'),
      'Check docs/conf.py & this. Then retry.');
    assert.equal(htmlToText('<script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)>ok'), 'ok');
    assert.equal(htmlToText('a\u0007b\u202ec'), 'abc');
    assert.equal(htmlToText('x'.repeat(1000), 10), `${'x'.repeat(9)}…`);
  });

  it('prefers error notifications, tolerates empty parts, and has none without notifications', () => {
    const n = (id: number, type: string, header: string, body: string) =>
      parseNotification({ id, message: { type, header, body } });
    assert.equal(failureReason([]), undefined);
    assert.equal(failureReason([n(1, 'info', 'Tip', 'Use a config file.'), n(2, 'error', 'Missing file.', '<b>conf.py</b> not found')]),
      'Missing file: conf.py not found');
    assert.equal(failureReason([n(1, 'error', '', '<p>Only a body</p>')]), 'Only a body');
    assert.equal(failureReason([n(1, 'error', 'Only a header', '')]), 'Only a header');
    assert.equal(failureReason([n(1, 'error', '', '')]), undefined);
  });
});

describe('the build document', () => {
  it('lists the fields and the config, as YAML that reads back', () => {
    const config = {
      version: 2,
      build: { os: 'ubuntu-24.04', tools: { python: '3.12' }, jobs: {}, apt_packages: [], commands: ['echo "hi: there"', 'make html'] },
      sphinx: { builder: 'html', configuration: 'docs/conf.py', fail_on_warning: false },
      python: { install: [{ requirements: 'docs/requirements.txt' }, { method: 'pip', path: '.', extra_requirements: ['docs'] }] },
      formats: [],
      search: { ranking: { 'api/*': -1 }, ignore: ['search.html', '404.html'] },
    };
    const text = renderBuildDocument({ facts: NO_OUTCOME_FACTS, build: build({ config }), projectSlug: 'project', host: 'app.readthedocs.org' });
    assert.match(text, /^# Build #1 of project \(v1\.0\) on app\.readthedocs\.org\n/);
    const data = yaml.load(text) as { build: Record<string, unknown>; config: unknown };
    assert.deepEqual(data.config, config);
    assert.deepEqual(data.build, {
      id: 1, project: 'project', version: 'v1.0', state: 'finished', outcome: 'succeeded', success: true, error: '',
      commit: 'a1b2c3', created: new Date('2019-04-29T10:00:00Z'), finished: new Date('2019-04-29T10:01:00Z'), duration: '1 min',
      url: 'https://readthedocs.org/projects/project/builds/1/',
    });
    assert.match(text, /\n {4}tools:\n {6}python: "3\.12"\n/);
    assert.match(text, /\n {6}- requirements: docs\/requirements\.txt\n {6}- method: pip\n {8}path: \.\n/);
    assert.match(text, /\n {2}url: https:\/\/readthedocs\.org\/projects\/project\/builds\/1\/\n/);
  });

  it('shows a running build without success, and a failure reason as the error', () => {
    const running = renderBuildDocument({ facts: NO_OUTCOME_FACTS, build: build({ state: 'building', stateName: 'Building', success: undefined, finished: undefined, durationSeconds: undefined, config: undefined }), projectSlug: 'project' });
    const data = yaml.load(running) as { build: Record<string, unknown> };
    assert.equal(data.build.state, 'building');
    assert.equal(data.build.success, null);
    assert.equal(data.build.finished, null);
    assert.match(running, /# config: not sent by the server/);
    const failed = yaml.load(renderBuildDocument({ facts: NO_OUTCOME_FACTS, build: build({ success: false, config: {} }), projectSlug: 'project', reason: 'Unknown problem: boom' })) as { build: Record<string, unknown> };
    assert.equal(failed.build.error, 'Unknown problem: boom');
    assert.equal(failed.build.outcome, 'failed');
  });

  it('quotes what would be misread and keeps hostile strings inert', () => {
    const value = {
      yes: 'no', n: '1.0', empty: '', spaced: ' x ', colon: 'a: b', hash: 'a #b', dash: '- x', star: '*alias', amp: '&anchor',
      braces: '{x}', quote: '"q"', newline: 'line1\nline2\n', control: 'a\u0007b', nul: null, nested: [[1, 2], [], {}], 'odd key: x': 1,
      deep: {} as Record<string, unknown>,
    };
    let cursor = value.deep;
    for (let i = 0; i < 50; i++) cursor = (cursor.d = {}) as Record<string, unknown>;
    const text = toReadableYaml(value);
    const back = yaml.load(text) as Record<string, unknown>;
    const { deep: _deep, ...rest } = back;
    const { deep: _d, ...expected } = value;
    assert.deepEqual(rest, expected);
    assert.match(text, /"…"/);
    assert.equal(toReadableYaml({}), '{}');
    assert.equal(toReadableYaml('true'), '"true"');
  });
});
