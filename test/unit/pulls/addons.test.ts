import assert from 'node:assert/strict';
import { MAX_CHANGED_PAGES, addonsUrl, parseAddons } from '../../../src/core/pulls/addons';
import { previewRootOf, visualDiffUrl } from '../../../src/core/pulls/previewRoot';
import { parseProject } from '../../../src/core/models/project';

const page = (filename: string, current: string, base: string) => ({ filename, urls: { current, base } });

describe('the addons API of a pull request and its preview root', () => {
  it('reads the preview root and the file tree diff, keeping http(s) URLs only', () => {
    const parsed = parseAddons({
      versions: { current: { urls: { documentation: 'https://widgets--1234.org.readthedocs.build/en/1234/' } } },
      addons: { filetreediff: { enabled: true, outdated: true, diff: {
        added: [page('guide/new.html', 'https://p/en/1234/guide/new.html', 'https://w/en/latest/guide/new.html')],
        modified: [page('index.html', 'javascript:alert(1)', 'https://w/en/latest/index.html')],
        deleted: [page('old.html', 'https://p/en/1234/old.html', 'https://w/en/latest/old.html'), { urls: {} }],
      } } },
    });
    assert.equal(parsed.documentationUrl, 'https://widgets--1234.org.readthedocs.build/en/1234/');
    assert.equal(parsed.diff?.outdated, true);
    assert.deepEqual(parsed.diff?.added.map((p) => p.filename), ['guide/new.html']);
    assert.deepEqual(parsed.diff?.modified, [{ filename: 'index.html', current: undefined, base: 'https://w/en/latest/index.html' }]);
    assert.deepEqual(parsed.diff?.deleted.map((p) => p.filename), ['old.html']);
  });

  it('tolerates missing keys, a disabled diff and junk, and caps the pages kept', () => {
    assert.deepEqual(parseAddons(null), { documentationUrl: undefined, diff: undefined });
    assert.deepEqual(parseAddons({ addons: { filetreediff: { enabled: false, diff: { added: [] } } } }).diff, undefined);
    assert.equal(parseAddons({ versions: { current: { urls: { documentation: 'file:///etc/passwd' } } } }).documentationUrl, undefined);
    const many = Array.from({ length: MAX_CHANGED_PAGES + 10 }, (_, i) => page(`p${i}.html`, `https://p/${i}.html`, `https://w/${i}.html`));
    assert.equal(parseAddons({ addons: { filetreediff: { enabled: true, diff: { added: many } } } }).diff?.added.length, MAX_CHANGED_PAGES);
  });

  it('asks the project\'s docs host for one version', () => {
    assert.equal(addonsUrl('https://widgets.readthedocs.io/en/stable/', 'widgets', '1234'), 'https://widgets.readthedocs.io/_/addons/?api-version=1&project-slug=widgets&version-slug=1234');
    assert.equal(addonsUrl('ftp://x/', 'widgets', '1'), undefined);
  });

  it('takes the preview root from the addons API, else the build\'s docs_url, else the documented pattern', () => {
    const project = parseProject({ id: 1, slug: 'my_docs', name: 'x', language: { code: 'fr', name: 'French' }, repository: { url: '', type: 'git' } });
    assert.deepEqual(previewRootOf('community', project, '17', { docsUrl: 'https://b/' }, 'https://a/'), { url: 'https://a/', from: 'addons' });
    assert.deepEqual(previewRootOf('community', project, '17', { docsUrl: 'https://b/' }, undefined), { url: 'https://b/', from: 'build' });
    assert.deepEqual(previewRootOf('community', project, '17', undefined, undefined), { url: 'https://my-docs--17.org.readthedocs.build/fr/17/', from: 'pattern' });
    assert.equal(previewRootOf('business', { ...project, versioningScheme: 'multiple_versions_without_translations' }, '17', undefined, undefined).url, 'https://my-docs--17.com.readthedocs.build/17/');
    assert.equal(previewRootOf('community', { ...project, versioningScheme: 'single_version_without_translations' }, '17', undefined, undefined).url, 'https://my-docs--17.org.readthedocs.build/');
  });

  it('makes the visual diff address of a preview page', () => {
    assert.equal(visualDiffUrl('https://p.org.readthedocs.build/en/17/guide.html?x=1#top'), 'https://p.org.readthedocs.build/en/17/guide.html?x=1&readthedocs-diff=true#top');
    assert.equal(visualDiffUrl('javascript:1'), undefined);
  });
});
