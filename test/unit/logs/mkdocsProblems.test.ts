// Every MkDocs warning format on its file and line. Real output: mkdocs 1.4.2, mkdocstrings 0.20.0,
// mkdocstrings-python 0.8.3, griffe 0.25.5, mkdocs-autorefs 0.4.1 (Debian bookworm), colour codes
// included. Newer versions could not be installed here: their lines are built from the message
// strings of their sources (cited per test) with 1.5+'s level prefix `WARNING -  `.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { failureReason } from '../../../src/core/builds/failureReason';
import { layoutFromMkdocs } from '../../../src/core/docsLayout/layout';
import { type LogCommand } from '../../../src/core/models/buildLog';
import { toolDirectories } from '../../../src/core/logs/paths';
import { type ProblemFiles, placeProblem, renderedModules } from '../../../src/core/logs/place';
import { findProblems } from '../../../src/core/logs/problems';
import { MK_DEMO_BUILD_OUTPUT, MK_DEMO_STRICT_OUTPUT } from '../../sandbox/logs/mkDemoOutputs';
import { MK_DEMO_SOURCES } from '../../sandbox/seed/pages/mkDemo';

const CHECKOUT = '/home/docs/checkouts/readthedocs.org/user_builds/mk-demo/checkouts/latest/';
const CONFIG = { mkdocs: { configuration: 'mkdocs.yml' } };
const command = (output: string): LogCommand => ({ id: 1, command: 'python -m mkdocs build', description: '', output, exitCode: 1, startTime: undefined, endTime: undefined, runSeconds: 1 } as LogCommand);

function filesOf(sources: Record<string, string>): ProblemFiles {
  return { exists: (path) => Promise.resolve(path in sources), read: (path) => Promise.resolve(sources[path]) };
}

/** `file:line code` of each problem of `output`, placed in `sources` as the Problems panel places them. */
async function placed(output: string, sources: Record<string, string> = MK_DEMO_SOURCES): Promise<string[]> {
  const dirs = toolDirectories(CONFIG, layoutFromMkdocs('mkdocs.yml', sources['mkdocs.yml']));
  const result: string[] = [];
  for (const problem of findProblems([command(output)])) {
    const at = await placeProblem(problem, dirs, filesOf(sources));
    result.push(`${at ? `${at.path}:${at.line}` : '-'} ${problem.severity} ${problem.code}`);
  }
  return result;
}

/** The 1-based line of `text` in a source of mk-demo. */
function lineOf(path: string, text: string): number {
  const index = MK_DEMO_SOURCES[path]!.split('\n').findIndex((line) => line.includes(text));
  assert.ok(index >= 0, `${path} says ${text}`);
  return index + 1;
}

