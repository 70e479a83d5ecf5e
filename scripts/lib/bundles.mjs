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
 * are used (see src/vscode/lazy/). Which files a feature's bundle holds is derived from the import
 * graph (featureOwners); everything else it imports from src/ is the start-up bundle's one
 * instance, so a class is defined once and `instanceof` holds across bundles. The start-up
 * bundle may import a feature only through its entry (a dynamic `import()`); a feature never
 * imports another feature's entry: the build fails if it does.
 */
export const LAZY_FEATURES = [
  { name: 'manage', entry: 'src/vscode/manage/index.ts' },
  { name: 'redirects', entry: 'src/vscode/redirects/index.ts' },
  { name: 'docs', entry: 'src/vscode/docs/index.ts' },
  { name: 'workspace', entry: 'src/vscode/workspace/features.ts' },
];

/** Where the start-up bundle exports its modules to the feature bundles. */
const SHARED_EXPORT = '__shared';
/** The start-up graph's entry. */
const STARTUP_SOURCE = 'src/extension.ts';

const keyOf = (path) => relative(root, path).split(sep).join('/');

/** Resolves an import the way esbuild would, without this plugin (null for externals such as vscode). */
async function resolved(build, args) {
  if (args.pluginData === 'resolving' || args.kind === 'entry-point') return null;
  const result = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'resolving' });
  if (result.errors.length || result.external || !result.path) return null;
  return keyOf(result.path);
}

/**
 * Who owns each file (repository-relative path → feature), from one esbuild pass over the start-up
 * graph (src/extension.ts, not following the dynamic imports of feature entries) and each
 * feature's graph: a file (of src/ or node_modules/) that exactly one feature reaches and the
 * start-up graph does not is that feature's. A file the start-up graph reaches stays in the
 * start-up bundle. A file two features reach and start-up does not also stays in the start-up
 * bundle (today core/manage/redirects.ts and core/validation/{redirects,text}.ts, about 4 KB, of
 * manage and redirects): a feature bundle can only take a shared file from the start-up bundle,
 * whose instance both then use, and a third bundle for a few KB would cost a file read more.
 * `features` defaults to LAZY_FEATURES (the bundles test adds a probe feature).
 */
export async function featureOwners(features = LAZY_FEATURES) {
  const entries = new Map(features.map((feature) => [feature.entry, feature]));
  const result = await esbuild.build({
    ...commonOptions(false),
    sourcemap: false,
    entryPoints: { startup: STARTUP_SOURCE, ...Object.fromEntries(features.map((feature) => [`feature-${feature.name}`, feature.entry])) },
    outdir: join(root, 'dist'),
    write: false,
    metafile: true,
    supported: { 'dynamic-import': false },
    plugins: [lazyLibraries(), {
      name: 'feature-graphs',
      setup(build) {
        build.onResolve({ filter: /.*/ }, async (args) => {
          if (args.kind !== 'dynamic-import') return undefined;
          const key = await resolved(build, args);
          return key && entries.has(key) ? { path: key, external: true } : undefined;
        });
      },
    }],
  });
  const reached = new Map();
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    const name = /(?:^|\/)(startup|feature-.+)\.js$/.exec(file)?.[1];
    if (name) reached.set(name, new Set(Object.keys(output.inputs).filter((input) => !input.includes(':'))));
  }
  const startup = reached.get('startup');
  const errors = [];
  for (const feature of features) {
    if (startup.has(feature.entry)) errors.push(`the start-up bundle imports ${feature.entry} (only a dynamic import of it may)`);
    for (const other of features) {
      if (other !== feature && reached.get(`feature-${other.name}`).has(feature.entry)) errors.push(`feature "${other.name}" imports ${feature.entry}, the entry of feature "${feature.name}"`);
    }
  }
  if (errors.length) throw new Error(errors.join('\n'));
  const owners = new Map();
  for (const feature of features) {
    for (const key of reached.get(`feature-${feature.name}`)) {
      if (startup.has(key) || owners.has(key)) continue;
      const reachers = features.filter((f) => reached.get(`feature-${f.name}`).has(key));
      if (reachers.length === 1) owners.set(key, feature);
    }
  }
  return owners;
}

