// The esbuild options of the extension's own bundles, shared by esbuild.mjs and the benchmark
// (bench/lib/size.ts), so both measure and ship the same files. Options follow the `yo code`
// esbuild template; see ../../../shared/STYLE.md #13.
import { join } from 'node:path';
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

/** In the extension bundle, `require('undici')` becomes `require('./undici.js')` (dist/undici.js). */
const lazyLibraries = {
  name: 'lazy-libraries',
  setup(build) {
    const filter = new RegExp(`^(${LAZY_LIBRARIES.join('|')})$`);
    build.onResolve({ filter }, (args) => ({ path: `./${args.path}.js`, external: true }));
  },
};

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
 *   WebSocket, EventSource, cookies, and the mock agents (the tests load undici from node_modules).
 * Everything the transport uses (request, Agent, the proxy agents, errors) is bundled whole.
 */
const UNUSED_UNDICI_FEATURES = /^\.\/lib\/(mock\/|web\/websocket\/|web\/eventsource\/|web\/cookies)/;
const leaveOutOfUndici = {
  name: 'leave-out-of-undici',
  setup(build) {
    build.onResolve({ filter: /llhttp_simd-wasm\.js$/ }, (args) => ({ path: args.path, namespace: 'left-out', pluginData: 'simd' }));
    build.onResolve({ filter: UNUSED_UNDICI_FEATURES }, (args) => (/undici[\\/]index\.js$/.test(args.importer)
      ? { path: args.path, namespace: 'left-out', pluginData: 'unused' }
      : undefined));
    build.onLoad({ filter: /.*/, namespace: 'left-out' }, (args) => ({
      // The SIMD parser fails to load, so undici takes the portable one; the unused features export nothing.
      contents: args.pluginData === 'simd' ? "throw new Error('not bundled: undici falls back to its portable llhttp build');" : 'module.exports = {};',
      loader: 'js',
    }));
  },
};

/**
 * The start-up bundle (`<outdir>/extension.js`, the manifest's `main`) and one file per lazy
 * library beside it.
 * @param {{ production: boolean, outdir?: string, metafile?: boolean, plugins?: object[] }} options
 */
export function extensionBundles({ production, outdir = join(root, 'dist'), metafile = false, plugins = [] }) {
  const common = commonOptions(production);
  return [
    {
      ...common,
      entryPoints: ['src/extension.ts'],
      outfile: join(outdir, 'extension.js'),
      // `import('undici')` becomes a require() of dist/undici.js inside a promise: the file is CommonJS.
      supported: { 'dynamic-import': false },
      metafile,
      plugins: [lazyLibraries, ...plugins],
    },
    ...LAZY_LIBRARIES.map((name) => ({
      ...common,
      entryPoints: { [name]: `lazy-library:${name}` },
      outdir,
      metafile,
      sourcemap: false,
      plugins: name === 'undici' ? [reexport(name), leaveOutOfUndici] : [reexport(name)],
    })),
  ];
}
