import assert from 'node:assert/strict';
import { NotFoundError } from '../../../src/core/api/errors';
import {
  BASE_WARNINGS_STORE_PREFIX, BaseWarningsStore, NewWarnings, chooseBaseline, compareWarnings, comparisonText, normaliseMessage, warningRecord,
} from '../../../src/core/logs/newWarnings';
import { newWarningsRows } from '../../../src/core/logs/newWarningsRows';
import { problemsInOutput } from '../../../src/core/logs/problems';
import { type Build, parseBuild } from '../../../src/core/models/build';
import { parseBuildLog } from '../../../src/core/models/buildLog';
import { parseProject } from '../../../src/core/models/project';
import { type WorkspaceProject } from '../../../src/core/workspace/binding';
import { workspaceRows } from '../../../src/core/workspace/workspaceRows';
import { sphinxBranchWarnings, sphinxWarnings } from '../../sandbox/logs/outputs';
import { checkoutOf } from '../../sandbox/logs/scenarios';
import { MemoryMemento } from '../../helpers/memoryMemento';

const LATEST = checkoutOf({ project: 'widgets', version: 'latest' });
const DEVELOP = checkoutOf({ project: 'widgets', version: 'develop' });
const problems = (output: string) => problemsInOutput(output, 1);
const build = (id: number, version: string, state = 'finished', commit?: string): Build =>
  parseBuild({ id, project: 'widgets', version, state: { code: state, name: state }, success: state === 'finished', commit, urls: { build: `https://app.readthedocs.org/projects/widgets/builds/${id}/` } });

describe('new warnings: matching a build\'s warnings with its base build\'s', () => {
  it('the sandbox\'s branch against latest: an added, a fixed and a moved warning, one twice: 2 new, 1 fixed, the moved one not new', () => {
    const base = problems(sphinxWarnings(LATEST)).map(warningRecord);
    const head = problems(sphinxBranchWarnings(DEVELOP));
    const { added, fixed } = compareWarnings(base, head);
    assert.deepEqual(added.map((p) => `${p.path?.slice(DEVELOP.length)}:${p.line} ${p.message}`), [
      'docs/usage.rst:22 image file not readable: _static/themes.png',
      "docs/index.rst:9 unknown document: 'tutorial'",
    ]);
    assert.deepEqual(fixed.map((w) => `${w.file}:${w.line} ${w.message}`), ['docs/installation.rst:12 Duplicate explicit target name: "installation".']);
    assert.ok(!added.some((p) => p.message.includes('getting-started')), 'moving a warned paragraph (line 13 → 15) adds nothing');
  });

  it('the same warning twice counts twice; paths differing only by the checkout root match', () => {
    const line = (checkout: string, n: number) => `${checkout}docs/index.rst:${n}: WARNING: undefined label: 'x' [ref.ref]\n`;
    const base = problems(line(LATEST, 3)).map(warningRecord);
    assert.equal(compareWarnings(base, problems(line(DEVELOP, 3) + line(DEVELOP, 9))).added.length, 1);
    assert.equal(compareWarnings(base, problems(line('/home/docs/checkouts/readthedocs.org/user_builds/widgets/checkouts/1234/', 40))).added.length, 0);
    assert.equal(compareWarnings(problems(line(LATEST, 3) + line(LATEST, 5)).map(warningRecord), problems(line(DEVELOP, 3))).fixed.length, 1);
  });

  it('line numbers and checkout roots inside Sphinx and MkDocs messages are not the warning', () => {
    const sphinx = (checkout: string, n: number) => `${checkout}docs/api.rst:${n}: WARNING: duplicate label intro, other instance in ${checkout}docs/index.rst:${n + 4} [docutils]\n`;
    assert.equal(compareWarnings(problems(sphinx(LATEST, 10)).map(warningRecord), problems(sphinx(DEVELOP, 14))).added.length, 0);
    const mkdocs = (n: number) => `\u001b[33mWARNING  -  \u001b[0mgriffe: mk_demo/core.py:${n}: No type or annotation for parameter 'text'\n`;
    const base = problems(mkdocs(29)).map(warningRecord);
    assert.equal(base.length, 1);
    assert.equal(compareWarnings(base, problems(mkdocs(33))).added.length, 0, 'a docstring moved by 4 lines');
    assert.equal(compareWarnings(base, problems(mkdocs(33).replace("'text'", "'size'"))).added.length, 1, 'another parameter is another warning');
    assert.equal(normaliseMessage('Explicit markup ends without a blank line (line 12); see lines 3-5'), 'Explicit markup ends without a blank line (line #); see lines #');
  });
});

