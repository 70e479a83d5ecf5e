import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { ReadTheDocsClient } from '../../src/core/api/client';
import { describeError } from '../../src/core/api/describeError';
import { CertificateError, UnsupportedProxyError } from '../../src/core/api/errors';
import { type Environment, type NetworkSettings } from '../../src/core/api/network';
import { docsFileFetcher } from '../../src/core/inventory/docsFile';
import { HOST_IP, type ProxyLab, close, listedSlugs as slugs, listen, oneProjectApi, proxyClientOptions, startProxyLab } from '../helpers/proxyServers';

/*
 * Proxies and certificates over real sockets on loopback: a CONNECT proxy written for the tests
 * records what passes through it (and resolves the made-up host docs.test to 127.0.0.2); an API
 * server answers on 127.0.0.2 over http and over https with a certificate from a CA the test
 * creates with openssl (test/helpers/proxyServers.ts).
 */

function client(baseUrl: string, network: () => NetworkSettings, options: { env?: Environment; systemCertificates?: () => readonly string[] } = {}): ReadTheDocsClient {
  return new ReadTheDocsClient(proxyClientOptions(baseUrl, network, options));
}

describe('network: proxies and certificates as VS Code configures them', () => {
  let lab: ProxyLab;

  before(async function () {
    this.timeout(30_000);
    lab = await startProxyLab();
  });
  beforeEach(() => { lab.tunnels.length = 0; });
  after(() => lab.close());

  describe('proxies', () => {
    it('http.proxy: requests go through it, with http.proxyAuthorization', async () => {
      const result = await slugs(client(`http://docs.test:${lab.plainPort}`, () => ({ proxy: lab.proxyUrl, proxyAuthorization: 'Basic dXNlcjpwYXNz' })));
      assert.deepEqual(result, ['widgets']);
      assert.deepEqual(lab.tunnels, [{ target: `docs.test:${lab.plainPort}`, authorization: 'Basic dXNlcjpwYXNz' }]);
    });

    it('http.noProxy: a listed host is reached directly', async () => {
      assert.deepEqual(await slugs(client(`http://${HOST_IP}:${lab.plainPort}`, () => ({ proxy: lab.proxyUrl, noProxy: [HOST_IP] }))), ['widgets']);
      assert.equal(lab.tunnels.length, 0);
      assert.deepEqual(await slugs(client(`http://${HOST_IP}:${lab.plainPort}`, () => ({ proxy: lab.proxyUrl, noProxy: ['other.example'] }))), ['widgets']);
      assert.deepEqual(lab.tunnels.map((t) => t.target), [`${HOST_IP}:${lab.plainPort}`]);
    });

    it('HTTP_PROXY / HTTPS_PROXY and NO_PROXY apply without settings; http.noProxy replaces NO_PROXY', async () => {
      await slugs(client(`http://docs.test:${lab.plainPort}`, () => ({}), { env: { HTTP_PROXY: lab.proxyUrl } }));
      await slugs(client(`https://docs.test:${lab.securePort}`, () => ({}), { env: { https_proxy: lab.proxyUrl }, systemCertificates: () => [lab.caPem] }));
      assert.deepEqual(lab.tunnels.map((t) => t.target), [`docs.test:${lab.plainPort}`, `docs.test:${lab.securePort}`]);
      lab.tunnels.length = 0;
      await slugs(client(`http://${HOST_IP}:${lab.plainPort}`, () => ({}), { env: { HTTP_PROXY: lab.proxyUrl, NO_PROXY: `localhost,${HOST_IP}` } }));
      assert.equal(lab.tunnels.length, 0, 'NO_PROXY bypass');
      await slugs(client(`http://${HOST_IP}:${lab.plainPort}`, () => ({ noProxy: ['intranet.example'] }), { env: { HTTP_PROXY: lab.proxyUrl, NO_PROXY: HOST_IP } }));
      assert.equal(lab.tunnels.length, 1, 'http.noProxy is set, so NO_PROXY is not read');
    });

    it('a settings change applies to the next request of the same client, without a reload', async () => {
      let settings: NetworkSettings = {};
      const c = client(`http://${HOST_IP}:${lab.plainPort}`, () => settings);
      try {
        await c.projects.list();
        assert.equal(lab.tunnels.length, 0);
        settings = { proxy: lab.proxyUrl };
        await c.projects.list();
        assert.equal(lab.tunnels.length, 1);
        settings = { proxy: lab.proxyUrl, noProxy: [HOST_IP] };
        await c.projects.list();
        assert.equal(lab.tunnels.length, 1);
      } finally {
        await c.dispose();
      }
    });

    it('a SOCKS proxy is refused with a message that says so (only HTTP(S) proxies are supported)', async () => {
      const c = client(`http://docs.test:${lab.plainPort}`, () => ({ proxy: 'socks5://user:secret@127.0.0.1:1' }));
      const failure = await c.projects.list().then(() => undefined, (e: unknown) => e);
      await c.dispose();
      assert.ok(failure instanceof UnsupportedProxyError, `UnsupportedProxyError, got ${String(failure)}`);
      assert.equal(describeError(failure), 'The proxy is a SOCKS proxy (socks5://), which this extension does not support: set http.proxy to an http:// or https:// proxy.');
      assert.equal(lab.tunnels.length, 0);
    });

    it('loopback hosts are never proxied (as in VS Code)', async () => {
      const local = createServer(oneProjectApi);
      const port = await listen(local, '127.0.0.1');
      try {
        assert.deepEqual(await slugs(client(`http://127.0.0.1:${port}`, () => ({ proxy: lab.proxyUrl }))), ['widgets']);
        assert.equal(lab.tunnels.length, 0);
      } finally {
        await close(local);
      }
    });
  });

  describe('certificates', () => {
    it('a server certified by a CA in the system store is accepted (http.systemCertificates)', async () => {
      assert.deepEqual(await slugs(client(`https://${HOST_IP}:${lab.securePort}`, () => ({}), { systemCertificates: () => [lab.caPem] })), ['widgets']);
    });

    it('refused with a message naming the certificate problem when the CA is not trusted', async () => {
      for (const [name, settings, system] of [
        ['not in the store', {}, []],
        ['http.systemCertificates off', { systemCertificates: false }, [lab.caPem]],
      ] as const) {
        const c = client(`https://${HOST_IP}:${lab.securePort}`, () => settings, { systemCertificates: () => system });
        const failure = await c.projects.list().then(() => undefined, (e: unknown) => e);
        await c.dispose();
        assert.ok(failure instanceof CertificateError, `${name}: CertificateError, got ${String(failure)}`);
        assert.match(failure.code, /UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY/);
        assert.match(describeError(failure), /certificate of 127\.0\.0\.2:\d+ is not trusted: unable to (verify the first certificate|get local issuer certificate)/);
      }
    });

    it('a docs host (objects.inv) with an untrusted certificate fails the same way, in the same words', async () => {
      const c = client(`http://${HOST_IP}:${lab.plainPort}`, () => ({}), { systemCertificates: () => [] });
      const failure = await docsFileFetcher(() => c.transport)(`https://${HOST_IP}:${lab.securePort}/en/latest/objects.inv`, {}).then(() => undefined, (e: unknown) => e);
      await c.dispose();
      assert.ok(failure instanceof CertificateError, `CertificateError, got ${String(failure)}`);
      assert.match(describeError(failure), /certificate of 127\.0\.0\.2:\d+ is not trusted: unable to (verify the first certificate|get local issuer certificate)/);
    });

    it('http.proxyStrictSSL: false accepts an untrusted certificate only through a proxy', async () => {
      assert.deepEqual(await slugs(client(`https://docs.test:${lab.securePort}`, () => ({ proxy: lab.proxyUrl, proxyStrictSSL: false }))), ['widgets'], 'through the proxy');
      assert.equal(lab.tunnels.length, 1);
      const strict = client(`https://docs.test:${lab.securePort}`, () => ({ proxy: lab.proxyUrl }));
      await assert.rejects(strict.projects.list(), CertificateError, 'through the proxy with proxyStrictSSL on');
      await strict.dispose();
      const direct = client(`https://${HOST_IP}:${lab.securePort}`, () => ({ proxyStrictSSL: false }));
      await assert.rejects(direct.projects.list(), CertificateError, 'without a proxy the setting does not apply');
      await direct.dispose();
    });
  });
});
