import type { Dispatcher } from 'undici';
import { type Logger } from '../log';
import { type Clock, realClock, sleep } from '../util/clock';
import { type Priority, RequestBudget } from './budget';
import {
  type ApiError, type RequestInfo, CancelledError, CrossOriginError, NetworkError, RateLimitedError, TimeoutError,
  UnexpectedResponseError,
} from './errors';
import { type ReceivedBody, errorForResponse } from './responseErrors';
import { type RetryPolicy, defaultRetryPolicy, retryDelayMs } from './retry';

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
  /** An explicit proxy (VS Code's `http.proxy`); without one HTTPS_PROXY / NO_PROXY apply. */
  readonly proxyUrl?: string;
  /** Tests pass undici's MockAgent or a plain Agent. */
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
  /** A larger body is refused (UnexpectedResponseError) instead of being held in memory. */
  readonly maxBodyBytes?: number;
}

export interface ApiResponse {
  readonly request: RequestInfo;
  readonly status: number;
  /** Parsed JSON; undefined for an empty body (204). */
  readonly body: unknown;
}

type Undici = typeof import('undici');
let undiciModule: Promise<Undici> | undefined;
// Loaded on first use: activation never pays for parsing and initialising the HTTP stack.
const loadUndici = () => (undiciModule ??= import('undici'));

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
  private dispatcher: Promise<Dispatcher> | undefined;

  constructor(private readonly options: TransportOptions) {
    const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new TypeError(`Base URL must be http(s): ${base.protocol}`);
    this.apiRoot = new URL('api/v3/', base);
    this.budget = options.budget ?? new RequestBudget(60);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.clock = options.clock ?? realClock;
    this.retry = options.retry ?? defaultRetryPolicy;
  }

  get origin(): string {
    return this.apiRoot.origin;
  }

  /** Resolves a path or a server-sent link; refuses anything on another origin. */
  resolve(pathOrUrl: string, query?: Query): URL {
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
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(spec, url, info);
      } catch (error) {
        const apiError = error as ApiError;
        if (apiError instanceof RateLimitedError && apiError.retryAfterSeconds !== undefined) this.budget.pause(apiError.retryAfterSeconds);
        const delay = spec.method === 'GET' ? retryDelayMs(apiError, attempt, this.retry) : undefined;
        if (delay === undefined) throw apiError;
        this.options.logger.debug(`${info.method} ${info.path}: ${apiError.message} Retrying in ${delay} ms.`);
        // After a 429 the budget itself holds the queue until Retry-After.
        if (!(apiError instanceof RateLimitedError)) await this.wait(delay, spec.signal, info);
      }
    }
  }

  /** Closes idle keep-alive connections. */
  async dispose(): Promise<void> {
    this.budget.dispose();
    if (this.dispatcher && !this.options.dispatcher) await (await this.dispatcher).close().catch(() => undefined);
  }

  private async attempt(spec: RequestSpec, url: URL, info: RequestInfo): Promise<ApiResponse> {
    const started = this.clock.now();
    try {
      await this.budget.acquire(spec.priority ?? 'user', spec.signal);
    } catch {
      throw new CancelledError(info);
    }
    const controller = new AbortController();
    const onCallerAbort = () => controller.abort();
    spec.signal?.addEventListener('abort', onCallerAbort, { once: true });
    let timedOut = false;
    const timer = this.clock.setTimer(() => { timedOut = true; controller.abort(); }, this.timeoutMs);
    try {
      const { status, body, retryAfter } = await this.exchange(spec, url, controller.signal, info);
      this.options.logger.debug(`${info.method} ${info.path} → ${status} (${this.clock.now() - started} ms)`);
      if (status >= 200 && status < 300) return { request: info, status, body: this.successBody(body, status, info) };
      throw errorForResponse(status, body, retryAfter, info);
    } catch (error) {
      if (timedOut) throw new TimeoutError(this.timeoutMs, info);
      if (spec.signal?.aborted) throw new CancelledError(info);
      if (isApiError(error)) throw error;
      throw new NetworkError(codeOf(error), info);
    } finally {
      timer.clear();
      spec.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  private async exchange(spec: RequestSpec, url: URL, signal: AbortSignal, info: RequestInfo): Promise<{ status: number; body: ReceivedBody; retryAfter: string | undefined }> {
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
    const undici = await loadUndici();
    const response = await undici.request(url, {
      method: spec.method,
      headers,
      body: payload,
      signal,
      // undici.request never follows redirects: a slash-less redirect would drop a write's body,
      // and a redirect to another host must never carry the token.
      dispatcher: await this.getDispatcher(),
    });
    const text = spec.maxBodyBytes === undefined ? await response.body.text() : await readCapped(response.body, spec.maxBodyBytes, info, response.statusCode);
    const contentType = headerValue(response.headers['content-type']) ?? '';
    return { status: response.statusCode, body: readBody(text, contentType), retryAfter: headerValue(response.headers['retry-after']) };
  }

  private successBody(body: ReceivedBody, status: number, info: RequestInfo): unknown {
    if (body.kind === 'json') return body.value;
    if (body.kind === 'empty') return undefined;
    const what = /html/i.test(body.contentType) || /^\s*</.test(body.text) ? 'an HTML page' : 'a body that is not JSON';
    throw new UnexpectedResponseError(`${what} instead of JSON`, info, status);
  }

  private getDispatcher(): Promise<Dispatcher> {
    return (this.dispatcher ??= this.options.dispatcher
      ? Promise.resolve(this.options.dispatcher)
      : createDispatcher(this.options.proxyUrl));
  }

  private async wait(ms: number, signal: AbortSignal | undefined, info: RequestInfo): Promise<void> {
    try {
      await sleep(this.clock, ms, signal);
    } catch {
      throw new CancelledError(info);
    }
  }
}

/** The body as text, refusing (and closing) it once it passes `maxBytes`. */
async function readCapped(body: AsyncIterable<Buffer> & { destroy(error?: Error): unknown }, maxBytes: number, info: RequestInfo, status: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw new UnexpectedResponseError(`a response larger than ${Math.round(maxBytes / 1_000_000)} MB`, info, status);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A keep-alive dispatcher through the explicit proxy (VS Code's `http.proxy`), else HTTPS_PROXY / NO_PROXY. */
export async function createDispatcher(proxyUrl: string | undefined): Promise<Dispatcher> {
  const undici = await loadUndici();
  const common = { keepAliveTimeout: 30_000, connections: 8 };
  if (proxyUrl) return new undici.ProxyAgent({ uri: proxyUrl, ...common });
  return new undici.EnvHttpProxyAgent(common);
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

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && 'kind' in error && 'request' in error;
}

function codeOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
  return code;
}
