import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { type Logger } from '../log';
import { type DocsScope, mayCarrySharingToken } from './docsScope';
import { type Clock, realClock, sleep } from '../util/clock';
import { type BodyKind, BODY_LIMITS, readBodyWithin } from './bodyLimits';
import { type Priority, RequestBudget } from './budget';
import {
  type ApiError, type RequestInfo, CancelledError, CertificateError, CrossOriginError, NetworkError, PrivateDocsRefusedError, ProxyAuthError, ServerError,
  StorageRejectedError, TimeoutError, UnexpectedResponseError,
} from './errors';
import { type MultipartFile, multipartBody } from './multipart';
import { RoutedDispatcher, requestTarget } from './dispatcher';
import { CERTIFICATE_ERROR_CODES, type Environment, type NetworkSettings } from './network';
import { assertSafePath } from './paths';
import { type ReceivedBody, errorForResponse } from './responseErrors';
import { type RetryPolicy, defaultRetryPolicy, retryAfterOf, retryDelayMs } from './retry';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
export type QueryValue = string | number | boolean | readonly string[] | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

export interface TransportOptions {
  /** What the person configured, e.g. `https://app.readthedocs.org`; the API lives under `api/v3/`. */
  readonly baseUrl: string;
  /** Read on every request, so a new sign-in applies at once. */
  readonly getToken: () => string | undefined | Promise<string | undefined>;
  /** `readthedocs-vscode/0.1.0 (VS Code 1.95)`. */
  readonly userAgent: string;
  readonly timeoutMs?: number;
  /** VS Code's `http.*` settings, read on every request so that changes apply at once. */
  readonly network?: () => NetworkSettings;
  /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read; default `process.env`. */
  readonly env?: Environment;
  /** The operating system's CA certificates (PEM); default: Node's own reading where it has one. */
  readonly systemCertificates?: () => readonly string[];
  /** Tests pass undici's MockAgent or a plain Agent; then proxy and certificate settings do not apply. */
  readonly dispatcher?: Dispatcher;
  readonly budget?: RequestBudget;
  readonly logger: Logger;
  readonly clock?: Clock;
  readonly retry?: RetryPolicy;
}

export interface RequestSpec {
  readonly method: Method;
  /** Relative to the API root (`projects/x/`), or an absolute URL that must be on the base URL's origin. */
  readonly path: string;
  readonly query?: Query;
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  /** Background work (polling) waits behind user actions. Default: user. */
  readonly priority?: Priority;
  /** Sent without the token (the embed endpoint does not accept it). */
  readonly anonymous?: boolean;
  /** Which cap of `BODY_LIMITS` the response body must stay under. Default: API JSON. */
  readonly bodyKind?: BodyKind;
}

/** A project's private-docs token and where it may go (`mayCarrySharingToken`). */
export interface SharingCredential {
  readonly projectSlug: string;
  readonly scope: DocsScope;
  readonly token: string;
}

/** A GET of a file published on a docs host (`objects.inv`). */
export interface FileRequest {
  /** Any http(s) URL; the API token never goes with it. */
  readonly url: URL;
  /** Conditional headers (`if-none-match`, `if-modified-since`); an `authorization` here is dropped. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The project's private-docs token: sent as `Authorization: Token …` only when `url` is inside
   * its scope and not on the API's origin. A 401 or 403 to it is a `PrivateDocsRefusedError`.
   */
  readonly sharing?: SharingCredential;
  readonly signal?: AbortSignal;
  /** Which cap of `BODY_LIMITS` the body must stay under. */
  readonly bodyKind: BodyKind;
  /** Statuses answered as they are (200, 304, 404, …); any other is the typed error for it. */
  readonly accept: readonly number[];
}

