// The libraries the extension bundles into files of their own (dist/undici.js, dist/parse5.js),
// and what their bundles leave out; scripts/lib/bundles.mjs builds them beside the extension's
// own bundles.
import { Buffer } from 'node:buffer';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { root } from './paths.mjs';

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
export const lazyLibraries = (prefix = './') => ({
  name: 'lazy-libraries',
  setup(build) {
    const filter = new RegExp(`^(${LAZY_LIBRARIES.join('|')})$`);
    build.onResolve({ filter }, (args) => ({ path: `${prefix}${args.path}.js`, external: true }));
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

/** The esbuild plugins of a lazy library's own bundle, `<outdir>/<name>.js`. */
export const libraryPlugins = (name, outdir) => (name === 'undici' ? [reexport(name), leaveOutOfUndici, llhttpAsFile(outdir)] : [reexport(name)]);
