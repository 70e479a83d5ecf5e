import assert from 'node:assert/strict';
import { NONCE_BYTES, newNonce, webviewPage, webviewPolicy } from '../../../src/core/html/webviewPage';

const cspOf = (html: string) => /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1].replace(/&#39;/g, "'");

describe('the webview page builder', () => {
  it('a page with its own style only: nothing else loads or runs (no script-src at all)', () => {
    const html = webviewPage({ nonce: 'N1', title: 'T', bodyHtml: '<p>x</p>', style: 'p { color: red; }' });
    assert.equal(cspOf(html), "default-src 'none'; img-src 'none'; style-src 'nonce-N1'; base-uri 'none'; form-action 'none'");
    assert.match(html, /<style nonce="N1">p \{ color: red; \}<\/style>/);
    assert.doesNotMatch(html, /<script|<link/);
  });

  it('a page with a stylesheet, https images and its script: each allowed from where the page says, the script by its nonce', () => {
    const html = webviewPage({ nonce: 'N2', title: 'T', bodyHtml: '', stylesheet: { href: 'https://file+.vscode-resource/p.css', source: 'https://*.vscode-cdn.net' }, images: 'https:', script: 'run();' });
    assert.equal(cspOf(html), "default-src 'none'; img-src https:; style-src https://*.vscode-cdn.net; script-src 'nonce-N2'; base-uri 'none'; form-action 'none'");
    assert.deepEqual([...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag), ['<script nonce="N2">']);
    assert.match(html, /<link rel="stylesheet" href="https:\/\/file\+\.vscode-resource\/p\.css">/);
    assert.equal(webviewPolicy({ nonce: 'N3' }), "default-src 'none'; img-src 'none'; style-src 'none'; base-uri 'none'; form-action 'none'");
  });

  it('the title, the stylesheet address and the nonce are escaped', () => {
    const html = webviewPage({ nonce: '"><script>', title: '</title><script>alert(1)</script>', bodyHtml: '', style: '', stylesheet: { href: '"><script>', source: 'x' } });
    assert.doesNotMatch(html, /<script/);
    assert.match(html, /<title>&lt;\/title&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/title>/);
  });

  it('a fresh nonce of one size each time', () => {
    const nonces = Array.from({ length: 20 }, newNonce);
    assert.equal(new Set(nonces).size, nonces.length);
    for (const nonce of nonces) assert.equal(Buffer.from(nonce, 'base64').length, NONCE_BYTES);
  });
});
