import assert from 'node:assert/strict';
import { routeFor } from '../../../src/core/api/network';

const P = 'http://proxy.corp:3128';
const route = (url: string, settings = {}, env = {}) => routeFor(new URL(url), settings, env);

describe('routeFor: VS Code\'s proxy rules', () => {
  it('http.proxy, then HTTPS_PROXY/HTTP_PROXY by scheme (either case), else direct', () => {
    assert.equal(route('https://app.readthedocs.org/', { proxy: P }).proxy, P);
    assert.equal(route('https://app.readthedocs.org/', {}, { HTTPS_PROXY: 'http://a:1' }).proxy, 'http://a:1');
    assert.equal(route('https://app.readthedocs.org/', {}, { http_proxy: 'http://b:2' }).proxy, 'http://b:2');
    assert.equal(route('http://rtd.internal/', {}, { HTTPS_PROXY: 'http://a:1' }).proxy, undefined, 'HTTPS_PROXY is for https only');
    assert.equal(route('https://app.readthedocs.org/', { proxy: P }, { HTTPS_PROXY: 'http://a:1' }).proxy, P, 'the setting wins');
    assert.equal(route('https://app.readthedocs.org/').proxy, undefined);
  });

  it('noProxy entries: host, .domain, *.domain, host:port, *', () => {
    const through = (url: string, noProxy: string[]) => route(url, { proxy: P, noProxy }).proxy !== undefined;
    assert.equal(through('https://app.readthedocs.org/', ['readthedocs.org']), false);
    assert.equal(through('https://app.readthedocs.org/', ['.readthedocs.org']), false);
    assert.equal(through('https://app.readthedocs.org/', ['*.readthedocs.org']), false);
    assert.equal(through('https://App.ReadTheDocs.org/', ['READTHEDOCS.ORG']), false);
    assert.equal(through('https://notreadthedocs.org/', ['readthedocs.org']), true);
    assert.equal(through('https://app.readthedocs.org/', ['app.readthedocs.org:443']), false);
    assert.equal(through('https://app.readthedocs.org/', ['app.readthedocs.org:8443']), true);
    assert.equal(through('https://app.readthedocs.org/', ['*']), false);
    assert.equal(through('https://app.readthedocs.org/', ['', ' ']), true);
  });

  it('loopback is direct; proxyStrictSSL relaxes only proxied requests; system certificates on by default', () => {
    assert.equal(route('http://localhost:8000/', { proxy: P }).proxy, undefined);
    assert.equal(route('http://[::1]:8000/', { proxy: P }).proxy, undefined);
    assert.equal(route('https://app.readthedocs.org/', { proxy: P, proxyStrictSSL: false }).rejectUnauthorized, false);
    assert.equal(route('https://app.readthedocs.org/', { proxyStrictSSL: false }).rejectUnauthorized, true);
    assert.equal(route('https://app.readthedocs.org/').systemCertificates, true);
    assert.equal(route('https://app.readthedocs.org/', { systemCertificates: false }).systemCertificates, false);
  });
});
