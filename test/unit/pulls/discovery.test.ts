import assert from 'node:assert/strict';
import { findPullRequestBuilds } from '../../../src/core/pulls/discovery';
import { HEAD, fakeBuilds, prBuild } from './builders';

describe('finding the pull request of the branch checked out', () => {
  it('asks for the nested builds of the number git config names: one request', async () => {
    const builds = fakeBuilds([prBuild(9, '1234'), prBuild(7, '1234', 'finished', false), prBuild(8, 'latest')]);
    const found = await findPullRequestBuilds(builds, 'widgets', { pullRequest: '1234', head: HEAD }, undefined);
    assert.deepEqual(found && { ...found, builds: found.builds.map((b) => b.id) }, { number: '1234', builds: [9, 7], foundBy: 'config' });
    assert.deepEqual(builds.calls, ['versions/1234/builds/']);
  });

  it('says nothing for a number Read the Docs has no build of', async () => {
    assert.equal(await findPullRequestBuilds(fakeBuilds([]), 'widgets', { pullRequest: '5', head: HEAD }, undefined), undefined);
  });

  it('without a number, takes the newest build of HEAD whose version is a pull request\'s, not the branch\'s own', async () => {
    const builds = fakeBuilds([prBuild(12, 'docs-refresh'), prBuild(11, 'latest'), prBuild(10, '1234'), prBuild(6, '1234')]);
    const found = await findPullRequestBuilds(builds, 'widgets', { pullRequest: undefined, head: HEAD }, 'docs-refresh');
    assert.deepEqual(found && { ...found, builds: found.builds.map((b) => b.id) }, { number: '1234', builds: [10, 6], foundBy: 'commit' });
    assert.deepEqual(builds.calls, [`builds/?commit=${HEAD}`]);
  });

  it('finds none when every build of HEAD is of a branch or tag version, or HEAD is unknown', async () => {
    const builds = fakeBuilds([prBuild(12, 'v2.0'), prBuild(11, 'latest'), prBuild(10, '2024')]);
    assert.equal(await findPullRequestBuilds(builds, 'widgets', { pullRequest: undefined, head: HEAD }, '2024'), undefined);
    assert.equal(await findPullRequestBuilds(builds, 'widgets', { pullRequest: undefined, head: undefined }, undefined), undefined);
    assert.equal(builds.calls.length, 1);
  });
});
