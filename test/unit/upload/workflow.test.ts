import assert from 'node:assert/strict';
import { type WorkflowFacts, uploadWorkflow } from '../../../src/core/upload/workflow';
import { loadYaml } from '../../../src/core/util/yaml';

/**
 * A value as GitHub Actions reads it: text outside `${{ … }}` is literal; an expression that is
 * only a string literal (`${{ 'a''b' }}`) is that text. Anything else would be evaluated as code.
 */
function actionsValue(value: unknown): string {
  assert.equal(typeof value, 'string');
  const text = value as string;
  const literal = /^\$\{\{ '((?:[^']|'')*)' \}\}$/.exec(text);
  if (literal) return literal[1]!.replace(/''/g, "'");
  assert.ok(!text.includes('${{'), `evaluated as an expression: ${text}`);
  return text;
}

/** A branch filter pattern as the branch it matches (GitHub's filter patterns escape with `\`). */
const branchOf = (written: string) => {
  const pattern = actionsValue(written);
  assert.ok(!/(?<!\\)[*?+[\]]|^!/.test(pattern.replace(/\\\\/g, '')), `a pattern, not one branch: ${pattern}`);
  return pattern.replace(/\\(.)/g, '$1');
};

interface Step { readonly run?: string; readonly uses?: string; readonly env?: Record<string, unknown>; readonly with?: Record<string, unknown> }

const HOSTILE = [
  '${{ github.token }}', "x${{ secrets.READTHEDOCS_TOKEN }}'y", "main,'*'", 'release]', 'a\nb', '-rf', '#c', 'k: v', '*alias', '&anchor', '!tag', '%x', '@x',
  '`whoami`', '$(id)', '"; rm -rf ~; "', "it's", '|', '>', ' lead', 'trail ', 'yes', 'null', '1e3', '~', '[a, b]', '{a: b}', '\\', 'a\\*b', '**', '+x', 'é/ü',
];

describe('upload: the workflow draft writes data as data', () => {
  const facts = (value: string, tool: WorkflowFacts['tool'] = 'sphinx'): WorkflowFacts => ({
    projectSlug: value, htmlFolder: value, tool, source: value, requirements: value, defaultBranch: value, apiUrl: `https://rtd.example/${value}`,
  });

  for (const tool of ['sphinx', 'mkdocs', 'zensical'] as const) {
    it(`${tool}: every hostile value parses back as itself, in its place, and never as code`, () => {
      for (const value of HOSTILE) {
        const text = uploadWorkflow(facts(value, tool));
        const doc = loadYaml().parse(text) as { on: { push: { branches: string[]; tags: string[] } }; jobs: { docs: { if: string; steps: Step[] } } };
        assert.deepEqual(doc.on.push.branches.map(branchOf), [value], value);
        assert.deepEqual(doc.on.push.tags, ['*']);
        assert.equal(doc.jobs.docs.if, "github.event_name != 'pull_request' || github.event.pull_request.head.repo.full_name == github.repository");
        const runs = doc.jobs.docs.steps.filter((s) => s.run !== undefined);
        // The scripts are ours alone: the folder's values reach them only through env, as quoted words.
        assert.deepEqual(runs.map((s) => s.run), [
          'python -m pip install --requirement="$REQUIREMENTS"',
          { sphinx: 'python -m sphinx -b html -- "$DOCS_SOURCE" "$HTML_DIR"', mkdocs: 'mkdocs build --config-file="$DOCS_CONFIG" --site-dir="$HTML_DIR"', zensical: 'zensical build --config-file="$DOCS_CONFIG"' }[tool],
        ], value);
        const env = Object.fromEntries(runs.flatMap((s) => Object.entries(s.env ?? {})).map(([k, v]) => [k, actionsValue(v)]));
        assert.deepEqual(env, { REQUIREMENTS: value, ...(tool === 'sphinx' ? { DOCS_SOURCE: value, HTML_DIR: value } : tool === 'mkdocs' ? { DOCS_CONFIG: value, HTML_DIR: value } : { DOCS_CONFIG: value }) }, value);
        const upload = doc.jobs.docs.steps.find((s) => s.uses === 'readthedocs/upload-action@v1')!;
        assert.equal(upload.with!.token, '${{ secrets.READTHEDOCS_TOKEN }}');
        assert.equal(actionsValue(upload.with!['project-slug']), value);
        assert.equal(actionsValue(upload.with!['html-dir']), value);
        assert.equal(actionsValue(upload.with!['api-url']), `https://rtd.example/${value}`);
      }
    });
  }

  it('plain values stay plain (the file reads as a person would write it)', () => {
    const text = uploadWorkflow({ projectSlug: 'widgets', htmlFolder: 'docs/_build/html', tool: 'sphinx', source: 'docs', requirements: 'docs/requirements.txt', defaultBranch: 'main', apiUrl: 'https://app.readthedocs.org/' });
    for (const line of ['      - main\n', '          HTML_DIR: docs/_build/html\n', '          project-slug: widgets\n', '          REQUIREMENTS: docs/requirements.txt\n']) assert.ok(text.includes(line), line);
  });
});
