import assert from 'node:assert/strict';
import { type Server, createServer } from 'node:http';
import { type Socket } from 'node:net';
import { ReadTheDocsClient } from '../../src/core/api/client';
import { describeError } from '../../src/core/api/describeError';
import { ProxyAuthError } from '../../src/core/api/errors';
import { close, listen, proxyClientOptions } from '../helpers/proxyServers';

/** A proxy on 127.0.0.1 that wants credentials: 407 to every CONNECT and every plain request. */
function demandingProxy(): Server {
  const proxy = createServer((_request, response) => response.writeHead(407, { 'proxy-authenticate': 'Basic realm="office"' }).end());
  proxy.on('connect', (_request, client: Socket) => client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="office"\r\nContent-Length: 0\r\n\r\n'));
  return proxy;
}

/** A proxy answering 407 gets words about proxy credentials, not "could not reach". */
describe('network: a proxy that asks for credentials (407)', () => {
  let proxy: Server;
  let proxyUrl: string;

  before(async () => {
    proxy = demandingProxy();
    proxyUrl = `http://127.0.0.1:${await listen(proxy, '127.0.0.1')}`;
  });
  after(() => close(proxy));

  for (const target of ['http://docs.test:1', 'https://docs.test:1']) {
    it(`${target.split(':')[0]}: a ProxyAuthError, described as missing or refused proxy credentials`, async () => {
      const client = new ReadTheDocsClient(proxyClientOptions(target, () => ({ proxy: proxyUrl })));
      try {
        const failure = await client.projects.list().then(() => undefined, (error: unknown) => error);
        assert.ok(failure instanceof ProxyAuthError, `ProxyAuthError, got ${String(failure)}`);
        const text = describeError(failure, { host: 'docs.test' });
        assert.match(text, /proxy/i);
        assert.match(text, /http\.proxyAuthorization/);
        assert.doesNotMatch(text, /Could not reach/);
      } finally {
        await client.dispose();
      }
    });
  }
});
