// The layers of src/ (DESIGN.md §2), from the bottom up, as data: an import may only run down this
// list, never up, and never round in a cycle. `npm test` checks it (`npm run check:layers`,
// scripts/test.mjs); CONTRIBUTING.md "Layers" says how to read a failure.
//
// A layer is its folders and files (`path`, regular expressions on the path from the repository's
// root) minus `pathNot`. Folders in one layer may import each other (no cycle); the feature folders
// of one tier may not (`siblings: 'apart'`), so a feature that needs another's fact either moves
// the fact down or stands in a tier above it.
const LAYERS = [
  {
    name: 'leaves',
    path: ['^src/core/(html|validation|util)/', '^src/core/(log|l10n|commandIds|contextKeys)\\.ts$'],
  },
  { name: 'models', path: ['^src/core/models/'] },
  { name: 'api', path: ['^src/core/(api|choices)/'] },
  {
    name: 'services',
    path: [
      '^src/core/(tree|embed|editions|builds|versions|manage|filters)/',
      '^src/core/(config|commandArgs|downloads)\\.ts$',
    ],
  },
  { name: 'workspace', path: ['^src/core/workspace/'] },
  // The features, in tiers: how the folder builds its docs (`.readthedocs.yaml` as read, the build
  // tools and the layouts they give); `.readthedocs.yaml`'s server rules and first configuration,
  // which read the build tools; private docs' grants, which the inventories' fetches carry; then
  // the features that read those; pull requests use redirects.
  { name: 'features:docsLayout', path: ['^src/core/docsLayout/'] },
  { name: 'features:readthedocsYaml', path: ['^src/core/readthedocsYaml/'] },
  { name: 'features:sharing', path: ['^src/core/sharing/'] },
  {
    name: 'features',
    path: ['^src/core/(branchBuilds|buildTimes|inventory|logs|notices|redirects|search|upload)/'],
    siblings: 'apart',
  },
  { name: 'features:pulls', path: ['^src/core/pulls/'] },
  { name: 'adapters', path: ['^src/vscode/'] },
  { name: 'composition root', path: ['^src/extension\\.ts$'] },
];

const SEE = 'See CONTRIBUTING.md "Layers".';
const allLayerPaths = LAYERS.flatMap((layer) => layer.path);
const inLayer = (layer) => ({ path: layer.path, ...(layer.pathNot ? { pathNot: layer.pathNot } : {}) });
const slug = (name) => name.replace(/[^a-zA-Z]+/g, '-');

/** One rule per pair (lower, higher): its name says both layers. */
const upwardImports = LAYERS.flatMap((lower, low) => LAYERS.slice(low + 1).map((higher) => ({
  name: `layer-${slug(lower.name)}-imports-${slug(higher.name)}`,
  severity: 'error',
  comment: `${lower.name} is below ${higher.name}: it may not import it. Imports run down the layers only `
    + `(${LAYERS.map((layer) => layer.name).join(' → ')}); move the shared fact down to the lowest layer that `
    + `needs it. ${SEE}`,
  from: inLayer(lower),
  to: inLayer(higher),
})));

/** Features of one tier stay apart: `src/core/<a>/` never imports `src/core/<b>/`. */
const siblingImports = LAYERS.filter((layer) => layer.siblings === 'apart').map((layer) => {
  const folders = layer.path.map((path) => path.replace(/\/$/, '')).join('|');
  return {
    name: `layer-${slug(layer.name)}-import-each-other`,
    severity: 'error',
    comment: `The ${layer.name} of one tier do not import each other: move the shared fact down, or declare `
      + `the importing feature in a tier above (.dependency-cruiser.mjs). ${SEE}`,
    from: { path: `(${folders})/` },
    to: { path: `(${folders})/`, pathNot: '$1/' },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...upwardImports,
    ...siblingImports,
    {
      name: 'no-cycle',
      severity: 'error',
      comment: `An import cycle: the modules of a cycle can only be understood, tested and moved together. ${SEE}`,
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'core-reaches-vscode',
      severity: 'error',
      comment: `src/core never imports vscode, directly or through another module: it runs in plain Node. ${SEE}`,
      from: { path: '^src/core/' },
      to: { path: ['^vscode$', 'node_modules/@types/vscode/'], reachable: true },
    },
    {
      name: 'not-in-a-layer',
      severity: 'error',
      comment: `This module of src/ is in no layer: add its folder to LAYERS in .dependency-cruiser.mjs. ${SEE}`,
      from: { path: '^src/', pathNot: allLayerPaths },
      to: {},
    },
    {
      name: 'imports-a-module-in-no-layer',
      severity: 'error',
      comment: `The imported module of src/ is in no layer: add its folder to LAYERS in .dependency-cruiser.mjs. ${SEE}`,
      from: { path: '^src/' },
      to: { path: '^src/', pathNot: allLayerPaths },
    },
  ],
  options: {
    // Type-only imports count: a type from a higher layer ties the design as a value does.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: ['node_modules'] },
    includeOnly: ['^src/', 'node_modules/@types/vscode/'],
    progress: { type: 'none' },
  },
};