export interface FileResponse {
  readonly status: number;
  /** Lower-case names, the first value of each. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly bytes: Buffer;
}

/** A presigned POST of one file to a storage host (another origin than the API). */
export interface StoragePost {
  /** The storage endpoint; any http(s) URL. Never sent the token or any Authorization header. */
  readonly url: URL;
  /** Sent first, in this order, as given. */
  readonly fields: readonly (readonly [string, string])[];
  readonly file: MultipartFile;
  readonly signal?: AbortSignal;
  /** Bytes of the body sent so far, of the total. */
  readonly onProgress?: (sent: number, total: number) => void;
  /** Fails when nothing moves for this long (a file may take minutes in all). Default 60 s. */
  readonly idleTimeoutMs?: number;
}

interface Received {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly raw: Buffer;
}

export interface ApiResponse {
  readonly request: RequestInfo;
  readonly status: number;
  /** Parsed JSON; undefined for an empty body (204). */
  readonly body: unknown;
}


/**
 * The one way out to the network. It attaches the token only to the base URL's origin, retries
 * only GETs (429 with Retry-After, 502/503/504, dropped connections), never retries writes, spends
 * the shared request budget, and turns every failure into a typed `ApiError`.
 */
export class Transport {
  readonly apiRoot: URL;
  readonly budget: RequestBudget;
  private readonly timeoutMs: number;
  private readonly clock: Clock;
  private readonly retry: RetryPolicy;
  private readonly routed: RoutedDispatcher;

  constructor(private readonly options: TransportOptions) {
    const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new TypeError(`Base URL must be http(s): ${base.protocol}`);
    this.apiRoot = new URL('api/v3/', base);
    this.budget = options.budget ?? new RequestBudget(60);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.clock = options.clock ?? realClock;
    this.retry = options.retry ?? defaultRetryPolicy;
    this.routed = new RoutedDispatcher(options);
  }

  get origin(): string {
    return this.apiRoot.origin;
  }

