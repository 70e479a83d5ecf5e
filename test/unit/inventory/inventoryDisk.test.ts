import * as assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DocsFileResult, type PrivateFile } from '../../../src/core/inventory/docsFile';
import { FileInventoryDiskCache, INVENTORY_DISK_ENTRY_MAX_BYTES, INVENTORY_DISK_MAX_ENTRIES, INVENTORY_DISK_TOTAL_BYTES, InventoryStore, followGrants } from '../../../src/core/inventory/inventoryStore';
import { silentLogger } from '../../../src/core/log';
import { type DocsGrant, PrivateDocsGrants } from '../../../src/core/sharing/privateDocs';

const BYTES = readFileSync(join(__dirname, '..', '..', 'fixtures', 'inventory', 'widgets-objects.inv'));
const PRIVATE_ROOT = 'https://handbook.readthedocs-hosted.com/en/internal/';
const PUBLIC_ROOT = 'https://widgets.readthedocs.io/en/latest/';
const sharing = { edition: 'business' as const, projectSlug: 'handbook' };

/** Answers per URL, in turn. */
function host(answers: Record<string, DocsFileResult[]>) {
  return async (url: string): Promise<DocsFileResult> => {
    const answer = answers[url]?.shift();
    if (!answer) throw new Error('offline');
    return answer;
  };
}

async function filesIn(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [] as string[])).sort();
}

/** The name an older version gave an entry: the same hash of the root URL. */
const oldKey = (root: string) => createHash('sha256').update(root).digest('hex').slice(0, 32);

