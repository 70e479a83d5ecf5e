// The esbuild options of the extension's own bundles, shared by esbuild.mjs and the benchmark
// (bench/lib/size.ts), so both measure and ship the same files. Options follow the `yo code`
// esbuild template; see ../../../shared/STYLE.md #13.
import { Buffer } from 'node:buffer';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import * as esbuild from 'esbuild';
import { root } from './paths.mjs';

/** Options every bundle (extension, libraries, tests) shares. */
export function commonOptions(production) {
  return {
    absWorkingDir: root,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    // VS Code 1.95 (the oldest we support) runs extensions on Node 20.
    target: 'node20',
    external: ['vscode'],
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
    logLevel: 'silent',
  };
}

/**
 * Libraries the extension loads on first use, each bundled into its own file next to
 * dist/extension.js: VS Code's start-up only reads the small extension bundle; undici comes with
 * the first request (src/core/api/transport.ts), parse5 with the first HTML to clean
 * (src/core/html/parse5.ts).
 */
export const LAZY_LIBRARIES = ['undici', 'parse5'];

/**
 * In the extension bundle, `require('undici')` becomes `require('./undici.js')` (dist/undici.js);
 * in a feature bundle (dist/features/), `require('../undici.js')`.
 */
const lazyLibraries = (prefix = './') => ({
  name: 'lazy-libraries',
  setup(build) {
    const filter = new RegExp(`^(${LAZY_LIBRARIES.join('|')})$`);
    build.onResolve({ filter }, (args) => ({ path: `${prefix}${args.path}.js`, external: true }));
  },
});

/**
 * Features bundled into their own file, dist/features/<name>.js, and required the first time they
 * are used (see src/vscode/lazy/). A feature's bundle holds the files it owns (path prefixes from
 * the repository root); everything else it imports from src/ is the start-up bundle's one
 * instance, so a class is defined once and `instanceof` holds across bundles. The start-up
 * bundle may import a feature only through its entry (a dynamic `import()`); two features never
 * own, nor import, each other's files: the build fails if they do.
 */
export const LAZY_FEATURES = [
  { name: 'manage', entry: 'src/vscode/manage/index.ts', owns: ['src/vscode/manage/'] },
  { name: 'redirects', entry: 'src/vscode/redirects/index.ts', owns: ['src/vscode/redirects/', 'src/core/redirects/', 'node_modules/yaml/'] },
  { name: 'logs', entry: 'src/vscode/logs/index.ts', owns: ['src/vscode/logs/index.ts', 'src/vscode/logs/logCommands.ts', 'src/vscode/logs/logDocuments.ts', 'src/vscode/logs/problemsView.ts', 'src/core/logs/branchProblems.ts', 'src/core/logs/follower.ts', 'src/core/logs/locate.ts', 'src/core/logs/paths.ts', 'src/core/logs/problems.ts', 'src/core/logs/render.ts', 'src/core/logs/text.ts', 'src/core/logs/truncation.ts'] },
  { name: 'authoring', entry: 'src/vscode/authoring/index.ts', owns: ['src/vscode/authoring/', 'src/core/inventory/', 'src/core/search/'] },
];

/** Where the start-up bundle exports its modules to the feature bundles. */
const SHARED_EXPORT = '__shared';

const keyOf = (path) => relative(root, path).split(sep).join('/');
const ownerOf = (key) => LAZY_FEATURES.find((feature) => feature.owns.some((prefix) => key.startsWith(prefix)));

/** Resolves an import the way esbuild would, without this plugin (null for externals such as vscode). */
async function resolved(build, args) {
  if (args.pluginData === 'resolving' || args.kind === 'entry-point') return null;
  const result = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'resolving' });
  if (result.errors.length || result.external || !result.path) return null;
  return keyOf(result.path);
}

/**
 * In a feature's bundle: its own files are bundled; any other file of src/ becomes the start-up
 * bundle's instance (`require('../extension.js').__shared[<file>]`). With `collect`, those files
 * are only recorded (the start-up bundle exports exactly them).
 */
const featureImports = (feature, collect) => ({
  name: `feature-${feature.name}`,
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.namespace === 'shared') return { path: args.path, external: true };
      const key = await resolved(build, args);
      if (!key) return undefined;
      const owner = ownerOf(key);
      if (owner === feature) return undefined;
      if (owner) return { errors: [{ text: `feature "${feature.name}" imports ${key}, owned by feature "${owner.name}"` }] };
      if (!key.startsWith('src/')) return undefined;
      if (collect) { collect.add(key); return { path: key, external: true }; }
      return { path: key, namespace: 'shared' };
    });
    build.onLoad({ filter: /.*/, namespace: 'shared' }, (args) => ({
      contents: `module.exports = require('../extension.js').${SHARED_EXPORT}[${JSON.stringify(args.path)}];`,
      loader: 'js',
    }));
  },
});

