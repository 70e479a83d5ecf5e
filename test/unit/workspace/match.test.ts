import assert from 'node:assert/strict';
import { type Edition } from '../../../src/core/api/client';
import { type Project, parseProject } from '../../../src/core/models/project';
import { type FolderRepository, matchProjects, parseProjectEntries, remoteUrlToImport } from '../../../src/core/workspace/match';

const project = (slug: string, url: string): Project => parseProject({ id: slug.length, slug, name: slug, repository: { url, type: 'git' } });

describe('matchProjects', () => {
  const community = [
    project('widgets', 'https://github.com/example-org/widgets'),
    project('widgets-fr', 'https://github.com/example-org/widgets.git'),
    project('widgets-api', 'https://github.com/example-org/widgets-api'),
    project('gadget-docs', 'https://gitlab.com/example-group/gadget-docs'),
  ];
  const business = [project('widgets-internal', 'git@github.com:example-org/widgets.git'), project('handbook', 'git@github.com:example-org/handbook.git')];
  const lists = new Map<Edition, readonly Project[]>([['community', community], ['business', business]]);
  const folder = (folderPath: string, ...remoteUrls: string[]): FolderRepository => ({ folderPath, branch: 'main', remoteUrls });

  it('keeps every project built from a remote, across editions (translations and subprojects from one repository)', () => {
    const matches = matchProjects([folder('/w', 'git@github.com:Example-Org/widgets.git')], lists);
    assert.deepEqual(matches.map((m) => `${m.edition}/${m.project.slug}`), ['community/widgets', 'community/widgets-fr', 'business/widgets-internal']);
    assert.ok(matches.every((m) => m.by === 'remote' && m.folder.folderPath === '/w'));
  });

  it('matches any remote of any folder (a fork\'s upstream), and nothing for unrelated remotes', () => {
    const matches = matchProjects([
      folder('/a', 'https://github.com/me/widgets-fork', 'https://github.com/example-org/widgets-api.git'),
      folder('/b', 'https://example.com/unrelated.git'),
      folder('/c'),
    ], lists);
    assert.deepEqual(matches.map((m) => [m.project.slug, m.folder.folderPath]), [['widgets-api', '/a']]);
  });

  it('adds setting entries (to the first folder) and drops excluded matches', () => {
    const { entries, invalid } = parseProjectEntries(['community/gadget-docs', '!community/widgets-fr', 'business/unknown', 'nonsense', 'community/widgets']);
    assert.deepEqual(invalid, ['nonsense']);
    const matches = matchProjects([folder('/w', 'https://github.com/example-org/widgets')], lists, entries);
    assert.deepEqual(matches.map((m) => [m.project.slug, m.by]), [['widgets', 'remote'], ['widgets-internal', 'remote'], ['gadget-docs', 'setting']]);
  });

  it('uses projects read one by one for entries not in the lists', () => {
    const { entries } = parseProjectEntries(['community/others-project']);
    const extra = new Map([['community/others-project', project('others-project', 'https://github.com/other-org/others-project')]]);
    const matches = matchProjects([folder('/w')], lists, entries, extra);
    assert.deepEqual(matches.map((m) => [m.project.slug, m.by, m.folder.folderPath]), [['others-project', 'setting', '/w']]);
    assert.deepEqual(matchProjects([], lists, entries, extra), [], 'no folder, nothing to bind to');
  });

  it('offers the first remote that is a repository address for import', () => {
    assert.equal(remoteUrlToImport(folder('/w', '/srv/local.git', 'git@github.com:me/new.git')), 'git@github.com:me/new.git');
    assert.equal(remoteUrlToImport(folder('/w')), undefined);
  });
});
