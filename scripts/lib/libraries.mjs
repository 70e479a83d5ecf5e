// The libraries the extension requires on first use, each bundled whole into a file of its own
// beside dist/extension.js (dist/undici.js, dist/parse5.js, dist/yaml.js, dist/smol-toml.js), and how the extension's
// bundle takes them. scripts/lib/bundles.mjs builds them. The versions are pinned in package.json:
// the undici entry below names undici's own modules.
import { Buffer } from 'node:buffer';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { root } from './paths.mjs';

/**
 * Required on first use, because that is where start-up time goes: undici with the first request
 * (src/core/api/undici.ts), parse5 with the first HTML to clean (src/core/html/parse5.ts), yaml
 * with the first redirects file or mkdocs.yml read (src/core/util/yaml.ts), smol-toml with the
 * first zensical.toml read (src/core/util/toml.ts).
 */
export const LIBRARIES_ON_FIRST_USE = ['undici', 'parse5', 'yaml', 'smol-toml'];

/**
 * yaml's ES-module build (the package's `default` export condition, for bundlers; Node's condition
 * picks the CommonJS one): the same version and code, from which esbuild leaves out only what
 * src/ never reaches (yaml writes its warnings there with console.warn).
 */
const YAML_ES_MODULES = join(dirname(createRequire(join(root, 'package.json')).resolve('yaml/package.json')), 'browser', 'dist', 'index.js');

/** In the extension's bundle: `require('undici')` becomes `require('./undici.js')` (dist/undici.js), likewise the others. */
export const librariesOnFirstUse = {
  name: 'libraries-on-first-use',
  setup(build) {
    const filter = new RegExp(`^(${LIBRARIES_ON_FIRST_USE.join('|')})$`);
    build.onResolve({ filter }, (args) => ({ path: `./${args.path}.js`, external: true }));
  },
};

const yamlFromEsModules = {
  name: 'yaml-from-es-modules',
  setup(build) {
    build.onResolve({ filter: /^yaml$/ }, () => ({ path: YAML_ES_MODULES }));
  },
};

/**
 * Each library's entry point: what the source takes from it.
 * - undici: the two dispatchers src/core/api/dispatcher.ts creates, with the API (`request`,
 *   `connect`, …) on every dispatcher, as undici's index.js puts it there. The rest of index.js
 *   (fetch, WebSocket, EventSource, the Cache API, the mocks, …) is not required; every module
 *   these require is bundled whole.
 * - parse5 (ES modules): the names src/core/html takes from `loadParse5()` (parseUntrusted.ts, headingSection.ts).
 * - yaml (its ES modules): the names src/core takes from `loadYaml()` (the folder's YAML reader
 *   src/core/util/folderYaml.ts, the redirects file, `.readthedocs.yaml`'s quick fixes, `yamlScalar`).
 * - smol-toml: `parse`, the one name src/core/util/toml.ts takes.
 * test/unit/bundles.test.ts and test/integration/productionLibraries.test.ts check that every name
 * the source reads is there.
 */
const LIBRARY_ENTRIES = {
  undici: [
    "const Dispatcher = require('undici/lib/dispatcher/dispatcher');",
    "Object.assign(Dispatcher.prototype, require('undici/lib/api'));",
    "module.exports = { Agent: require('undici/lib/dispatcher/agent'), ProxyAgent: require('undici/lib/dispatcher/proxy-agent') };",
  ].join('\n'),
  parse5: "export { parseFragment, defaultTreeAdapter, serializeOuter } from 'parse5';",
  yaml: "export { Composer, Parser, YAMLParseError, parse, parseDocument, stringify, isAlias, isCollection, isMap, isNode, isPair, isScalar, isSeq, YAMLSeq } from 'yaml';",
  'smol-toml': "export { parse } from 'smol-toml';",
};

function libraryEntry(name) {
  return {
    name: `library-entry-${name}`,
    setup(build) {
      build.onResolve({ filter: /^library:/ }, (args) => ({ path: args.path, namespace: 'library' }));
      build.onLoad({ filter: /.*/, namespace: 'library' }, () => ({ contents: LIBRARY_ENTRIES[name], resolveDir: root, loader: 'js' }));
    },
  };
}

/**
 * undici's HTTP parser (llhttp, a portable and a SIMD build, undici picks) ships as WebAssembly in
 * base64 inside a JavaScript file; the .vsix stores each smaller as the binary, brotli-compressed
 * (11 quality, the largest window; the .vsix deflates each file on its own): about 14 KiB against
 * 27 KiB as base64. dist/llhttp.wasm.br and dist/llhttp_simd.wasm.br are written beside
 * dist/undici.js, which reads one the first time a connection needs the parser.
 */
const llhttpAsFiles = (outdir) => ({
  name: 'llhttp-as-files',
  setup(build) {
    build.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]llhttp[\\/]llhttp(_simd)?-wasm\.js$/ }, async (args) => {
      const base64 = /const wasmBase64 = '([A-Za-z0-9+/=]+)'/.exec(await readFile(args.path, 'utf8'))?.[1];
      if (!base64) return { errors: [{ text: `no base64 WebAssembly found in ${args.path}` }] };
      const file = args.path.includes('_simd') ? 'llhttp_simd.wasm.br' : 'llhttp.wasm.br';
      if (build.initialOptions.write !== false) {
        const bytes = Buffer.from(base64, 'base64');
        await mkdir(outdir, { recursive: true });
        await writeFile(join(outdir, file), brotliCompressSync(bytes, { params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_LGWIN]: zlib.BROTLI_MAX_WINDOW_BITS, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        } }));
      }
      const read = `require('node:zlib').brotliDecompressSync(require('node:fs').readFileSync(require('node:path').join(__dirname, ${JSON.stringify(file)})))`;
      return { contents: `let wasm; Object.defineProperty(module, 'exports', { get: () => (wasm ??= ${read}) });`, loader: 'js' };
    });
  },
});

/** The esbuild plugins of a library's own bundle, `<outdir>/<name>.js`. */
export const libraryPlugins = (name, outdir) => [libraryEntry(name), ...({ undici: [llhttpAsFiles(outdir)], yaml: [yamlFromEsModules] }[name] ?? [])];
