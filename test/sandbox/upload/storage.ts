// The storage host of uploads (S3's presigned POST, FACTS §24) on its own 127.0.0.1 port: checks the policy
// fields and the size, refuses any request with an Authorization header, logs every request in the sandbox's log.

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { SandboxDb } from '../db';
import type { RequestLogEntry } from '../types';

interface Part { name: string; filename?: string; data: Buffer }

function s3Error(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

/** The parts of a multipart/form-data body, in order; undefined when it is not one. */
function parseMultipart(body: Buffer, contentType: string): Part[] | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return undefined;
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') return parts;
    const headersEnd = body.indexOf('\r\n\r\n', at);
    const next = body.indexOf(delimiter, headersEnd);
    if (headersEnd < 0 || next < 0) return undefined;
    const headers = body.subarray(at + 2, headersEnd).toString('utf8');
    const disposition = /name="([^"]*)"(?:; filename="([^"]*)")?/.exec(headers);
    if (!disposition) return undefined;
    parts.push({ name: disposition[1], filename: disposition[2], data: body.subarray(headersEnd + 4, next - 2) });
    at = next;
  }
}

export function createStorageServer(db: () => SandboxDb, log: RequestLogEntry[]): Server {
  return createServer((req: IncomingMessage, res) => {
    const entry: RequestLogEntry = {
      method: req.method ?? 'GET', path: new URL(req.url ?? '/', 'http://storage.invalid').pathname, query: {}, status: 0,
      host: req.headers.host ?? '', authorized: false, authorization: req.headers.authorization, body: undefined, time: Date.now(), aborted: false, responseBytes: 0,
    };
    log.push(entry);
    const answer = (status: number, text = '') => {
      entry.status = status;
      entry.responseBytes = Buffer.byteLength(text);
      res.writeHead(status, text ? { 'Content-Type': 'application/xml', 'Content-Length': entry.responseBytes } : {});
      res.end(text);
    };
    res.on('close', () => {
      if (!res.writableFinished) entry.aborted = true;
    });
    const uploads = db().uploads;
    const limit = uploads.maxBytes + 1024 * 1024;
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('error', () => undefined);
    req.on('end', () => {
      if (req.method !== 'POST') return answer(405, s3Error('MethodNotAllowed', 'The specified method is not allowed against this resource.'));
      // A presigned POST carries its credential in the form: an Authorization header is refused (no token may come here).
      if (req.headers.authorization !== undefined) return answer(400, s3Error('InvalidArgument', 'Only one auth mechanism allowed; only the X-Amz-Algorithm form field or the Authorization header is supported.'));
      if (tooLarge) return answer(400, s3Error('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'));
      const parts = parseMultipart(Buffer.concat(chunks), req.headers['content-type'] ?? '');
      if (!parts) return answer(400, s3Error('MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.'));
      const fileAt = parts.findIndex((p) => p.name === 'file');
      if (fileAt < 0) return answer(400, s3Error('InvalidArgument', 'POST requires exactly one file upload per request.'));
      const fields = new Map(parts.slice(0, fileAt).map((p) => [p.name, p.data.toString('utf8')]));
      entry.body = Object.fromEntries(fields);
      const key = fields.get('key') ?? '';
      const pending = [...uploads.pending.values()].find((p) => p.key === key);
      const mismatch = !pending || Object.entries(pending.fields).some(([name, value]) => fields.get(name) !== value);
      if (mismatch) return answer(403, s3Error('AccessDenied', 'Invalid according to Policy: Policy Condition failed'));
      if (Date.now() > pending.expires) return answer(403, s3Error('AccessDenied', 'Invalid according to Policy: Policy expired.'));
      const file = parts[fileAt].data;
      if (file.length < 1) return answer(400, s3Error('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size'));
      if (file.length > uploads.maxBytes) return answer(400, s3Error('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'));
      uploads.objects.set(key, Buffer.from(file));
      answer(204);
    });
  });
}
