import assert from 'node:assert/strict';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { ReadTheDocsClient } from '../../src/core/api/client';
import { describeError } from '../../src/core/api/describeError';
import { CertificateError, UnsupportedProxyError } from '../../src/core/api/errors';
import { type Environment, type NetworkSettings } from '../../src/core/api/network';
import { silentLogger } from '../../src/core/log';
import { HOST_IP, type Tunnel, close, connectProxy, listen, testCaServer } from '../helpers/proxyServers';

/*
 * Proxies and certificates over real sockets on loopback: a CONNECT proxy written for the tests
 * records what passes through it (and resolves the made-up host docs.test to 127.0.0.2); an API
 * server answers on 127.0.0.2 over http and over https with a certificate from a CA the test
 * creates with openssl (test/helpers/proxyServers.ts).
 */

const PAGE = JSON.stringify({ count: 1, next: null, previous: null, results: [{ id: 1, slug: 'widgets', name: 'Widgets' }] });

function api(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(PAGE);
}

function client(baseUrl: string, network: () => NetworkSettings, options: { env?: Environment; systemCertificates?: () => readonly string[] } = {}): ReadTheDocsClient {
  return new ReadTheDocsClient({
    edition: 'community',
    baseUrl,
    getToken: () => undefined,
    userAgent: 'readthedocs-vscode-network-test/0',
    network,
    env: options.env ?? {},
    systemCertificates: options.systemCertificates ?? (() => []),
    timeoutMs: 5000,
    retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterSeconds: 0 },
    logger: silentLogger,
  });
}

async function slugs(c: ReadTheDocsClient): Promise<string[]> {
  try {
    return (await c.projects.list()).items.map((p) => p.slug);
  } finally {
    await c.dispose();
  }
}

