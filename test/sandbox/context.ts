// What a handler gets: the sandbox services plus the parsed request.

import type { BuildRunner } from './builds';
import type { SandboxDb, UserRecord } from './db';
import type { SlidingWindowLimiter } from './rateLimit';

export interface Services {
  db: SandboxDb;
  builds: BuildRunner;
  /** `http://127.0.0.1:PORT`: the "production domain" used in `_links` and dashboard `urls`. */
  origin: string;
  /** `http://127.0.0.1:PORT` of the storage host uploads are posted to (its own port). */
  storageOrigin: string;
  /** Per-domain limit of the Embed API for external pages. */
  embedDomains: SlidingWindowLimiter;
}

export interface RequestContext extends Services {
  method: string;
  path: string;
  /** Host header as sent; pagination links are built from it. */
  host: string;
  query: URLSearchParams;
  params: Record<string, string>;
  /** Parsed JSON body (undefined when empty). */
  body: unknown;
  /** Set when the body was not valid JSON (DRF reports it when the handler reads the data). */
  bodyError?: string;
  user: UserRecord | null;
}
