import type { Dispatcher } from 'undici';
import { BODY_LIMITS, readBodyWithin } from '../api/bodyLimits';
import { type RequestBudget } from '../api/budget';
import { requestTarget } from '../api/dispatcher';
import { ApiError, CancelledError, HttpStatusError, NetworkError, type RequestInfo, ServerError, TimeoutError } from '../api/errors';

export interface Validators {
  readonly etag?: string;
  readonly lastModified?: string;
}

export type DocsFileResult =
  | { readonly status: 'ok'; readonly bytes: Uint8Array; readonly validators: Validators }
  | { readonly status: 'not-modified' }
  | { readonly status: 'missing' };

/** One conditional GET of a file on a docs host. */
export type FetchDocsFile = (url: string, validators: Validators, signal?: AbortSignal) => Promise<DocsFileResult>;

export interface DocsFileFetcherOptions {
  /** The shared budget of the edition hosting the docs (undefined: that edition is off; the request still counts nowhere else). */
  readonly budget: () => RequestBudget | undefined;
  readonly dispatcher: (url: URL) => Promise<Dispatcher>;
  readonly userAgent: string;
  readonly timeoutMs?: number;
  readonly maxBytes?: number;
}


/**
 * Fetches files published on docs hosts (objects.inv) without any token: docs hosts are not the
 * API's origin, and public docs need none. Conditional (ETag / Last-Modified), size-limited,
 * inside the shared request budget; 404 and 410 mean "this version publishes no such file".
 */
export function docsFileFetcher(options: DocsFileFetcherOptions): FetchDocsFile {
  const maxBytes = options.maxBytes ?? BODY_LIMITS.inventory;
  const timeoutMs = options.timeoutMs ?? 30_000;
  return async (url, validators, signal) => {
    const parsed = new URL(url);
    const info: RequestInfo = { method: 'GET', host: parsed.host, path: parsed.pathname };
    let release: () => void;
    try {
      release = (await options.budget()?.acquire('user', signal)) ?? (() => undefined);
    } catch {
      throw new CancelledError(info);
    }
    const headers: Record<string, string> = { 'user-agent': options.userAgent, accept: '*/*' };
    if (validators.etag) headers['if-none-match'] = validators.etag;
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; controller.abort(); }, timeoutMs);
    try {
      const dispatcher = await options.dispatcher(parsed);
      const response = await dispatcher.request({ ...requestTarget(parsed), method: 'GET', headers, signal: controller.signal });
      if (response.statusCode === 304) {
        await response.body.dump();
        return { status: 'not-modified' };
      }
      if (response.statusCode === 404 || response.statusCode === 410) {
        await response.body.dump();
        return { status: 'missing' };
      }
      if (response.statusCode !== 200) {
        await response.body.dump();
        throw response.statusCode >= 500 ? new ServerError(response.statusCode, info) : new HttpStatusError(response.statusCode, undefined, info);
      }
      let bytes: Buffer;
      try {
        bytes = await readBodyWithin(response.body, maxBytes, info, header(response.headers['content-length']));
      } catch (error) {
        controller.abort();
        throw error;
      }
      return {
        status: 'ok',
        bytes,
        validators: { etag: header(response.headers.etag), lastModified: header(response.headers['last-modified']) },
      };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (timedOut) throw new TimeoutError(timeoutMs, info);
      if (signal?.aborted) throw new CancelledError(info);
      const code = (error as { code?: unknown }).code;
      throw new NetworkError(typeof code === 'string' ? code : undefined, info);
    } finally {
      release();
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
