import { type Page, type PageCursor, parsePage } from '../models/page';
import { ShapeError } from '../models/parse';
import { type Priority } from './budget';
import { NetworkError, NotFoundError, type RequestInfo, TimeoutError, UnexpectedResponseError } from './errors';
import { type Query, Transport } from './transport';
import { type WriteMethod } from './writes';

/** What every client call accepts: cancellation, and whether it is background work. */
export interface CallOptions {
  readonly signal?: AbortSignal;
  readonly priority?: Priority;
}

/** A write's options: what it changes, when its path does not say (`upload/initiate/` names no project). */
export interface WriteOptions extends CallOptions {
  /** The API path of the place the write changes (`projects/<p>/versions/<v>/builds/`), announced instead of its own. */
  readonly changes?: string;
}

/** `fields` / `omit` / `expand` where the spec allows them. */
export interface ShapeOptions {
  readonly fields?: readonly string[];
  readonly omit?: readonly string[];
  readonly expand?: readonly string[];
}

export type ItemParser<T> = (value: unknown, path: string) => T;

/** Hears each write that changed the server, or may have (no answer), or found its target gone. */
export type WriteListener = (method: WriteMethod, path: string) => void;

/** Typed requests over the transport: one resource, one page, every page, a write. */
export class Requests {
  constructor(readonly transport: Transport, readonly pageSize: () => number, private readonly wrote: WriteListener = () => undefined) {}

  async get<T>(path: string, query: Query, parse: (value: unknown) => T, options: CallOptions = {}): Promise<T> {
    const response = await this.transport.send({ method: 'GET', path, query, ...options });
    return parseWith(response.body, parse, response.request);
  }

  /** The first page of a list, with a cursor for the next one. */
  page<T>(path: string, query: Query, parseItem: ItemParser<T>, options: CallOptions = {}): Promise<Page<T>> {
    return this.get(path, { limit: this.pageSize(), ...query }, (body) => parsePage(body, parseItem), options);
  }

  /** The page a cursor points to. A cursor on another origin is refused (`CrossOriginError`). */
  nextPage<T>(cursor: PageCursor<T>, options: CallOptions = {}): Promise<Page<T>> {
    return this.get(cursor.url, {}, (body) => parsePage(body, cursor.parseItem), options);
  }

  /** Every item from a first page on, fetching the next page only when the loop asks for it. */
  async *all<T>(first: Page<T> | Promise<Page<T>>, options: CallOptions = {}): AsyncGenerator<T> {
    let page: Page<T> | undefined = await first;
    while (page) {
      yield* page.items;
      page = page.next ? await this.nextPage(page.next, options) : undefined;
    }
  }

  /**
   * A write. Never retried. Without `parse` the body is ignored (204); with it, a body is required:
   * an empty 2xx where an object was due is an UnexpectedResponseError, never a silent undefined.
   */
  async write<T = undefined>(method: WriteMethod, path: string, body: unknown, parse?: (value: unknown) => T, options: WriteOptions = {}): Promise<T> {
    const { changes, ...call } = options;
    let response;
    try {
      response = await this.transport.send({ method, path, body, ...call });
    } catch (error) {
      // What the views show may be stale: the target is gone, or the write may have landed unheard.
      if (error instanceof NotFoundError || error instanceof NetworkError || error instanceof TimeoutError) this.wrote(method, changes ?? path);
      throw error;
    }
    this.wrote(method, changes ?? path);
    if (!parse) return undefined as T;
    if (response.body === undefined) throw new UnexpectedResponseError('an empty response where the saved object was due', response.request, response.status);
    return parseWith(response.body, parse, response.request);
  }
}

export function shapeQuery(shape: ShapeOptions = {}): Query {
  return { fields: shape.fields, omit: shape.omit, expand: shape.expand };
}

export function parseWith<T>(body: unknown, parse: (value: unknown) => T, request: RequestInfo): T {
  try {
    return parse(body);
  } catch (error) {
    if (error instanceof ShapeError) throw new UnexpectedResponseError(error.message, request);
    throw error;
  }
}