  /** Resolves a path or a server-sent link; refuses dot segments and anything on another origin. */
  resolve(pathOrUrl: string, query?: Query): URL {
    assertSafePath(pathOrUrl);
    const url = new URL(pathOrUrl, this.apiRoot);
    if (url.origin !== this.apiRoot.origin) throw new CrossOriginError(url.origin, this.apiRoot.origin);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value));
    }
    return url;
  }

  async send(spec: RequestSpec): Promise<ApiResponse> {
    const url = this.resolve(spec.path, spec.query);
    const info: RequestInfo = { method: spec.method, host: url.host, path: url.pathname + url.search };
    return this.withRetries(spec.method, info, spec.signal, () => this.attempt(spec.priority ?? 'user', spec.signal, info, async (signal) => {
      const received = await this.exchange(spec, url, info, signal);
      const body = readBody(received.raw.toString('utf8'), received.headers['content-type'] ?? '');
      if (received.status >= 200 && received.status < 300) return { request: info, status: received.status, body: this.successBody(body, received.status, info) };
      throw errorForResponse(received.status, body, received.headers['retry-after'], info);
    }));
  }

  /**
   * A file on a docs host, through the same budget, deadline, body caps, retries and typed errors
   * as the API, and never with the API token: docs hosts are not the API, and public docs need none.
   * A project's private-docs token goes only where `mayCarrySharingToken` allows.
   */
  async getFile(request: FileRequest): Promise<FileResponse> {
    const { url } = request;
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`Not an http(s) URL: ${url.protocol}`);
    const info: RequestInfo = { method: 'GET', host: url.host, path: url.pathname };
    return this.withRetries('GET', info, request.signal, () => this.attempt('user', request.signal, info, async (signal) => {
      const headers: Record<string, string> = { accept: '*/*', 'user-agent': this.options.userAgent };
      for (const [name, value] of Object.entries(request.headers ?? {})) if (name.toLowerCase() !== 'authorization') headers[name.toLowerCase()] = value;
      const sharing = request.sharing && mayCarrySharingToken(url, request.sharing.scope, this.origin) ? request.sharing : undefined;
      if (sharing) headers.authorization = `Token ${sharing.token}`;
      const received = await this.receive(url, { method: 'GET', headers, signal }, request.bodyKind, info);
      if (request.accept.includes(received.status)) return { status: received.status, headers: received.headers, bytes: received.raw };
      if (sharing && (received.status === 401 || received.status === 403)) throw new PrivateDocsRefusedError(sharing.projectSlug, received.status, info);
      throw errorForResponse(received.status, readBody(received.raw.toString('utf8'), received.headers['content-type'] ?? ''), received.headers['retry-after'], info);
    }));
  }

  /**
   * One multipart POST of a file to a storage host: never retried (the caller decides what a
   * failure means), never with the token or an Authorization header (storage is another host and
   * the presigned fields are the credential), streamed from disk, and bounded by an idle deadline
   * instead of the API's total one. 2xx resolves; 4xx is a `StorageRejectedError`, 5xx a `ServerError`.
   */
  async postFile(post: StoragePost): Promise<number> {
    const { url } = post;
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`Not an http(s) URL: ${url.protocol}`);
    const info: RequestInfo = { method: 'POST', host: url.host, path: url.pathname };
    return this.attempt('user', post.signal, info, async (signal, moved) => {
      const body = multipartBody(post.fields, post.file);
      let sent = 0;
      const progress = async function* (chunks: AsyncGenerator<Buffer>) {
        for await (const chunk of chunks) {
          moved();
          yield chunk;
          sent += chunk.length;
          post.onProgress?.(sent, body.length);
        }
        moved();
      };
      const headers = { 'user-agent': this.options.userAgent, 'content-type': body.contentType, 'content-length': String(body.length), accept: '*/*' };
      const dispatcher = await this.dispatcherFor(url);
      const response = await dispatcher.request({ ...requestTarget(url), method: 'POST', headers, body: Readable.from(progress(body.chunks(signal)), { objectMode: false }), signal });
      await readBodyWithin(response.body, BODY_LIMITS.storageReply, info, undefined);
      this.options.logger.debug(`POST ${url.host}${url.pathname} (storage) → ${response.statusCode}`);
      if (response.statusCode >= 200 && response.statusCode < 300) return response.statusCode;
      throw response.statusCode >= 500 ? new ServerError(response.statusCode, info) : new StorageRejectedError(response.statusCode, info);
    }, post.idleTimeoutMs ?? 60_000);
  }

  private async withRetries<T>(method: Method, info: RequestInfo, signal: AbortSignal | undefined, attempt: () => Promise<T>): Promise<T> {
    for (let n = 1; ; n++) {
      try {
        return await attempt();
      } catch (error) {
        const apiError = error as ApiError;
        const asked = retryAfterOf(apiError);
        // A 429 or 503 that says when to come back holds every request of the edition until then.
        if (asked !== undefined && asked > 0) this.budget.pause(asked);
        const delay = method === 'GET' ? retryDelayMs(apiError, n, this.retry) : undefined;
        if (delay === undefined) throw apiError;
        this.options.logger.debug(`${info.method} ${info.path}: ${apiError.message} Retrying in ${delay} ms.`);
        // The budget itself holds the queue for the Retry-After part; wait only for the rest of the backoff.
        const rest = delay - (asked ?? 0) * 1000;
        if (rest > 0) await this.wait(rest, signal, info);
      }
    }
  }

  /** Closes idle keep-alive connections. */
  async dispose(): Promise<void> {
    this.budget.dispose();
    await this.routed.close();
  }

  /**
   * One request inside the budget and the deadline; every failure becomes a typed `ApiError`. The
   * deadline is the whole request's, or with `idleMs` a pause: each `moved()` of `run` starts it again.
   */
  private async attempt<T>(priority: Priority, callerSignal: AbortSignal | undefined, info: RequestInfo, run: (signal: AbortSignal, moved: () => void) => Promise<T>, idleMs?: number): Promise<T> {
    let release: () => void;
    try {
      release = await this.budget.acquire(priority, callerSignal);
    } catch {
      throw new CancelledError(info);
    }
    const controller = new AbortController();
    const onCallerAbort = () => controller.abort();
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    if (callerSignal?.aborted) controller.abort();
    const deadlineMs = idleMs ?? this.timeoutMs;
    let timedOut = false;
    let timer = this.clock.setTimer(() => { timedOut = true; controller.abort(); }, deadlineMs);
    const moved = () => {
      if (idleMs === undefined) return;
      timer.clear();
      timer = this.clock.setTimer(() => { timedOut = true; controller.abort(); }, idleMs);
    };
    try {
      return await run(controller.signal, moved);
    } catch (error) {
      // Whatever is still arriving (a body past its cap) is not read: the connection closes.
      controller.abort();
      if (timedOut) throw new TimeoutError(deadlineMs, info);
      if (callerSignal?.aborted) throw new CancelledError(info);
      if (isApiError(error)) throw error;
      const code = codeOf(error);
      if (code && CERTIFICATE_ERROR_CODES.has(code)) throw new CertificateError(code, messageOf(error), info);
      if (isProxyAuthRequired(error)) throw new ProxyAuthError(info);
      throw new NetworkError(code, info);
    } finally {
      timer.clear();
      callerSignal?.removeEventListener('abort', onCallerAbort);
      release();
    }
  }

  private async exchange(spec: RequestSpec, url: URL, info: RequestInfo, signal: AbortSignal): Promise<Received> {
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.options.userAgent };
    // The token only goes under the API v3 root: never to /api/v2/ (which ignores it) or anything else.
    if (!spec.anonymous && url.origin === this.apiRoot.origin && url.pathname.startsWith(this.apiRoot.pathname)) {
      const token = await this.options.getToken();
      if (token) headers.authorization = `Token ${token}`;
    }
    let payload: string | undefined;
    if (spec.body !== undefined) {
      payload = JSON.stringify(spec.body);
      headers['content-type'] = 'application/json';
    }
    return this.receive(url, { method: spec.method, headers, body: payload, signal }, spec.bodyKind ?? 'apiJson', info);
  }

  /** Sends one request and reads its body within the cap of `bodyKind`. */
  private async receive(url: URL, request: { method: Method; headers: Record<string, string>; body?: string; signal: AbortSignal }, bodyKind: BodyKind, info: RequestInfo): Promise<Received> {
    const started = this.clock.now();
    const dispatcher = await this.dispatcherFor(url);
    // undici's request never follows redirects: a slash-less redirect would drop a write's body,
    // and a redirect to another host must never carry the token.
    const response = await dispatcher.request({ ...requestTarget(url), ...request });
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(response.headers)) headers[name.toLowerCase()] = Array.isArray(value) ? value[0] : value;
    const raw = await readBodyWithin(response.body, BODY_LIMITS[bodyKind], info, headers['content-length']);
    this.options.logger.debug(`${info.method} ${info.path} → ${response.statusCode} (${this.clock.now() - started} ms)`);
    return { status: response.statusCode, headers, raw };
  }

  private successBody(body: ReceivedBody, status: number, info: RequestInfo): unknown {
    if (body.kind === 'json') return body.value;
    if (body.kind === 'empty') return undefined;
    const what = /html/i.test(body.contentType) || /^\s*</.test(body.text) ? 'an HTML page' : 'a body that is not JSON';
    throw new UnexpectedResponseError(`${what} instead of JSON`, info, status);
  }

  private dispatcherFor(url: URL): Promise<Dispatcher> {
    return this.options.dispatcher ? Promise.resolve(this.options.dispatcher) : this.routed.for(url);
  }

  private async wait(ms: number, signal: AbortSignal | undefined, info: RequestInfo): Promise<void> {
    try {
      await sleep(this.clock, ms, signal);
    } catch {
      throw new CancelledError(info);
    }
  }
}

function readBody(text: string, contentType: string): ReceivedBody {
  if (text.trim() === '') return { kind: 'empty' };
  if (/json/i.test(contentType) || /^\s*[[{]/.test(text)) {
    try {
      return { kind: 'json', value: JSON.parse(text) };
    } catch {
      if (/json/i.test(contentType)) return { kind: 'text', text, contentType: 'malformed json' };
    }
  }
  return { kind: 'text', text, contentType };
}

function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && 'kind' in error && 'request' in error;
}

function messageOf(error: unknown): string {
  const e = error as { message?: unknown; cause?: { message?: unknown } };
  const message = typeof e?.cause?.message === 'string' ? e.cause.message : typeof e?.message === 'string' ? e.message : '';
  return message.replace(/\.$/, '');
}

/**
 * undici's ProxyAgent turns a proxy's 407 into an error rather than a response: "Proxy response
 * (407) !== 200 when HTTP Tunneling" (a CONNECT refused) or "Proxy Authentication Required (407)".
 * Its message is the only place the status survives.
 */
function isProxyAuthRequired(error: unknown): boolean {
  return /\(407\)/.test(messageOf(error));
}

function codeOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
  return code;
}
