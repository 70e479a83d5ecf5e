import assert from 'node:assert/strict';
import { KNOWN_NOTHING } from '../../../src/core/builds/buildRow';
import { buildMoment, elapsedParts, formatDateTime, formatRelativeTime } from '../../../src/core/builds/facts';
import { type Build, parseBuild } from '../../../src/core/models/build';
import { parseVersion } from '../../../src/core/models/version';
import { type DocsNode } from '../../../src/core/tree/nodes';
import { present } from '../../../src/core/tree/presentNode';
import { apiFixture } from '../../helpers/fixtures';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('times for people', () => {
  it('elapsed time in whole units, rounded down, with a "now" window', () => {
    const cases: [number, ReturnType<typeof elapsedParts>][] = [
      [-30, 'now'], [0, 'now'], [44, 'now'], [45, { value: 1, unit: 'minute' }], [179, { value: 2, unit: 'minute' }],
      [59 * 60 + 59, { value: 59, unit: 'minute' }], [3600, { value: 1, unit: 'hour' }], [23 * 3600 + 3599, { value: 23, unit: 'hour' }],
      [86_400, { value: 1, unit: 'day' }], [29 * 86_400, { value: 29, unit: 'day' }], [30 * 86_400, { value: 1, unit: 'month' }],
      [364 * 86_400, { value: 12, unit: 'month' }], [365 * 86_400, { value: 1, unit: 'year' }], [3 * 365 * 86_400, { value: 3, unit: 'year' }],
    ];
    for (const [seconds, expected] of cases) assert.deepEqual(elapsedParts(ago(seconds), NOW), expected, `${seconds} s`);
    assert.deepEqual(elapsedParts(NOW - 120_000, NOW), { value: 2, unit: 'minute' }, 'epoch milliseconds too');
    for (const bad of [undefined, '', 'yesterday', 'not a date']) assert.equal(elapsedParts(bad, NOW), undefined, String(bad));
  });

  it('relative times in the display language, from the clock it is given', () => {
    assert.equal(formatRelativeTime(ago(10), NOW, { locale: 'en' }), 'now');
    assert.equal(formatRelativeTime(ago(3 * 60 + 20), NOW, { locale: 'en' }), '3 minutes ago');
    assert.equal(formatRelativeTime(ago(3600), NOW, { locale: 'en' }), '1 hour ago');
    assert.equal(formatRelativeTime(ago(26 * 3600), NOW, { locale: 'en' }), 'yesterday');
    assert.equal(formatRelativeTime(ago(3 * 60), NOW + 60_000, { locale: 'en' }), '4 minutes ago', 'a later clock, a later wording');
    assert.equal(formatRelativeTime(ago(3 * 60), NOW, { locale: 'de' }), 'vor 3 Minuten');
    assert.equal(formatRelativeTime(undefined, NOW), undefined);
  });

  it('dates and times in the display language, never raw ISO', () => {
    assert.equal(formatDateTime('2026-11-24T02:31:00Z', { locale: 'en', timeZone: 'UTC' }), 'Nov 24, 2026, 2:31 AM');
    assert.equal(formatDateTime('2026-11-24T02:31:00Z', { locale: 'de', timeZone: 'UTC' }), '24.11.2026, 02:31');
    assert.equal(formatDateTime('2026-11-24T02:31:00Z', { locale: 'en', timeZone: 'Asia/Tokyo' }), 'Nov 24, 2026, 11:31 AM');
    assert.equal(formatDateTime('garbage'), undefined);
  });

  it('a build is dated by its end, else its start', () => {
    assert.equal(buildMoment({ created: 'a', finished: 'b' }), 'b');
    assert.equal(buildMoment({ created: 'a', finished: undefined }), 'a');
  });
});

describe('rows with times', () => {
  const base = { edition: 'community' as const, parentId: 'p', projectSlug: 'widgets', projectId: 'community/project:widgets' };
  const buildNode = (fields: Partial<Build>): DocsNode => ({ ...base, id: 'b', kind: 'build', build: { ...parseBuild(apiFixture('projects-builds-detail')), ...fields } });
  const time = { now: NOW, locale: 'en', timeZone: 'UTC', known: () => KNOWN_NOTHING };

  it('a build row says how long ago it ended (ageing); its tooltip dates are localised, not ISO', () => {
    const look = present(buildNode({ created: ago(5 * 60 + 40), finished: ago(4 * 60 + 40), durationSeconds: 60, commit: 'abcdef1234' }), undefined, undefined, time);
    assert.equal(look.description, 'succeeded · 1 min · 4 minutes ago · abcdef1');
    assert.equal(look.ageing, true);
    assert.match(look.tooltip ?? '', /Started: Nov 24, 2026, 11:54 AM/);
    assert.match(look.tooltip ?? '', /Finished: Nov 24, 2026, 11:55 AM/);
    assert.doesNotMatch(look.tooltip ?? '', /\d{4}-\d\d-\d\dT/, 'no raw ISO timestamp');
  });

  it('a running build row counts from its start; without a time context no relative time is shown', () => {
    const running = buildNode({ state: 'building', stateName: 'Building', success: undefined, finished: undefined, created: ago(90), durationSeconds: undefined, commit: undefined });
    assert.equal(present(running, undefined, undefined, time).description, 'building · 1 minute ago');
    const plain = present(running);
    assert.equal(plain.description, 'building');
    assert.equal(plain.ageing, false);
  });

  it('a version row with a last build says when it was built', () => {
    const version = { ...parseVersion(apiFixture('projects-versions-detail')), lastBuild: { ...parseBuild(apiFixture('projects-builds-detail')), finished: ago(2 * 3600) } };
    const look = present({ ...base, id: 'v', kind: 'version', version }, undefined, undefined, time);
    assert.match(look.description ?? '', / · 2 hours ago$/);
    assert.equal(look.ageing, true);
    assert.match(look.tooltip ?? '', /Last build: \\#1 succeeded · Nov 24, 2026, 10:00 AM/);
    const without = present({ ...base, id: 'v', kind: 'version', version: { ...version, lastBuild: undefined } }, undefined, undefined, time);
    assert.equal(without.ageing, false);
    assert.doesNotMatch(without.description ?? '', /ago/);
  });
});
