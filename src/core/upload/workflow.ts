/**
 * A GitHub Actions workflow that builds the docs and uploads them with the official action
 * (`readthedocs/upload-action@v1`, inputs as its README documents them): pushes to the default
 * branch and tags publish their version, pull requests their preview, but only from branches of
 * this repository (a fork's workflow gets no secrets, so the upload would only fail). The token is
 * the repository secret `READTHEDOCS_TOKEN`, never written in the file. Every value the folder or
 * the server gives (paths, the slug, the default branch, the API URL) is written as data for its
 * place: one YAML scalar, never an Actions expression, never a word of a script.
 */
import { trimEndOf } from '../util/trim';
import { yamlScalar } from '../util/yamlScalar';

export const UPLOAD_WORKFLOW_PATH = '.github/workflows/readthedocs-upload.yml';
/** The Community server the action uploads to when `api-url` is not given. */
const ACTION_DEFAULT_API = 'https://app.readthedocs.org';

export interface WorkflowFacts {
  readonly projectSlug: string;
  /** The HTML output folder, relative to the repository root. */
  readonly htmlFolder: string;
  readonly tool: 'sphinx' | 'mkdocs' | 'zensical';
  /** Sphinx: the folder of `conf.py`; MkDocs/Zensical: the config file. Relative to the root. */
  readonly source: string;
  readonly requirements?: string;
  readonly defaultBranch: string;
  /** The server's base URL; omitted from the file when it is the action's default. */
  readonly apiUrl: string;
}

/** A `run:` step: its script (ours) and the values it reads from its environment (the folder's). */
interface RunStep {
  readonly run: string;
  readonly env: Readonly<Record<string, string>>;
}

export function uploadWorkflow(facts: WorkflowFacts): string {
  const build: RunStep = facts.tool === 'sphinx'
    ? { run: 'python -m sphinx -b html -- "$DOCS_SOURCE" "$HTML_DIR"', env: { DOCS_SOURCE: facts.source || '.', HTML_DIR: facts.htmlFolder } }
    : facts.tool === 'mkdocs'
      ? { run: 'mkdocs build --config-file="$DOCS_CONFIG" --site-dir="$HTML_DIR"', env: { DOCS_CONFIG: facts.source, HTML_DIR: facts.htmlFolder } }
      : { run: 'zensical build --config-file="$DOCS_CONFIG"', env: { DOCS_CONFIG: facts.source } };
  const install: RunStep = facts.requirements
    ? { run: 'python -m pip install --requirement="$REQUIREMENTS"', env: { REQUIREMENTS: facts.requirements } }
    : { run: `python -m pip install ${facts.tool === 'sphinx' ? 'sphinx' : facts.tool}`, env: {} };
  const apiUrl = trimEndOf(facts.apiUrl, '/') === ACTION_DEFAULT_API ? [] : [`          api-url: ${data(facts.apiUrl)}`];
  return [
    'name: Read the Docs upload',
    '',
    'on:',
    '  push:',
    '    branches:',
    `      - ${branchPattern(facts.defaultBranch)}`,
    "    tags: ['*']",
    '  pull_request:',
    '',
    'jobs:',
    '  docs:',
    '    # Pull requests from forks get no secrets: only this repository\'s own branches publish a preview.',
    '    if: github.event_name != \'pull_request\' || github.event.pull_request.head.repo.full_name == github.repository',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v5',
    '      - uses: actions/setup-python@v6',
    '        with:',
    "          python-version: '3.13'",
    ...runStep(install),
    ...runStep(build),
    '      - uses: readthedocs/upload-action@v1',
    '        with:',
    '          # A repository secret (Settings → Secrets and variables → Actions): an API token of a maintainer.',
    '          token: ${{ secrets.READTHEDOCS_TOKEN }}',
    `          project-slug: ${data(facts.projectSlug)}`,
    `          html-dir: ${data(facts.htmlFolder)}`,
    ...apiUrl,
    '',
  ].join('\n');
}

/**
 * A `run:` step whose command is ours alone: the folder's paths reach the shell through `env:`,
 * each as one double-quoted word (`"$HTML_DIR"`), never spliced into the script.
 */
function runStep(step: RunStep): string[] {
  const env = Object.entries(step.env);
  return [
    `      - run: ${yamlScalar(step.run)}`,
    ...(env.length ? ['        env:', ...env.map(([name, value]) => `          ${name}: ${data(value)}`)] : []),
  ];
}

/**
 * A value as data for GitHub Actions, written as one YAML scalar: Actions evaluates every `${{ … }}`
 * in a value, so one that holds `${{` is written as an expression that is only a string literal
 * (`${{ 'a${{ b }}' }}`, quotes doubled), which Actions reads back as the literal text.
 */
function data(value: string): string {
  return yamlScalar(value.includes('${{') ? `\${{ '${value.replace(/'/g, "''")}' }}` : value);
}

/** A branch name as a filter that matches only it: `*`, `?`, `+`, `[`, `]`, `!` and `\\` escaped (GitHub's filter patterns), as data. */
function branchPattern(branch: string): string {
  return data(branch.replace(/[\\*?+[\]!]/g, (c) => `\\${c}`));
}
