// The files esbuild.mjs ships beside the start-up bundle (scripts/lib/bundles.mjs), built into a
// temporary folder: dist/undici.js still has everything the source takes from undici, works over a
// real socket on 127.0.0.1, and the start-up bundle requires undici, parse5 and the features
// (dist/features/) from their files. Every source file is in one bundle only, so a class a feature
// bundle uses is the start-up bundle's: `instanceof` holds across bundles.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(__dirname, '..', '..');

interface BundleOptions extends esbuild.BuildOptions { outfile?: string }
interface Feature { name: string; entry: string }
interface BundlesModule {
  extensionBundles(options: { production: boolean; outdir: string; metafile: boolean }): BundleOptions[];
  featureBundle(feature: Feature, options: { production: boolean; outdir: string }): BundleOptions;
  LAZY_FEATURES: Feature[];
  featureOwners(features?: Feature[]): Promise<Map<string, Feature>>;
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

describe('bundles: the start-up bundle and the libraries it loads on first use', function () {
  this.timeout(60_000);
  let dir: string;
  let startup: string;
  let undici: Record<string, unknown>;
  let bundles: BundlesModule;
  /** Per output file, the source files (repository-relative) bundled into it. */
  const inputsOf = new Map<string, string[]>();

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'readthedocs-bundles-'));
    bundles = (await import(pathToFileURL(join(root, 'scripts', 'lib', 'bundles.mjs')).href)) as BundlesModule;
    for (const options of bundles.extensionBundles({ production: true, outdir: dir, metafile: true })) {
      const { metafile } = await esbuild.build(options);
      for (const [file, output] of Object.entries(metafile?.outputs ?? {})) {
        // Files of a plugin's own namespace (`shared:…`, `lazy-library:…`) are references, not code.
        inputsOf.set(file, Object.keys(output.inputs).filter((input) => !input.includes(':')));
      }
    }
    startup = await readFile(join(dir, 'extension.js'), 'utf8');
    undici = createRequire(__filename)(join(dir, 'undici.js')) as Record<string, unknown>;
  });

  after(() => rm(dir, { recursive: true, force: true }));

  it('the start-up bundle requires undici and parse5 from their own files, and carries neither', () => {
    assert.match(startup, /require\("\.\/undici\.js"\)/);
    assert.match(startup, /require\("\.\/parse5\.js"\)/);
    assert.doesNotMatch(startup, /llhttp/, 'undici is not inside the start-up bundle');
  });

  it('the start-up bundle requires each feature from dist/features/, and carries none of their files', async () => {
    const owners = await bundles.featureOwners();
    const startupInputs = [...inputsOf].find(([file]) => file.endsWith('extension.js'))?.[1] ?? [];
    for (const { name } of bundles.LAZY_FEATURES) {
      assert.match(startup, new RegExp(`require\\("\\./features/${name}\\.js"\\)`));
      const featureInputs = [...inputsOf].find(([file]) => file.endsWith(`features/${name}.js`))?.[1] ?? [];
      const owned = [...owners].filter(([, owner]) => owner.name === name).map(([file]) => file);
      assert.ok(owned.length > 0, `feature ${name} owns files`);
      assert.deepEqual(startupInputs.filter((input) => owned.includes(input)), [], `files of feature ${name} in the start-up bundle`);
      assert.deepEqual(owned.filter((file) => !featureInputs.includes(file) && file.startsWith('src/')), [], `files of feature ${name} missing from its bundle`);
    }
    assert.doesNotMatch(startup, /YAMLMap/, 'yaml is not inside the start-up bundle');
  });

  it('ownership follows the import graph: a file only one feature reaches is its own; one start-up or two features reach stays in the start-up bundle', async () => {
    const owners = await bundles.featureOwners();
    const ownerOf = (file: string): string | undefined => owners.get(file)?.name;
    // Only the manage commands validate a slug; only the redirects feature parses YAML.
    assert.equal(ownerOf('src/core/validation/slugs.ts'), 'manage');
    // The version commands (activate, hide, download) load with the manage commands.
    assert.equal(ownerOf('src/vscode/versions/versionCommands.ts'), 'manage');
    assert.equal(ownerOf('src/core/versions/versionActions.ts'), 'manage');
    assert.equal(ownerOf('node_modules/yaml/browser/dist/index.js'), 'redirects');
    assert.equal(ownerOf('src/vscode/logs/index.ts'), 'workspace', 'the logs load with This Workspace');
    // The build documents (readthedocs-build:) load with the build logs; only their scheme is at start-up.
    assert.equal(ownerOf('src/vscode/builds/buildDocument.ts'), 'workspace');
    assert.equal(ownerOf('src/core/util/readableYaml.ts'), 'workspace');
    assert.equal(ownerOf('src/vscode/logs/schemes.ts'), undefined);
    // The hover, the preview and the cross-references share one bundle, with the HTML cleaner.
    assert.equal(ownerOf('src/core/html/sanitizeHtml.ts'), 'docs');
    assert.equal(ownerOf('src/core/workspace/binding.ts'), 'workspace');
    // The projects filter of the tree (start-up) and the manage commands both take the languages list.
    assert.equal(ownerOf('src/core/choices/languages.ts'), undefined);
    // Both the manage and the redirects features validate a redirect.
    assert.equal(ownerOf('src/core/validation/redirects.ts'), undefined);
    const startupInputs = [...inputsOf].find(([file]) => file.endsWith('extension.js'))?.[1] ?? [];
    assert.ok(startupInputs.includes('src/core/validation/redirects.ts') && startupInputs.includes('src/core/choices/languages.ts'));
  });

  it('a feature that imports another feature\'s entry fails the build', async () => {
    const cross: Feature = { name: 'cross', entry: 'test/unit/bundles/crossFeatureProbe.ts' };
    await assert.rejects(bundles.featureOwners([...bundles.LAZY_FEATURES, cross]), /feature "cross" imports src\/vscode\/manage\/index\.ts, the entry of feature "manage"/);
  });

  it('every source file is in one bundle only', () => {
    const seen = new Map<string, string>();
    for (const [file, inputs] of inputsOf) {
      for (const input of inputs) {
        assert.equal(seen.get(input), undefined, `${input} is in ${seen.get(input)} and in ${file}`);
        seen.set(input, file);
      }
    }
    assert.ok(seen.has('src/core/api/errors.ts') && seen.has('src/vscode/manage/projects.ts'), 'the metafiles name the source files');
  });

  it("an error thrown inside a feature bundle is instanceof the start-up bundle's class; a copy bundled whole is not", async () => {
    const probe: Feature = { name: 'probe', entry: 'test/unit/bundles/lazyProbe.ts' };
    await esbuild.build(bundles.featureBundle(probe, { production: true, outdir: dir }));
    await esbuild.build({ entryPoints: [join(root, probe.entry)], outfile: join(dir, 'whole-probe.js'), bundle: true, format: 'cjs', platform: 'node', logLevel: 'silent' });
    const { createFakeVscode } = (await import(pathToFileURL(join(root, 'bench', 'fakeVscode.mjs')).href)) as { createFakeVscode(): unknown };
    const vscode = createFakeVscode();
    const moduleLoader = Module as unknown as { _load(request: string, ...rest: unknown[]): unknown };
    const originalLoad = moduleLoader._load;
    moduleLoader._load = function load(request: string, ...rest: unknown[]) {
      return request === 'vscode' ? vscode : originalLoad.call(this, request, ...rest);
    };
    try {
      const load = createRequire(__filename);
      const extension = load(join(dir, 'extension.js')) as { __shared: Record<string, Record<string, new (...args: never[]) => unknown>> };
      const { ApiError, ValidationError } = extension.__shared['src/core/api/errors.ts'];
      const thrown = (file: string): unknown => {
        try {
          (load(join(dir, file)) as { refuse(): never }).refuse();
        } catch (error) {
          return error;
        }
        return undefined;
      };
      const lazy = thrown(join('features', 'probe.js'));
      assert.ok(lazy instanceof ValidationError && lazy instanceof ApiError, 'the feature bundle throws the start-up bundle\'s ValidationError');
      assert.ok(!(thrown('whole-probe.js') instanceof ValidationError), 'a bundle with its own copy of the class fails the check');
      // The real feature bundles load against the start-up bundle and export their entry points.
      assert.equal(typeof (load(join(dir, 'features', 'manage.js')) as { manageCommands: Record<string, unknown> }).manageCommands['readthedocs.editProject'], 'function');
      assert.equal(typeof (load(join(dir, 'features', 'redirects.js')) as { RedirectsFeatures: unknown }).RedirectsFeatures, 'function');
      const docs = load(join(dir, 'features', 'docs.js')) as { AuthoringFeatures: unknown; EmbedFeatures: unknown };
      assert.equal(typeof docs.AuthoringFeatures, 'function');
      assert.equal(typeof docs.EmbedFeatures, 'function');
      const workspace = load(join(dir, 'features', 'workspace.js')) as { LogFeatures: unknown; WorkspaceFeatures: unknown };
      assert.equal(typeof workspace.WorkspaceFeatures, 'function');
      assert.equal(typeof workspace.LogFeatures, 'function');
    } finally {
      moduleLoader._load = originalLoad;
    }
  });

  it('dist/undici.js has every name the source reads from undici', async () => {
    const used = await undiciNamesUsed();
    assert.ok(used.includes('Agent') && used.includes('ProxyAgent'), `the scan found ${used.join(', ')}`);
    for (const name of used) assert.equal(typeof undici[name], 'function', `undici.${name} is missing from dist/undici.js`);
  });

  it('dist/undici.js sends a request and reads the answer (portable llhttp) over a real socket', async () => {
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
