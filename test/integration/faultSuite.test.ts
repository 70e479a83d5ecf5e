import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type Edition, ReadTheDocsClient } from '../../src/core/api/client';
import { describeError } from '../../src/core/api/describeError';
import {
  ApiError, AuthError, ForbiddenError, HttpStatusError, NetworkError, NotFoundError, RateLimitedError, ServerError,
  TimeoutError, UnexpectedResponseError,
} from '../../src/core/api/errors';
import { type RetryPolicy } from '../../src/core/api/retry';
import { type BuildSource, PollingBuildWatcher } from '../../src/core/builds/pollingWatcher';
import { type WatchedBuild } from '../../src/core/builds/watcher';
import { DocHostMatcher } from '../../src/core/embed';
import { EmbedService, embedFailureReason } from '../../src/core/embed/embedService';
import { sectionHoverMarkdown } from '../../src/core/embed/hoverContent';
import { htmlToMarkdown } from '../../src/core/html';
import { silentLogger } from '../../src/core/log';
import { TreeFilters } from '../../src/core/tree/filters';
import { TreeLoader, folderNode, projectNode } from '../../src/core/tree/loader';
import { FOLDERS, FOLDER_KINDS, type FolderKind, foldersIn } from '../../src/core/tree/folders';
import { type DocsNode, type NodeOfKind } from '../../src/core/tree/nodes';
import { type Clock } from '../../src/core/util/clock';
import { ManualClock } from '../helpers/manualClock';
import { type Fault, type RequestLogEntry, type Sandbox, startSandbox } from '../sandbox';

/*
 * The fault suite: every core call path the UI uses (tree loaders per node kind, "Load more", the
 * build watcher's polling, trigger, version update, redirect / env var / subproject create, project
 * import, the hover's embed pipeline) against the sandbox over real HTTP, under each fault. For each:
 *   - nothing throws an untyped error: loaders return one message node, writes and the hover reject
 *     with a typed ApiError, the watcher keeps polling;
 *   - one error per cause: one message node and one onError per load, one onProblem per failing streak;
 *   - a write is sent exactly once per user action, whatever the fault;
 *   - when the fault clears, the next load / write / hover / poll succeeds with nothing else done.
 * Transport-level details (retry counts, cross-origin) are in faults.test.ts; this file is about the
 * call paths. 429s run on a ManualClock (Retry-After passes instantly); everything else on the real
 * clock with a 150 ms timeout and millisecond retry delays.
 */

/** Only the client of the "slower than the timeout" case uses this; the others allow 5 s (a busy machine). */
const TIMEOUT_MS = 150;
const NORMAL_TIMEOUT_MS = 5000;
const RETRY: RetryPolicy = { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 4, maxRetryAfterSeconds: 2 };
const DOCS_LINE = 'See https://widgets.readthedocs.io/en/latest/usage.html for the details.';

type ErrorClass = abstract new (...args: never[]) => ApiError;

interface FaultCase {
  readonly name: string;
  /** The sandbox fault; method and path come from the call path. Sent on every matching request until cleared. */
  readonly fault?: Omit<Fault, 'method' | 'path' | 'times'>;
  /** Body of a 200 with required fields missing, by what the endpoint returns. */
  readonly missing?: true;
  /** A 200 without the body the endpoint must send: fine where none is due (204 endpoints). */
  readonly bodyless?: true;
  /** Responses pass through a proxy that rewrites their JSON. */
  readonly rewrite?: (body: unknown) => unknown;
  /** What a read and a write end in; undefined = success. */
  readonly error: ErrorClass | undefined;
  /** GETs retry this fault (502, dropped connection, 429 within the cap). */
  readonly retried?: boolean;
  /** Runs on a ManualClock so that Retry-After passes without waiting. */
  readonly manualClock?: boolean;
  /** The client gives up after TIMEOUT_MS (for this case's first action only). */
  readonly shortTimeout?: boolean;
}

/** Adds unknown fields to every object of a response, as a newer server might. */
function addExtraFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(addExtraFields);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) copy[key] = addExtraFields(inner);
  copy.x_new_field = { nested: [1, 'two', null, { deeper: true }] };
  copy.x_null_field = null;
  return copy;
}

