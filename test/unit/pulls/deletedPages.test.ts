import assert from 'node:assert/strict';
import { deletedPagesOfDiff, deletionsWithoutRedirect, redirectForDeletion } from '../../../src/core/pulls/deletedPages';
import { MAX_CHANGED_PAGES } from '../../../src/core/pulls/addons';
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
    const result = deletionsWithoutRedirect([base('glossary.html'), base('old-install.html'), base('api/widgets.html')], [rules], project);
    assert.deepEqual(result, [{ filename: 'glossary.html', url: 'https://widgets.readthedocs.io/en/latest/glossary.html' }]);
  });

  it('counts a disabled rule, a rule shadowed by a looping one and a rule for another version as no redirect', () => {
    const disabled = [rule({ fromUrl: '/glossary.html', toUrl: '/terms.html', enabled: false })];
    assert.equal(deletionsWithoutRedirect([base('glossary.html')], [disabled], project).length, 1);
    const looping = [rule({ fromUrl: '/glossary.html', toUrl: '/glossary.html' }), rule({ fromUrl: '/glossary.html', toUrl: '/terms.html' })];
    assert.equal(deletionsWithoutRedirect([base('glossary.html')], [looping], project).length, 1, 'only the first matching rule is tried');
    const sameForm = [rule({ type: 'html_to_clean_url' })];
    assert.equal(deletionsWithoutRedirect([base('glossary.html')], [sameForm], project).length, 1, 'glossary/ is the same deleted page');
    const otherVersion = [rule({ type: 'exact', fromUrl: '/en/stable/glossary.html', toUrl: '/en/stable/terms.html' })];
    assert.equal(deletionsWithoutRedirect([base('glossary.html')], [otherVersion], project).length, 1);
  });

  it('builds the base address from the versioning scheme when the diff gives none', () => {
    assert.deepEqual(deletionsWithoutRedirect([{ filename: 'guide/old.html', base: undefined }], [[]], project), [{ filename: 'guide/old.html', url: '/en/latest/guide/old.html' }]);
    assert.equal(deletionsWithoutRedirect([{ filename: 'old.html', base: undefined }], [[]], { ...project, versioningScheme: 'single_version_without_translations' })[0]!.url, '/old.html');
  });

  it('reads each list of rules once, however many pages: 50 pages × 10,000 rules', () => {
    let reads = 0;
    const counted = (rules: RedirectRule[]) => new Proxy(rules, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const server = counted(Array.from({ length: 10_000 }, (_, i) => rule({ type: i % 2 ? 'page' : 'exact', fromUrl: i % 3 ? `/old/${i}.html` : `/en/latest/moved-${i}/*`, toUrl: '/new.html' })));
    const file = counted([rule({ fromUrl: '/gone-1.html', toUrl: '/new.html' })]);
    const pages = Array.from({ length: 50 }, (_, i) => base(`gone-${i}.html`));
    assert.equal(deletionsWithoutRedirect(pages, [server, file], project).length, 49);
    assert.ok(reads <= 10_001, `${reads} reads of the rules`);
    // The server's list, checked again (a keystroke in the redirects file), is not read again.
    reads = 0;
    deletionsWithoutRedirect(pages, [server, counted([])], project);
    assert.equal(reads, 0);
  });

  it('drops a page caught by the server\'s rules or by the redirects file\'s, each list on its own', () => {
    const server = [rule({ type: 'page', fromUrl: '/old-install.html', toUrl: '/installation.html' })];
    const file = [rule({ type: 'page', fromUrl: '/glossary.html', toUrl: '/reference/' })];
    const pages = [base('glossary.html'), base('old-install.html'), base('faq.html')];
    assert.deepEqual(deletionsWithoutRedirect(pages, [server, file], project).map((p) => p.filename), ['faq.html']);
    assert.deepEqual(deletionsWithoutRedirect(pages, [server, []], project).map((p) => p.filename), ['glossary.html', 'faq.html']);
    // A wildcard of the server found first does not hide the file's rule (the file replaces the server's list once applied).
    const serverLoop = [rule({ type: 'page', fromUrl: '/glossary.html', toUrl: '/glossary.html' })];
    assert.deepEqual(deletionsWithoutRedirect([base('glossary.html')], [serverLoop, file], project), []);
  });
});

describe('the redirect offered for a deleted page', () => {
  const none = () => false;
  const all = () => true;
  it('goes to the version root when no parent index survives', () => {
    assert.deepEqual(redirectForDeletion('glossary.html', ['glossary.html'], all), { ...RULE_DEFAULTS, type: 'page', fromUrl: '/glossary.html', toUrl: '/' });
    assert.equal(redirectForDeletion('guide/old.html', [], none).toUrl, '/');
  });
  it('goes to the nearest surviving parent index, in the page\'s own form', () => {
    assert.equal(redirectForDeletion('guide/deep/old.html', [], all).toUrl, '/guide/deep/index.html');
    assert.equal(redirectForDeletion('guide/deep/old.html', ['guide/deep/index.html'], all).toUrl, '/guide/index.html', 'a deleted parent index is skipped');
    assert.equal(redirectForDeletion('guide/deep/old.html', [], (f) => f === 'guide/index.html').toUrl, '/guide/index.html');
    assert.equal(redirectForDeletion('guide/old/', [], all).toUrl, '/guide/');
    assert.equal(redirectForDeletion('/guide/old/', [], none).fromUrl, '/guide/old/');
  });
  it('sends a folder\'s own index to the folder above, never to itself', () => {
    assert.equal(redirectForDeletion('guide/deep/index.html', [], all).toUrl, '/guide/index.html');
    assert.equal(redirectForDeletion('guide/deep/', [], all).toUrl, '/guide/');
    assert.equal(redirectForDeletion('guide/index.html', [], all).toUrl, '/');
  });
});

describe('deleted pages from git', () => {
  const sphinx = { tool: 'sphinx', root: 'docs', directoryUrls: false } as const;
  it('maps deleted and renamed sources to published pages, as the rename offers do', () => {
    const pages = deletedPagesOfDiff([
      { status: 'D', path: 'docs/glossary.rst' },
      { status: 'R087', path: 'docs/old-install.md', renamedTo: 'docs/guide/install.md' },
      { status: 'M', path: 'docs/index.rst' },
      { status: 'A', path: 'docs/new.rst' },
      { status: 'D', path: 'src/widget.py' },
      { status: 'D', path: 'docs/_templates/page.rst' },
      { status: 'D', path: 'docs/index.rst' },
      { status: 'R100', path: 'docs/same.rst', renamedTo: 'docs/same.md' },
    ], sphinx);
    assert.deepEqual(pages, [
      { filename: 'glossary.html', current: undefined, base: undefined },
      { filename: 'old-install.html', current: undefined, base: undefined },
    ]);
  });
  it('keeps at most MAX_CHANGED_PAGES pages, as many as the server\'s diff', () => {
    const records = Array.from({ length: MAX_CHANGED_PAGES + 100 }, (_, i) => ({ status: 'D', path: `docs/page-${i}.rst` }));
    const pages = deletedPagesOfDiff(records, { tool: 'sphinx', root: 'docs', directoryUrls: false });
    assert.equal(pages.length, MAX_CHANGED_PAGES);
    assert.equal(pages[0]!.filename, 'page-0.html');
  });

  it('follows the directory URLs of the layout', () => {
    assert.deepEqual(deletedPagesOfDiff([{ status: 'D', path: 'docs/guide/old.md' }], { tool: 'mkdocs', root: 'docs', directoryUrls: true }).map((p) => p.filename), ['guide/old/']);
  });
});
