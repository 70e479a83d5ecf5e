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
      plugins: [reexport(name)],
    })),
  ];
}