/** The esbuild options of a feature's bundle (`collect`: a dry run that records the shared files). */
export function featureBundle(feature, { production, outdir, metafile = false, collect = undefined }) {
  return {
    ...commonOptions(production),
    entryPoints: { [`features/${feature.name}`]: feature.entry },
    outdir,
    metafile,
    supported: { 'dynamic-import': false },
    ...(collect ? { write: false } : {}),
    plugins: [featureImports(feature, collect), lazyLibraries('../')],
  };
}

/**
 * The start-up bundle: src/extension.ts, plus the export of every file a feature bundle takes
 * from it. An import of a feature's entry becomes `require('./features/<name>.js')`; importing
 * any other file a feature owns fails the build.
 */
const startupEntry = (production) => ({
  name: 'startup-entry',
  setup(build) {
    build.onResolve({ filter: /^startup:entry$/ }, () => ({ path: 'entry', namespace: 'startup' }));
    build.onLoad({ filter: /.*/, namespace: 'startup' }, async () => {
      const shared = new Set();
      for (const feature of LAZY_FEATURES) await esbuild.build(featureBundle(feature, { production, outdir: join(root, 'dist'), collect: shared }));
      const keys = [...shared].sort();
      return {
        contents: [
          "export * from './src/extension';",
          ...keys.map((key, i) => `import * as m${i} from ${JSON.stringify(`./${key}`)};`),
          `export const ${SHARED_EXPORT} = {${keys.map((key, i) => `${JSON.stringify(key)}: m${i}`).join(', ')}};`,
        ].join('\n'),
        resolveDir: root,
        loader: 'ts',
      };
    });
    build.onResolve({ filter: /.*/ }, async (args) => {
      const key = await resolved(build, args);
      const owner = key && ownerOf(key);
      if (!owner) return undefined;
      if (key === owner.entry && args.kind === 'dynamic-import') return { path: `./features/${owner.name}.js`, external: true };
      return { errors: [{ text: `the start-up bundle imports ${key}, owned by feature "${owner.name}" (only a dynamic import of ${owner.entry} may)` }] };
    });
  },
});

/** An entry point that is the whole of one package, re-exported as CommonJS. */
function reexport(name) {
  return {
    name: `reexport-${name}`,
    setup(build) {
      build.onResolve({ filter: /^lazy-library:/ }, (args) => ({ path: args.path, namespace: 'lazy-library' }));
      build.onLoad({ filter: /.*/, namespace: 'lazy-library' }, () => ({
        contents: `module.exports = require(${JSON.stringify(name)});`,
        resolveDir: root,
        loader: 'js',
      }));
    },
  };
}

/**
 * What dist/undici.js leaves out, to keep the .vsix small (about 45 KB of it):
 * - the SIMD build of llhttp: undici carries the HTTP parser twice, as base64 WebAssembly, and
 *   falls back to the portable build when the SIMD one does not load (client-h1.js, `lazyllhttp`);
 *   for a few small API responses SIMD gains nothing measurable;
 * - features only undici's index.js requires, to export them, and the extension never uses:
 *   fetch (and its Headers, Request, Response, FormData), the Cache API, WebSocket, EventSource,
 *   cookies, the interceptors, the retry handler and the cache stores,
 *   the pools and agents other than Agent and ProxyAgent, and the mock agents (the tests load
 *   undici from node_modules). A part that undici's own modules also require is still bundled.
 * Everything the transport uses (request, Agent, ProxyAgent, errors) is bundled whole.
 */
const UNUSED_UNDICI_FEATURES = new RegExp('^\\./lib/(mock/|web/(websocket|eventsource|fetch|cache)/|web/cookies|web/fetch$'
  + '|interceptor/|handler/retry-handler$|cache/'
  + '|dispatcher/(balanced-pool|round-robin-pool|socks5-proxy-agent|env-http-proxy-agent|retry-agent|h2c-client)$)');
/**
 * Parts undici's own modules require and the extension never reaches, each replaced by a stand-in
 * that throws on use: the HTTP/2 client (used only with `allowH2`, which the extension never sets)
 * and fetch's body encoder (used only for FormData request bodies; the extension sends JSON).
 */
