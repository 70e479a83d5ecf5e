import assert from 'node:assert/strict';
import { deletionsWithoutRedirect } from '../../../src/core/pulls/deletedPages';
import { RULE_DEFAULTS, type RedirectRule } from '../../../src/core/redirects/rule';

const project = { language: 'en', defaultVersion: 'latest' };
const rule = (fields: Partial<RedirectRule>): RedirectRule => ({ ...RULE_DEFAULTS, type: 'page', fromUrl: '', toUrl: '', ...fields });
const base = (filename: string) => ({ filename, base: `https://widgets.readthedocs.io/en/latest/${filename}` });

describe('deleted pages without a redirect', () => {
  it('keeps a deleted page no rule catches, drops one a page or exact rule catches', () => {
    const rules = [
      rule({ type: 'page', fromUrl: '/old-install.html', toUrl: '/installation.html' }),
      rule({ type: 'exact', fromUrl: '/en/latest/api/*', toUrl: '/en/latest/reference/:splat' }),
    ];
    const result = deletionsWithoutRedirect([base('glossary.html'), base('old-install.html'), base('api/widgets.html')], rules, project);
    assert.deepEqual(result, [{ filename: 'glossary.html', url: 'https://widgets.readthedocs.io/en/latest/glossary.html' }]);
  });

  it('counts a disabled rule, a rule shadowed by a looping one and a rule for another version as no redirect', () => {
    const disabled = [rule({ fromUrl: '/glossary.html', toUrl: '/terms.html', enabled: false })];
    assert.equal(deletionsWithoutRedirect([base('glossary.html')], disabled, project).length, 1);
    const looping = [rule({ fromUrl: '/glossary.html', toUrl: '/glossary.html' }), rule({ fromUrl: '/glossary.html', toUrl: '/terms.html' })];
    assert.equal(deletionsWithoutRedirect([base('glossary.html')], looping, project).length, 1, 'only the first matching rule is tried');
    const sameForm = [rule({ type: 'html_to_clean_url' })];
    assert.equal(deletionsWithoutRedirect([base('glossary.html')], sameForm, project).length, 1, 'glossary/ is the same deleted page');
    const otherVersion = [rule({ type: 'exact', fromUrl: '/en/stable/glossary.html', toUrl: '/en/stable/terms.html' })];
    assert.equal(deletionsWithoutRedirect([base('glossary.html')], otherVersion, project).length, 1);
  });

  it('builds the base address from the versioning scheme when the diff gives none', () => {
    assert.deepEqual(deletionsWithoutRedirect([{ filename: 'guide/old.html', base: undefined }], [], project), [{ filename: 'guide/old.html', url: '/en/latest/guide/old.html' }]);
    assert.equal(deletionsWithoutRedirect([{ filename: 'old.html', base: undefined }], [], { ...project, versioningScheme: 'single_version_without_translations' })[0]!.url, '/old.html');
  });
});
