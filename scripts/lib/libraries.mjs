// The libraries the extension bundles into files of their own (dist/undici.js, dist/parse5.js),
// and what their bundles leave out; scripts/lib/bundles.mjs builds them beside the extension's
// own bundles.
import { Buffer } from 'node:buffer';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { root } from './paths.mjs';

/**
 * Libraries the extension loads on first use, each bundled into its own file next to
 * dist/extension.js: VS Code's start-up only reads the small extension bundle; undici comes with
 * the first request (src/core/api/transport.ts), parse5 with the first HTML to clean
 * (src/core/html/parse5.ts).
 */
export const LAZY_LIBRARIES = ['undici', 'parse5'];

/**
 * How our own bundles take their libraries. In the extension bundle, `require('undici')` becomes
 * `require('./undici.js')` (dist/undici.js); in a feature bundle (dist/features/),
 * `require('../undici.js')`. yaml, bundled inside the redirects feature, comes from its ES-module
 * build (the package's `default` export condition, for bundlers and browsers; Node's condition
 * picks the CommonJS one): same version and code, and esbuild leaves out what the redirects code
 * never reaches (the CST helpers, `parseAllDocuments`, `visitAsync`, …; about 5 KiB of the
 * .vsix). That build writes yaml's warnings with console.warn instead of process.emitWarning.
 * It also leaves out what schema/tags.js imports and our YAML 1.2 reading never uses
 * (NOT_BUNDLED_FROM_YAML).
 */
const YAML_ES_MODULES = join(dirname(createRequire(join(root, 'package.json')).resolve('yaml/package.json')), 'browser', 'dist', 'index.js');
/**
 * The src/core/redirects files read YAML 1.2 with yaml's default (core) schema. What schema/tags.js
 * imports besides it is left out:
 * - the YAML 1.1 schema (its booleans, octal and sexagesimal numbers): yaml takes it only for a
 *   document that starts with `%YAML 1.1`; parsing one throws the message below, which
 *   parseRedirectsFile reports as a problem of the file;
 * - the JSON schema (only with the `schema: 'json'` option, never passed);
 * - the YAML 1.1 tags `!!binary`, `!!omap`, `!!pairs`, `!!set` and `!!timestamp`, which the core
 *   schema also resolves when a value carries one explicitly: a redirects file has no use for them
 *   (its fields are strings, numbers and booleans), and such a value is read as untagged, with
 *   yaml's "Unresolved tag" warning. `<<` merge keys (yaml-1.1/merge.js) stay.
 */
const NOT_BUNDLED_FROM_YAML = {
  'yaml-1.1/schema.js': "export const schema = notBundled('YAML 1.1 documents are not supported: remove the %YAML 1.1 line to read the file as YAML 1.2');",
  'json/schema.js': "export const schema = notBundled('not bundled: the JSON schema of yaml (never passed as an option)');",
  'yaml-1.1/binary.js': 'export const binary = undefined;',
  'yaml-1.1/omap.js': 'export const omap = undefined;',
  'yaml-1.1/pairs.js': 'export const pairs = undefined;',
  'yaml-1.1/set.js': 'export const set = undefined;',
  'yaml-1.1/timestamp.js': 'export const timestamp = undefined, intTime = undefined, floatTime = undefined;',
};
/** A schema's tag list that throws `message` when yaml reads it (only a Schema of that name does). */
const NOT_BUNDLED_SCHEMA = 'const notBundled = (message) => new Proxy([], { get() { throw new Error(message); } });';
export const lazyLibraries = (prefix = './') => ({
  name: 'lazy-libraries',
  setup(build) {
    const filter = new RegExp(`^(${LAZY_LIBRARIES.join('|')})$`);
    build.onResolve({ filter }, (args) => ({ path: `${prefix}${args.path}.js`, external: true }));
    build.onResolve({ filter: /^yaml$/ }, () => ({ path: YAML_ES_MODULES }));
    build.onResolve({ filter: /^\.\/(yaml-1\.1|json)\/[a-z]+\.js$/ }, (args) => {
      const key = args.path.slice(2);
      return key in NOT_BUNDLED_FROM_YAML && /[\\/]yaml[\\/]browser[\\/]dist[\\/]schema[\\/]tags\.js$/.test(args.importer)
        ? { path: key, namespace: 'left-out-of-yaml' }
        : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'left-out-of-yaml' }, (args) => ({
      contents: `${NOT_BUNDLED_SCHEMA}\n${NOT_BUNDLED_FROM_YAML[args.path]}`,
      loader: 'js',
    }));
  },
});

