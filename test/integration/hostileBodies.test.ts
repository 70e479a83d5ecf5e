import assert from 'node:assert/strict';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { BODY_LIMITS } from '../../src/core/api/bodyLimits';
import { describeError } from '../../src/core/api/describeError';
import { BodyTooLargeError, TimeoutError } from '../../src/core/api/errors';
import { clientFor } from '../helpers/clientFor';

/*
 * Bodies a hostile or broken server may send: endless, far too large, or trickling. Each ends in a
 * typed error within the client's deadline, and the memory held while it lasts stays bounded by
 * the cap of the kind of request (the test measures heap growth, never time).
 */

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function serve(handler: Handler): Promise<{ origin: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

const CHUNK = Buffer.alloc(64 * 1024, 'a');
/** Stops a server that was never told to stop (the client before the fix) from filling the machine. */
const SAFETY_STOP = 1024 * 1024 * 1024;

/** Writes `total` bytes (Infinity: until the client goes away) as fast as the client reads them. */
function stream(res: ServerResponse, total: number): void {
  let sent = 0;
  const pump = () => {
    while (sent < Math.min(total, SAFETY_STOP) && !res.destroyed) {
      const size = Math.min(CHUNK.length, total - sent);
      sent += size;
      if (!res.write(size === CHUNK.length ? CHUNK : CHUNK.subarray(0, size))) { res.once('drain', pump); return; }
    }
    if (!res.destroyed) res.end();
  };
  res.write('["');
  pump();
}

/** Memory the process holds (JS heap plus Buffers), sampled while `work` runs; returns the peak growth. */
async function peakGrowth(work: () => Promise<unknown>): Promise<number> {
  gc();
  const used = () => { const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers; };
  const baseline = used();
  let peak = baseline;
  const sampler = setInterval(() => { peak = Math.max(peak, used()); }, 2);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, used());
  return peak - baseline;
}

describe('hostile bodies: bounded size, one deadline', () => {
  const cap = BODY_LIMITS.apiJson;

  it('an endless body ends in BodyTooLargeError, holding no more than a few times the cap', async () => {
    const { origin, server } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      stream(res, Infinity);
    });
    const client = clientFor(origin, { timeoutMs: 20_000, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterSeconds: 0 } });
    let failure: unknown;
    const growth = await peakGrowth(() => client.projects.list().catch((e: unknown) => { failure = e; }));
    await client.dispose();
    await close(server);
    assert.ok(failure instanceof BodyTooLargeError, `BodyTooLargeError, got ${String(failure)}`);
    assert.equal(failure.limitBytes, cap);
    assert.ok(growth < 4 * cap, `memory grew by ${Math.round(growth / 1048576)} MB (cap ${cap / 1048576} MB)`);
    assert.equal(describeError(failure), `127.0.0.1:${new URL(origin).port} sent more than 16 MB; the rest was not read.`);
  });

  it('a 50 MB body (declared and streamed) ends in BodyTooLargeError without holding it', async () => {
    const total = 50 * 1024 * 1024;
    for (const declared of [true, false]) {
      const { origin, server } = await serve((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', ...(declared ? { 'content-length': String(total + 2) } : {}) });
        stream(res, total);
      });
      const client = clientFor(origin, { timeoutMs: 20_000, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterSeconds: 0 } });
      let failure: unknown;
      const growth = await peakGrowth(() => client.projects.list().catch((e: unknown) => { failure = e; }));
      await client.dispose();
      await close(server);
      assert.ok(failure instanceof BodyTooLargeError, `declared=${declared}: BodyTooLargeError, got ${String(failure)}`);
      assert.ok(growth < 4 * cap, `declared=${declared}: memory grew by ${Math.round(growth / 1048576)} MB`);
    }
  });

  it('the embed endpoint has its own, smaller cap', async () => {
    const { origin, server } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      stream(res, BODY_LIMITS.embedHtml + 1024);
    });
    const client = clientFor(origin, { timeoutMs: 20_000 });
    await assert.rejects(client.embed.section('https://docs.example.org/page.html'),
      (e: unknown) => e instanceof BodyTooLargeError && e.limitBytes === BODY_LIMITS.embedHtml);
    await client.dispose();
    await close(server);
  });

  it('a body trickling one byte per second ends in TimeoutError at the deadline of the whole exchange', async () => {
    const timers = new Set<NodeJS.Timeout>();
    const { origin, server } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      const timer = setInterval(() => { if (!res.destroyed) res.write(' '); }, 1000);
      timers.add(timer);
      res.on('close', () => clearInterval(timer));
    });
    // Headers arrive at once and a byte keeps arriving: only a deadline over headers and body ends it.
    const client = clientFor(origin, { timeoutMs: 2500, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterSeconds: 0 } });
    await assert.rejects(client.projects.list(), (e: unknown) => e instanceof TimeoutError && e.timeoutMs === 2500);
    for (const timer of timers) clearInterval(timer);
    await client.dispose();
    await close(server);
  });
});
