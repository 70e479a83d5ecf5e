// Bundles the extension (and, with --tests, the extension-host test suite) with esbuild.
// Options follow the `yo code` esbuild template; see ../shared/STYLE.md #13.
import * as esbuild from 'esbuild';
import { readdir, rm } from 'node:fs/promises';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const analyze = process.argv.includes('--analyze');
const withTests = process.argv.includes('--tests');

/** Prints the markers that the background problem matcher in .vscode/tasks.json waits for. */
const watchMarkers = {
  name: 'watch-markers',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of [...result.errors, ...result.warnings]) {
        console.error(`✘ ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
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
        resolveDir: process.cwd(),
        loader: 'js',
      }));
    },
  };
}

const common = {
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

/**
 * Libraries the extension loads on first use, each bundled into its own file next to
 * dist/extension.js: VS Code's start-up only reads the small extension bundle; undici comes with
 * the first request (src/core/api/transport.ts), parse5 with the first HTML to clean
 * (src/core/html/parse5.ts).
 */
const LAZY_LIBRARIES = ['undici', 'parse5'];

/** In the extension bundle, `require('undici')` becomes `require('./undici.js')` (dist/undici.js). */
const lazyLibraries = {
  name: 'lazy-libraries',
  setup(build) {
    const filter = new RegExp(`^(${LAZY_LIBRARIES.join('|')})$`);
    build.onResolve({ filter }, (args) => ({ path: `./${args.path}.js`, external: true }));
  },
};

const builds = [
  {
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    // `import('undici')` becomes a require() of dist/undici.js inside a promise: the file is CommonJS.
    supported: { 'dynamic-import': false },
    metafile: analyze,
    plugins: watch ? [lazyLibraries, watchMarkers] : [lazyLibraries],
  },
  ...LAZY_LIBRARIES.map((name) => ({
    ...common,
    entryPoints: { [name]: `lazy-library:${name}` },
    outdir: 'dist',
    metafile: analyze,
    sourcemap: false,
    plugins: [reexport(name)],
  })),
];
if (withTests) {
  // The runner plus every test file, each bundled on its own next to it in out/test/extension/,
  // where the runner finds them (`*.test.js`). The fixture workspace holds no code.
  const testFiles = (await readdir('test/extension', { recursive: true }))
    .filter((file) => file.endsWith('.test.ts') && !file.startsWith('fixture-workspace'))
    .map((file) => `test/extension/${file}`);
  builds.push({
    ...common,
    entryPoints: ['test/extension/index.ts', ...testFiles],
    outbase: 'test/extension',
    outdir: 'out/test/extension',
    // mocha is loaded from node_modules at run time: it requires its own files dynamically.
    external: ['vscode', 'mocha', 'mocha/*'],
    sourcemap: true,
    plugins: [watchMarkers],
  });
  // The quiet-start run (a second extension-host run in an unrelated, untrusted folder): the same
  // runner, its own tests, and the wrapper extension that counts SecretStorage calls.
  builds.push({
    ...common,
    entryPoints: { index: 'test/extension/index.ts', 'quietStart.test': 'test/quiet-start/quietStart.test.ts' },
    outdir: 'out/test/quiet-start',
    external: ['vscode', 'mocha', 'mocha/*'],
    sourcemap: true,
  }, {
    ...common,
    entryPoints: { wrapper: 'test/quiet-start/wrapperExtension.ts' },
    outdir: 'out/test/quiet-start-extension',
    sourcemap: true,
  });
}

await rm('dist', { recursive: true, force: true });
if (withTests) await rm('out', { recursive: true, force: true });

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  for (const options of builds) {
    const result = await esbuild.build(options);
    if (result.errors.length) process.exitCode = 1;
    if (analyze && result.metafile) console.log(await esbuild.analyzeMetafile(result.metafile, { verbose: false }));
  }
}
