import * as assert from 'node:assert/strict';
import { VCS_PROVIDER_CHOICES, describeImported, importedAs } from '../../../src/core/manage/remoteRepositories';
import { parsePage } from '../../../src/core/models/page';
import { parseRemoteRepository } from '../../../src/core/models/remote';
import { apiFixture } from '../../helpers/fixtures';

describe('manage/remoteRepositories: already imported repositories and providers', () => {
  const project = (slug: string) => ({ id: slug.length, slug, name: slug });

  it('names the projects already built from a repository, from the server\'s `projects`', () => {
    const imported = parseRemoteRepository({ pk: 1, name: 'widgets', projects: [project('widgets'), project('widgets-fr')] });
    assert.deepEqual(importedAs(imported), ['widgets', 'widgets-fr']);
    assert.equal(describeImported(imported), 'Imported as widgets, widgets-fr');
    const fresh = parseRemoteRepository({ pk: 2, name: 'sprockets', projects: [] });
    assert.deepEqual(importedAs(fresh), []);
    assert.equal(describeImported(fresh), undefined);
  });

  it('reads the projects of the real remote repositories fixture', () => {
    const [repository] = parsePage(apiFixture('remoterepositories-list'), parseRemoteRepository).items;
    assert.deepEqual(importedAs(repository), ['project']);
  });

  it('offers every provider the filter accepts once, GitHub App first', () => {
    const codes = VCS_PROVIDER_CHOICES.map((c) => c.code);
    assert.deepEqual(codes, ['githubapp', 'github', 'gitlab', 'bitbucket']);
  });
});
