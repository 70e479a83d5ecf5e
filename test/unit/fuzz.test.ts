import assert from 'node:assert/strict';
import { BuildsApi } from '../../src/core/api/endpoints/builds';
import { ApiError, UnexpectedResponseError } from '../../src/core/api/errors';
import { type Requests, parseWith } from '../../src/core/api/requests';
import { errorForResponse, parseRetryAfter } from '../../src/core/api/responseErrors';
import { parseBuild } from '../../src/core/models/build';
import { parseNotification } from '../../src/core/models/notification';
import { parseEmbedSection } from '../../src/core/models/embed';
import { parseEnvironmentVariable } from '../../src/core/models/environmentVariable';
import { parseOrganization, parseTeam } from '../../src/core/models/organization';
import { parsePage } from '../../src/core/models/page';
import { ShapeError } from '../../src/core/models/parse';
import { parseProject, parseSubproject } from '../../src/core/models/project';
import { parseRedirect } from '../../src/core/models/redirect';
import { parseRemoteOrganization, parseRemoteRepository } from '../../src/core/models/remote';
import { parseVersion } from '../../src/core/models/version';
import { apiFixture } from '../helpers/fixtures';

/*
 * Fuzz-style tests of the response parsers: generated JSON (random nulls, wrong types, missing and
 * extra keys, deep nesting, huge arrays and strings), alone and as mutations of real API responses.
 * Every parser must return a value or throw ShapeError (which the client turns into
 * UnexpectedResponseError), never anything else. The PRNG is seeded: a failure names its seed and
 * case, and `FUZZ_SEED=<seed> npx mocha --config .mocharc.unit.json --grep fuzz` replays it.
 */

const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20240601);
const CASES = Number(process.env.FUZZ_CASES ?? 200);

/** mulberry32: small, fast, good enough for test data. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];
const int = (rng: Rng, max: number) => Math.floor(rng() * max);

const KEYS = ['id', 'pk', 'slug', 'name', 'type', 'state', 'code', 'url', 'content', 'results', 'count', 'next', 'build', 'child', 'alias',
  'version', 'project', 'active', 'hidden', 'built', 'users', 'owners', 'active_versions', 'last_build', 'language', 'programming_language',
  'repository', 'urls', 'permissions', 'subproject_of', 'translation_of', 'aliases', 'downloads', 'config', 'success', 'duration', 'message',
  'from_url', 'to_url', 'http_status', 'public', 'full_name', 'remote_organization', 'triggered', 'external', 'fragment', '__proto__', 'constructor', ''];
const STRINGS = ['', '0', '-1', '12', '1e3', '9'.repeat(400), 'null', 'true', 'x', 'finished', 'building', '<b>html</b>', '\u0000', '\ud800', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', 'https://example.org/'];
const NUMBERS = [0, -0, 1, -1, 1.5, 2 ** 53 + 1, -(2 ** 31), 1e308, -1e308, Number.MIN_VALUE];

function deepNest(rng: Rng, depth: number): unknown {
  let value: unknown = pick(rng, [null, 'leaf', 1, true]);
  for (let i = 0; i < depth; i++) value = rng() < 0.5 ? [value] : { [pick(rng, KEYS)]: value };
  return value;
}

function hugeArray(rng: Rng, of: () => unknown): unknown[] {
  const item = of();
  return Array.from({ length: 1_000 + int(rng, 9_000) }, () => item);
}

/** Any JSON value, biased towards the shapes the parsers look at. */
function randomJson(rng: Rng, depth = 0): unknown {
  const r = rng();
  if (depth > 4 || r < 0.3) {
    const p = rng();
    if (p < 0.2) return null;
    if (p < 0.35) return rng() < 0.5;
    if (p < 0.6) return pick(rng, NUMBERS);
    return pick(rng, STRINGS);
  }
  if (r < 0.55) return Array.from({ length: int(rng, 5) }, () => randomJson(rng, depth + 1));
  if (r < 0.97) return Object.fromEntries(Array.from({ length: int(rng, 8) }, () => [pick(rng, KEYS), randomJson(rng, depth + 1)]));
  return rng() < 0.5 ? deepNest(rng, 1_000 + int(rng, 9_000)) : hugeArray(rng, () => randomJson(rng, 5));
}

