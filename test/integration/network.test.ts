import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { type AddressInfo, type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReadTheDocsClient } from '../../src/core/api/client';
import { describeError } from '../../src/core/api/describeError';
import { CertificateError } from '../../src/core/api/errors';
import { type Environment, type NetworkSettings } from '../../src/core/api/network';
import { silentLogger } from '../../src/core/log';

/*
 * Proxies and certificates over real sockets on loopback: a CONNECT proxy written here records what
 * passes through it (and resolves the made-up host docs.test to 127.0.0.2); an API server answers
 * on 127.0.0.2 over http and over https with a certificate from a CA this test creates with openssl.
 */

const HOST_IP = '127.0.0.2';
const PAGE = JSON.stringify({ count: 1, next: null, previous: null, results: [{ id: 1, slug: 'widgets', name: 'Widgets' }] });

interface Tunnel { target: string; authorization: string | undefined }

function api(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(PAGE);
}

async function listen(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** An HTTP CONNECT proxy that records each tunnel and maps docs.test to 127.0.0.2. */
function connectProxy(tunnels: Tunnel[]): Server {
  const sockets = new Set<Socket>();
  const proxy = createServer((req, res) => {
    tunnels.push({ target: `plain ${req.url ?? ''}`, authorization: req.headers['proxy-authorization'] });
    res.writeHead(502).end();
  });
  proxy.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    tunnels.push({ target: req.url ?? '', authorization: req.headers['proxy-authorization'] });
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host === 'docs.test' ? HOST_IP : host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => { client.destroy(); upstream.destroy(); });
      socket.on('close', () => sockets.delete(socket));
    }
  });
  proxy.on('close', () => { for (const socket of sockets) socket.destroy(); });
  return proxy;
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
  let dir: string;
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
    dir = mkdtempSync(join(tmpdir(), 'rtd-network-'));
    const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Read the Docs test CA');
    run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=docs.test');
    writeFileSync(join(dir, 'san.ext'), `subjectAltName=DNS:docs.test,IP:${HOST_IP}\n`);
    run('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'san.ext');
    caPem = readFileSync(join(dir, 'ca.pem'), 'utf8');

    proxy = connectProxy(tunnels);
    proxyUrl = `http://127.0.0.1:${await listen(proxy, '127.0.0.1')}`;
    plain = createServer(api);
    plainPort = await listen(plain, HOST_IP);
    secure = createTlsServer({ key: readFileSync(join(dir, 'server.key')), cert: readFileSync(join(dir, 'server.pem')) }, api);
    securePort = await listen(secure, HOST_IP);
  });
  beforeEach(() => { tunnels.length = 0; });
  after(async () => {
    await Promise.all([close(proxy), close(plain), close(secure)]);
    rmSync(dir, { recursive: true, force: true });
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
