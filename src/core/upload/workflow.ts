/**
 * A GitHub Actions workflow that builds the docs and uploads them with the official action
 * (`readthedocs/upload-action@v1`, inputs as its README documents them): pushes to the default
 * branch and tags publish their version, pull requests their preview, but only from branches of
 * this repository (a fork's workflow gets no secrets, so the upload would only fail). The token is
 * the repository secret `READTHEDOCS_TOKEN`, never written in the file.
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

export function uploadWorkflow(facts: WorkflowFacts): string {
  const q = yamlScalar;
  const build = facts.tool === 'sphinx'
    ? `python -m sphinx -b html ${shellWord(facts.source || '.')} ${shellWord(facts.htmlFolder)}`
    : facts.tool === 'mkdocs'
      ? `mkdocs build --config-file ${shellWord(facts.source)} --site-dir ${shellWord(facts.htmlFolder)}`
      : `zensical build --config-file ${shellWord(facts.source)}`;
  const install = facts.requirements
    ? `python -m pip install -r ${shellWord(facts.requirements)}`
    : `python -m pip install ${facts.tool === 'sphinx' ? 'sphinx' : facts.tool}`;
  const apiUrl = trimEndOf(facts.apiUrl, '/') === ACTION_DEFAULT_API ? [] : [`          api-url: ${q(facts.apiUrl)}`];
  return [
    'name: Read the Docs upload',
    '',
    'on:',
    '  push:',
    `    branches: [${q(facts.defaultBranch)}]`,
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
    `      - run: ${q(install)}`,
    `      - run: ${q(build)}`,
    '      - uses: readthedocs/upload-action@v1',
    '        with:',
    '          # A repository secret (Settings → Secrets and variables → Actions): an API token of a maintainer.',
    '          token: ${{ secrets.READTHEDOCS_TOKEN }}',
    `          project-slug: ${q(facts.projectSlug)}`,
    `          html-dir: ${q(facts.htmlFolder)}`,
    ...apiUrl,
    '',
  ].join('\n');
}

/** A path as one shell word: plain when it is only safe characters, else single-quoted. */
function shellWord(path: string): string {
  return /^[\w./-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`;
}