/** A replacement for one value: null, a wrong type, nesting, a huge array or string, a wrapper. */
function replacement(rng: Rng, value: unknown): unknown {
  switch (int(rng, 12)) {
    case 0: case 1: return null;
    case 2: return pick(rng, NUMBERS);
    case 3: return pick(rng, STRINGS);
    case 4: return rng() < 0.5;
    case 5: return [];
    case 6: return {};
    case 7: return [value];
    case 8: return { code: value, slug: value };
    case 9: return deepNest(rng, 100 + int(rng, 10_000));
    case 10: return rng() < 0.5 ? hugeArray(rng, () => value) : 'x'.repeat(10_000 + int(rng, 50_000));
    default: return randomJson(rng);
  }
}

/** A copy of `value` with random nodes replaced, keys dropped or added, and arrays shrunk or grown. */
function mutate(rng: Rng, value: unknown, rate: number, depth = 0): unknown {
  if (rng() < rate) return replacement(rng, value);
  if (depth > 12) return value;
  if (Array.isArray(value)) {
    const items = value.filter(() => rng() > rate / 2).map((v) => mutate(rng, v, rate, depth + 1));
    if (items.length && rng() < rate / 4) return hugeArray(rng, () => items[0]);
    return items;
  }
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (rng() < rate / 2) continue;
    out[key] = mutate(rng, inner, rate, depth + 1);
  }
  if (rng() < rate) out[pick(rng, KEYS)] = randomJson(rng);
  return out;
}

interface ParserCase {
  readonly name: string;
  readonly parse: (value: unknown) => unknown;
  readonly seeds: readonly unknown[];
  /** What a parsed value must look like whatever came in. */
  readonly check: (parsed: unknown) => void;
}

const isStr = (v: unknown) => typeof v === 'string';
const isNum = (v: unknown) => typeof v === 'number';
const field = (v: unknown, key: string) => (v as Record<string, unknown>)[key];
function fields(parsed: unknown, spec: Record<string, (v: unknown) => boolean>): void {
  for (const [key, ok] of Object.entries(spec)) assert.ok(ok(field(parsed, key)), `${key} = ${String(field(parsed, key)).slice(0, 40)}`);
}
function page(check: (item: unknown) => void) {
  return (parsed: unknown) => {
    const p = parsed as { items: unknown[]; count: unknown };
    assert.ok(Array.isArray(p.items) && isNum(p.count));
    p.items.slice(0, 3).forEach(check);
  };
}

const projectCheck = (p: unknown) => fields(p, { id: isNum, slug: isStr, name: isStr });
const buildCheck = (b: unknown) => fields(b, { id: isNum, state: isStr, stateName: isStr });

/** `BuildsApi.trigger`'s own reader, reached through a stand-in for the request layer. */
function parseTriggerResponse(value: unknown): unknown {
  let result: unknown;
  let thrown: unknown;
  const requests = {
    write: (_m: string, _p: string, _b: unknown, parse?: (v: unknown) => unknown) => {
      try {
        result = parse ? parse(value) : undefined;
      } catch (error) {
        thrown = error;
      }
      return Promise.resolve(result);
    },
  } as unknown as Requests;
  void new BuildsApi(requests).trigger('p', 'v');
  if (thrown !== undefined) throw thrown;
  return result;
}

