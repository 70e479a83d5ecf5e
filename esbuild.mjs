// Bundles the extension (and, with --tests, the extension-host test suite) with esbuild.
// The extension's bundles are defined in scripts/lib/bundles.mjs (the benchmark builds the same).
import * as esbuild from 'esbuild';
import { readdir, rm } from 'node:fs/promises';
import { commonOptions, extensionBundles } from './scripts/lib/bundles.mjs';

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

const common = commonOptions(production);
const builds = extensionBundles({ production, metafile: analyze, plugins: watch ? [watchMarkers] : [] });
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
  // runner, its own tests (then Restricted Mode's, in the same folder), and the wrapper extension
  // that counts SecretStorage calls.
  builds.push({
    ...common,
    entryPoints: { index: 'test/extension/index.ts', 'quietStart.test': 'test/quiet-start/quietStart.test.ts', 'restrictedMode.test': 'test/quiet-start/restrictedMode.test.ts' },
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
