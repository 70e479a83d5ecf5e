// The docs-file fetch (objects.inv) goes through the API client's transport: its body caps, retries,
// deadline and typed errors, and never its token.

import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { BODY_LIMITS } from '../../src/core/api/bodyLimits';
import { BodyTooLargeError, CancelledError, ServerError, TimeoutError } from '../../src/core/api/errors';
import { docsFileFetcher } from '../../src/core/inventory/docsFile';
import { clientFor } from '../helpers/clientFor';

describe('integration: files on docs hosts through the transport', function () {
  this.timeout(20_000);
  let server: Server;
  let origin: string;
  const seen: { path: string; authorization: string | undefined }[] = [];

  before(async () => {
    server = createServer((req, res) => {
      seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
      if (req.url === '/huge/objects.inv') {
        res.writeHead(200, { 'content-length': String(BODY_LIMITS.inventory + 1) });
        res.write('x');
      } else if (req.url === '/failing/objects.inv') {
        res.writeHead(502).end('bad gateway');
      } else if (req.url === '/slow/objects.inv') {
        // never answers
      } else {
        res.writeHead(200, { etag: '"v1"' }).end('inventory');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it('sends no token, even to the API origin, and reads the validators', async () => {
    const client = clientFor(origin, { token: 'secret-token' });
    try {
      const result = await docsFileFetcher(() => client.transport)(`${origin}/en/latest/objects.inv`, {});
      assert.deepEqual(result, { status: 'ok', bytes: Buffer.from('inventory'), validators: { etag: '"v1"' } });
      assert.deepEqual(seen.filter((r) => r.path === '/en/latest/objects.inv').map((r) => r.authorization), [undefined]);
    } finally {
      await client.dispose();
    }
  });

  it("a body declared past the inventory cap, a 502 after the retries, the deadline and the caller's abort are the transport's typed errors", async () => {
    const client = clientFor(origin, { timeoutMs: 300 });
    const fetchFile = docsFileFetcher(() => client.transport);
    try {
      await assert.rejects(fetchFile(`${origin}/huge/objects.inv`, {}), BodyTooLargeError);
      await assert.rejects(fetchFile(`${origin}/failing/objects.inv`, {}), ServerError);
      assert.equal(seen.filter((r) => r.path === '/failing/objects.inv').length, 4, 'a GET is retried like any other');
      await assert.rejects(fetchFile(`${origin}/slow/objects.inv`, {}), TimeoutError);
      const caller = new AbortController();
      const given = fetchFile(`${origin}/slow/objects.inv`, {}, caller.signal);
      caller.abort();
      await assert.rejects(given, CancelledError);
    } finally {
      await client.dispose();
    }
  });
});
