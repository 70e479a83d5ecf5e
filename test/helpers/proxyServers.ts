import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type RequestListener, type Server, type ServerResponse, createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { type AddressInfo, type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ClientOptions } from '../../src/core/api/client';
import { type Environment, type NetworkSettings } from '../../src/core/api/network';
import { silentLogger } from '../../src/core/log';

/*
 * Servers on loopback for proxy and certificate tests: a CONNECT proxy that records what passes
 * through it (and resolves the made-up host docs.test to 127.0.0.2), and a TLS server with a
 * certificate from a CA created with openssl.
 */

export const HOST_IP = '127.0.0.2';

export interface Tunnel { target: string; authorization: string | undefined }

export async function listen(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

export async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** An HTTP CONNECT proxy that records each tunnel and maps docs.test to 127.0.0.2. */
export function connectProxy(tunnels: Tunnel[]): Server {
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

/** A CA made for the test, and an https server on 127.0.0.2 (names docs.test and 127.0.0.2) it certifies. */
export function testCaServer(listener: RequestListener): { caPem: string; server: Server } {
  const dir = mkdtempSync(join(tmpdir(), 'rtd-test-ca-'));
  try {
    const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Read the Docs test CA');
    run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=docs.test');
    writeFileSync(join(dir, 'san.ext'), `subjectAltName=DNS:docs.test,IP:${HOST_IP}\n`);
    run('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'san.ext');
    const server = createTlsServer({ key: readFileSync(join(dir, 'server.key')), cert: readFileSync(join(dir, 'server.pem')) }, listener);
    return { caPem: readFileSync(join(dir, 'ca.pem'), 'utf8'), server };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The servers of a proxy test (close them with `close()`). */
export interface ProxyLab {
  /** Each tunnel the proxy opened since the last `tunnels.length = 0`. */
  readonly tunnels: Tunnel[];
  readonly proxyUrl: string;
  /** The CA that certifies the https server. */
  readonly caPem: string;
  /** The API on 127.0.0.2 (docs.test through the proxy), over http and over https. */
  readonly plainPort: number;
  readonly securePort: number;
  close(): Promise<void>;
}

const PAGE = JSON.stringify({ count: 1, next: null, previous: null, results: [{ id: 1, slug: 'widgets', name: 'Widgets' }] });

/** An API that lists one project, `widgets`, whatever is asked. */
export function oneProjectApi(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(PAGE);
}

/** A CONNECT proxy on 127.0.0.1, and an API on 127.0.0.2 that lists one project (`widgets`) over http and https. */
export async function startProxyLab(): Promise<ProxyLab> {
  const tunnels: Tunnel[] = [];
  const { caPem, server: secure } = testCaServer(oneProjectApi);
  const proxy = connectProxy(tunnels);
  const plain = createServer(oneProjectApi);
  return {
    tunnels,
    caPem,
    proxyUrl: `http://127.0.0.1:${await listen(proxy, '127.0.0.1')}`,
    plainPort: await listen(plain, HOST_IP),
    securePort: await listen(secure, HOST_IP),
    close: async () => { await Promise.all([close(proxy), close(plain), close(secure)]); },
  };
}

/** The options of a client of the lab: no token, no retries, the given network settings and system certificates. */
export function proxyClientOptions(baseUrl: string, network: () => NetworkSettings, options: { env?: Environment; systemCertificates?: () => readonly string[] } = {}): ClientOptions {
  return {
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
  };
}

/** The slugs of the projects a lab client lists; the client is disposed of. */
export async function listedSlugs(client: { projects: { list(): Promise<{ items: readonly { slug: string }[] }> }; dispose(): Promise<void> }): Promise<string[]> {
  try {
    return (await client.projects.list()).items.map((p) => p.slug);
  } finally {
    await client.dispose();
  }
}