/** Keeps only the fields the parsers require, as an older or trimmed-down server might send. */
const REQUIRED_KEYS = new Set(['id', 'pk', 'slug', 'name', 'type', 'state', 'code', 'url', 'content', 'results', 'count', 'next', 'build', 'child', 'triggered']);
function stripOptionalFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripOptionalFields);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => REQUIRED_KEYS.has(key)).map(([key, inner]) => [key, stripOptionalFields(inner)]));
}

const html = (status: number) => ({ kind: 'html' as const, status });

const FAULTS: readonly FaultCase[] = [
  { name: '401', fault: { kind: 'status', status: 401, body: { detail: 'Invalid token.' }, headers: { 'WWW-Authenticate': 'Token' } }, error: AuthError },
  { name: '403', fault: { kind: 'status', status: 403, body: { detail: 'You do not have permission to perform this action.' } }, error: ForbiddenError },
  { name: '404', fault: { kind: 'status', status: 404, body: { detail: 'Not found.' } }, error: NotFoundError },
  {
    name: '429 with Retry-After within the retry cap', manualClock: true, retried: true, error: RateLimitedError,
    fault: { kind: 'status', status: 429, body: { detail: 'Request was throttled. Expected available in 1 second.' }, headers: { 'Retry-After': '1' } },
  },
  {
    name: '429 with Retry-After beyond the retry cap', manualClock: true, error: RateLimitedError,
    fault: { kind: 'status', status: 429, body: { detail: 'Request was throttled. Expected available in 120 seconds.' }, headers: { 'Retry-After': '120' } },
  },
  { name: '500 (HTML error page)', fault: html(500), error: ServerError },
  { name: '502 (HTML gateway page)', fault: html(502), error: ServerError, retried: true },
  { name: 'HTML body with status 200', fault: html(200), error: UnexpectedResponseError },
  { name: 'malformed JSON', fault: { kind: 'malformed-json' }, error: UnexpectedResponseError },
  { name: 'required fields missing', missing: true, bodyless: true, error: UnexpectedResponseError },
  { name: 'empty body with status 200', fault: { kind: 'empty' }, bodyless: true, error: UnexpectedResponseError },
  { name: 'optional fields missing', rewrite: stripOptionalFields, error: undefined },
  { name: 'extra fields', rewrite: addExtraFields, error: undefined },
  { name: 'dropped connection', fault: { kind: 'drop' }, error: NetworkError, retried: true },
  { name: 'response slower than the timeout', fault: { kind: 'delay', delayMs: TIMEOUT_MS * 4 }, error: TimeoutError, shortTimeout: true },
];

// ---------------------------------------------------------------------------------------------
// Plumbing