const NOT_BUNDLED_ON_USE = {
  h2: "() => { throw new Error('not bundled: the HTTP/2 client (allowH2 is never set)'); }",
  formdata: "{ extractBody() { throw new Error('not bundled: FormData request bodies'); } }",
};
const leaveOutOfUndici = {
  name: 'leave-out-of-undici',
  setup(build) {
    build.onResolve({ filter: /llhttp_simd-wasm\.js$/ }, (args) => ({ path: args.path, namespace: 'left-out', pluginData: 'simd' }));
    build.onResolve({ filter: UNUSED_UNDICI_FEATURES }, (args) => (/undici[\\/]index\.js$/.test(args.importer)
      ? { path: args.path, namespace: 'left-out', pluginData: 'unused' }
      : undefined));
    build.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) => (/dispatcher[\\/]client\.js$/.test(args.importer)
      ? { path: args.path, namespace: 'left-out', pluginData: 'h2' }
      : undefined));
    build.onResolve({ filter: /^\.\.\/web\/fetch\/body\.js$/ }, (args) => (/dispatcher[\\/]client-h1\.js$/.test(args.importer)
      ? { path: args.path, namespace: 'left-out', pluginData: 'formdata' }
      : undefined));
    build.onLoad({ filter: /^/, namespace: 'left-out' }, (args) => (args.pluginData in NOT_BUNDLED_ON_USE ? {
      contents: `module.exports = ${NOT_BUNDLED_ON_USE[args.pluginData]};`,
      loader: 'js',
    } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'left-out' }, (args) => ({
      // The SIMD parser fails to load, so undici takes the portable one; the unused features export nothing.
      contents: args.pluginData === 'simd' ? "throw new Error('not bundled: undici falls back to its portable llhttp build');"
        // index.js builds its `caches` export at load: an empty Cache API stands in.
        : args.path.endsWith('/cachestorage') ? 'module.exports = { CacheStorage: class CacheStorage {} };' : 'module.exports = {};',
      loader: 'js',
    }));
  },
};

/**
 * undici's portable HTTP parser ships as WebAssembly in base64 inside a JavaScript file; the .vsix
 * compresses the binary better (about 9 KiB less). dist/llhttp.wasm is written beside
 * dist/undici.js, which reads it the first time a connection needs the parser.
 */
const LLHTTP_WASM = 'llhttp.wasm';
const llhttpAsFile = (outdir) => ({
  name: 'llhttp-as-file',
  setup(build) {
    build.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]llhttp[\\/]llhttp-wasm\.js$/ }, async (args) => {
      const base64 = /const wasmBase64 = '([A-Za-z0-9+/=]+)'/.exec(await readFile(args.path, 'utf8'))?.[1];
      if (!base64) return { errors: [{ text: `no base64 WebAssembly found in ${args.path}` }] };
      if (build.initialOptions.write !== false) await writeFile(join(outdir, LLHTTP_WASM), Buffer.from(base64, 'base64'));
      return {
        contents: `let wasm; Object.defineProperty(module, 'exports', { get: () => (wasm ??= require('node:fs').readFileSync(require('node:path').join(__dirname, ${JSON.stringify(LLHTTP_WASM)}))) });`,
        loader: 'js',
      };
    });
  },
});

/**
 * The start-up bundle (`<outdir>/extension.js`, the manifest's `main`), one file per lazy
 * feature in `<outdir>/features/`, and one file per lazy library beside it.
 * @param {{ production: boolean, outdir?: string, metafile?: boolean, plugins?: object[] }} options
 */
export function extensionBundles({ production, outdir = join(root, 'dist'), metafile = false, plugins = [] }) {
  const common = commonOptions(production);
  return [
    {
      ...common,
      entryPoints: ['startup:entry'],
      outfile: join(outdir, 'extension.js'),
      // `import('undici')` becomes a require() of dist/undici.js inside a promise: the file is CommonJS.
      supported: { 'dynamic-import': false },
      metafile,
      plugins: [startupEntry(production), lazyLibraries(), ...plugins],
    },
    ...LAZY_FEATURES.map((feature) => featureBundle(feature, { production, outdir, metafile })),
    ...LAZY_LIBRARIES.map((name) => ({
      ...common,
      entryPoints: { [name]: `lazy-library:${name}` },
      outdir,
      metafile,
      sourcemap: false,
      plugins: name === 'undici' ? [reexport(name), leaveOutOfUndici, llhttpAsFile(outdir)] : [reexport(name)],
    })),
  ];
}
