// Private inventories never reach the disk: real HTTP to the sandbox's Business docs host, real
// files in a temporary storage folder, a sequence of windows (each a new store and disk cache over
// the same folder, as a reload makes them), one with the stored grants read late, an entry left by
// an older version, a Stop Reading and a sign-out. After each step the storage folder is walked:
// no file holds the private objects.inv or names its root.

import * as assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import { DocsHost } from '../../src/core/inventory/docsFile';
import { FileInventoryDiskCache, InventoryStore, followGrants } from '../../src/core/inventory/inventoryStore';
import { silentLogger } from '../../src/core/log';
import { docsScopeOf } from '../../src/core/api/docsScope';
import { createHeaderMethod, grantOfMethod } from '../../src/core/sharing/headerGrants';
import { type DocsGrant, PrivateDocsGrants } from '../../src/core/sharing/privateDocs';
import { type Sandbox, startSandbox } from '../sandbox';
import { clientFor } from '../helpers/clientFor';

describe('integration: no private inventory byte on disk, across windows, reloads, Stop Reading and sign-out', function () {
  this.timeout(30_000);
  let sandbox: Sandbox;
  let client: ReadTheDocsClient;
  let storage: string;
  let widgets: string;
  let handbook: string;

  before(async () => {
    sandbox = await startSandbox({ edition: 'business', loopbackDocs: true });
    widgets = sandbox.docsOrigins.get('widgets')!;
    handbook = sandbox.docsOrigins.get('internal-handbook')!;
  });
  beforeEach(async () => {
    sandbox.reset();
    client = clientFor(sandbox.origin, { token: sandbox.tokens.owner, edition: 'business' });
    storage = await mkdtemp(join(tmpdir(), 'rtd-global-storage-'));
  });
  afterEach(async () => {
    await client.dispose();
    await rm(storage, { recursive: true, force: true });
  });
  after(async () => sandbox.close());

  /** Private Docs in the Editor on the private project internal-handbook (its own docs origin). */
  async function enable(): Promise<DocsGrant> {
    const project = await client.projects.get('internal-handbook');
    const scope = docsScopeOf(project.urls.documentation, client.transport.origin, 'internal-handbook')!;
    const method = await createHeaderMethod(client, 'internal-handbook', { allowAll: true }, 'test', Date.now());
    return grantOfMethod('internal-handbook', scope, method, { allowAll: true })!;
  }

  /** One window: its grants (read from the store `stored` gives, after `delayMs`), its store over the storage folder. */
  function window(stored: () => readonly DocsGrant[], delayMs = 0) {
    const grants = new PrivateDocsGrants(() => client.transport.origin, () => new Promise((resolve) => setTimeout(() => resolve(stored()), delayMs)));
    const docsHost = new DocsHost({ client: () => client, docsHostTransport: () => client.transport }, grants);
    const store = new InventoryStore({ fetchFile: docsHost.files('inventory'), disk: new FileInventoryDiskCache(join(storage, 'inventories')), logger: silentLogger });
    const following = followGrants(store, grants, silentLogger);
    return { grants, store, dispose: () => { following.dispose(); grants.dispose(); } };
  }

  /** Every file under the storage folder, with its bytes. */
  async function walk(dir = storage): Promise<{ path: string; bytes: Buffer }[]> {
    const found: { path: string; bytes: Buffer }[] = [];
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) found.push(...await walk(path));
      else found.push({ path, bytes: await readFile(path) });
    }
    return found;
  }

  async function assertNoPrivateByte(privateBytes: Buffer, when: string): Promise<void> {
    for (const file of await walk()) {
      assert.ok(!file.bytes.includes(privateBytes), `${when}: ${file.path} holds the private objects.inv`);
      assert.ok(!file.bytes.toString('latin1').includes(handbook), `${when}: ${file.path} names the private docs origin`);
    }
  }

  it('keeps the private objects.inv in memory in every window, deletes an older version\'s copy, and leaves nothing after Stop Reading and sign-out', async () => {
    const grant = await enable();
    const privateRoot = `${handbook}/en/latest/`;
    const publicRoot = `${widgets}/en/latest/`;
    const privateBytes = Buffer.from((await client.transport.getFile({ url: new URL(`${privateRoot}objects.inv`), sharing: grant, bodyKind: 'inventory', accept: [200] })).bytes);
    let stored: readonly DocsGrant[] = [grant];

    // A new window: the first use comes before the stored grants are read (they come 200 ms later).
    const first = window(() => stored, 200);
    const [privateIndex, publicIndex] = await Promise.all([first.store.get(privateRoot), first.store.get(publicRoot)]);
    assert.ok(privateIndex && privateIndex.size > 0, 'the private inventory was read, with the token');
    assert.ok(publicIndex && publicIndex.size > 0);
    await assertNoPrivateByte(privateBytes, 'first window');
    assert.equal((await walk()).filter((f) => f.path.endsWith('.json')).length, 1, 'the public inventory is on disk');
    first.dispose();

    // Files an older version wrote (named as it named them, without the format this one writes).
    const key = createHash('sha256').update(privateRoot).digest('hex').slice(0, 32);
    await mkdir(join(storage, 'inventories'), { recursive: true });
    await writeFile(join(storage, 'inventories', `${key}.inv`), privateBytes);
    await writeFile(join(storage, 'inventories', `${key}.json`), JSON.stringify({ rootUrl: privateRoot, etag: '"old"' }));

    // A reload: the older copy goes at the first use; the private inventory is read again with the token, kept in memory.
    const second = window(() => stored);
    assert.ok((await second.store.get(privateRoot))?.size);
    await assertNoPrivateByte(privateBytes, 'after a reload');
    // Stop Reading: whatever the disk holds from the grant's docs origin goes; the other project's public inventory stays.
    stored = [];
    second.grants.delete('business', 'internal-handbook');
    await eventually(async () => (await walk()).length === 2, 'after Stop Reading');
    await assertNoPrivateByte(privateBytes, 'after Stop Reading');
    second.dispose();

    // Enabled again, another reload, then sign-out.
    const again = await enable();
    stored = [again];
    const third = window(() => stored);
    await Promise.all([third.store.get(privateRoot), third.store.get(publicRoot)]);
    await assertNoPrivateByte(privateBytes, 'enabled again');
    stored = [];
    third.grants.unload('business');
    await eventually(async () => (await walk()).length === 2, 'after sign-out');
    await assertNoPrivateByte(privateBytes, 'after sign-out');
    third.dispose();

    // Signed out: a new window reads the private root without a token (refused) and keeps the public one only.
    const fourth = window(() => stored);
    assert.equal(await fourth.store.get(privateRoot), undefined, 'no token, no private inventory');
    await fourth.store.get(publicRoot);
    await assertNoPrivateByte(privateBytes, 'signed out');
    fourth.dispose();
  });
});

async function eventually(check: () => Promise<boolean>, when: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.fail(`${when}: the storage folder still holds files`);
}
