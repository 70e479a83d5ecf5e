import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BuildOutcome } from '../../../src/core/builds/facts';
import { DEFAULT_NOTIFY_MODE, NOTIFY_MODES, type NotifyMode, notifyModeOf, shouldNotify } from '../../../src/core/builds/notify';

describe('which ended builds are announced (readthedocs.builds.notify)', () => {
  const outcomes: readonly BuildOutcome[] = ['succeeded', 'failed', 'cancelled'];

  /** The builds a mode announces, as `origin/outcome` words. */
  function announced(mode: NotifyMode): string[] {
    const said: string[] = [];
    for (const startedHere of [true, false]) {
      for (const outcome of outcomes) if (shouldNotify(mode, { startedHere, outcome })) said.push(`${startedHere ? 'mine' : 'shown'}/${outcome}`);
    }
    return said;
  }

  it('mine: every end of a build started here, never one the tree merely shows', () => {
    assert.deepEqual(announced('mine'), ['mine/succeeded', 'mine/failed', 'mine/cancelled']);
  });

  it('all: every end', () => {
    assert.deepEqual(announced('all'), ['mine/succeeded', 'mine/failed', 'mine/cancelled', 'shown/succeeded', 'shown/failed', 'shown/cancelled']);
  });

  it('failures: failed builds wherever they started; no success, no cancellation', () => {
    assert.deepEqual(announced('failures'), ['mine/failed', 'shown/failed']);
  });

  it('off: nothing', () => {
    assert.deepEqual(announced('off'), []);
  });

  it('a build still running is never announced', () => {
    for (const mode of NOTIFY_MODES) assert.equal(shouldNotify(mode, { startedHere: true, outcome: 'running' }), false, mode);
  });

  it('reads the setting: the four modes, anything else is the default (mine)', () => {
    for (const mode of NOTIFY_MODES) assert.equal(notifyModeOf(mode), mode);
    for (const odd of [undefined, null, '', 'Mine', 'errors', 3, {}]) assert.equal(notifyModeOf(odd), 'mine', String(odd));
    assert.equal(DEFAULT_NOTIFY_MODE, 'mine');
  });

  it('the manifest offers exactly these modes with the same default', () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
    const setting = manifest.contributes.configuration.properties['readthedocs.builds.notify'] as { enum: string[]; default: string; enumDescriptions: string[] };
    assert.deepEqual(setting.enum, [...NOTIFY_MODES]);
    assert.equal(setting.default, DEFAULT_NOTIFY_MODE);
    assert.equal(setting.enumDescriptions.length, NOTIFY_MODES.length);
  });
});
