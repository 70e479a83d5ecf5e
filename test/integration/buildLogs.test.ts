import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import { NotFoundError } from '../../src/core/api/errors';
import { type BuildLog, isLogFinal, mergeBuildLogs } from '../../src/core/models/buildLog';
import { failureReason } from '../../src/core/builds/failureReason';
import { layoutFromZensical } from '../../src/core/docsLayout/zensical';
import { problemCandidates } from '../../src/core/logs/locate';
import { type ProblemFiles, placeProblem } from '../../src/core/logs/place';
import { toolDirectories } from '../../src/core/logs/paths';
import { findProblems } from '../../src/core/logs/problems';
import { truncatedCommands } from '../../src/core/logs/truncation';
import { type Sandbox, startSandbox } from '../sandbox';
import { clientFor } from '../helpers/clientFor';

const WORKSPACE = join(__dirname, '../extension/fixture-workspace');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Build logs through API v2 against the sandbox: no token, growth, private builds, the corpus the warnings point at. */
describe('client ↔ sandbox: build logs (API v2)', () => {
  let sandbox: Sandbox;
  let client: ReadTheDocsClient;

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 150 });
  });
  beforeEach(() => {
    sandbox.reset();
    client = clientFor(sandbox.origin, { token: sandbox.tokens.owner });
  });
  afterEach(() => client.dispose());
  after(() => sandbox.close());

  const widgetsLatest = () => sandbox.db.builds('widgets').filter((b) => b.version === 'latest').sort((a, b) => b.id - a.id);

  it('reads the JSON without sending the token (v2 does not accept it), inside the budget', async () => {
    const build = widgetsLatest().find((b) => b.state === 'finished' && b.success)!;
    const log = await client.buildLogs.get(build.id);
    assert.equal(log.id, build.id);
    assert.equal(log.projectSlug, 'widgets');
    assert.ok(log.commands.length > 5 && log.commands.every((c) => c.exitCode === 0));
    const request = sandbox.requests.at(-1)!;
    assert.equal(request.path, `/api/v2/build/${build.id}/`);
    assert.equal(request.authorization, undefined, 'no Authorization header on /api/v2/');
    await client.projects.get('widgets');
    assert.match(sandbox.requests.at(-1)!.authorization ?? '', /^Token /, 'v3 still gets the token');
  });

  it('the Sphinx warnings of widgets/latest point at real lines of the fixture workspace', async () => {
    const build = widgetsLatest().find((b) => b.state === 'finished' && b.success)!;
    const log = await client.buildLogs.get(build.id);
    const dirs = toolDirectories(log.config);
    const located = findProblems(log.commands).map((p) => {
      const file = problemCandidates(p, dirs)[0];
      const text = readFileSync(join(WORKSPACE, file), 'utf8').split('\n')[p.line! - 1];
      return `${file}:${p.line} ${p.code} | ${text}`;
    });
    assert.deepEqual(located, [
      'docs/index.rst:6 toc.not_readable | .. toctree::',
      'docs/installation.rst:12 docutils | .. _installation:',
      'docs/usage.rst:12 docutils |    Widgets are drawn lazily, so creating many of them is cheap.',
      'docs/usage.rst:14 docutils | .. widgets-gallery:: buttons',
      'docs/usage.rst:17 docutils | ====',
      'docs/usage.rst:19 docutils | Every widget follows the theme of its window; see `the theming guide <themes>`_ for details',
      'docs/index.rst:13 ref.ref | Start with :ref:`getting-started`, or read the :doc:`tutorial` that came before it.',
      'docs/index.rst:13 ref.doc | Start with :ref:`getting-started`, or read the :doc:`tutorial` that came before it.',
    ]);
  });

  it('the failed build has a conf.py traceback on the import line; the oldest one is truncated by cold storage', async () => {
    const failed = widgetsLatest().find((b) => b.state === 'finished' && !b.success)!;
    const log = await client.buildLogs.get(failed.id);
    const [problem] = findProblems(log.commands);
    assert.equal(problemCandidates(problem, toolDirectories(log.config))[0], 'docs/conf.py');
    assert.equal(readFileSync(join(WORKSPACE, 'docs/conf.py'), 'utf8').split('\n')[problem.line! - 1], 'import widgets  # noqa: E402');
    assert.equal(log.commands.at(-1)?.exitCode, 2);
    const oldest = await client.buildLogs.get(widgetsLatest().filter((b) => b.state === 'finished').at(-1)!.id);
    assert.ok(oldest.coldStorage);
    assert.equal(truncatedCommands(oldest.commands).length, 1);
  });

  it('MkDocs warnings on gadget-docs', async () => {
    const build = sandbox.db.builds('gadget-docs').find((b) => b.state === 'finished' && b.success)!;
    const log = await client.buildLogs.get(build.id);
    const problems = findProblems(log.commands);
    assert.deepEqual(problems.map((p) => `${problemCandidates(p, toolDirectories(log.config))[0]} ${p.code}`), [
      'mkdocs.yml mkdocs.config', 'mkdocs.yml mkdocs.nav', 'docs/index.md mkdocs.links', 'docs/setup/index.md mkdocs.links',
    ]);
  });

  it('a failed Zensical build (zen-demo, --strict): every report on its file, line and column of test/fixtures/zensical-demo, griffe and the docstring autoref on the module; the failure reason names the abort', async () => {
    const failed = sandbox.db.builds('zen-demo').find((b) => b.state === 'finished' && !b.success)!;
    const log = await client.buildLogs.get(failed.id);
    const root = join(__dirname, '../fixtures/zensical-demo');
    const layout = layoutFromZensical('zensical.toml', readFileSync(join(root, 'zensical.toml'), 'utf8'));
    const files: ProblemFiles = { exists: async (path) => existsSync(join(root, path)), read: async (path) => readFileSync(join(root, path), 'utf8') };
    const located: string[] = [];
    for (const problem of findProblems(log.commands)) {
      const at = await placeProblem(problem, toolDirectories(log.config, layout), files);
      const text = at && readFileSync(join(root, at.path), 'utf8').split('\n')[at.line - 1]!;
      located.push(at ? `${at.path}:${at.line} ${problem.code} | ${at.column === undefined ? text : text!.slice(at.column)}` : `- ${problem.message}`);
    }
    assert.deepEqual(located, [
      "zen_demo/core.py:29 griffe |             text: What to say.",
      'docs/index.md:7 zensical.page-does-not-exist | changelog.md).',
      'docs/index.md:9 zensical.unused-link-definition | [unused]: https://zensical.org/',
      'docs/guide/getting started.md:7 autorefs | zen_demo.core.whisper][].',
      'docs/guide/getting started.md:9 zensical.anchor-does-not-exist | #naive-setup), which this page no longer has.',
      'zen_demo/core.py:22 autorefs |     Louder greetings: see [zen_demo.core.yell][].',
    ]);
    assert.equal(log.commands.at(-1)?.command, 'zensical build --strict');
    assert.equal(failureReason([], 400, log.commands), 'Zensical: 5 issues found, aborted because --strict flag is set');
  });

  it('a running build\'s log grows as it advances, one placeholder command at a time, until the final state', async () => {
    const triggered = await client.builds.trigger('widgets', 'latest');
    let log: BuildLog | undefined;
    const seen: string[] = [];
    for (let i = 0; i < 100 && !(log && isLogFinal(log)); i++) {
      log = mergeBuildLogs(log, await client.buildLogs.get(triggered.build.id));
      const last = log.commands.at(-1);
      const shape = `${log.state}:${log.commands.length}:${last && last.exitCode === undefined ? 'running' : 'done'}`;
      if (seen.at(-1) !== shape) seen.push(shape);
      await sleep(40);
    }
    assert.ok(log && isLogFinal(log), 'the build ended');
    const order = ['cloning:1:running', 'installing:5:running', 'building:11:running', 'finished:11:done'];
    assert.ok(seen.includes('cloning:1:running') && seen.includes('building:11:running') && seen.at(-1) === 'finished:11:done', seen.join(' → '));
    const positions = order.map((s) => seen.indexOf(s)).filter((i) => i >= 0);
    assert.deepEqual(positions, [...positions].sort((a, b) => a - b), `in build order: ${seen.join(' → ')}`);
  });

  it('a private build is a 404 (its log is only in the dashboard), with or without a token', async () => {
    sandbox.db.addVersion('widgets', { slug: 'internal', privacyLevel: 'private' });
    const build = sandbox.db.addBuild({ project: 'widgets', version: 'internal' });
    await assert.rejects(client.buildLogs.get(build.id), NotFoundError);
    await assert.rejects(client.buildLogs.get(999_999), NotFoundError);
    const text = await fetch(`${sandbox.origin}/api/v2/build/${build.id}.txt`, { headers: { authorization: `Token ${sandbox.tokens.owner}` } });
    assert.equal(text.status, 404);
  });

  it('the .txt form: header, then per command its info line, command line and output', async () => {
    const build = widgetsLatest().find((b) => b.state === 'finished' && b.success)!;
    const response = await fetch(`${sandbox.origin}/api/v2/build/${build.id}.txt`);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    const text = await response.text();
    assert.match(text, new RegExp(`^Read the Docs build information\\nBuild id: ${build.id}\\nProject: widgets\\nVersion: latest\\n`));
    assert.match(text, /\[rtd-command-info\] start-time: \S+, end-time: \S+, duration: \d+, exit-code: 0\ngit clone --depth 1 /);
    assert.match(text, /index\.rst:13: WARNING: undefined label: 'getting-started' \[ref\.ref\]/);
  });

  it('the transport never attaches the token outside /api/v3/, even when the caller does not ask for anonymity', async () => {
    const build = widgetsLatest()[0];
    await client.transport.send({ method: 'GET', path: new URL(`../v2/build/${build.id}/`, client.transport.apiRoot).href });
    assert.equal(sandbox.requests.at(-1)!.path, `/api/v2/build/${build.id}/`);
    assert.equal(sandbox.requests.at(-1)!.authorization, undefined);
  });
});
