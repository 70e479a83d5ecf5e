// The public types of the sandbox (re-exported by index.ts).

import type { RedirectTypeSet, ResponseShapes } from './constants';
import type { ConcurrencyHold } from './builds';
import type { SandboxDb } from './db';

export interface SandboxOptions {
  /** Default 0 (a random free port). */
  port?: number;
  /** Default `community`. `business`: organizations endpoints, no `users` on projects, `organization` required on import, privacy fields kept. */
  edition?: 'community' | 'business';
  /** Default `demo`. */
  seed?: 'demo' | 'empty' | ((db: SandboxDb) => void);
  /** Added to every response, default 0. */
  latencyMs?: number;
  /** Per-token limit (60 on the real service); null/undefined = off. */
  requestsPerMinute?: number | null;
  /** Length of the throttle's sliding window; default 60 000 (tests shorten it to run a burst quickly). */
  rateWindowMs?: number;
  /** Time between build state transitions, default 2000. */
  buildStepMs?: number;
  /** Extra generated projects (owned by `owner`) on top of the demo seed, for scale benchmarks. */
  projectCount?: number;
  /**
   * Serve each seeded docs site (a project with pages, with its translations and subprojects) on its
   * own `http://127.0.0.1:PORT` as well, and publish that origin as the project's documentation URL
   * (like a custom domain): a client reaches those docs without routing `*.readthedocs.io` here.
   */
  loopbackDocs?: boolean;
  /**
   * Default `current`: the service's four redirect types (its OPTIONS still lists the removed and
   * renamed names, which it refuses). `older`: the API description's types (`page`, `exact`,
   * `prefix`, `sphinx_html`, `sphinx_htmldir`), listed and taken, as an older Read the Docs does.
   */
  redirectTypes?: RedirectTypeSet;
  /**
   * Default `current`. `older`: answers in the shapes a self-hosted Read the Docs 3.7 sends (upstream's
   * response samples of those releases, test/fixtures/rtd-api/older/): subprojects as bare child
   * projects (3.5-3.7), `privacy_level` as `{code, name}` (3.5-3.8), redirects without `http_status`,
   * `force`, `enabled`, `description` and `position` (before 10.14).
   */
  responseShapes?: ResponseShapes;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  /** 0 when no response was sent (dropped connection). */
  status: number;
  /** The request carried a valid token. */
  authorized: boolean;
  /** The Host header (`127.0.0.1:PORT` for the API and loopback docs origins, the docs domain through a routing dispatcher). */
  host: string;
  /** Raw Authorization header, for leak tests. */
  authorization: string | undefined;
  /** Parsed JSON body, the raw text when it is not JSON, undefined when empty. */
  body: unknown;
  /** Date.now() when the request arrived. */
  time: number;
  /** The client closed the connection before the response was sent. */
  aborted: boolean;
  /** Size of the response body as sent (uncompressed); 0 when none was sent. */
  responseBytes: number;
}

export interface Fault {
  method?: string;
  /** A string must equal the pathname; a RegExp is tested against pathname + query string. */
  path?: string | RegExp;
  /** Default 1; Infinity allowed. */
  times?: number;
  kind: 'status' | 'html' | 'malformed-json' | 'drop' | 'delay' | 'empty';
  status?: number;
  /** For `status`: a string is sent as text/plain, anything else as JSON; omitted = empty body. */
  body?: unknown;
  headers?: Record<string, string>;
  /** For `delay`: wait this long, then answer normally. */
  delayMs?: number;
}

export interface Sandbox {
  /** `http://127.0.0.1:PORT`: the base URL users configure; the API lives at origin + `/api/v3/`. */
  readonly origin: string;
  readonly apiBase: string;
  /** 40 lowercase hex each. */
  readonly tokens: { owner: string; other: string; org: string };
  readonly requests: RequestLogEntry[];
  clearLog(): void;
  addFault(f: Fault): void;
  clearFaults(): void;
  setLatency(ms: number): void;
  setRateLimit(perMinute: number | null): void;
  setBuildStepMs(ms: number): void;
  /** The next triggered build of that version ends `finished` with `success: false`. */
  failNextBuild(projectSlug: string, versionSlug: string): void;
  /** `http://127.0.0.1:PORT` of the uploads' storage host (its own port; its requests are in `requests` too). */
  readonly storageOrigin: string;
  /** The next build triggered for this version waits for the concurrency limit (`ConcurrencyHold`). */
  holdNextBuild(projectSlug: string, versionSlug: string, hold: ConcurrencyHold): void;
  /** With `loopbackDocs`: project slug → the `http://127.0.0.1:PORT` origin serving its docs site. */
  readonly docsOrigins: ReadonlyMap<string, string>;
  /** Direct access for test setup. `reset()` replaces it with a fresh database. */
  readonly db: SandboxDb;
  /** Re-seed, clear log and faults. */
  reset(): void;
  close(): Promise<void>;
}
