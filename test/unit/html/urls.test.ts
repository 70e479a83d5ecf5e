import assert from 'node:assert/strict';
import { resolveImageUrl, resolveLinkUrl } from '../../../src/core/html/urls';

const PAGE = 'https://example-project.readthedocs.io/en/latest/guide/usage.html#configuration';

describe('html/urls', () => {
  describe('resolveLinkUrl', () => {
    const cases: [string, string | undefined][] = [
      ['https://docs.python.org/3/', 'https://docs.python.org/3/'],
      ['http://example.com/a?b=1&c=2#d', 'http://example.com/a?b=1&c=2#d'],
      ['HTTPS://Example.COM/Path', 'https://example.com/Path'],
      ['/en/latest/faq.html', 'https://example-project.readthedocs.io/en/latest/faq.html'],
      ['api.html#Client', 'https://example-project.readthedocs.io/en/latest/guide/api.html#Client'],
      ['../index.html', 'https://example-project.readthedocs.io/en/latest/index.html'],
      ['#other', 'https://example-project.readthedocs.io/en/latest/guide/usage.html#other'],
      ['//cdn.example.com/x', 'https://cdn.example.com/x'],
      ['  https://example.com/  ', 'https://example.com/'],
      ['javascript:alert(1)', undefined],
      ['JavaScript:alert(1)', undefined],
      ['java\tscript:alert(1)', undefined],
      ['java\nscript:alert(1)', undefined],
      ['\u0001javascript:alert(1)', undefined],
      [' \u000e javascript:alert(1)', undefined],
      ['data:text/html,<script>alert(1)</script>', undefined],
      ['vbscript:msgbox(1)', undefined],
      ['file:///etc/passwd', undefined],
      ['mailto:someone@example.com', undefined],
      ['command:workbench.action.reloadWindow', undefined],
      ['https://user:secret@example.com/', undefined],
      ['https://user@example.com/', undefined],
      ['`javascript:alert(1)', undefined],
      ['https://example.com/?next=data:text/html;base64,PHNjcmlwdD4=', undefined],
      ['http://[::1', undefined],
      [`https://example.com/${'a'.repeat(5000)}`, undefined],
    ];
    for (const [raw, expected] of cases) {
      it(`${JSON.stringify(raw.slice(0, 60))} → ${expected ?? 'dropped'}`, () => {
        assert.equal(resolveLinkUrl(raw, PAGE), expected);
      });
    }

    it('resolves nothing relative when the page itself is not http(s)', () => {
      assert.equal(resolveLinkUrl('/x', 'javascript:alert(1)'), undefined);
      assert.equal(resolveLinkUrl('https://example.com/', 'not a url'), 'https://example.com/');
    });
  });

  describe('resolveImageUrl', () => {
    it('keeps https images and resolves relative ones', () => {
      assert.equal(resolveImageUrl('_images/a.png', PAGE), 'https://example-project.readthedocs.io/en/latest/guide/_images/a.png');
    });

    it('drops http, data and other images', () => {
      for (const raw of ['http://example.com/a.png', 'data:image/png;base64,AAAA', 'javascript:alert(1)', 'ftp://example.com/a.png']) {
        assert.equal(resolveImageUrl(raw, PAGE), undefined, raw);
      }
    });

    it('drops relative images on an http page', () => {
      assert.equal(resolveImageUrl('a.png', 'http://example.com/page.html'), undefined);
    });
  });
});
