import assert from 'node:assert/strict';
import { docsPathOf, plainPathOf, projectRootOf, siteRootOf, versionRootOf } from '../../../src/core/validation/docsPath';

describe('validation/docsPath: the one grammar of paths on a docs host', () => {
  const cases: [path: string, version: string, site: string, project: string][] = [
    ['/en/latest/installation.html', '/en/latest/', '/', '/en/'],
    ['/pt-br/v2.0/index.html', '/pt-br/v2.0/', '/', '/pt-br/'],
    ['/es-419/stable/', '/es-419/stable/', '/', '/es-419/'],
    ['/projects/api/en/latest/auth.html', '/projects/api/en/latest/', '/projects/api/', '/projects/api/en/'],
    ['/projects/api/', '/', '/', '/projects/api/'],
    ['/projects/api/page.html', '/', '/', '/projects/api/'],
    ['/docs/widgets/en/latest/', '/docs/widgets/en/latest/', '/docs/widgets/', '/docs/widgets/en/'],
    ['/latest/', '/', '/', '/'],
    ['/en/', '/', '/', '/'],
    ['/en//page.html', '/', '/', '/'],
    ['/', '/', '/', '/'],
  ];
  for (const [path, version, site, project] of cases) {
    it(`${path}: version root ${version}, site root ${site}, project root ${project}`, () => {
      const parsed = docsPathOf(path);
      assert.equal(versionRootOf(parsed), version);
      assert.equal(siteRootOf(parsed), site);
      assert.equal(projectRootOf(parsed), project);
    });
  }

  it('decodes a path once, as a server reads it, and refuses what is not a plain path', () => {
    assert.equal(plainPathOf('/en/latest/a%20page.html'), '/en/latest/a page.html');
    assert.equal(plainPathOf('/projects%2Fsub/'), '/projects/sub/');
    assert.equal(plainPathOf('/en/latest/'), '/en/latest/');
    for (const path of ['//projects/sub/', '/a/..%2Fprojects/', '/a/%2e%2e/b', '/a/%2E/b', '/a%5Cb/', '/%ff/', '/a%00b/', '/a/%0a/', '/a%2F%2Fb/']) {
      assert.equal(plainPathOf(path), undefined, path);
    }
  });
});
