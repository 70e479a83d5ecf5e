import assert from 'node:assert/strict';
import { parseProject } from '../../../src/core/models/project';
import { type VersioningScheme, versionPathPrefix, versioningSchemeOf } from '../../../src/core/models/versioningScheme';
import { deletionsWithoutRedirect } from '../../../src/core/pulls/deletedPages';
import { previewRootOf } from '../../../src/core/pulls/previewRoot';
import { RULE_DEFAULTS } from '../../../src/core/redirects/rule';
import { testRedirects } from '../../../src/core/redirects/tester';

const project = (fields: Record<string, unknown>) => parseProject({ id: 1, slug: 'widgets', name: 'Widgets', language: { code: 'fr', name: 'French' }, repository: { url: '', type: 'git' }, ...fields });

describe('the versioning scheme\'s path rule', () => {
  it('gives each scheme its prefix (Resolver.base_resolve_path)', () => {
    const prefixes = (['multiple_versions_with_translations', 'multiple_versions_without_translations', 'single_version_without_translations'] as VersioningScheme[])
      .map((scheme) => versionPathPrefix(scheme, 'fr', 'stable'));
    assert.deepEqual(prefixes, ['/fr/stable/', '/stable/', '/']);
  });

  it('reads versioning_scheme first, then the older single_version flag, else multiple versions with translations', () => {
    assert.equal(versioningSchemeOf(project({ versioning_scheme: 'multiple_versions_without_translations' })), 'multiple_versions_without_translations');
    assert.equal(versioningSchemeOf(project({ versioning_scheme: 'single_version_without_translations', single_version: true })), 'single_version_without_translations');
    // Today's servers send both; the scheme rules (the migration cleared the old flag).
    assert.equal(versioningSchemeOf(project({ versioning_scheme: 'multiple_versions_with_translations', single_version: false })), 'multiple_versions_with_translations');
    // A server from before versioning_scheme (2023) sends only the flag.
    assert.equal(versioningSchemeOf(project({ single_version: true })), 'single_version_without_translations');
    assert.equal(versioningSchemeOf(project({ single_version: false })), 'multiple_versions_with_translations');
    assert.equal(versioningSchemeOf(project({})), 'multiple_versions_with_translations');
    // An unknown scheme falls back like a missing one (the resolver's default branch).
    assert.equal(versioningSchemeOf(project({ versioning_scheme: 'something_new', single_version: true })), 'single_version_without_translations');
    assert.equal(versioningSchemeOf(project({ versioning_scheme: 'something_new' })), 'multiple_versions_with_translations');
  });

  it('the preview root, the deleted pages and the redirect tester agree for a single-version project without a scheme', () => {
    const single = project({ single_version: true });
    const urls = { language: 'fr', defaultVersion: 'latest', versioningScheme: single.versioningScheme, singleVersion: single.singleVersion };
    assert.equal(previewRootOf('community', single, '17', undefined, undefined).url, 'https://widgets--17.org.readthedocs.build/');
    assert.deepEqual(deletionsWithoutRedirect([{ filename: 'old.html', base: undefined }], [[]], urls).map((p) => p.url), ['/old.html']);
    const rule = { ...RULE_DEFAULTS, type: 'page', fromUrl: '/old.html', toUrl: '/new.html' };
    assert.equal(testRedirects('/old.html', [rule], urls).notFound?.location, '/new.html');
  });

  it('the three agree for each scheme', () => {
    const cases: readonly [string, string, string][] = [
      ['multiple_versions_with_translations', 'https://widgets--17.org.readthedocs.build/fr/17/', '/fr/latest/old.html'],
      ['multiple_versions_without_translations', 'https://widgets--17.org.readthedocs.build/17/', '/latest/old.html'],
      ['single_version_without_translations', 'https://widgets--17.org.readthedocs.build/', '/old.html'],
    ];
    for (const [scheme, preview, deleted] of cases) {
      const p = project({ versioning_scheme: scheme });
      const urls = { language: 'fr', defaultVersion: 'latest', versioningScheme: p.versioningScheme, singleVersion: p.singleVersion };
      assert.equal(previewRootOf('community', p, '17', undefined, undefined).url, preview, scheme);
      const [page] = deletionsWithoutRedirect([{ filename: 'old.html', base: undefined }], [[]], urls);
      assert.equal(page!.url, deleted, scheme);
      const rule = { ...RULE_DEFAULTS, type: 'page', fromUrl: '/old.html', toUrl: '/new.html' };
      assert.equal(testRedirects(deleted, [rule], urls).notFound?.location, deleted.replace('old', 'new'), scheme);
    }
  });
});
