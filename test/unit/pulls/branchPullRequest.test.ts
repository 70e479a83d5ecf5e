import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pullRequestOfBranch, readBranchHints } from '../../../src/core/pulls/branchPullRequest';
import { parseBranchConfig } from '../../../src/core/workspace/gitConfig';
import { gitIn } from '../../helpers/git';

describe('the pull request of a branch, from git config', () => {
  it('reads the GitHub Pull Requests key, then a fork checkout\'s merge ref, of that branch only', () => {
    const config = [
      '[branch "main"]', '\tmerge = refs/heads/main',
      '[branch "docs/new-guide"]', '\tremote = origin', '\tgithub-pr-owner-number = "example-org#widgets#1234"',
      '[branch "Fork-Fix"]', '\tmerge = refs/pull/77/head',
      '[branch "fork-fix"]', '\tmerge = refs/pull/78/head',
    ].join('\n');
    assert.equal(pullRequestOfBranch(parseBranchConfig(config, 'docs/new-guide')), '1234');
    assert.equal(pullRequestOfBranch(parseBranchConfig(config, 'Fork-Fix')), '77');
    assert.equal(pullRequestOfBranch(parseBranchConfig(config, 'main')), undefined);
    assert.equal(pullRequestOfBranch(parseBranchConfig(config, 'other')), undefined);
  });

  it('refuses values that are not owner#repo#number or refs/pull/<n>/head', () => {
    for (const value of ['1234', 'a#b#', 'a#b#12x', 'a#b#c#1', '#widgets#3']) {
      assert.equal(pullRequestOfBranch(new Map([['github-pr-owner-number', value]])), undefined, value);
    }
    assert.equal(pullRequestOfBranch(new Map([['merge', 'refs/pull/abc/head']])), undefined);
    assert.equal(pullRequestOfBranch(new Map([['merge', 'refs/merge-requests/3/head']])), undefined);
  });

  describe('on a real repository', () => {
    let dir: string;
    const git = (...args: string[]) => gitIn(dir)(...args);
    beforeEach(() => {
      dir = realpathSync(mkdtempSync(join(tmpdir(), 'rtd-pr-')));
      git('init', '-q', '-b', 'main');
      writeFileSync(join(dir, 'README.md'), '# widgets\n');
      git('add', '.');
      git('commit', '-q', '-m', 'first');
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('finds the number git config records and the HEAD commit, loose or packed', async () => {
      git('checkout', '-q', '-b', 'docs/new-guide');
      git('config', 'branch.docs/new-guide.github-pr-owner-number', 'example-org#widgets#1234');
      const head = git('rev-parse', 'HEAD').trim();
      assert.deepEqual(await readBranchHints(dir, 'docs/new-guide'), { pullRequest: '1234', head });
      git('pack-refs', '--all', '--prune');
      assert.deepEqual(await readBranchHints(dir, 'docs/new-guide'), { pullRequest: '1234', head });
    });

    it('finds only the HEAD commit on a branch git config says nothing about, and on a detached HEAD', async () => {
      git('checkout', '-q', '-b', 'feature');
      const head = git('rev-parse', 'HEAD').trim();
      assert.deepEqual(await readBranchHints(dir, 'feature'), { pullRequest: undefined, head });
      git('checkout', '-q', '--detach');
      assert.equal((await readBranchHints(dir, 'feature')).head, head);
    });
  });
});
