import assert from 'node:assert/strict';
import { parseGitRemotes } from '../../../src/core/workspace/gitConfig';

describe('parseGitRemotes', () => {
  it('reads remotes as git writes them, with comments, quotes and pushurl', () => {
    const text = [
      '[core]',
      '\trepositoryformatversion = 0',
      '\tbare = false',
      '[remote "origin"]',
      '\turl = git@github.com:example-org/widgets.git',
      '\tfetch = +refs/heads/*:refs/remotes/origin/*',
      '# a comment',
      '; another',
      '[remote "upstream"]',
      '\turl = "https://github.com/upstream-org/widgets.git" ; trailing comment',
      '\tpushurl = no_push',
      '[branch "main"]',
      '\tremote = origin',
      '\tmerge = refs/heads/main',
      '[remote "with space \\"quoted\\""]',
      '\tURL = https://gitlab.com/a/b',
    ].join('\n');
    assert.deepEqual(parseGitRemotes(text), [
      { name: 'origin', fetchUrl: 'git@github.com:example-org/widgets.git', pushUrl: undefined },
      { name: 'upstream', fetchUrl: 'https://github.com/upstream-org/widgets.git', pushUrl: 'no_push' },
      { name: 'with space "quoted"', fetchUrl: 'https://gitlab.com/a/b', pushUrl: undefined },
    ]);
  });

  it('applies insteadOf (longest prefix) and pushInsteadOf rewrites', () => {
    const text = [
      '[url "git@github.com:"]',
      '\tinsteadOf = gh:',
      '[url "https://github.com/example-org/"]',
      '\tinsteadOf = gh:example-org/',
      '[url "ssh://git@gitlab.com/"]',
      '\tpushInsteadOf = https://gitlab.com/',
      '[remote "origin"]',
      '\turl = gh:example-org/widgets',
      '[remote "other"]',
      '\turl = gh:someone/else',
      '[remote "lab"]',
      '\turl = https://gitlab.com/group/docs.git',
    ].join('\r\n');
    assert.deepEqual(parseGitRemotes(text), [
      { name: 'origin', fetchUrl: 'https://github.com/example-org/widgets', pushUrl: undefined },
      { name: 'other', fetchUrl: 'git@github.com:someone/else', pushUrl: undefined },
      { name: 'lab', fetchUrl: 'https://gitlab.com/group/docs.git', pushUrl: 'ssh://git@gitlab.com/group/docs.git' },
    ]);
  });

  it('accepts the old [remote.name] spelling, continuation lines, and ignores junk', () => {
    const text = '[remote.origin]\n  url = https://github.com/a/\\\nb.git\n garbage line without equals?\n[remote "x"]\n';
    assert.deepEqual(parseGitRemotes(text), [
      { name: 'origin', fetchUrl: 'https://github.com/a/b.git', pushUrl: undefined },
    ]);
    assert.deepEqual(parseGitRemotes(''), []);
  });

  it('reads a 1 MB config of hostile lines (long runs of spaces, backslashes and quotes) and the remote after them', () => {
    const run = 256 * 1024;
    const text = [
      `[a${' '.repeat(run)}x`,
      `[remote "${'\\x'.repeat(run / 2)}`,
      `\turl =${' '.repeat(run)}\\`,
      `${'\\'.repeat(run)}`,
      '[remote "origin"]',
      '\turl = https://github.com/example-org/widgets.git',
    ].join('\n');
    assert.deepEqual(parseGitRemotes(text).find((r) => r.name === 'origin')?.fetchUrl, 'https://github.com/example-org/widgets.git');
  });
});
