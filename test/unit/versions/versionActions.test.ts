import assert from 'node:assert/strict';
import { configureSecrets } from '../../../src/core/api/describeError';
import { AuthError, ForbiddenError, NotFoundError, RateLimitedError, ServerError } from '../../../src/core/api/errors';
import { type Version, type VersionUpdate, parseVersion } from '../../../src/core/models/version';
import {
  type VersionWrites, batchReport, deactivateQuestion, nothingToDoText, runVersionBatch,
} from '../../../src/core/versions/versionActions';

const version = (slug: string, over: Record<string, unknown> = {}): Version =>
  parseVersion({ id: slug.length, slug, verbose_name: slug, active: false, hidden: false, built: false, type: 'tag', ...over });

/** A server in memory: applies updates unless told to fail or to ignore them, and records every call. */
function server(initial: Version[], behaviour: { fail?: Record<string, unknown>; ignore?: string[] } = {}) {
  const state = new Map(initial.map((v) => [v.slug, v]));
  const calls: string[] = [];
  const writes: VersionWrites = {
    async update(slug: string, update: VersionUpdate) {
      calls.push(`PATCH ${slug}`);
      const failure = behaviour.fail?.[slug];
      if (failure) throw failure;
      if (behaviour.ignore?.includes(slug)) return;
      const current = state.get(slug)!;
      state.set(slug, { ...current, ...update });
    },
    async get(slug: string) {
      calls.push(`GET ${slug}`);
      return state.get(slug)!;
    },
  };
  return { writes, calls };
}

describe('version actions (policy in core)', () => {
  it('sends one PATCH per version and reads each back, reporting what the server says', async () => {
    const { writes, calls } = server([version('v1'), version('v2')]);
    const result = await runVersionBatch('activate', 'widgets', [version('v1'), version('v2')], writes);
    assert.deepEqual(calls, ['PATCH v1', 'GET v1', 'PATCH v2', 'GET v2']);
    assert.deepEqual(result.fresh.map((v) => v.active), [true, true]);
    assert.deepEqual(batchReport('activate', 'widgets', result), { severity: 'info', text: 'v1, v2 of widgets are now activated.' });
  });

  it('detects a version the server left unchanged after a 204', async () => {
    const { writes } = server([version('v1'), version('v2')], { ignore: ['v2'] });
    const result = await runVersionBatch('activate', 'widgets', [version('v1'), version('v2')], writes);
    assert.deepEqual(batchReport('activate', 'widgets', result), {
      severity: 'warn',
      text: 'v1 of widgets is now activated. widgets still reports v2 as before: the server did not apply the change.',
    });
  });

  it('stops at 403 and 429 and says which versions were not tried', async () => {
    for (const refusal of [new ForbiddenError('Permission denied.'), new RateLimitedError(7, undefined)]) {
      const { writes, calls } = server([version('v1'), version('v2'), version('v3')], { fail: { v1: refusal } });
      const result = await runVersionBatch('hide', 'widgets', [version('v1'), version('v2'), version('v3')], writes, { host: 'rtd.example' });
      assert.deepEqual(calls, ['PATCH v1'], refusal.name);
      assert.equal(result.failures.at(-1), 'Not tried: v2, v3.');
      assert.match(result.failures[0], /^Hiding v1 of widgets failed: /);
      assert.equal(batchReport('hide', 'widgets', result)?.severity, 'error');
    }
  });

  it('goes on after a 404 or a 5xx on one version, and marks the list stale after a 404', async () => {
    const { writes, calls } = server([version('v1'), version('v2')], { fail: { v1: new NotFoundError(undefined) } });
    const result = await runVersionBatch('activate', 'widgets', [version('v1'), version('v2')], writes);
    assert.deepEqual(calls, ['PATCH v1', 'PATCH v2', 'GET v2']);
    assert.equal(result.vanished, true);
    const other = server([version('v1'), version('v2')], { fail: { v1: new ServerError(502) } });
    const next = await runVersionBatch('activate', 'widgets', [version('v1'), version('v2')], other.writes);
    assert.deepEqual(other.calls, ['PATCH v1', 'PATCH v2', 'GET v2']);
    assert.equal(next.vanished, false);
  });

  it('hands a rejected token to the reporter and stops', async () => {
    const auth = new AuthError('Invalid token.');
    const { writes, calls } = server([version('v1'), version('v2')], { fail: { v1: auth } });
    const result = await runVersionBatch('activate', 'widgets', [version('v1'), version('v2')], writes);
    assert.equal(result.fatal, auth);
    assert.deepEqual(calls, ['PATCH v1']);
    assert.deepEqual(result.failures, []);
  });

  it('never repeats a stored token the server echoed in a refusal', async () => {
    const secret = 'not-hex-but-secret-token-value';
    configureSecrets(() => [secret]);
    try {
      const { writes } = server([version('v1')], { fail: { v1: new ForbiddenError(`Token ${secret} may not do this.`) } });
      const result = await runVersionBatch('deactivate', 'widgets', [version('v1', { active: true })], writes);
      assert.ok(!result.failures.join(' ').includes(secret), result.failures.join(' '));
    } finally {
      configureSecrets(undefined);
    }
  });

  it('asks before deactivating and says when there is nothing to do', () => {
    const question = deactivateQuestion('widgets', [version('v1'), version('v2')]);
    assert.equal(question.message, 'Deactivate 2 versions of widgets?');
    assert.match(question.detail, /v1, v2 will be deleted/);
    assert.equal(nothingToDoText('hide', [version('v1')]), 'Nothing to do: v1 is already hidden.');
  });

  it('says that deactivating an uploaded version deletes it and its files (Read the Docs cannot rebuild it)', () => {
    const question = deactivateQuestion('widgets', [version('v1'), version('uploaded')], (v) => v.slug === 'uploaded');
    assert.match(question.detail, /^The hosted documentation of v1 will be deleted/);
    assert.match(question.detail, /uploaded is published by uploads: the version and its uploaded files will be deleted, and Read the Docs cannot rebuild them/);
    assert.doesNotMatch(deactivateQuestion('widgets', [version('v1')], () => false).detail, /uploads/);
  });
});
