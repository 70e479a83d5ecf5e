// HTTP plumbing: read the request, log it, apply faults and latency, send the response, notice aborts.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { ApiRequest } from './api';
import { faultResponse, type FaultList } from './faults';
import { encode, htmlPage, type ApiResponse } from './http';
import type { RequestLogEntry } from './types';

/** What the server needs from the sandbox. */
export interface SandboxApp {
  readonly requests: RequestLogEntry[];
  readonly faults: FaultList;
  latencyMs(): number;
  /** `/_sandbox/…` requests: never logged, never delayed or faulted. */
  control(method: string, path: string, body: unknown): ApiResponse;
  api(request: ApiRequest): ApiResponse;
  /** Whether the Authorization header carries a valid token. */
  isAuthorized(header: string | undefined): boolean;
}

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    if (ms <= 0) resolve();
    else setTimeout(resolve, ms).unref();
  });

async function readBody(req: IncomingMessage): Promise<{ body: unknown; raw: string; error?: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw.trim() === '') return { body: undefined, raw };
  try {
    return { body: JSON.parse(raw), raw };
  } catch (error) {
    return { body: undefined, raw, error: (error as Error).message };
  }
}

/** Sends the response; returns the body's size in bytes. */
function send(res: ServerResponse, response: ApiResponse): number {
  const { text, headers } = encode(response);
  const bytes = Buffer.byteLength(text);
  res.writeHead(response.status, { ...headers, 'Content-Length': bytes });
  res.end(text);
  return bytes;
}

async function handle(app: SandboxApp, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  const method = (req.method ?? 'GET').toUpperCase();
  const { body, raw, error } = await readBody(req);
  if (url.pathname.startsWith('/_sandbox/')) {
    send(res, app.control(method, url.pathname, body));
    return;
  }

  const authorization = req.headers.authorization;
  const entry: RequestLogEntry = {
    method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    status: 0,
    authorized: app.isAuthorized(authorization),
    authorization,
    body: error ? raw : body,
    time: Date.now(),
    aborted: false,
    responseBytes: 0,
  };
  app.requests.push(entry);
  res.on('close', () => {
    if (!res.writableFinished) entry.aborted = true;
  });

  const fault = app.faults.take(method, url.pathname, url.search);
  let wait = app.latencyMs();
  let response: ApiResponse;
  if (fault?.kind === 'drop') {
    await sleep(wait);
    req.socket.destroy();
    return;
  }
  if (fault && fault.kind !== 'delay') {
    response = faultResponse(fault);
  } else {
    wait += fault?.delayMs ?? 0;
    response = app.api({
      method,
      path: url.pathname,
      search: url.search,
      host: req.headers.host ?? 'localhost',
      clientIp: req.socket.remoteAddress ?? '',
      authorization,
      body,
      bodyError: error,
    });
  }
  await sleep(wait);
  if (entry.aborted || res.destroyed) {
    entry.aborted = true;
    return;
  }
  entry.status = response.status;
  entry.responseBytes = send(res, response);
}

export function createSandboxServer(app: SandboxApp): Server {
  return createServer((req, res) => {
    handle(app, req, res).catch((error: unknown) => {
      // A sandbox bug: answer like the real service (HTML 500) and make it visible.
      console.error('[sandbox]', error);
      if (!res.headersSent) send(res, htmlPage(500));
    });
  });
}
