import assert from 'node:assert/strict';
import { isSameDocs, siteRootPath, versionRootPath } from '../../../src/core/embed/docsPaths';
import { PreviewHistory } from '../../../src/core/embed/previewHistory';
import { webviewPolicy } from '../../../src/core/html/webviewPage';
import { messageHtml, parsePreviewMessage, previewPage } from '../../../src/core/embed/previewPage';
import { sanitizeHtml } from '../../../src/core/html';

describe('embed service: preview panel pieces', () => {
  describe('docs paths', () => {
    const roots: [string, string, string][] = [
      ['/en/latest/installation.html', '/en/latest/', '/'],
      ['/en/latest/', '/en/latest/', '/'],
      ['/en/latest/guides/deep/page.html', '/en/latest/', '/'],
      ['/pt-br/v2.0/index.html', '/pt-br/v2.0/', '/'],
      ['/zh_CN/stable/', '/zh_CN/stable/', '/'],
      ['/projects/api/en/latest/authentication.html', '/projects/api/en/latest/', '/projects/api/'],
      ['/docs/widgets/en/latest/', '/docs/widgets/en/latest/', '/docs/widgets/'],
      ['/', '/', '/'],
      ['/index.html', '/', '/'],
      ['/guides/setup.html', '/', '/'],
    ];
    for (const [path, version, site] of roots) {
      it(`${path} → version root ${version}, site root ${site}`, () => {
        assert.equal(versionRootPath(path), version);
        assert.equal(siteRootPath(path), site);
      });
    }

    const current = 'https://widgets.readthedocs.io/en/latest/installation.html#requirements';
    const same: [string, boolean][] = [
      ['https://widgets.readthedocs.io/en/latest/usage.html', true],
      ['https://widgets.readthedocs.io/en/latest/usage.html#configuration', true],
      ['https://widgets.readthedocs.io/en/latest/installation.html#installing-with-pip', true],
      ['https://widgets.readthedocs.io/en/latest/', true],
      ['https://widgets.readthedocs.io/en/latest/guides/intro', true],
      ['https://widgets.readthedocs.io/en/v1.0/index.html', false],
      ['https://widgets.readthedocs.io/fr/latest/index.html', false],
      ['https://widgets.readthedocs.io/en/latest/_images/diagram.png', false],
      ['https://widgets.readthedocs.io/en/latest/_downloads/widgets.pdf', false],
      ['http://widgets.readthedocs.io/en/latest/usage.html', false],
      ['https://gadgets.readthedocs.io/en/latest/usage.html', false],
      ['https://evil.example/en/latest/usage.html', false],
      ['javascript:alert(1)', false],
      ['mailto:someone@example.com', false],
      ['https://user:pw@widgets.readthedocs.io/en/latest/usage.html', false],
      ['not a url', false],
    ];
    for (const [href, expected] of same) {
      it(`${href} is ${expected ? '' : 'not '}the same docs`, () => assert.equal(isSameDocs(href, current), expected));
    }
  });

  describe('history', () => {
    it('goes back and forward, and a new page drops what was ahead', () => {
      const history = new PreviewHistory<string>();
      assert.equal(history.current, undefined);
      assert.equal(history.back(), undefined);
      history.push('a');
      history.push('b');
      history.push('c');
      assert.equal(history.canGoForward, false);
      assert.equal(history.back(), 'b');
      assert.equal(history.back(), 'a');
      assert.equal(history.canGoBack, false);
      assert.equal(history.forward(), 'b');
      history.push('d');
      assert.equal(history.canGoForward, false);
      assert.equal(history.back(), 'b');
      assert.equal(history.back(), 'a');
      assert.equal(history.forward(), 'b');
      assert.equal(history.forward(), 'd');
      assert.equal(history.forward(), undefined);
    });

    it('keeps at most `limit` entries, dropping the oldest', () => {
      const history = new PreviewHistory<number>(3);
      for (let i = 1; i <= 5; i++) history.push(i);
      assert.equal(history.back(), 4);
      assert.equal(history.back(), 3);
      assert.equal(history.back(), undefined);
    });

    it('replace() changes the current entry only', () => {
      const history = new PreviewHistory<string>();
      history.replace('a');
      history.push('b');
      history.replace('B');
      assert.equal(history.current, 'B');
      assert.equal(history.back(), 'a');
    });
  });

  describe('page', () => {
    const hostile = '<h2>T</h2><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">j</a><p>ok</p>';
    const pageUrl = 'https://hostile-demo.readthedocs.io/en/latest/xss.html#script-tags';
    const safe = sanitizeHtml(hostile, { pageUrl });
    const html = previewPage({
      cspSource: 'https://csp.example',
      nonce: 'NONCE123',
      styleUri: 'https://csp.example/media/preview.css',
      pageUrl,
      title: safe.title ?? 'x',
      bodyHtml: safe.html,
    });

    it('has a strict CSP: nothing by default, https images, the extension\'s styles, the nonce script', () => {
      const csp = webviewPolicy({ nonce: 'NONCE123', stylesheet: { href: 's', source: 'https://csp.example' }, images: 'https:', script: '' });
      assert.equal(csp, "default-src 'none'; img-src https:; style-src https://csp.example; script-src 'nonce-NONCE123'; base-uri 'none'; form-action 'none'");
      assert.ok(html.includes(`content="${csp.replace(/'/g, '&#39;')}"`), 'the CSP meta tag');
    });

    it('runs only its own nonce-tagged script, and nothing hostile reaches it', () => {
      const scripts = [...html.matchAll(/<script\b[^>]*>/gi)].map(([tag]) => tag);
      assert.deepEqual(scripts, ['<script nonce="NONCE123">']);
      assert.doesNotMatch(html, /alert\(|onerror|javascript:/i);
      assert.match(html, /<p>ok<\/p>/);
    });

    it('escapes the title, URL and notice it is given', () => {
      const page = previewPage({ cspSource: 'c', nonce: 'n', styleUri: 's', pageUrl: 'https://x.example/"><script>', title: '</title><script>', bodyHtml: '', notice: '<b>' });
      assert.doesNotMatch(page.replace('<script nonce="n">', ''), /<script/);
      assert.doesNotMatch(page, /<b>/);
      assert.equal(messageHtml('<img src=x>'), '<p class="rtd-preview-message">&lt;img src=x&gt;</p>');
    });

    it('accepts only well-formed messages from the webview', () => {
      assert.deepEqual(parsePreviewMessage({ type: 'open', href: 'https://x.example/', external: true }), { type: 'open', href: 'https://x.example/', external: true });
      assert.deepEqual(parsePreviewMessage({ type: 'open', href: 'https://x.example/' }), { type: 'open', href: 'https://x.example/', external: false });
      assert.deepEqual(parsePreviewMessage({ type: 'back' }), { type: 'back' });
      assert.deepEqual(parsePreviewMessage({ type: 'forward', extra: 1 }), { type: 'forward' });
      for (const bad of [undefined, null, 'open', { type: 'open' }, { type: 'open', href: 3 }, { type: 'open', href: 'x'.repeat(5000) }, { type: 'eval' }]) {
        assert.equal(parsePreviewMessage(bad), undefined, JSON.stringify(bad));
      }
    });
  });
});
