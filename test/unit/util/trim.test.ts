import * as assert from 'node:assert/strict';
import { beforeFirstOf, onOneLine, trimEndOf } from '../../../src/core/util/trim';

describe('util: trimming without patterns that restart on each character', () => {
  it('trimEndOf drops the given characters at the end only', () => {
    assert.equal(trimEndOf('https://x.example///', '/'), 'https://x.example');
    assert.equal(trimEndOf('Error: ...:', '.:'), 'Error: ');
    assert.equal(trimEndOf('///', '/'), '');
    assert.equal(trimEndOf('a/b', '/'), 'a/b');
    const slashes = '/'.repeat(1_000_000);
    assert.equal(trimEndOf(`${slashes}a`, '/'), `${slashes}a`);
  });

  it('beforeFirstOf cuts at the first of the characters', () => {
    assert.equal(beforeFirstOf('a/b?x=1#y', '?#'), 'a/b');
    assert.equal(beforeFirstOf('a/b#y?x', '?#'), 'a/b');
    assert.equal(beforeFirstOf('a/b', '?#'), 'a/b');
  });

  it('onOneLine makes each white-space run holding a line break one space, and leaves other runs', () => {
    assert.equal(onOneLine('a  \r\n  b\nc   d'), 'a b c   d');
    const spaces = ' '.repeat(1_000_000);
    assert.equal(onOneLine(`a${spaces}b`), `a${spaces}b`);
  });
});
