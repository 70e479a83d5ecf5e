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

const builds = [
  { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', metafile: analyze, plugins: watch ? [watchMarkers] : [] },
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
