// The files esbuild.mjs ships (scripts/lib/bundles.mjs), built into a temporary folder: one bundle
// of the extension's code, dist/undici.js, dist/parse5.js and dist/yaml.js beside it (required on first use),
// and nothing else; dist/undici.js still has everything the source takes from undici and works
// over a real socket on 127.0.0.1; a require() esbuild cannot bundle fails the build.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(__dirname, '..', '..');

interface BundlesModule {
  commonOptions(production: boolean): esbuild.BuildOptions;
  extensionBundles(options: { production: boolean; outdir: string; metafile: boolean }): esbuild.BuildOptions[];
}

/** Every `undici.<name>` the extension's source reads from the lazily loaded module. */
async function undiciNamesUsed(): Promise<string[]> {
  const names = new Set<string>();
  const files = (await readdir(join(root, 'src'), { recursive: true })).filter((f) => f.endsWith('.ts'));
  for (const file of files) {
    for (const [, name] of (await readFile(join(root, 'src', file), 'utf8')).matchAll(/\bundici\.([A-Za-z_$][\w$]*)/g)) names.add(name);
  }
  return [...names].sort();
}

describe('bundles: the extension bundle and the libraries it loads on first use', function () {
  this.timeout(60_000);
  let dir: string;
  let startup: string;
  let undici: Record<string, unknown>;
  let bundles: BundlesModule;
  /** The source files (repository-relative) bundled into dist/extension.js and dist/yaml.js. */
  let startupInputs: string[] = [];
  let yamlInputs: string[] = [];

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'readthedocs-bundles-'));
    bundles = (await import(pathToFileURL(join(root, 'scripts', 'lib', 'bundles.mjs')).href)) as BundlesModule;
    for (const options of bundles.extensionBundles({ production: true, outdir: dir, metafile: true })) {
      const { metafile } = await esbuild.build(options);
      for (const [file, output] of Object.entries(metafile?.outputs ?? {})) {
        if (file.endsWith('/extension.js')) startupInputs = Object.keys(output.inputs);
        if (file.endsWith('/yaml.js')) yamlInputs = Object.keys(output.inputs);
      }
    }
    startup = await readFile(join(dir, 'extension.js'), 'utf8');
    undici = createRequire(__filename)(join(dir, 'undici.js')) as Record<string, unknown>;
  });

  after(() => rm(dir, { recursive: true, force: true }));

  it('ships one bundle of the extension, the four libraries with undici\'s parsers, and the style sheet', async () => {
    const files = (await readdir(dir, { recursive: true })).filter((file) => /\.(js|br|css)$/.test(file)).sort();
    assert.deepEqual(files, ['extension.js', 'llhttp.wasm.br', 'llhttp_simd.wasm.br', join('media', 'preview.css'), 'parse5.js', 'smol-toml.js', 'undici.js', 'yaml.js']);
  });

  it('the extension bundle holds every source file the extension reaches, and requires undici, parse5, yaml and smol-toml from their own files', () => {
    for (const file of ['src/vscode/manage/index.ts', 'src/vscode/redirects/index.ts', 'src/vscode/workspace/index.ts', 'src/vscode/logs/index.ts', 'src/vscode/authoring/index.ts', 'src/vscode/preview/index.ts']) {
      assert.ok(startupInputs.includes(file), `${file} is in dist/extension.js`);
    }
    assert.deepEqual(startupInputs.filter((input) => input.includes('node_modules')), []);
    assert.match(startup, /require\("\.\/undici\.js"\)/);
    assert.match(startup, /require\("\.\/parse5\.js"\)/);
    assert.match(startup, /require\("\.\/yaml\.js"\)/);
    assert.match(startup, /require\("\.\/smol-toml\.js"\)/);
    assert.doesNotMatch(startup, /llhttp/, 'undici is not inside the extension bundle');
  });

  it('yaml keeps its YAML 1.1 schema (test/integration/productionLibraries.test.ts reads such a file with the bundle)', () => {
    assert.ok(yamlInputs.some((input) => /node_modules\/yaml\/browser\/dist\/schema\/yaml-1\.1\/schema\.js$/.test(input)), 'the YAML 1.1 schema is in dist/yaml.js');
  });

  it('a require() esbuild cannot bundle (a computed name, or a module it cannot find inside a try) fails the build', async () => {
    const build = (contents: string) => esbuild.build({ ...bundles.commonOptions(true), stdin: { contents, resolveDir: root }, write: false });
    await assert.rejects(build("try { require('no-such-module-of-the-extension'); } catch { /* optional */ }"), /could not be resolved/);
    await assert.rejects(build('module.exports = (name) => require(name);'), /will not be bundled/);
    await build("module.exports = require('node:path').join('a', 'b');");
  });

  it('dist/undici.js has every name the source reads from undici', async () => {
    const used = await undiciNamesUsed();
    assert.ok(used.includes('Agent') && used.includes('ProxyAgent'), `the scan found ${used.join(', ')}`);
    for (const name of used) assert.equal(typeof undici[name], 'function', `undici.${name} is missing from dist/undici.js`);
  });

  it('dist/undici.js sends a request and reads the answer (llhttp from its brotli file) over a real socket', async () => {
    const server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const Agent = undici.Agent as new () => {
      request(options: object): Promise<{ statusCode: number; body: { json(): Promise<unknown> } }>;
      close(): Promise<void>;
    };
    const agent = new Agent();
    try {
      const response = await agent.request({ origin: `http://127.0.0.1:${port}`, path: '/', method: 'GET' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(await response.body.json(), { ok: true });
    } finally {
      await agent.close();
      server.close();
    }
  });
});