describe('inventory: the disk cache keeps no private byte and stays within its caps', () => {
  let dir: string;
  beforeEach(async () => { dir = await mkdtemp(join(tmpdir(), 'inv-disk-')); });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('an inventory the fetch read with a sharing token stays in memory; a public one goes to disk', async () => {
    const store = new InventoryStore({
      fetchFile: host({
        [`${PRIVATE_ROOT}objects.inv`]: [{ status: 'ok', bytes: BYTES, validators: { etag: '"p"' }, sharing }],
        [`${PUBLIC_ROOT}objects.inv`]: [{ status: 'ok', bytes: BYTES, validators: {} }],
      }),
      disk: new FileInventoryDiskCache(dir),
      logger: silentLogger,
    });
    assert.equal((await store.get(PRIVATE_ROOT))?.size, 23, 'served from memory');
    assert.deepEqual(await filesIn(dir), [], 'nothing written for the private root');
    await store.get(PUBLIC_ROOT);
    assert.deepEqual(await filesIn(dir), [`${oldKey(PUBLIC_ROOT)}.inv`, `${oldKey(PUBLIC_ROOT)}.json`]);
  });

  it('the disk cache takes no file read with a token: another type for tsc, and refused if one is forced in', async () => {
    const cache = new FileInventoryDiskCache(dir);
    const read: PrivateFile = { status: 'ok', bytes: BYTES, validators: {}, sharing };
    // @ts-expect-error a PrivateFile is not a PublicFile: tsc fails here if the disk cache ever accepts one
    await cache.write(PRIVATE_ROOT, read);
    assert.deepEqual(await filesIn(dir), []);
  });

  it('a root the fetch answers with a token (200 or 304) loses what the disk held for it, whoever wrote it', async () => {
    // A copy written while the root was public (or by an older version), then read with a token.
    const disk = new FileInventoryDiskCache(dir);
    await disk.write(PRIVATE_ROOT, { status: 'ok', bytes: BYTES, validators: { etag: '"1"' } });
    const store = new InventoryStore({
      fetchFile: host({ [`${PRIVATE_ROOT}objects.inv`]: [{ status: 'not-modified', sharing }] }),
      disk: new FileInventoryDiskCache(dir),
      logger: silentLogger,
    });
    assert.equal((await store.get(PRIVATE_ROOT))?.size, 23, 'the copy held serves, from memory');
    assert.deepEqual(await filesIn(dir), []);
  });

  it('deletes entries an older version wrote (no format: they may be private) and half-written ones at the first use', async () => {
    await writeFile(join(dir, `${oldKey(PRIVATE_ROOT)}.inv`), BYTES);
    await writeFile(join(dir, `${oldKey(PRIVATE_ROOT)}.json`), JSON.stringify({ rootUrl: PRIVATE_ROOT, etag: '"x"' }));
    await writeFile(join(dir, 'ffff.inv'), BYTES);
    const disk = new FileInventoryDiskCache(dir);
    assert.equal(await disk.read(PRIVATE_ROOT).catch(() => undefined), undefined);
    assert.deepEqual(await filesIn(dir), []);
  });

  it('holds at most the per-entry cap per inventory, and the total caps in bytes and entries (written longest ago first)', async () => {
    assert.ok(INVENTORY_DISK_ENTRY_MAX_BYTES <= INVENTORY_DISK_TOTAL_BYTES && INVENTORY_DISK_MAX_ENTRIES > 0);
    const disk = new FileInventoryDiskCache(dir, { entryBytes: 1000, totalBytes: 2500, entries: 10 });
    await disk.write('https://big.example/', { status: 'ok', bytes: new Uint8Array(1001), validators: {} });
    assert.deepEqual(await filesIn(dir), [], 'over the entry cap: memory only');
    for (const [i, root] of ['https://a.example/', 'https://b.example/', 'https://c.example/'].entries()) {
      await disk.write(root, { status: 'ok', bytes: new Uint8Array(1000), validators: {} });
      const when = new Date(Date.now() - (10 - i) * 60_000);
      await utimes(join(dir, `${oldKey(root)}.inv`), when, when);
    }
    const held = await filesIn(dir);
    assert.equal(held.length, 4, 'two entries of 1000 bytes fit in 2500');
    assert.ok(!held.includes(`${oldKey('https://a.example/')}.inv`), 'the one written longest ago went');
    let total = 0;
    for (const name of held) if (name.endsWith('.inv')) total += (await stat(join(dir, name))).size;
    assert.ok(total <= 2500);
    const few = new FileInventoryDiskCache(dir, { entryBytes: 1000, totalBytes: 1e9, entries: 1 });
    await few.write('https://d.example/', { status: 'ok', bytes: new Uint8Array(10), validators: {} });
    assert.deepEqual((await filesIn(dir)).filter((name) => name.endsWith('.json')), [`${oldKey('https://d.example/')}.json`]);
  });

  it('Stop Reading and sign-out delete what the disk holds from the grant\'s docs origin; other origins stay', async () => {
    const disk = new FileInventoryDiskCache(dir);
    await disk.write('https://handbook.readthedocs-hosted.com/en/latest/', { status: 'ok', bytes: BYTES, validators: {} });
    await disk.write('https://handbook.readthedocs-hosted.com./projects/api/en/latest/', { status: 'ok', bytes: BYTES, validators: {} });
    await disk.write(PUBLIC_ROOT, { status: 'ok', bytes: BYTES, validators: {} });
    const scope = { origin: 'https://handbook.readthedocs-hosted.com', pathPrefix: '/en/', projectSlug: 'handbook' };
    const grant: DocsGrant = { edition: 'business', projectSlug: 'handbook', scope, token: 't' };
    const grants = new PrivateDocsGrants(() => 'https://app.readthedocs.com', () => Promise.resolve([grant]));
    await grants.ready();
    const store = new InventoryStore({ fetchFile: host({}), disk, logger: silentLogger });
    const following = followGrants(store, grants, silentLogger);
    grants.delete('business', 'handbook');
    await waitFor(async () => (await filesIn(dir)).length === 2);
    const left = JSON.parse(await readFile(join(dir, `${oldKey(PUBLIC_ROOT)}.json`), 'utf8')) as { rootUrl: string };
    assert.equal(left.rootUrl, PUBLIC_ROOT);
    following.dispose();
  });
});

describe('sharing/privateDocs: grants gone are announced with what they were', () => {
  it('Stop Reading (delete) and sign-out (unload) name the grants that went; set does not', async () => {
    const scope = { origin: 'https://handbook.readthedocs-hosted.com', pathPrefix: '/en/' };
    const a: DocsGrant = { edition: 'business', projectSlug: 'a', scope, token: 'ta' };
    const b: DocsGrant = { edition: 'business', projectSlug: 'b', scope, token: 'tb' };
    const grants = new PrivateDocsGrants(() => 'https://app.readthedocs.com', () => Promise.resolve([a, b]));
    const gone: string[][] = [];
    grants.onDidRemove((removed) => gone.push(removed.map((g) => g.projectSlug)));
    await grants.ready();
    grants.set({ ...a, token: 'renewed' });
    grants.delete('business', 'a');
    grants.delete('business', 'a');
    grants.unload('business');
    grants.unload('business');
    assert.deepEqual(gone, [['a'], ['b']]);
  });
});

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.fail('timed out');
}
