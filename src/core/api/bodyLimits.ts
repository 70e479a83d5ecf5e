import { type RequestInfo, BodyTooLargeError } from './errors';

const MB = 1024 * 1024;

/**
 * The most a response body may hold, per kind of request: the one place these caps are named.
 * A body past its cap is abandoned at once (the connection is closed) with a `BodyTooLargeError`.
 */
export const BODY_LIMITS = {
  /** API v3 JSON: a page of 1000 projects with expanded versions stays far below this. */
  apiJson: 16 * MB,
  /** The embed endpoint: JSON around the rendered HTML of one page or section. */
  embedHtml: 4 * MB,
  /** Build logs: the v2 build JSON with the output of every command. */
  buildLog: 32 * MB,
  /** Sphinx `objects.inv` inventories (zlib-compressed; the largest public ones are a few MB). */
  inventory: 16 * MB,
  /** A whole published page read from a private version's docs host (its section is cut locally). */
  docsPage: 4 * MB,
  /** The addons API of a docs host (`/_/addons/`): versions, the current build, a pull request's changed files. */
  addonsJson: 4 * MB,
  /** A storage host's answer to an upload (S3: empty, or a short XML error). */
  storageReply: 1 * MB,
} as const;

export type BodyKind = keyof typeof BODY_LIMITS;

/**
 * Reads a streamed body into one buffer, refusing to hold more than `limitBytes`: a declared
 * `Content-Length` over the cap fails before reading, a body that keeps coming fails the moment
 * it passes the cap. The caller closes the stream (abort its request) when this throws.
 */
export async function readBodyWithin(
  body: AsyncIterable<Uint8Array>,
  limitBytes: number,
  request: RequestInfo | undefined,
  declaredLength?: string | undefined,
): Promise<Buffer> {
  if (declaredLength !== undefined && /^\d+$/.test(declaredLength.trim()) && Number(declaredLength) > limitBytes) {
    throw new BodyTooLargeError(limitBytes, request);
  }
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of body) {
    received += chunk.byteLength;
    if (received > limitBytes) throw new BodyTooLargeError(limitBytes, request);
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  return Buffer.concat(chunks, received);
}