describe('logs: every MkDocs warning on its line', () => {
  it('the sandbox project\'s real build (MkDocs 1.4, autorefs 0.4, griffe 0.25): nav, griffe, link and autorefs warnings', async () => {
    assert.deepEqual(await placed(MK_DEMO_BUILD_OUTPUT), [
      `mkdocs.yml:${lineOf('mkdocs.yml', 'faq.md')} warning mkdocs.nav`,
      'mk_demo/core.py:29 warning griffe',
      `docs/guide.md:${lineOf('docs/guide.md', '(changelog.md)')} warning mkdocs.links`,
      // api.md renders `::: mk_demo.core`: the reference is in that module's docstring.
      `mk_demo/core.py:${lineOf('mk_demo/core.py', '[mk_demo.core.yell][]')} warning autorefs`,
      `docs/guide.md:${lineOf('docs/guide.md', '[mk_demo.core.whisper][]')} warning autorefs`,
    ]);
    const [, , , yell] = findProblems([command(MK_DEMO_BUILD_OUTPUT)]);
    assert.equal(yell?.message, "mkdocs_autorefs.plugin: api.md: Could not find cross-reference target '[mk_demo.core.yell]'");
  });

  it('an autorefs target neither the page nor its rendered modules say goes on line 1 of the page', async () => {
    const sources = { ...MK_DEMO_SOURCES, 'mk_demo/core.py': 'def greet(name):\n    """Greet."""\n' };
    assert.deepEqual((await placed(MK_DEMO_BUILD_OUTPUT, sources))[3], 'docs/api.md:1 warning autorefs');
  });

  it('the strict-mode abort is the failure reason, before the server\'s generic notification', () => {
    const generic = [{ id: 1, messageId: 'build:user:generic', header: 'Unknown problem', bodyHtml: 'We encountered a problem.', type: 'error' }] as never;
    assert.equal(failureReason(generic, 400, [command(MK_DEMO_STRICT_OUTPUT)]), 'MkDocs: Aborted with 5 warnings in strict mode!');
    assert.equal(failureReason(generic, 400, [command(MK_DEMO_BUILD_OUTPUT)]), 'Unknown problem: We encountered a problem.');
    // MkDocs 1.5+ counts each level (mkdocs/commands/build.py: `', '.join(f'{v} {k.lower()}s' …)`).
    assert.equal(failureReason([], 400, [command('\nAborted with 2 warnings, 1 errors in strict mode!\n')]), 'MkDocs: Aborted with 2 warnings, 1 errors in strict mode!');
    assert.equal(failureReason([], 400, [command('Aborted with a BuildError!\n')]), undefined);
  });

  it('mkdocstrings handler errors (real, 0.20): on the page that renders the missing object, at its ::: line', async () => {
    const output = readFileSync(join(__dirname, '../../fixtures/logs/mkdocs14-mkdocstrings-error.txt'), 'utf8');
    const sources = { ...MK_DEMO_SOURCES, 'docs/extra.md': '# Extra\n\nText.\n\n::: mk_demo.missing\n' };
    assert.deepEqual(await placed(output, sources), [
      `mkdocs.yml:${lineOf('mkdocs.yml', 'faq.md')} warning mkdocs.nav`,
      'mk_demo/core.py:29 warning griffe',
      'docs/extra.md:5 error mkdocstrings',
      'docs/extra.md:5 error mkdocstrings',
    ]);
    // mkdocs 1.5+ (build.py `_populate_page`): the reason on the same line.
    assert.deepEqual(await placed("ERROR   -  Error reading page 'extra.md': Could not collect 'mk_demo.missing'\n", sources), ['docs/extra.md:5 error mkdocs.page']);
  });

  it('MkDocs 1.5 and 1.6 link, anchor and nav messages (mkdocs/structure/pages.py, nav.py at 1.5.3 and 1.6.1)', async () => {
    const output = [
      "WARNING -  Doc file 'guide.md' contains a relative link 'changelog.md', but the target is not found among documentation files.",
      "WARNING -  Doc file 'guide.md' contains a link 'changelog.md', but the target 'changelog.md' is not found among documentation files.",
      "WARNING -  Doc file 'index.md' contains a link 'guide.md#install-from-sources', but the doc 'guide.md' does not contain an anchor '#install-from-sources'.",
      "WARNING -  A reference to 'faq.md' is included in the 'nav' configuration, which is not found in the documentation files.",
    ].join('\n');
    const sources = { ...MK_DEMO_SOURCES, 'docs/index.md': MK_DEMO_SOURCES['docs/index.md']!.replace('#install-from-source)', '#install-from-sources)') };
    assert.deepEqual(await placed(output, sources), [
      `docs/guide.md:${lineOf('docs/guide.md', '(changelog.md)')} warning mkdocs.links`,
      `docs/guide.md:${lineOf('docs/guide.md', '(changelog.md)')} warning mkdocs.links`,
      `docs/index.md:${lineOf('docs/index.md', 'guide.md#install-from-source')} warning mkdocs.links`,
      `mkdocs.yml:${lineOf('mkdocs.yml', 'faq.md')} warning mkdocs.nav`,
    ]);
  });

  it('mkdocs-autorefs 1.x (plugin logger prefix) and 1.2+ ("from <file>:<line>: (<origin>)", autorefs plugin.py)', async () => {
    const output = [
      "WARNING -  mkdocs_autorefs: guide.md: Could not find cross-reference target 'mk_demo.core.whisper'",
      `WARNING -  mkdocs_autorefs: api.md: from ${CHECKOUT}mk_demo/core.py:19: (mk_demo.core.Greeter) Could not find cross-reference target 'mk_demo.core.yell'`,
    ].join('\n');
    assert.deepEqual(await placed(output), [
      `docs/guide.md:${lineOf('docs/guide.md', '[mk_demo.core.whisper][]')} warning autorefs`,
      `mk_demo/core.py:${lineOf('mk_demo/core.py', '[mk_demo.core.yell][]')} warning autorefs`,
    ]);
  });

  it('griffe paths are relative to the handler\'s paths (mkdocstrings python `paths: [src]`), else to the repository', async () => {
    const sources: Record<string, string> = {
      'mkdocs.yml': 'site_name: x\nplugins:\n  - mkdocstrings:\n      handlers:\n        python:\n          paths: [src]\n',
      'src/mk_demo/core.py': MK_DEMO_SOURCES['mk_demo/core.py']!,
    };
    assert.deepEqual(await placed("WARNING -  griffe: mk_demo/core.py:29: No type or annotation for parameter 'text'\n", sources), ['src/mk_demo/core.py:29 warning griffe']);
    assert.deepEqual(await placed('WARNING -  griffe: <module>:3: Failed to parse\n', sources), ['- warning mkdocs']);
  });

  it('the modules a page renders, longest module path first', () => {
    assert.deepEqual(renderedModules('# API\n\n::: mk_demo.core\n    options:\n      show_source: false\n\nSee ::: inline text.\n'), [
      ['mk_demo/core.py', 'mk_demo/core/__init__.py', 'mk_demo.py', 'mk_demo/__init__.py'],
    ]);
  });
});
