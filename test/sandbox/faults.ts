// Fault injection: matching requests get a broken response instead of the normal handler.

import { htmlPage, json, type ApiResponse } from './http';
import type { Fault } from './types';

const KINDS: readonly Fault['kind'][] = ['status', 'html', 'malformed-json', 'drop', 'delay', 'empty'];

export class FaultList {
  private entries: { fault: Fault; remaining: number }[] = [];

  add(fault: Fault): void {
    this.entries.push({ fault, remaining: fault.times ?? 1 });
  }

  clear(): void {
    this.entries = [];
  }

  /**
   * The first fault matching the request, using up one of its `times`.
   * A string `path` must equal the pathname; a RegExp is tested against pathname + query string.
   */
  take(method: string, pathname: string, search: string): Fault | undefined {
    const entry = this.entries.find(({ fault }) =>
      (!fault.method || fault.method.toUpperCase() === method)
      && (fault.path === undefined
        || (typeof fault.path === 'string' ? fault.path === pathname : fault.path.test(pathname + search))));
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.entries.splice(this.entries.indexOf(entry), 1);
    return entry.fault;
  }
}

/** The response a fault sends (kinds `drop` and `delay` are handled by the server). */
export function faultResponse(fault: Fault): ApiResponse {
  const headers = fault.headers;
  switch (fault.kind) {
    case 'html':
      return { ...htmlPage(fault.status ?? 500), headers };
    case 'malformed-json':
      return { status: fault.status ?? 200, kind: 'text', body: '{"count": 3, "next": null, "results": [{"id": 1, "slug": "wid', headers: { 'Content-Type': 'application/json', ...headers } };
    case 'empty':
      return { status: fault.status ?? 200, kind: 'json', headers };
    default:
      if (typeof fault.body === 'string') return { status: fault.status ?? 500, kind: 'text', body: fault.body, headers };
      if (fault.body === undefined) return { status: fault.status ?? 500, kind: 'empty', headers };
      return json(fault.status ?? 500, fault.body, headers);
  }
}

/** A fault sent as JSON to the control API: `path` may be `"/regex/flags"`. */
export function parseFault(input: unknown): Fault {
  const fields = (input ?? {}) as Record<string, unknown>;
  if (!KINDS.includes(fields.kind as Fault['kind'])) throw new Error(`kind must be one of ${KINDS.join(', ')}`);
  const regex = typeof fields.path === 'string' ? /^\/(.+)\/([a-z]*)$/.exec(fields.path) : null;
  return {
    ...(fields as unknown as Fault),
    path: regex ? new RegExp(regex[1], regex[2]) : (fields.path as string | undefined),
    // JSON has no Infinity: null or "Infinity" stand for it.
    times: fields.times === null || fields.times === 'Infinity' ? Infinity : (fields.times as number | undefined),
  };
}