const PARSERS: readonly ParserCase[] = [
  { name: 'project', parse: (v) => parseProject(v), seeds: [apiFixture('projects-detail'), apiFixture('projects-superproject')], check: projectCheck },
  { name: 'page of projects', parse: (v) => parsePage(v, parseProject), seeds: [apiFixture('projects-list')], check: page(projectCheck) },
  { name: 'subproject', parse: (v) => parseSubproject(v), seeds: [apiFixture('projects-subprojects-detail')], check: (s) => fields(s, { alias: isStr }) },
  { name: 'version', parse: (v) => parseVersion(v), seeds: [apiFixture('projects-versions-detail')], check: (v) => fields(v, { id: isNum, slug: isStr, active: (x) => typeof x === 'boolean' }) },
  { name: 'build', parse: (v) => parseBuild(v), seeds: [apiFixture('projects-builds-detail')], check: buildCheck },
  { name: 'page of builds', parse: (v) => parsePage(v, parseBuild), seeds: [apiFixture('projects-builds-list')], check: page(buildCheck) },
  { name: 'trigger response', parse: parseTriggerResponse, seeds: [apiFixture('projects-versions-builds-list_POST')], check: (t) => buildCheck(field(t, 'build')) },
  {
    name: 'page of build notifications', parse: (v) => parsePage(v, parseNotification), seeds: [apiFixture('projects-builds-notifications-list')],
    check: page((n) => fields(n, { id: isNum, header: isStr, bodyHtml: isStr })),
  },
  { name: 'redirect', parse: (v) => parseRedirect(v), seeds: [apiFixture('projects-redirects-detail'), apiFixture('projects-redirects-list_POST')], check: (r) => fields(r, { pk: isNum, type: isStr, fromUrl: isStr }) },
  { name: 'environment variable', parse: (v) => parseEnvironmentVariable(v), seeds: [apiFixture('projects-environmentvariables-detail')], check: (e) => fields(e, { pk: isNum, name: isStr }) },
  {
    name: 'organization', parse: (v) => parseOrganization(v),
    seeds: [{ slug: 'example-corp', name: 'Example Corp', owners: [{ username: 'org-admin' }], disabled: false, created: '2024-01-01T00:00:00Z', url: 'https://example.org' }],
    check: (o) => fields(o, { slug: isStr, name: isStr, owners: Array.isArray }),
  },
  { name: 'team', parse: (v) => parseTeam(v), seeds: [{ slug: 'docs-admins', name: 'Docs admins', access: 'admin' }], check: (t) => fields(t, { slug: isStr, name: isStr }) },
  { name: 'page of remote repositories', parse: (v) => parsePage(v, parseRemoteRepository), seeds: [apiFixture('remoterepositories-list')], check: page((r) => fields(r, { pk: isNum, name: isStr })) },
  { name: 'page of remote organizations', parse: (v) => parsePage(v, parseRemoteOrganization), seeds: [apiFixture('remoteorganizations-list')], check: page((o) => fields(o, { pk: isNum, slug: isStr })) },
  {
    name: 'embed section', parse: (v) => parseEmbedSection(v),
    seeds: [{ url: 'https://widgets.readthedocs.io/en/latest/usage.html#install', fragment: 'install', content: '<div id="install"><h2>Install</h2></div>', external: false }],
    check: (s) => fields(s, { url: isStr, contentHtml: isStr, external: (x) => typeof x === 'boolean' }),
  },
];

const INFO = { method: 'GET', host: 'example.org', path: '/api/v3/fuzz/' };