/**
 * Each library's entry point: what the source takes from it, so esbuild bundles only what that
 * reaches.
 * - undici: the two dispatchers src/core/api/dispatcher.ts creates, with the API (`request`,
 *   `connect`, …) on every dispatcher, as undici's index.js puts it there; src/core/api calls
 *   `dispatcher.request()`. The rest of index.js (fetch, WebSocket, EventSource, the Cache API,
 *   cookies, the mocks, the interceptors, the other dispatchers, `undici.request` itself) is left
 *   out.
 * - parse5 (ES modules): the two names src/core/html/parseUntrusted.ts, the only reader, takes from
 *   `loadParse5()`; esbuild leaves out what they never reach (the serializer, the tokenizer's and
 *   the parser's public classes, the whole-document `parse`).
 * test/unit/bundles.test.ts and test/integration/productionLibraries.test.ts check that every name
 * the source reads is there.
 */
const LIBRARY_ENTRIES = {
  undici: [
    "const Dispatcher = require('undici/lib/dispatcher/dispatcher');",
    "Object.assign(Dispatcher.prototype, require('undici/lib/api'));",
    "module.exports = { Agent: require('undici/lib/dispatcher/agent'), ProxyAgent: require('undici/lib/dispatcher/proxy-agent') };",
  ].join('\n'),
  parse5: "export { parseFragment, defaultTreeAdapter } from 'parse5';",
};

/** The entry point of a library's bundle (LIBRARY_ENTRIES), as CommonJS. */
function libraryEntry(name) {
  return {
    name: `library-entry-${name}`,
    setup(build) {
      build.onResolve({ filter: /^lazy-library:/ }, (args) => ({ path: args.path, namespace: 'lazy-library' }));
      build.onLoad({ filter: /.*/, namespace: 'lazy-library' }, () => ({ contents: LIBRARY_ENTRIES[name], resolveDir: root, loader: 'js' }));
    },
  };
}

/**
 * What dist/parse5.js leaves out of the parts its parser imports, each replaced by a stand-in:
 * - the text of the parse error codes (`ERR`, 4 KB): parse5 hands a code only to an
 *   `onParseError` callback, and parseUntrusted.ts passes none; each code stands for itself by
 *   its name, since the tokenizer and the parser still look codes up;
 * - the DOCTYPE classification (quirks mode): used only by the initial insertion mode of a whole
 *   document; `parseFragment` starts in the fragment context's mode and ignores a DOCTYPE.
 */
const NOT_BUNDLED_FROM_PARSE5 = {
  'error-codes.js': 'export const ERR = new Proxy({}, { get: (_codes, name) => name });',
  'doctype.js': [
    "const wholeDocumentsOnly = () => { throw new Error('not bundled: DOCTYPE classification (parseFragment never needs it)'); };",
    'export { wholeDocumentsOnly as getDocumentMode, wholeDocumentsOnly as isConforming };',
  ].join('\n'),
};
/**
 * The HTML named character references (entities' decode table, 25 KB of JavaScript strings) go to
 * dist/html-entities.json.br, which dist/parse5.js reads when it is loaded: about 2 KiB less in
 * the .vsix. The table is the module's own, taken from it at build time.
 */