describe('new warnings: the base build', () => {
  const builds = [build(20, '1234'), build(19, 'latest', 'building'), build(18, 'latest', 'finished', 'b'.repeat(40)), build(17, 'latest', 'cancelled'), build(15, 'latest', 'finished', 'a'.repeat(40)), build(12, 'develop')];

  it('the newest finished build of latest: for a branch, a pull request, and latest itself (the build before it)', () => {
    assert.equal((chooseBaseline(build(20, '1234'), 'latest', builds) as Build).id, 18, 'a pull request: not the running one, not a cancelled one');
    assert.equal((chooseBaseline(build(16, 'develop'), 'latest', builds) as Build).id, 18, 'a branch build older than latest\'s newest: still against where it merges now');
    assert.equal((chooseBaseline(build(18, 'latest'), 'latest', builds) as Build).id, 15, 'latest itself: the build before it');
    assert.equal(chooseBaseline(build(15, 'latest'), 'latest', builds), 'first');
    assert.equal(chooseBaseline(build(12, 'develop'), 'stable', builds), 'neverBuilt');
  });

  it('reads the base log once, keeps its warnings across a reload (0 requests), says why when it is private, and names the base in the row', async () => {
    const globalState = new MemoryMemento();
    const reads: number[] = [];
    const source = {
      buildLogs: {
        get: async (id: number) => {
          reads.push(id);
          if (id === 99) throw new NotFoundError('/api/v2/build/99/');
          return parseBuildLog({ id, state: 'finished', success: true, commands: [{ id: 1, command: 'python -m sphinx', output: sphinxWarnings(LATEST), exit_code: 0 }] });
        },
      },
    };
    const head = problems(sphinxBranchWarnings(DEVELOP));
    const input = { edition: 'community' as const, origin: 'app.readthedocs.org', projectSlug: 'widgets', head: build(20, '1234'), problems: head, baseVersion: 'latest', builds, source };
    const first = new NewWarnings(new BaseWarningsStore(globalState));
    const compared = await first.compare({ ...input, olderThanMergeBase: async (commit) => commit.startsWith('b') });
    assert.equal(compared.kind, 'compared');
    assert.equal(comparisonText(compared), '2 new warnings, 1 fixed');
    assert.deepEqual(reads, [18]);
    await first.compare(input);
    assert.deepEqual(reads, [18], 'compared again: no request');
    assert.deepEqual(globalState.keys().filter((key) => key.startsWith(BASE_WARNINGS_STORE_PREFIX)).length, 1, 'the base build\'s warnings, under their own key');
    const reloaded = new NewWarnings(new BaseWarningsStore(globalState));
    assert.equal(comparisonText(await reloaded.compare(input)), '2 new warnings, 1 fixed');
    assert.deepEqual(reads, [18], 'after a reload: no request');

    const project = parseProject({ id: 1, slug: 'widgets', name: 'Widgets', repository: { url: 'https://github.com/example-org/widgets', type: 'git' } });
    const bound = { edition: 'community', project, folderPath: '/w', branch: 'docs/new-guide', versionSlug: undefined, by: 'remote', branchVersion: { kind: 'missing', branch: 'docs/new-guide' } } as WorkspaceProject;
    const rowsOf = (comparison: ReturnType<NewWarnings['held']>) => workspaceRows({ projects: [bound], unmatched: [], problems: [], invalidEntries: [] }, [newWarningsRows(() => comparison)], Date.now(), 1)[0]!.children!;
    const [row] = rowsOf(compared);
    assert.equal(row!.label, '2 new warnings, 1 fixed');
    assert.equal(row!.description, 'against #18 of latest (bbbbbbb) · older than the merge base');
    assert.deepEqual(row!.action, { kind: 'command', command: 'readthedocs.showNewWarnings', args: [{ edition: 'community', projectSlug: 'widgets' }] });

    const privateBase = await first.compare({ ...input, builds: [build(99, 'latest'), ...builds.filter((b) => b.id !== 18)], head: build(100, '1234') });
    assert.deepEqual([privateBase.kind, comparisonText(privateBase)], ['none', 'no base: the log of latest\'s build is not public (API v2 serves public builds only)']);
    const [none] = rowsOf(privateBase);
    assert.equal(none!.label, 'Warnings: all shown');
    assert.equal(comparisonText(await first.compare({ ...input, baseVersion: 'stable' })), 'no base: stable has no finished build');
  });

  it('the store is bounded by entries and by bytes, oldest written first; a base too heavy to store is held for the window', () => {
    const memento = new MemoryMemento();
    const store = new BaseWarningsStore(memento, { maxEntries: 2, maxTotalBytes: 10_000 });
    const one = [{ file: 'a.rst', kind: 'warning x', message: 'm', line: 1 }];
    store.set('a', one);
    store.set('b', one);
    store.set('c', one);
    assert.deepEqual(['a', 'b', 'c'].map((key) => new BaseWarningsStore(memento, { maxEntries: 2, maxTotalBytes: 10_000 }).get(key) !== undefined), [false, true, true], 'a reload holds the two newest');
    const big = Array.from({ length: 500 }, (_, i) => ({ file: 'a.rst', kind: 'warning x', message: `message ${i}`, line: i }));
    store.set('big', big);
    assert.equal(store.get('big'), big, 'held in memory for this window');
    assert.ok(!memento.keys().some((key) => key.endsWith('big')), 'not stored: over the byte cap');
  });
});
