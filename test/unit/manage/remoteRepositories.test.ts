import * as assert from 'node:assert/strict';
import { groupRepositories, importUrlOf, projectNameFromUrl, providerIcon, providerName } from '../../../src/core/manage/remoteRepositories';
import { parsePage } from '../../../src/core/models/page';
import { type RemoteRepository, parseRemoteRepository } from '../../../src/core/models/remote';
import { apiFixture } from '../../helpers/fixtures';

const repo = (fields: Record<string, unknown>): RemoteRepository => parseRemoteRepository({ pk: 1, name: 'r', full_name: 'o/r', ...fields });

describe('manage/remoteRepositories', () => {
  it('groups by remote organization, personal repositories last, in the server order', () => {
    const org = (name: string) => ({ pk: name.length, slug: name.toLowerCase(), name });
    const groups = groupRepositories([
      repo({ name: 'mine', remote_organization: null }),
      repo({ name: 'a1', remote_organization: org('Acme') }),
      repo({ name: 'b1', remote_organization: org('Beta') }),
      repo({ name: 'a2', remote_organization: org('Acme') }),
    ]);
    assert.deepEqual(groups.map((g) => [g.organization, g.repositories.map((r) => r.name)]), [
      ['Acme', ['a1', 'a2']], ['Beta', ['b1']], [undefined, ['mine']],
    ]);
  });

  it('reads the real remote repositories fixture', () => {
    const page = parsePage(apiFixture('remoterepositories-list'), parseRemoteRepository);
    assert.ok(groupRepositories(page.items).length >= 1);
  });

  it('uses codicons: GitHub mark for github and githubapp, a repository icon otherwise', () => {
    assert.equal(providerIcon('github'), 'github');
    assert.equal(providerIcon('githubapp'), 'github');
    assert.equal(providerIcon('gitlab'), 'repo');
    assert.equal(providerIcon('bitbucket'), 'repo');
    assert.equal(providerName('githubapp'), 'GitHub');
    assert.equal(providerName('gitlab'), 'GitLab');
    assert.equal(providerName('bitbucket'), 'Bitbucket');
  });

  it('imports with a URL of the repository itself (SSH only for private repositories on Business)', () => {
    const r = repo({ clone_url: 'https://github.com/o/r.git', ssh_url: 'git@github.com:o/r.git', html_url: 'https://github.com/o/r' });
    assert.equal(importUrlOf(r, 'community'), 'https://github.com/o/r.git');
    assert.equal(importUrlOf({ ...r, private: true }, 'business'), 'git@github.com:o/r.git');
    assert.equal(importUrlOf({ ...r, private: true }, 'community'), 'https://github.com/o/r.git');
    assert.equal(importUrlOf(repo({ html_url: 'https://gitlab.com/o/r' }), 'community'), 'https://gitlab.com/o/r');
  });

  it('pre-fills a name from a URL', () => {
    assert.equal(projectNameFromUrl('https://github.com/owner/my-repo.git'), 'my-repo');
    assert.equal(projectNameFromUrl('https://gitlab.com/group/sub/project/'), 'project');
    assert.equal(projectNameFromUrl('git@github.com:owner/thing.git'), 'thing');
    assert.equal(projectNameFromUrl(''), '');
  });
});