const leaveOutOfParse5 = (outdir) => ({
  name: 'leave-out-of-parse5',
  setup(build) {
    build.onLoad({ filter: /[\\/]parse5[\\/]dist[\\/]common[\\/](error-codes|doctype)\.js$/ }, (args) => ({
      contents: NOT_BUNDLED_FROM_PARSE5[args.path.split(/[\\/]/).pop()],
      loader: 'js',
    }));
    const file = brotliFile(build, outdir, 'html-entities.json.br');
    build.onLoad({ filter: /[\\/]entities[\\/]dist[\\/]generated[\\/]decode-data-html\.js$/ }, async (args) => {
      const { htmlDecodeData } = await import(pathToFileURL(args.path).href);
      if (!Array.isArray(htmlDecodeData)) return { errors: [{ text: `no htmlDecodeData array in ${args.path}` }] };
      await file.write(Buffer.from(JSON.stringify(htmlDecodeData)));
      return { contents: `export const htmlDecodeData = JSON.parse(${file.read}.toString('utf8'));`, loader: 'js' };
    });
  },
});

/**
 * What dist/undici.js leaves out of the parts the dispatchers require, to keep the .vsix small:
 * the SIMD build of llhttp. undici carries the HTTP parser twice, as base64 WebAssembly, and falls
 * back to the portable build when the SIMD one does not load (client-h1.js, `lazyllhttp`); for a
 * few small API responses SIMD gains nothing measurable.
 *
 * Parts undici's own modules require and the extension never reaches, each replaced (only where
 * `importer` requires it) by a stand-in that throws on use:
 * - the HTTP/2 client: used only with `allowH2`, which the extension never sets;
 * - fetch's body encoder: used only for FormData request bodies; the extension sends JSON;
 * - the streaming variants of the API (`stream`, `pipeline`, `upgrade`): api/index.js puts them on
 *   every dispatcher; the extension calls `request` (src/core/api/transport.ts,
 *   src/core/inventory/docsFile.ts), and ProxyAgent opens its tunnels with `connect` (kept);
 * - the SOCKS proxy agent: ProxyAgent hands it `socks://` and `socks5://` proxies, which the
 *   extension does not support (README, "Proxies and certificates"): src/core/api/dispatcher.ts
 *   refuses them with UnsupportedProxyError before undici sees one.
 */
const NOT_BUNDLED_ON_USE = [
  { request: /^\.\/client-h2\.js$/, importer: /dispatcher[\\/]client\.js$/, standIn: "() => { throw new Error('not bundled: the HTTP/2 client (allowH2 is never set)'); }" },
  { request: /^\.\.\/web\/fetch\/body\.js$/, importer: /dispatcher[\\/]client-h1\.js$/, standIn: "{ extractBody() { throw new Error('not bundled: FormData request bodies'); } }" },
  { request: /^\.\/api-(stream|pipeline|upgrade)$/, importer: /api[\\/]index\.js$/, standIn: "() => { throw new Error('not bundled: undici stream, pipeline and upgrade (the extension uses request)'); }" },
  { request: /^\.\/socks5-proxy-agent$/, importer: /dispatcher[\\/]proxy-agent\.js$/, standIn: "class { constructor() { throw new Error('not bundled: the SOCKS proxy agent (SOCKS proxies are not supported)'); } }" },
];
/**
 * llhttp's constants.js holds every table of the parser's generator (methods, statuses, character
 * classes: 10 KB minified); undici reads two of them, in client-h1.js, its only importer:
 * `constants.TYPE` and `constants.ERROR`. The bundle keeps those two, copied from the module at
 * build time; reading any other table throws instead of giving `undefined`.
 */
