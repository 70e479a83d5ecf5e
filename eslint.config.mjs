import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';

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
);
