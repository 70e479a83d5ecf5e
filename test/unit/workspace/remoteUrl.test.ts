import assert from 'node:assert/strict';
import { repositoryKey, sameRepository } from '../../../src/core/workspace/remoteUrl';

/** Remote forms as `git remote -v` shows them for real hosts, and the key each must become. */
const TABLE: readonly [string, string | undefined][] = [
  ['https://github.com/readthedocs/readthedocs.org.git', 'github.com/readthedocs/readthedocs.org'],
  ['https://github.com/readthedocs/readthedocs.org', 'github.com/readthedocs/readthedocs.org'],
  ['https://github.com/ReadTheDocs/ReadTheDocs.org/', 'github.com/readthedocs/readthedocs.org'],
  ['https://github.com/readthedocs/readthedocs.org.git/', 'github.com/readthedocs/readthedocs.org'],
  ['http://github.com/readthedocs/readthedocs.org', 'github.com/readthedocs/readthedocs.org'],
  ['https://www.github.com/readthedocs/readthedocs.org', 'github.com/readthedocs/readthedocs.org'],
  ['https://x-access-token:ghs_abc123@github.com/readthedocs/readthedocs.org.git', 'github.com/readthedocs/readthedocs.org'],
  ['https://someone@github.com/readthedocs/readthedocs.org', 'github.com/readthedocs/readthedocs.org'],
  ['git@github.com:readthedocs/readthedocs.org.git', 'github.com/readthedocs/readthedocs.org'],
  ['git@github.com:readthedocs/readthedocs.org', 'github.com/readthedocs/readthedocs.org'],
  ['git@github.com:/readthedocs/readthedocs.org.git', 'github.com/readthedocs/readthedocs.org'],
  ['org-1234567@github.com:readthedocs/readthedocs.org.git', 'github.com/readthedocs/readthedocs.org'],
  ['github.com:readthedocs/readthedocs.org.git', 'github.com/readthedocs/readthedocs.org'],
  ['ssh://git@github.com/readthedocs/readthedocs.org.git', 'github.com/readthedocs/readthedocs.org'],
  ['ssh://git@github.com:22/readthedocs/readthedocs.org.git', 'github.com/readthedocs/readthedocs.org'],
  ['ssh://git@ssh.github.com:443/readthedocs/readthedocs.org.git', 'github.com/readthedocs/readthedocs.org'],
  ['git+ssh://git@github.com/readthedocs/readthedocs.org.git', 'github.com/readthedocs/readthedocs.org'],
  ['ssh+git://git@github.com/readthedocs/readthedocs.org', 'github.com/readthedocs/readthedocs.org'],
  ['git://github.com/readthedocs/readthedocs.org.git', 'github.com/readthedocs/readthedocs.org'],
  ['  https://github.com/readthedocs/readthedocs.org.git\n', 'github.com/readthedocs/readthedocs.org'],
  ['https://gitlab.com/group/subgroup/project.git', 'gitlab.com/group/subgroup/project'],
  ['git@gitlab.com:group/subgroup/project.git', 'gitlab.com/group/subgroup/project'],
  ['ssh://git@altssh.gitlab.com:443/group/subgroup/project.git', 'gitlab.com/group/subgroup/project'],
  ['https://gitlab.example.com:8443/docs/handbook.git', 'gitlab.example.com/docs/handbook'],
  ['ssh://git@gitlab.example.com:2222/docs/handbook.git', 'gitlab.example.com/docs/handbook'],
  ['https://bitbucket.org/owner/repo.git', 'bitbucket.org/owner/repo'],
  ['https://owner@bitbucket.org/owner/repo.git', 'bitbucket.org/owner/repo'],
  ['git@bitbucket.org:owner/repo.git', 'bitbucket.org/owner/repo'],
  ['https://codeberg.org/forgejo/forgejo.git', 'codeberg.org/forgejo/forgejo'],
  ['https://dev.azure.com/org/project/_git/repo', 'dev.azure.com/org/project/_git/repo'],
  ['https://org@dev.azure.com/org/project/_git/repo', 'dev.azure.com/org/project/_git/repo'],
  ['git@ssh.dev.azure.com:v3/org/project/repo', 'dev.azure.com/org/project/_git/repo'],
  ['https://org.visualstudio.com/project/_git/repo', 'dev.azure.com/org/project/_git/repo'],
  ['https://org.visualstudio.com/DefaultCollection/project/_git/repo', 'dev.azure.com/org/project/_git/repo'],
  ['org@vs-ssh.visualstudio.com:v3/org/project/repo', 'dev.azure.com/org/project/_git/repo'],
  ['lp:launchpad-project', 'launchpad.net/launchpad-project'],
  ['https://git.launchpad.net/launchpad-project', 'launchpad.net/launchpad-project'],
  ['https://github.com/owner/my%20repo', 'github.com/owner/my repo'],
  // Local paths and non-addresses are not repositories a project can be built from.
  ['/srv/git/project.git', undefined],
  ['../project', undefined],
  ['./project.git', undefined],
  ['file:///srv/git/project.git', undefined],
  ['C:\\src\\project', undefined],
  ['C:/src/project', undefined],
  ['', undefined],
  ['   ', undefined],
  ['https://github.com/', undefined],
  ['not a url', undefined],
];

describe('repositoryKey: real remote forms', () => {
  for (const [input, expected] of TABLE) {
    it(`${JSON.stringify(input)} → ${expected ?? 'none'}`, () => {
      assert.equal(repositoryKey(input), expected);
    });
  }

  it('tells different repositories apart', () => {
    assert.equal(sameRepository('git@github.com:example-org/widgets.git', 'https://github.com/example-org/widgets'), true);
    assert.equal(sameRepository('git@github.com:example-org/widgets.git', 'https://github.com/example-org/widgets-api'), false);
    assert.equal(sameRepository('https://github.com/example-org/widgets', 'https://gitlab.com/example-org/widgets'), false);
    assert.equal(sameRepository('https://github.com/a/widgets', 'https://github.com/b/widgets'), false);
    assert.equal(sameRepository('/srv/a', '/srv/a'), false, 'local paths never match');
  });
});