const LLHTTP_TABLES_READ = ['TYPE', 'ERROR'];
const llhttpTables = (path) => {
  const constants = createRequire(path)(path);
  const tables = Object.fromEntries(LLHTTP_TABLES_READ.map((name) => [name, constants[name]]));
  return `module.exports = new Proxy(${JSON.stringify(tables)}, { get(tables, name) {
    if (typeof name !== 'string' || name in tables) return tables[name];
    throw new Error('not bundled: llhttp constants.' + name);
  } });`;
};
const leaveOutOfUndici = {
  name: 'leave-out-of-undici',
  setup(build) {
    build.onResolve({ filter: /llhttp_simd-wasm\.js$/ }, (args) => ({ path: args.path, namespace: 'left-out', pluginData: 'simd' }));
    NOT_BUNDLED_ON_USE.forEach(({ request, importer }, index) => {
      build.onResolve({ filter: request }, (args) => (importer.test(args.importer) ? { path: args.path, namespace: 'left-out', pluginData: index } : undefined));
    });
    build.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]llhttp[\\/]constants\.js$/ }, (args) => ({ contents: llhttpTables(args.path), loader: 'js' }));
    build.onLoad({ filter: /^/, namespace: 'left-out' }, (args) => (typeof args.pluginData === 'number' ? {
      contents: `module.exports = ${NOT_BUNDLED_ON_USE[args.pluginData].standIn};`,
      loader: 'js',
    } : undefined));
    // The SIMD parser fails to load, so undici takes the portable one.
    build.onLoad({ filter: /.*/, namespace: 'left-out' }, () => ({
      contents: "throw new Error('not bundled: undici falls back to its portable llhttp build');",
      loader: 'js',
    }));
  },
};

/**
 * Data a library bundle reads from a file beside it, brotli-compressed (11 quality, the largest
 * window): the .vsix deflates each file on its own, and brotli packs these about a fifth smaller.
 * `write` stores `bytes` as `<outdir>/<file>` (not on a dry run); `read` is the expression the
 * bundle evaluates for them, once, when the library is loaded (zlib is built into Node).
 */
const brotliFile = (build, outdir, file) => ({
  async write(bytes) {
    if (build.initialOptions.write === false) return;
    await mkdir(outdir, { recursive: true });
    await writeFile(join(outdir, file), brotliCompressSync(bytes, { params: {
      [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_LGWIN]: zlib.BROTLI_MAX_WINDOW_BITS, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    } }));
  },
  read: `require('node:zlib').brotliDecompressSync(require('node:fs').readFileSync(require('node:path').join(__dirname, ${JSON.stringify(file)})))`,
});

/**
 * undici's portable HTTP parser ships as WebAssembly in base64 inside a JavaScript file; the .vsix
 * stores it smaller as the binary, brotli-compressed: about 14 KiB, against 18 KiB for the binary
 * under the .vsix's own deflate and 27 KiB as base64. dist/llhttp.wasm.br is written beside
 * dist/undici.js, which reads it the first time a connection needs the parser.
 */
const llhttpAsFile = (outdir) => ({
  name: 'llhttp-as-file',
  setup(build) {
    const file = brotliFile(build, outdir, 'llhttp.wasm.br');
    build.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]llhttp[\\/]llhttp-wasm\.js$/ }, async (args) => {
      const base64 = /const wasmBase64 = '([A-Za-z0-9+/=]+)'/.exec(await readFile(args.path, 'utf8'))?.[1];
      if (!base64) return { errors: [{ text: `no base64 WebAssembly found in ${args.path}` }] };
      await file.write(Buffer.from(base64, 'base64'));
      return {
        contents: `let wasm; Object.defineProperty(module, 'exports', { get: () => (wasm ??= ${file.read}) });`,
        loader: 'js',
      };
    });
  },
});

/** The esbuild plugins of a lazy library's own bundle, `<outdir>/<name>.js`. */
export const libraryPlugins = (name, outdir) => [libraryEntry(name), ...({ undici: [leaveOutOfUndici, llhttpAsFile(outdir)], parse5: [leaveOutOfParse5(outdir)] }[name] ?? [])];