describe('network: proxies and certificates as VS Code configures them', () => {
  let caPem: string;
  const tunnels: Tunnel[] = [];
  let proxy: Server;
  let proxyUrl: string;
  let plain: Server;
  let plainPort: number;
  let secure: Server;
  let securePort: number;

  before(async function () {
    this.timeout(30_000);
    ({ caPem, server: secure } = testCaServer(api));
    proxy = connectProxy(tunnels);
    proxyUrl = `http://127.0.0.1:${await listen(proxy, '127.0.0.1')}`;
    plain = createServer(api);
    plainPort = await listen(plain, HOST_IP);
    securePort = await listen(secure, HOST_IP);
  });
  beforeEach(() => { tunnels.length = 0; });
  after(async () => {
    await Promise.all([close(proxy), close(plain), close(secure)]);
  });

  describe('proxies', () => {
    it('http.proxy: requests go through it, with http.proxyAuthorization', async () => {
      const result = await slugs(client(`http://docs.test:${plainPort}`, () => ({ proxy: proxyUrl, proxyAuthorization: 'Basic dXNlcjpwYXNz' })));
      assert.deepEqual(result, ['widgets']);
      assert.deepEqual(tunnels, [{ target: `docs.test:${plainPort}`, authorization: 'Basic dXNlcjpwYXNz' }]);
    });

    it('http.noProxy: a listed host is reached directly', async () => {
      assert.deepEqual(await slugs(client(`http://${HOST_IP}:${plainPort}`, () => ({ proxy: proxyUrl, noProxy: [HOST_IP] }))), ['widgets']);
      assert.equal(tunnels.length, 0);
      assert.deepEqual(await slugs(client(`http://${HOST_IP}:${plainPort}`, () => ({ proxy: proxyUrl, noProxy: ['other.example'] }))), ['widgets']);
      assert.deepEqual(tunnels.map((t) => t.target), [`${HOST_IP}:${plainPort}`]);
    });

    it('HTTP_PROXY / HTTPS_PROXY and NO_PROXY apply without settings; http.noProxy replaces NO_PROXY', async () => {
      await slugs(client(`http://docs.test:${plainPort}`, () => ({}), { env: { HTTP_PROXY: proxyUrl } }));
      await slugs(client(`https://docs.test:${securePort}`, () => ({}), { env: { https_proxy: proxyUrl }, systemCertificates: () => [caPem] }));
      assert.deepEqual(tunnels.map((t) => t.target), [`docs.test:${plainPort}`, `docs.test:${securePort}`]);
      tunnels.length = 0;
      await slugs(client(`http://${HOST_IP}:${plainPort}`, () => ({}), { env: { HTTP_PROXY: proxyUrl, NO_PROXY: `localhost,${HOST_IP}` } }));
      assert.equal(tunnels.length, 0, 'NO_PROXY bypass');
      await slugs(client(`http://${HOST_IP}:${plainPort}`, () => ({ noProxy: ['intranet.example'] }), { env: { HTTP_PROXY: proxyUrl, NO_PROXY: HOST_IP } }));
      assert.equal(tunnels.length, 1, 'http.noProxy is set, so NO_PROXY is not read');
    });

    it('a settings change applies to the next request of the same client, without a reload', async () => {
      let settings: NetworkSettings = {};
      const c = client(`http://${HOST_IP}:${plainPort}`, () => settings);
      try {
        await c.projects.list();
        assert.equal(tunnels.length, 0);
        settings = { proxy: proxyUrl };
        await c.projects.list();
        assert.equal(tunnels.length, 1);
        settings = { proxy: proxyUrl, noProxy: [HOST_IP] };
        await c.projects.list();
        assert.equal(tunnels.length, 1);
      } finally {
        await c.dispose();
      }
    });

    it('a SOCKS proxy is refused with a message that says so (only HTTP(S) proxies are supported)', async () => {
      const c = client(`http://docs.test:${plainPort}`, () => ({ proxy: 'socks5://user:secret@127.0.0.1:1' }));
      const failure = await c.projects.list().then(() => undefined, (e: unknown) => e);
      await c.dispose();
      assert.ok(failure instanceof UnsupportedProxyError, `UnsupportedProxyError, got ${String(failure)}`);
      assert.equal(describeError(failure), 'The proxy is a SOCKS proxy (socks5://), which this extension does not support: set http.proxy to an http:// or https:// proxy.');
      assert.equal(tunnels.length, 0);
    });

    it('loopback hosts are never proxied (as in VS Code)', async () => {
      const local = createServer(api);
      const port = await listen(local, '127.0.0.1');
      try {
        assert.deepEqual(await slugs(client(`http://127.0.0.1:${port}`, () => ({ proxy: proxyUrl }))), ['widgets']);
        assert.equal(tunnels.length, 0);
      } finally {
        await close(local);
      }
    });
  });

  describe('certificates', () => {
    it('a server certified by a CA in the system store is accepted (http.systemCertificates)', async () => {
      assert.deepEqual(await slugs(client(`https://${HOST_IP}:${securePort}`, () => ({}), { systemCertificates: () => [caPem] })), ['widgets']);
    });

    it('refused with a message naming the certificate problem when the CA is not trusted', async () => {
      for (const [name, settings, system] of [
        ['not in the store', {}, []],
        ['http.systemCertificates off', { systemCertificates: false }, [caPem]],
      ] as const) {
        const c = client(`https://${HOST_IP}:${securePort}`, () => settings, { systemCertificates: () => system });
        const failure = await c.projects.list().then(() => undefined, (e: unknown) => e);
        await c.dispose();
        assert.ok(failure instanceof CertificateError, `${name}: CertificateError, got ${String(failure)}`);
        assert.match(failure.code, /UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY/);
        assert.match(describeError(failure), /certificate of 127\.0\.0\.2:\d+ is not trusted: unable to (verify the first certificate|get local issuer certificate)/);
      }
    });

    it('http.proxyStrictSSL: false accepts an untrusted certificate only through a proxy', async () => {
      assert.deepEqual(await slugs(client(`https://docs.test:${securePort}`, () => ({ proxy: proxyUrl, proxyStrictSSL: false }))), ['widgets'], 'through the proxy');
      assert.equal(tunnels.length, 1);
      const strict = client(`https://docs.test:${securePort}`, () => ({ proxy: proxyUrl }));
      await assert.rejects(strict.projects.list(), CertificateError, 'through the proxy with proxyStrictSSL on');
      await strict.dispose();
      const direct = client(`https://${HOST_IP}:${securePort}`, () => ({ proxyStrictSSL: false }));
      await assert.rejects(direct.projects.list(), CertificateError, 'without a proxy the setting does not apply');
      await direct.dispose();
    });
  });
});