function makeClient(origin: string, token: string, edition: Edition, clock?: Clock, timeoutMs = NORMAL_TIMEOUT_MS): ReadTheDocsClient {
  return new ReadTheDocsClient({
    edition,
    baseUrl: origin,
    getToken: () => token,
    userAgent: 'readthedocs-vscode-fault-suite/0',
    // On the ManualClock the timeout only fires if a test moves time while a request is out; it never does.
    timeoutMs: clock ? 3_600_000 : timeoutMs,
    retry: RETRY,
    requestsPerMinute: 60,
    logger: silentLogger,
    clock,
  });
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Settles a promise whose requests may wait in the request budget of a ManualClock client: whenever
 * something waits there (a Retry-After pause), time jumps to the end of the pause. Time never moves
 * while a request is on the wire.
 */
async function settle<T>(promise: Promise<T>, client: ReadTheDocsClient, clock: ManualClock | undefined): Promise<T> {
  if (!clock) return promise;
  let done = false;
  void promise.then(() => { done = true; }, () => { done = true; });
  for (let i = 0; i < 5000 && !done; i++) {
    await realSleep(1);
    const state = client.budget.state;
    if (state.waiting > 0) await clock.advance(state.pausedUntil !== undefined ? state.pausedUntil - clock.now() : 1000);
  }
  return promise;
}

/** A proxy in front of the sandbox that rewrites JSON response bodies (links keep pointing at the proxy). */
async function startRewritingProxy(target: string, rewrite: () => ((body: unknown) => unknown) | undefined): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const upstream = httpRequest(`${target}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => parts.push(chunk));
        answer.on('end', () => {
          let text = Buffer.concat(parts).toString('utf8');
          const transform = rewrite();
          if (transform && /json/.test(String(answer.headers['content-type'])) && text.trim()) text = JSON.stringify(transform(JSON.parse(text)));
          const headers = { ...answer.headers };
          delete headers['content-length'];
          delete headers['transfer-encoding'];
          res.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': Buffer.byteLength(text) });
          res.end(text);
        });
      });
      upstream.on('error', () => res.destroy());
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

function fullPath(entry: RequestLogEntry): string {
  const query = new URLSearchParams(entry.query).toString();
  return query ? `${entry.path}?${query}` : entry.path;
}

function assertReadable(text: string, where: string): void {
  assert.ok(text.length > 0, `${where}: empty message`);
  assert.doesNotMatch(text, /undefined|\[object |NaN/, `${where}: ${text}`);
}

// ---------------------------------------------------------------------------------------------
// Call paths

interface Ctx {
  readonly sandbox: Sandbox;
  /** Read at every call (the loader asks for it each time), so a test can swap it. */
  client: ReadTheDocsClient;
  readonly clock: ManualClock | undefined;
  readonly loader: TreeLoader;
  /** What the loader's onError heard. */
  readonly reported: unknown[];
  /** The path lists nothing without faults (a folder the sandbox seeds empty): its list is the empty folder's row. */
  emptyList: boolean;
  /** Counts user actions, so each write gets fresh input. */
  actions: number;
  readonly origin: string;
  readonly token: string;
}

/** A loaded result: nodes for loaders, a value for writes and the hover. */
type Result = { nodes: DocsNode[] } | { value: unknown };

interface CallPath {
  readonly name: string;
  readonly edition: Edition;
  readonly method: string;
  /** Matched against path + query of the request. */
  readonly path: RegExp;
  readonly write: boolean;
  /** A 200 body with the required fields missing; undefined when the endpoint returns no body (204). */
  readonly missingBody: unknown;
  /** Errors the loader deliberately turns into another answer (a fallback), so they are no failure. */
  readonly fallbackOn?: readonly ErrorClass[];
  /** Errors that mean "nothing to list" on this path: the folder shows its empty row, nothing is reported. */
  readonly emptyOn?: readonly ErrorClass[];
  /** Loads what the path needs first (no faults yet); returns the user action. Loader actions never throw. */
  prepare(ctx: Ctx): Promise<() => Promise<Result>>;
}

const LIST_MISSING = { count: 1, next: null, previous: null, results: [{}] };

async function projectNodeOf(ctx: Ctx, slug: string, edition: Edition = 'community'): Promise<NodeOfKind<'project'>> {
  return projectNode(edition, undefined, edition, await ctx.client.projects.get(slug));
}

/** A folder of widgets, on Community when that edition has the folder, else on Business (its sandbox has widgets too). */
function folderPath(folder: FolderKind): CallPath {
  const edition: Edition = foldersIn('community').includes(folder) ? 'community' : 'business';
  return {
    name: `tree: ${folder} folder${edition === 'business' ? ' (business)' : ''}`,
    edition,
    method: 'GET',
    path: new RegExp(`^/api/v3/projects/widgets/${FOLDERS[folder].segment}/(\\?|$)`),
    write: false,
    missingBody: LIST_MISSING,
    // Notices are for admins: a 403 means "not one", an empty folder rather than a failure.
    emptyOn: folder === 'notices' ? [ForbiddenError] : undefined,
    async prepare(ctx) {
      const node = folderNode(await projectNodeOf(ctx, 'widgets', edition), folder);
      // Through the descriptor, not the loader: a loader remembers a long versions list and asks differently after.
      ctx.emptyList = (await FOLDERS[folder].list(ctx.client, 'widgets', { tree: new TreeFilters(), edition, projectSlug: 'widgets' }, {})).items.length === 0;
      return async () => ({ nodes: await ctx.loader.children(node) });
    },
  };
}

function writePath(name: string, method: string, path: RegExp, missingBody: unknown, action: (client: ReadTheDocsClient, n: number) => Promise<unknown>): CallPath {
  return {
    name, edition: 'community', method, path, write: true, missingBody,
    prepare: async (ctx) => async () => ({ value: await action(ctx.client, ctx.actions++) }),
  };
}

const CALL_PATHS: readonly CallPath[] = [
  {
    name: 'tree: projects (root)', edition: 'community', method: 'GET', path: /^\/api\/v3\/projects\/(\?|$)/, write: false, missingBody: LIST_MISSING,
    prepare: async (ctx) => async () => ({ nodes: await ctx.loader.children(undefined) }),
  },
  {
    // Business: organizations first; a server without them (404, HTML, unreadable) gets the projects list instead.
    name: 'tree: organizations (business root)', edition: 'business', method: 'GET', path: /^\/api\/v3\/organizations\/(\?|$)/, write: false,
    missingBody: LIST_MISSING, fallbackOn: [NotFoundError, UnexpectedResponseError, HttpStatusError],
    prepare: async (ctx) => async () => ({ nodes: await ctx.loader.children(undefined) }),
  },
  {
    name: 'tree: organization projects', edition: 'business', method: 'GET', path: /^\/api\/v3\/organizations\/example-corp\/projects\//, write: false, missingBody: LIST_MISSING,
    async prepare(ctx) {
      const roots = await ctx.loader.children(undefined);
      const org = roots.find((n): n is NodeOfKind<'organization'> => n.kind === 'organization' && n.organization.slug === 'example-corp');
      assert.ok(org, `example-corp in ${roots.map((n) => n.id).join(', ')}`);
      return async () => ({ nodes: await ctx.loader.children(org) });
    },
  },
  // Every folder of src/core/tree/folders.ts, each on an edition that has it: a new folder is covered with no edit here.
  ...FOLDER_KINDS.map(folderPath),
  {
    name: 'tree: Load more (versions page 2)', edition: 'community', method: 'GET', path: /^\/api\/v3\/projects\/widgets\/versions\/\?(?!.*active=).*offset=/, write: false,
    missingBody: LIST_MISSING,
    async prepare(ctx) {
      const folder = folderNode(await projectNodeOf(ctx, 'widgets'), 'versions');
      const more = (await ctx.loader.children(folder)).find((n): n is NodeOfKind<'loadMore'> => n.kind === 'loadMore');
      assert.ok(more, 'the versions folder of widgets has a Load more node');
      return async () => ({ nodes: await ctx.loader.more(more, folder) });
    },
  },
  {
    // The hover, as EmbedHoverProvider does it: the link, the section through the EmbedService's
    // cache, the sanitising Markdown conversion; a failure becomes the reason shown in the hover.
    name: 'hover: embed section', edition: 'community', method: 'GET', path: /^\/api\/v3\/embed\//, write: false, missingBody: {},
    async prepare(ctx) {
      const service = new EmbedService({
        matcher: new DocHostMatcher(),
        cacheMinutes: () => 5,
        fetchSection: (_edition, pageUrl, embed, signal) => ctx.client.embed.section(pageUrl, embed, { signal, priority: 'user' }),
      });
      return async () => {
        const link = service.linkAt(DOCS_LINE, DOCS_LINE.indexOf('usage.html'));
        assert.ok(link, 'a docs link');
        try {
          const { section } = await service.section(link.url, link.host.edition);
          return { value: sectionHoverMarkdown(link.url, htmlToMarkdown(section.contentHtml, { pageUrl: link.url })) };
        } catch (error) {
          const reason = embedFailureReason(error, ctx.client.host);
          assert.ok(reason, 'a failure the hover explains');
          assertReadable(reason, 'hover');
          throw error;
        }
      };
    },
  },
  writePath('trigger build', 'POST', /^\/api\/v3\/projects\/widgets\/versions\/latest\/builds\/$/, { triggered: true, project: {}, version: {} },
    (c) => c.builds.trigger('widgets', 'latest')),
  writePath('version update', 'PATCH', /^\/api\/v3\/projects\/widgets\/versions\/v2\.9\.5\/$/, undefined,
    (c, n) => c.versions.update('widgets', 'v2.9.5', { hidden: n % 2 === 0 })),
  writePath('redirect create', 'POST', /^\/api\/v3\/projects\/widgets\/redirects\/$/, {},
    (c, n) => c.redirects.create('widgets', { type: 'page', fromUrl: `/fault-${n}.html`, toUrl: '/index.html' })),
  writePath('env var create', 'POST', /^\/api\/v3\/projects\/widgets\/environmentvariables\/$/, {},
    (c, n) => c.environmentVariables.create('widgets', { name: `FAULT_SUITE_${n}`, value: 'not-a-secret', public: false })),
  // A timed-out create still happened on the server: the next action adds another child.
  writePath('subproject create', 'POST', /^\/api\/v3\/projects\/widgets\/subprojects\/$/, {},
    (c, n) => c.subprojects.create('widgets', ['gadget-docs', 'hostile-demo'][n % 2], `fault-${n}`)),
  writePath('project import', 'POST', /^\/api\/v3\/projects\/$/, {},
    (c, n) => c.projects.create({ name: `Fault Import ${n}`, repositoryUrl: 'https://github.com/example-org/sprockets' })),
];

// ---------------------------------------------------------------------------------------------

describe('fault suite: every UI call path under every fault', function () {
  this.timeout(10_000);
  const sandboxes = {} as Record<Edition, Sandbox>;
  let rewrite: ((body: unknown) => unknown) | undefined;
  const proxies = {} as Record<Edition, { origin: string; close(): Promise<void> }>;
  const stray: unknown[] = [];
  const onStray = (reason: unknown) => { stray.push(reason); };

  before(async () => {
    // Loads undici now: its first import takes longer than the short timeout of one case.
    await import('undici');
    sandboxes.community = await startSandbox({ buildStepMs: 600_000 });
    sandboxes.business = await startSandbox({ edition: 'business', buildStepMs: 600_000 });
    for (const edition of ['community', 'business'] as const) proxies[edition] = await startRewritingProxy(sandboxes[edition].origin, () => rewrite);
    process.on('unhandledRejection', onStray);
    process.on('uncaughtException', onStray);
  });
  after(async () => {
    process.off('unhandledRejection', onStray);
    process.off('uncaughtException', onStray);
    for (const edition of ['community', 'business'] as const) {
      await proxies[edition].close();
      await sandboxes[edition].close();
    }
  });
  afterEach(() => {
    rewrite = undefined;
    assert.deepEqual(stray, [], 'no unhandled rejection or uncaught exception');
  });

  function context(edition: Edition, faultCase: FaultCase): Ctx {
    const sandbox = sandboxes[edition];
    const clock = faultCase.manualClock ? new ManualClock() : undefined;
    const origin = faultCase.rewrite ? proxies[edition].origin : sandbox.origin;
    const token = edition === 'business' ? sandbox.tokens.org : sandbox.tokens.owner;
    const client = makeClient(origin, token, edition, clock, faultCase.shortTimeout ? TIMEOUT_MS : NORMAL_TIMEOUT_MS);
    const reported: unknown[] = [];
    const loader = new TreeLoader({
      editions: { signedIn: [edition], client: () => ctx.client },
      filters: new TreeFilters(),
      logger: silentLogger,
      onError: (error) => reported.push(error),
    });
    const ctx: Ctx = { sandbox, client, clock, loader, reported, emptyList: false, actions: 0, origin, token };
    return ctx;
  }

  /** Runs one user action; a loader must not throw, a write or hover may only reject with an ApiError. */
  async function act(ctx: Ctx, action: () => Promise<Result>): Promise<{ result?: Result; error?: unknown }> {
    try {
      return { result: await settle(action(), ctx.client, ctx.clock) };
    } catch (error) {
      return { error };
    }
  }

  for (const callPath of CALL_PATHS) {
    describe(callPath.name, () => {
      for (const faultCase of FAULTS) {
        it(faultCase.name, async () => {
          const ctx = context(callPath.edition, faultCase);
          const { sandbox } = ctx;
          try {
            sandbox.reset();
            const action = await callPath.prepare(ctx);
            sandbox.clearLog();
            ctx.reported.length = 0;
            const matching = () => sandbox.requests.filter((r) => r.method === callPath.method && callPath.path.test(fullPath(r)));

            // The fault, on every matching request until cleared.
            if (faultCase.fault) sandbox.addFault({ ...faultCase.fault, method: callPath.method, path: callPath.path, times: Infinity });
            if (faultCase.missing) sandbox.addFault({ kind: 'status', status: 200, body: callPath.missingBody ?? {}, method: callPath.method, path: callPath.path, times: Infinity });
            rewrite = faultCase.rewrite;

            const first = await act(ctx, action);
            const noBody = faultCase.bodyless && callPath.missingBody === undefined;
            const fallback = callPath.fallbackOn?.some((c) => faultCase.error === c || faultCase.error?.prototype instanceof c);
            const empty = callPath.emptyOn?.some((c) => faultCase.error === c) ?? false;
            const expected = noBody || fallback || empty ? undefined : faultCase.error;
            checkOutcome(callPath, faultCase, expected, first, ctx.reported, empty || (expected === undefined && ctx.emptyList));

            // Requests: a write once per action, a GET once or (retried faults) 1 + maxRetries times.
            const sent = matching().length;
            if (callPath.write) assert.equal(sent, 1, `a write goes out exactly once (${sent})`);
            else if (expected) assert.equal(sent, faultCase.retried ? 1 + RETRY.maxRetries : 1, 'GET attempts');

            // The fault clears: the same action succeeds, with nothing else done (a paused budget resumes by itself).
            sandbox.clearFaults();
            if (faultCase.shortTimeout) {
              await ctx.client.dispose();
              ctx.client = makeClient(ctx.origin, ctx.token, callPath.edition);
            }
            rewrite = undefined;
            ctx.reported.length = 0;
            const before = matching().length;
            const second = await act(ctx, action);
            checkOutcome(callPath, faultCase, undefined, second, ctx.reported, ctx.emptyList);
            if (callPath.write) assert.equal(matching().length - before, 1, 'the second action sends its write once');
          } finally {
            sandbox.clearFaults();
            await ctx.client.dispose();
          }
        });
      }
    });
  }

  function checkOutcome(callPath: CallPath, faultCase: FaultCase, expected: ErrorClass | undefined, outcome: { result?: Result; error?: unknown }, reported: unknown[], empty = false): void {
    const where = `${callPath.name} / ${faultCase.name}`;
    if (outcome.result && 'nodes' in outcome.result) {
      const { nodes } = outcome.result;
      const failures = nodes.filter((n) => n.kind === 'message' && n.severity === 'error');
      if (expected) {
        assert.equal(nodes.length, 1, `${where}: one message node instead of the list`);
        const [node] = failures;
        assert.ok(node && node.kind === 'message' && node.retry, `${where}: a retryable error message`);
        assertReadable(node.text, where);
        assert.equal(reported.length, 1, `${where}: one error reported`);
        assert.ok(reported[0] instanceof expected, `${where}: ${String(reported[0])} is a ${expected.name}`);
      } else {
        assert.deepEqual(failures, [], `${where}: no error`);
        assert.deepEqual(reported, [], `${where}: nothing reported`);
        if (empty) assert.ok(nodes.length === 1 && nodes[0]!.kind === 'message' && nodes[0]!.severity === 'info', `${where}: the empty folder's row`);
        else assert.ok(nodes.length > 0 && nodes.some((n) => n.kind !== 'message'), `${where}: the list`);
      }
      return;
    }
    if (expected) {
      assert.ok(outcome.error instanceof expected, `${where}: ${String(outcome.error)} is a ${expected.name}`);
      assertReadable(describeError(outcome.error), where);
    } else {
      assert.equal(outcome.error, undefined, `${where}: ${String(outcome.error)}`);
      const value = outcome.result && 'value' in outcome.result ? outcome.result.value : undefined;
      if (callPath.method !== 'PATCH') assert.ok(value !== undefined && value !== null, `${where}: a parsed value`);
    }
  }

  // -------------------------------------------------------------------------------------------
  // The build watcher: polls go on through every fault (one report per failing streak), and the
  // build is seen to finish once the fault clears. Watcher time is a ManualClock.

  describe('build watcher polling', () => {
    for (const faultCase of FAULTS) {
      it(faultCase.name, async () => {
        const ctx = context('community', faultCase);
        const { sandbox } = ctx;
        let { client } = ctx;
        const clock = ctx.clock ?? new ManualClock();
        const inFlight = new Set<Promise<unknown>>();
        const source: BuildSource = {
          builds: {
            get: (project, id, expand, options) => {
              const pending = client.builds.get(project, id, expand, options);
              inFlight.add(pending);
              pending.then(() => inFlight.delete(pending), () => inFlight.delete(pending));
              return pending;
            },
          },
        };
        const problems: unknown[] = [];
        const finished: WatchedBuild[] = [];
        const watcher = new PollingBuildWatcher({
          clientOf: () => source, floorSeconds: () => 5, clock, logger: silentLogger, onProblem: (error) => problems.push(error),
        });
        watcher.onDidFinish((w) => finished.push(w));

        /** Moves watcher time in 1 s steps; real time passes only while a poll is on the wire. */
        const run = async (ms: number, until: () => boolean = () => false) => {
          for (let t = 0; t < ms && !until(); t += 1000) {
            await clock.advance(1000);
            for (let i = 0; i < 2000 && inFlight.size > 0 && client.budget.state.waiting === 0; i++) await realSleep(1);
          }
        };

        try {
          sandbox.reset();
          sandbox.setBuildStepMs(600_000);
          const { build } = await settle(client.builds.trigger('widgets', 'latest'), client, ctx.clock);
          const buildPath = new RegExp(`^/api/v3/projects/widgets/builds/${build.id}/(\\?|$)`);
          const polls = () => sandbox.requests.filter((r) => r.method === 'GET' && buildPath.test(r.path)).length;
          sandbox.clearLog();
          if (faultCase.fault) sandbox.addFault({ ...faultCase.fault, method: 'GET', path: buildPath, times: Infinity });
          if (faultCase.missing) sandbox.addFault({ kind: 'status', status: 200, body: { state: { code: 'building' } }, method: 'GET', path: buildPath, times: Infinity });
          rewrite = faultCase.rewrite;

          watcher.watch('community', 'widgets', build);
          // Three minutes of watcher time; ten when every poll waits out a Retry-After of two minutes.
          const minutes = faultCase.manualClock ? 10 : 3;
          await run(minutes * 60_000);
          const failedPolls = polls();
          const attempts = faultCase.retried ? 1 + RETRY.maxRetries : 1;
          if (faultCase.error === AuthError) {
            // Signed out: the edition's builds stop at once, reported once. Signing in again re-watches them.
            assert.equal(problems.length, 1);
            assert.ok(problems[0] instanceof AuthError);
            assert.equal(watcher.running.length, 0);
          } else if (faultCase.error === NotFoundError) {
            // The build is gone: no longer watched, nothing to tell.
            assert.deepEqual(problems, []);
            assert.equal(watcher.running.length, 0);
          } else if (faultCase.error) {
            assert.ok(failedPolls >= 3 * attempts, `kept polling (${failedPolls} requests)`);
            assert.equal(problems.length, 1, `one report for the failing streak (${problems.map(String).join('; ')})`);
            assert.ok(problems[0] instanceof faultCase.error, `${String(problems[0])} is a ${faultCase.error.name}`);
            assert.equal(watcher.running.length, 1, 'still watching');
          } else {
            assert.deepEqual(problems, []);
            assert.equal(watcher.running.length, 1);
          }
          // 5 s floor, then ×1.5 per unchanged answer (7 polls in 3 minutes) or ×2 per failure (5), up to a minute.
          assert.ok(failedPolls <= 7 * attempts * (minutes / 3), `backed off (${failedPolls} requests in ${minutes} minutes)`);

          // The fault clears and the build finishes: the next poll sees it.
          sandbox.clearFaults();
          rewrite = undefined;
          if (faultCase.shortTimeout) {
            await client.dispose();
            client = makeClient(ctx.origin, ctx.token, 'community');
          }
          sandbox.setBuildStepMs(1);
          for (let i = 0; i < 500 && sandbox.db.build(build.id)?.state !== 'finished'; i++) await realSleep(2);
          const before = polls();
          await run(120_000, () => finished.length > 0);
          if (faultCase.error === AuthError || faultCase.error === NotFoundError) {
            assert.equal(polls(), before, 'a dropped build is not polled again');
            assert.deepEqual(finished, []);
          } else {
            assert.equal(finished.length, 1, 'the finish is seen');
            assert.equal(finished[0].build.state, 'finished');
            assert.equal(problems.length, faultCase.error ? 1 : 0, 'no new report');
          }
        } finally {
          watcher.dispose();
          sandbox.clearFaults();
          sandbox.setBuildStepMs(600_000);
          await client.dispose();
        }
      });
    }
  });
});
