import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';

// "One place" rules: where a question must have one answer, a second answer fails lint. Each entry
// names its owners (the only files allowed to do it; an owner may not exist yet), what is refused
// (`syntax`: esquery selectors for no-restricted-syntax; `imports`: modules for
// @typescript-eslint/no-restricted-imports) and a message naming the owner. `typeImports: true`
// lets every file import the module's types (they vanish from the bundle); `typeImportsUnder` only
// the files under that folder. CONTRIBUTING.md "One place rules" lists the owners;
// test/unit/lint/onePlace.test.ts checks that each rule fires.
const WHERE = 'See CONTRIBUTING.md "Where things live".';
export const ONE_PLACE = [
  {
    id: 'findFiles',
    owners: ['src/vscode/folderSearch.ts'],
    syntax: ["MemberExpression[property.name='findFiles']"],
    message: `Search a folder's files through src/vscode/folderSearch.ts (one exclude list, one answer to "how does this folder build its docs"), not workspace.findFiles. ${WHERE}`,
  },
  {
    id: 'webviewPanel',
    owners: ['src/vscode/ui/webviewPanel.ts'],
    syntax: ["MemberExpression[property.name='createWebviewPanel']"],
    message: `Open a webview panel through src/vscode/ui/webviewPanel.ts, not createWebviewPanel. ${WHERE}`,
  },
  {
    id: 'contentSecurityPolicy',
    owners: ['src/core/html/webviewPage.ts'],
    syntax: ['Literal[value=/content-security-policy/i]', 'TemplateElement[value.raw=/content-security-policy/i]'],
    message: `A webview page's Content-Security-Policy is written by src/core/html/webviewPage.ts only. ${WHERE}`,
  },
  {
    // A webview's nonce; the multipart boundary of an upload is the one other random string.
    id: 'randomBytes',
    owners: ['src/core/html/webviewPage.ts', 'src/core/api/multipart.ts'],
    syntax: [
      'ImportSpecifier[imported.name=/^(randomBytes|getRandomValues|randomUUID)$/]',
      'MemberExpression[property.name=/^(randomBytes|getRandomValues|randomUUID)$/]',
    ],
    message: `A webview's nonce is made by src/core/html/webviewPage.ts (randomBytes elsewhere: only the multipart boundary, src/core/api/multipart.ts). ${WHERE}`,
  },
  {
    id: 'globalState',
    owners: ['src/extension.ts'],
    syntax: ["MemberExpression[property.name='globalState']"],
    message: `globalState is read in src/extension.ts only, which hands each store a BoundedStore (src/core/util/boundedStore.ts). ${WHERE}`,
  },
  {
    id: 'yaml',
    owners: ['src/core/util/yaml.ts', 'src/core/util/folderYaml.ts'],
    imports: ['yaml'],
    typeImports: true,
    syntax: ["CallExpression[callee.name='require'][arguments.0.value=/^yaml(\\/|$)/]", "ImportExpression[source.value=/^yaml(\\/|$)/]"],
    message: `yaml is loaded by src/core/util/yaml.ts (loadYaml) and read through src/core/util/folderYaml.ts (readFolderYaml, its caps); elsewhere import its types only. ${WHERE}`,
  },
  {
    id: 'parse5',
    owners: ['src/core/html/parse5.ts'],
    imports: ['parse5'],
    typeImportsUnder: 'src/core/html/',
    syntax: ["CallExpression[callee.name='require'][arguments.0.value=/^parse5(\\/|$)/]", "ImportExpression[source.value=/^parse5(\\/|$)/]"],
    message: `parse5 is loaded by src/core/html/parse5.ts only (its types: in src/core/html). ${WHERE}`,
  },
  {
    id: 'toml',
    owners: ['src/core/util/toml.ts'],
    imports: ['smol-toml'],
    syntax: ["CallExpression[callee.name='require'][arguments.0.value='smol-toml']", "ImportExpression[source.value='smol-toml']"],
    message: `TOML is read through src/core/util/toml.ts only. ${WHERE}`,
  },
];

/** The two rules for files matching `scope` (a glob, or one file), which may also do what `allowed` names. */
function onePlaceRules(scope, allowed = []) {
  const applies = ONE_PLACE.filter((entry) => !entry.owners.includes(scope) && !allowed.includes(entry.id));
  const typesAllowed = (entry) => entry.typeImports === true || (entry.typeImportsUnder !== undefined && scope.startsWith(entry.typeImportsUnder));
  const withImports = applies.filter((entry) => entry.imports);
  return {
    'no-restricted-syntax': ['error', ...applies.flatMap((entry) => (entry.syntax ?? []).map((selector) => ({ selector, message: entry.message })))],
    '@typescript-eslint/no-restricted-imports': ['error', {
      paths: withImports.flatMap((entry) => entry.imports.map((name) => ({ name, message: entry.message, allowTypeImports: typesAllowed(entry) }))),
      patterns: withImports.map((entry) => ({ group: entry.imports.map((name) => `${name}/*`), message: entry.message, allowTypeImports: typesAllowed(entry) })),
    }],
  };
}

/** Config blocks: every file of src/, then the folders allowed types, then each owner (later blocks win). */
function onePlaceBlocks() {
  const typeFolders = [...new Set(ONE_PLACE.flatMap((entry) => entry.typeImportsUnder ?? []))];
  const owners = [...new Set(ONE_PLACE.flatMap((entry) => entry.owners))];
  return [
    { files: ['src/**/*.ts'], rules: onePlaceRules('src/**/*.ts') },
    ...typeFolders.map((folder) => ({ files: [`${folder}**/*.ts`], rules: onePlaceRules(folder) })),
    ...owners.map((file) => ({ files: [file], rules: onePlaceRules(file) })),
  ];
}

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'media/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      curly: ['error', 'multi-line'],
    },
  },
  {
    // No pattern may backtrack or move super-linearly over a line or a file (DESIGN.md §10: the
    // extension host thread); a finding that is safe says why where it stands.
    files: ['src/**/*.ts'],
    ...regexp.configs['flat/recommended'],
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    // The layer rule (DESIGN.md §2): core is plain TypeScript and never reaches VS Code.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'src/core must not import vscode; put VS Code code under src/vscode.' }],
        patterns: [{ group: ['**/vscode/**', '../vscode/*', '../../vscode/*'], message: 'src/core must not import the VS Code adapters.' }],
      }],
    },
  },
  {
    files: ['**/*.mjs', 'scripts/**', 'test/**', 'bench/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' } },
  },
  ...onePlaceBlocks(),
);
