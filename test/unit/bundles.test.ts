// The files esbuild.mjs ships beside the start-up bundle (scripts/lib/bundles.mjs), built into a
// temporary folder: dist/undici.js still has everything the source takes from undici, works over a
// real socket on 127.0.0.1, and the start-up bundle requires undici and parse5 from their files.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(__dirname, '..', '..');

interface BundleOptions extends esbuild.BuildOptions { outfile?: string }

/** Every `undici.<name>` the extension's source reads from the lazily loaded module. */
async function undiciNamesUsed(): Promise<string[]> {
  const names = new Set<string>();
  const files = (await readdir(join(root, 'src'), { recursive: true })).filter((f) => f.endsWith('.ts'));
  for (const file of files) {
    for (const [, name] of (await readFile(join(root, 'src', file), 'utf8')).matchAll(/\bundici\.([A-Za-z_$][\w$]*)/g)) names.add(name);
  }
  return [...names].sort();
}

describe('bundles: the start-up bundle and the libraries it loads on first use', function () {
  this.timeout(60_000);
  let dir: string;
  let startup: string;
  let undici: Record<string, unknown>;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'readthedocs-bundles-'));
    const { extensionBundles } = (await import(pathToFileURL(join(root, 'scripts', 'lib', 'bundles.mjs')).href)) as {
      extensionBundles(options: { production: boolean; outdir: string }): BundleOptions[];
    };
    for (const options of extensionBundles({ production: true, outdir: dir })) await esbuild.build(options);
    startup = await readFile(join(dir, 'extension.js'), 'utf8');
    undici = createRequire(__filename)(join(dir, 'undici.js')) as Record<string, unknown>;
  });

  after(() => rm(dir, { recursive: true, force: true }));

  it('the start-up bundle requires undici and parse5 from their own files, and carries neither', () => {
    assert.match(startup, /require\("\.\/undici\.js"\)/);
    assert.match(startup, /require\("\.\/parse5\.js"\)/);
    assert.doesNotMatch(startup, /llhttp/, 'undici is not inside the start-up bundle');
  });

  it('dist/undici.js has every name the source reads from undici', async () => {
    const used = await undiciNamesUsed();
    assert.ok(used.includes('request'), `the scan found ${used.join(', ')}`);
    for (const name of used) assert.equal(typeof undici[name], 'function', `undici.${name} is missing from dist/undici.js`);
  });

  it('dist/undici.js sends a request and reads the answer (portable llhttp) over a real socket', async () => {
    const server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const Agent = undici.Agent as new () => { close(): Promise<void> };
    const request = undici.request as (url: string, options: object) => Promise<{ statusCode: number; body: { json(): Promise<unknown> } }>;
    const agent = new Agent();
    try {
      const response = await request(`http://127.0.0.1:${port}/`, { dispatcher: agent });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(await response.body.json(), { ok: true });
    } finally {
      await agent.close();
      server.close();
    }
  });
});
