// The esbuild options of the extension's bundles, shared by esbuild.mjs and the benchmark
// (bench/lib/size.ts), so both measure and ship the same files. Options follow the `yo code`
// esbuild template; see ../../../shared/STYLE.md #13.
import { join } from 'node:path';
import { LIBRARIES_ON_FIRST_USE, libraryPlugins, librariesOnFirstUse } from './libraries.mjs';
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
    // A require() esbuild cannot bundle (a computed name, or one it cannot resolve inside a
    // try) would leave its module out of the .vsix and fail only when reached: it fails the build.
    logOverride: { 'unsupported-require-call': 'error', 'ignored-dynamic-import': 'error', 'unsupported-dynamic-import': 'error' },
  };
}

/**
 * The extension's bundle (`<outdir>/extension.js`, the manifest's `main`: all of src/, with yaml),
 * one file per library required on first use beside it (`<outdir>/undici.js`, `<outdir>/parse5.js`),
 * and the preview's style sheet (`<outdir>/media/preview.css`).
 * @param {{ production: boolean, outdir?: string, metafile?: boolean, plugins?: object[] }} options
 */
export function extensionBundles({ production, outdir = join(root, 'dist'), metafile = false, plugins = [] }) {
  const common = commonOptions(production);
  return [
    {
      ...common,
      entryPoints: { extension: 'src/extension.ts' },
      outdir,
      // `import('undici')` becomes a require() of dist/undici.js inside a promise: the file is CommonJS.
      supported: { 'dynamic-import': false },
      metafile,
      plugins: [librariesOnFirstUse, ...plugins],
    },
    ...LIBRARIES_ON_FIRST_USE.map((name) => ({
      ...common,
      entryPoints: { [name]: `library:${name}` },
      outdir,
      metafile,
      sourcemap: false,
      plugins: libraryPlugins(name, outdir),
    })),
    // The preview panel's style sheet, minified like the code (media/preview.css is the source).
    { ...common, entryPoints: { 'media/preview': 'media/preview.css' }, outdir, metafile, sourcemap: false },
  ];
}