/** Parses `value`; fails the test unless the outcome is a checked value or a ShapeError. */
function expectTypedOutcome(parser: ParserCase, value: unknown, label: string): 'parsed' | 'rejected' {
  let parsed: unknown;
  try {
    parsed = parser.parse(value);
  } catch (error) {
    if (error instanceof ShapeError) {
      // The client's view of the same failure.
      assert.throws(() => parseWith(value, parser.parse, INFO), UnexpectedResponseError, label);
      return 'rejected';
    }
    assert.fail(`${label}: ${parser.name} threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  }
  try {
    parser.check(parsed);
  } catch (error) {
    assert.fail(`${label}: ${parser.name} returned a malformed value: ${(error as Error).message}`);
  }
  return 'parsed';
}

describe('fuzz: response parsers end in a value or a typed error', function () {
  this.timeout(30_000);

  for (const [index, parser] of PARSERS.entries()) {
    it(`${parser.name}: real responses parse, mutated and random JSON parse or reject`, () => {
      for (const seed of parser.seeds) assert.equal(expectTypedOutcome(parser, seed, 'unmutated fixture'), 'parsed');
      const tally = { parsed: 0, rejected: 0 };
      for (let n = 0; n < CASES; n++) {
        const seed = BASE_SEED + index * 100_003 + n;
        const rng = prng(seed);
        const base = pick(rng, parser.seeds);
        // Mostly light mutations (a few broken fields), some heavy ones, some entirely random JSON.
        const mode = rng();
        const value = mode < 0.45 ? mutate(rng, base, 0.05) : mode < 0.85 ? mutate(rng, base, 0.3) : randomJson(rng);
        tally[expectTypedOutcome(parser, value, `FUZZ_SEED case ${seed}`)] += 1;
      }
      // The generator must exercise both outcomes, or it tests nothing.
      assert.ok(tally.parsed > 0 && tally.rejected > 0, `${JSON.stringify(tally)}`);
    });
  }

  it('top-level values of every JSON type are rejected or parsed, never crash', () => {
    const values: unknown[] = [null, undefined, 0, -1, 1.5, '', 'x', true, false, [], [null], {}, { results: null }, { results: {} }, { results: [null] },
      { count: 'many', results: [] }, { next: 42, results: [] }, { __proto__: { slug: 'x' } }, JSON.parse('{"__proto__": {"id": 1, "slug": "x"}}')];
    for (const parser of PARSERS) for (const value of values) expectTypedOutcome(parser, value, `literal ${String(JSON.stringify(value))}`);
  });

  it('error bodies (4xx/5xx) of any shape map to an ApiError, never throw', () => {
    const rng = prng(BASE_SEED);
    const statuses = [400, 401, 403, 404, 405, 409, 410, 413, 429, 500, 502, 503, 504, 418, 451];
    for (let n = 0; n < CASES * 4; n++) {
      const status = pick(rng, statuses);
      const value = rng() < 0.3
        ? mutate(rng, pick(rng, [{ detail: 'x' }, { error: 'External domain not allowed. domain=x' }, { name: ['bad'] }, ['bad'], { triggered: false }, { non_field_errors: ['x'] }]), 0.3)
        : randomJson(rng);
      const body = { kind: 'json' as const, value };
      const retryAfter = pick(rng, [undefined, '', '0', '5', '-1', 'soon', 'Wed, 21 Oct 2099 07:28:00 GMT', '99999999999999999999']);
      let error: unknown;
      try {
        error = errorForResponse(status, body, retryAfter, INFO);
      } catch (thrown) {
        assert.fail(`case ${n} (status ${status}): errorForResponse threw ${String(thrown)}`);
      }
      assert.ok(error instanceof ApiError, `case ${n}: ${String(error)}`);
      const seconds = parseRetryAfter(retryAfter);
      assert.ok(seconds === undefined || (Number.isFinite(seconds) && seconds >= 0) || retryAfter === '99999999999999999999', `Retry-After ${retryAfter} → ${seconds}`);
    }
  });

  // validationErrorOf used to recurse without a depth limit: a 400 body nested thousands deep overflowed the stack.
  it('a deeply nested 400 body maps to a typed error without overflowing the stack', () => {
    let value: unknown = 'leaf';
    for (let i = 0; i < 20_000; i++) value = { field: value };
    assert.ok(errorForResponse(400, { kind: 'json', value }, undefined, INFO) instanceof ApiError);
  });
});