/** featureOwners as an esbuild plugin sees it: computed again when each build (or rebuild) starts, unless `given`. */
function ownersAtStart(build, features, given) {
  let owners = given ?? new Map();
  build.onStart(async () => {
    if (given) return undefined;
    try {
      owners = await featureOwners(features);
      return undefined;
    } catch (error) {
      return { errors: [{ text: error instanceof Error ? error.message : String(error) }] };
    }
  });
  return () => owners;
}

/**
 * In a feature's bundle: its own files are bundled; any other file of src/ becomes the start-up
 * bundle's instance (`require('../extension.js').__shared[<file>]`). With `collect`, those files
 * are only recorded (the start-up bundle exports exactly them).
 */
const featureImports = (feature, collect, owners) => ({
  name: `feature-${feature.name}`,
  setup(build) {
    const owned = ownersAtStart(build, LAZY_FEATURES.includes(feature) ? LAZY_FEATURES : [...LAZY_FEATURES, feature], owners);
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.namespace === 'shared') return { path: args.path, external: true };
      const key = await resolved(build, args);
      if (!key) return undefined;
      const owner = owned().get(key);
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

/**
 * The esbuild options of a feature's bundle (`collect`: a dry run that records the shared files;
 * `owners`: featureOwners when already known).
 */
export function featureBundle(feature, { production, outdir, metafile = false, collect = undefined, owners = undefined }) {
  return {
    ...commonOptions(production),
    entryPoints: { [`features/${feature.name}`]: feature.entry },
    outdir,
    metafile,
    supported: { 'dynamic-import': false },
    ...(collect ? { write: false } : {}),
    plugins: [featureImports(feature, collect, owners), lazyLibraries('../')],
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
    const owned = ownersAtStart(build, LAZY_FEATURES);
    build.onResolve({ filter: /^startup:entry$/ }, () => ({ path: 'entry', namespace: 'startup' }));
    build.onLoad({ filter: /.*/, namespace: 'startup' }, async () => {
      const shared = new Set();
      for (const feature of LAZY_FEATURES) await esbuild.build(featureBundle(feature, { production, outdir: join(root, 'dist'), collect: shared, owners: owned() }));
      const keys = [...shared].sort();
      return {
        contents: [
          `export * from './${STARTUP_SOURCE.replace(/\.ts$/, '')}';`,
          ...keys.map((key, i) => `import * as m${i} from ${JSON.stringify(`./${key}`)};`),
          `export const ${SHARED_EXPORT} = {${keys.map((key, i) => `${JSON.stringify(key)}: m${i}`).join(', ')}};`,
        ].join('\n'),
        resolveDir: root,
        loader: 'ts',
      };
    });
    build.onResolve({ filter: /.*/ }, async (args) => {
      const key = await resolved(build, args);
      const owner = key && owned().get(key);
      if (!owner) return undefined;
      if (key === owner.entry && args.kind === 'dynamic-import') return { path: `./features/${owner.name}.js`, external: true };
      return { errors: [{ text: `the start-up bundle imports ${key}, owned by feature "${owner.name}" (only a dynamic import of ${owner.entry} may)` }] };
    });
  },
});

/**
 * The start-up bundle (`<outdir>/extension.js`, the manifest's `main`), one file per lazy
 * feature in `<outdir>/features/`, one file per lazy library beside it, and the preview's style
 * sheet (`<outdir>/media/preview.css`).
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
    // The preview panel's style sheet, minified like the code (media/preview.css is the source).
    { ...common, entryPoints: { 'media/preview': 'media/preview.css' }, outdir, metafile, sourcemap: false },
  ];
}
