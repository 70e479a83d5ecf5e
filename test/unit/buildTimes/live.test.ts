import assert from 'node:assert/strict';
import { MAX_CONCURRENCY_RETRIES, sharingTheLimit, clockTime, commandName, concurrencyLimitOf, concurrencyWait, concurrencyWaitText, runningCommand, runningCommandText } from '../../../src/core/builds/liveFacts';
import { parseBuildLog } from '../../../src/core/models/buildLog';
import { parseNotification } from '../../../src/core/models/notification';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();
const limitNotice = (body: string) => parseNotification({ id: 1, message: { id: 'build:user:concurrency-limit-reached', header: 'Maximum concurrency limit reached.', body, type: 'warning' } });
const BODY = 'Your project, organization, or user has reached its maximum number of concurrent builds allowed (<strong>2</strong>). This build will automatically retry in 5 minutes.';

describe('live build words', () => {
  it('the limit from the notification body, HTML and all', () => {
    assert.equal(concurrencyLimitOf(limitNotice(BODY)), 2);
    assert.equal(concurrencyLimitOf(limitNotice('Concurrency limit reached (4), retrying in 5 minutes.')), 4);
    assert.equal(concurrencyLimitOf(limitNotice('maximum allowed (2). Retry in 5 minutes.')), 2);
    assert.equal(concurrencyLimitOf(limitNotice('no number here')), undefined);
  });

  it('retry count from the creation time: ⌊(now − created) / 300 s⌋, at most 25; the next attempt in whole minutes', () => {
    const notices = [limitNotice('limit reached (2)')];
    const at = (seconds: number) => concurrencyWait({ state: 'triggered', created: ago(seconds) }, notices, NOW)!;
    assert.deepEqual(at(0), { limit: 2, retry: 0, nextInMinutes: 5 });
    assert.deepEqual(at(299), { limit: 2, retry: 0, nextInMinutes: 1 });
    assert.deepEqual(at(300), { limit: 2, retry: 1, nextInMinutes: 5 });
    assert.deepEqual(at(3 * 300 + 60), { limit: 2, retry: 3, nextInMinutes: 4 });
    assert.equal(at(40 * 300).retry, MAX_CONCURRENCY_RETRIES);
    assert.equal(concurrencyWait({ state: 'building', created: ago(60) }, notices, NOW), undefined);
    assert.equal(concurrencyWait({ state: 'triggered', created: ago(60) }, [], NOW), undefined);
  });

  it('the sentence, with the builds it can see and how many it cannot', () => {
    const wait = { limit: 2, retry: 3, nextInMinutes: 4 };
    assert.equal(concurrencyWaitText(wait), 'waiting for a free builder: limit 2 reached, about retry 3 of 25, next in about 4 min');
    assert.equal(concurrencyWaitText(wait, [{ projectSlug: 'widgets', build: { id: 7, version: 'stable' } }]),
      'waiting for a free builder: limit 2 reached, about retry 3 of 25, next in about 4 min; running: build #7 of widgets (stable) and 1 more it cannot list');
    assert.equal(concurrencyWaitText({ limit: undefined, retry: 0, nextInMinutes: 5 }), 'waiting for a free builder: limit reached, about retry 0 of 25, next in about 5 min');
  });

  it('the running command counts from the previous command\'s end, the first from task_executed_at', () => {
    const log = parseBuildLog({
      id: 1, task_executed_at: ago(500), commands: [
        { id: 1, command: 'git clone --depth 1 https://x/y.git .', exit_code: 0, start_time: ago(498), end_time: ago(400), run_time: 98 },
        { id: 2, command: 'python -m sphinx -T -b html . $READTHEDOCS_OUTPUT/html', exit_code: null, start_time: null, end_time: null, run_time: null },
      ],
    });
    const running = runningCommand(log, NOW)!;
    assert.deepEqual(running, { name: 'sphinx-build', elapsedSeconds: 400 });
    assert.equal(runningCommandText({ name: 'sphinx-build', elapsedSeconds: 372 }, 900), 'sphinx-build, 6:12 of 15:00');
    const first = parseBuildLog({ id: 2, task_executed_at: ago(30), commands: [{ id: 1, command: 'git clone x .', exit_code: null }] });
    assert.equal(runningCommand(first, NOW)!.elapsedSeconds, 30);
    assert.equal(runningCommand(parseBuildLog({ id: 3, commands: [{ id: 1, command: 'git clone x .', exit_code: null }] }), NOW), undefined);
    assert.equal(runningCommand(parseBuildLog({ id: 4, commands: [] }), NOW), undefined);
  });

  it('who shares the limit: the project, its translations (from a translation: the main one and all of its), the organization\'s projects', () => {
    const projects = [
      { slug: 'widgets', translationOf: undefined, organization: undefined },
      { slug: 'widgets-fr', translationOf: 'widgets', organization: undefined },
      { slug: 'widgets-de', translationOf: 'widgets', organization: undefined },
      { slug: 'gadgets', translationOf: undefined, organization: undefined },
    ];
    assert.deepEqual([...sharingTheLimit('widgets', projects)].sort(), ['widgets', 'widgets-de', 'widgets-fr']);
    assert.deepEqual([...sharingTheLimit('widgets-fr', projects)].sort(), ['widgets', 'widgets-de', 'widgets-fr']);
    assert.deepEqual([...sharingTheLimit('gadgets', projects)], ['gadgets']);
    const business = [{ slug: 'a', translationOf: undefined, organization: 'corp' }, { slug: 'b', translationOf: undefined, organization: 'corp' }, { slug: 'c', translationOf: undefined, organization: 'other' }];
    assert.deepEqual([...sharingTheLimit('a', business)].sort(), ['a', 'b']);
    assert.deepEqual([...sharingTheLimit('unknown', [])], ['unknown']);
  });

  it('short names and clock times', () => {
    assert.equal(commandName('python -m pip install -r docs/requirements.txt'), 'pip install');
    assert.equal(commandName('python -mvirtualenv $READTHEDOCS_VIRTUALENV_PATH'), 'virtualenv');
    assert.equal(commandName('python -m mkdocs build --clean'), 'mkdocs build');
    assert.equal(commandName('latexmk -r latexmkrc -pdf'), 'latexmk');
    assert.equal(clockTime(0), '0:00');
    assert.equal(clockTime(1800), '30:00');
    assert.equal(clockTime(3725), '1:02:05');
  });
});
