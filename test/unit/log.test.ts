import assert from 'node:assert/strict';
import { type Logger, componentLogger, redact, redactingLogger } from '../../src/core/log';

describe('redact', () => {
  it('removes Authorization values, 40-hex keys and known secrets', () => {
    const key = 'a'.repeat(40);
    assert.equal(redact(`Authorization: Token ${key}`), 'Authorization: Token «redacted»');
    assert.equal(redact(`key=${key}.`), 'key=«redacted».');
    assert.equal(redact('my secret value here', ['secret value']), 'my «redacted» here');
  });

  it('is applied to every line of a redacting logger', () => {
    const lines: string[] = [];
    const sink: Logger = { trace: (m) => lines.push(m), debug: (m) => lines.push(m), info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(String(m)) };
    const log = redactingLogger(sink, () => ['hunter2']);
    log.info('password hunter2');
    log.error(new Error('failed with hunter2'));
    assert.ok(lines.every((l) => !l.includes('hunter2')), lines.join('|'));
  });
});

describe('componentLogger', () => {
  it('tags every line with its component, keeping the level', () => {
    const lines: string[] = [];
    const sink: Logger = {
      trace: (m) => lines.push(`trace ${m}`), debug: (m) => lines.push(`debug ${m}`), info: (m) => lines.push(`info ${m}`),
      warn: (m) => lines.push(`warn ${m}`), error: (m) => lines.push(`error ${String(m)}`),
    };
    const builds = componentLogger(sink, 'builds');
    builds.debug('watching widgets #1');
    builds.warn('polling failed');
    componentLogger(sink, 'tree').info('loaded');
    assert.deepEqual(lines, ['debug [builds] watching widgets #1', 'warn [builds] polling failed', 'info [tree] loaded']);
  });
});
