// The esbuild options of the extension's own bundles, shared by esbuild.mjs and the benchmark
// (bench/lib/size.ts), so both measure and ship the same files. Options follow the `yo code`
// esbuild template; see ../../../shared/STYLE.md #13.
import { join, relative, sep } from 'node:path';
import * as esbuild from 'esbuild';
import { LAZY_LIBRARIES, lazyLibraries, libraryPlugins } from './libraries.mjs';
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
      plugins: libraryPlugins(name, outdir),
    })),
  ];
}
