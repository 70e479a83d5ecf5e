// The scaling suite's cases for what turns server and folder data into something on the extension
// host outside the editor's entry points (issue 42): Build Times (figures and analysis, the page),
// the build log parser and its document, the pull request's diff, the redirects plan, the notices
// and sharing lists. scalingCases.ts spreads these arrays among its own; inputs are made from a
// count or a size, as there.

import { KNOWN_NOTHING } from '../../src/core/builds/buildRow';
import { type BuildTimesAnalysis, analyseBuildTimes } from '../../src/core/buildTimes/analysis';
import { type BuildFigures, buildFigures } from '../../src/core/buildTimes/figures';
import { buildTimesPage } from '../../src/core/buildTimes/page';
import { type DocsLayout } from '../../src/core/docsLayout/layout';
import { findProblems } from '../../src/core/logs/problems';
import { renderBuildLog } from '../../src/core/logs/render';
import { type Build, parseBuild } from '../../src/core/models/build';
import { type BuildLog, parseBuildLog } from '../../src/core/models/buildLog';
import { parseNotification } from '../../src/core/models/notification';
import { parseRedirect } from '../../src/core/models/redirect';
import { parseSharingMethod } from '../../src/core/models/sharingMethod';
import { noticeRows } from '../../src/core/notices/noticeRows';
import { type NameStatus, deletedPagesOfDiff } from '../../src/core/pulls/deletedPages';
import { planRedirects } from '../../src/core/redirects/plan';
import { RULE_DEFAULTS, type RedirectRule } from '../../src/core/redirects/rule';
import { presentSharingMethod } from '../../src/core/tree/sharingWords';
import { type WorkspaceProject } from '../../src/core/workspace/binding';
import type { CapCase, ScalingCase } from './scalingCase';

const scaling = <T>(c: ScalingCase<T>) => c as ScalingCase;
const cap = <T, R>(c: CapCase<T, R>) => c as CapCase;
const KB = 1024;

// ---------------------------------------------------------------------------------------------
// Build Times: a version's builds as v3 lists them and API v2 details them.

/** The builds Build Times reads at most (`readthedocs.buildTimes.count`'s maximum is 100; its default 20). */
const BUILDS = 20;
const START = Date.parse('2026-01-01T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

interface BuildData {
  readonly build: Build;
  readonly log: BuildLog;
}

/**
 * Build `index` (0 newest) of `builds`: the build's own commands (checkout, environment, install,
 * Sphinx), then `user` commands its `build.commands` names, each `userChars` long at least, then
 * `repeated` `pip install` commands (one step, many commands). Times vary by build (a step grows).
 */
function buildData(index: number, user: number, { userChars = 0, repeated = 0, distinctAcrossBuilds = false } = {}): BuildData {
  const id = 100_000 - index;
  const pad = 'x'.repeat(Math.max(0, userChars - 30));
  const userCommands = Array.from({ length: user }, (_, i) => `echo step-${distinctAcrossBuilds ? `${id}-` : ''}${i} ${pad}`);
  const lines = [
    'git clone --depth 1 https://github.com/example/bench.git .',
    'python -m virtualenv $READTHEDOCS_VIRTUALENV_PATH',
    ...Array.from({ length: repeated }, (_, i) => `python -m pip install package-${i}`),
    ...userCommands,
    'python -m sphinx -T -b html -d _build/doctrees -D language=en . $READTHEDOCS_OUTPUT/html',
  ];
  let clock = START - index * 86_400_000;
  const commands = lines.map((command, i) => {
    const seconds = 1 + ((i + (index < BUILDS / 2 ? 2 : 0)) % 3);
    const start = clock;
    clock += seconds * 1000;
    return { id: i + 1, command, description: '', output: 'ok\n', exit_code: 0, start_time: iso(start), end_time: iso(clock), run_time: seconds };
  });
  const duration = Math.round((clock - (START - index * 86_400_000)) / 1000) + 20;
  const created = iso(START - index * 86_400_000 - 30_000);
  const log = parseBuildLog({
    id, project_slug: 'bench', version_slug: 'latest', state: 'finished', success: true, commit: 'c'.repeat(40), date: created,
    task_executed_at: iso(START - index * 86_400_000), length: duration,
    config: { version: 2, build: { os: 'ubuntu-24.04', commands: userCommands } }, commands,
  });
  const build = parseBuild({
    id, project: 'bench', version: 'latest', state: { code: 'finished', name: 'Finished' }, success: true, commit: 'c'.repeat(40),
    created, finished: iso(clock + 20_000), duration, urls: { build: `https://app.readthedocs.org/projects/bench/builds/${id}/`, version: null },
  });
  return { build, log };
}

const versionBuilds = (count: number, user: number, options?: Parameters<typeof buildData>[2]) => Array.from({ length: count }, (_, i) => buildData(i, user, options));

interface BuildTimesResult {
  readonly builds: readonly BuildFigures[];
  readonly analysis: BuildTimesAnalysis;
}

/** BuildTimesService.read once the details are read: each build's figures, then the analysis across them. */
function buildTimesOf(data: readonly BuildData[]): BuildTimesResult {
  const builds = data.map(({ build, log }) => buildFigures({ edition: 'community', build, log }));
  return { builds, analysis: analyseBuildTimes(builds) };
}

/** BuildTimesPanel.show: the page. */
const pageOf = (times: BuildTimesResult) => buildTimesPage({ nonce: 'bench-nonce', projectSlug: 'bench', versionSlug: 'latest', builds: times.builds, analysis: times.analysis });

const kib = (chars: number) => `${Math.round((chars / KB) * 10) / 10} KB`;
/** What the persisted cache keeps of a build (its JSON), largest of the builds. */
const storedFigure = (times: BuildTimesResult) => `largest cached figures ${kib(Math.max(...times.builds.map((b) => JSON.stringify(b).length)))} per build`;
const pageFigure = (html: unknown) => `page ${kib(String(html).length)}`;

// ---------------------------------------------------------------------------------------------
// The build log as API v2 sends it, and its document.

const rawLog = (commands: number, outputChars: number, commandChars = 40) => ({
  id: 1, project_slug: 'bench', version_slug: 'latest', state: 'finished', success: false, commit: 'c'.repeat(40), length: 60,
  config: { sphinx: { configuration: 'docs/conf.py' } },
  commands: Array.from({ length: commands }, (_, i) => ({
    id: commands - i, command: `python -m pip install package-${i} ${'x'.repeat(Math.max(0, commandChars - 40))}`, description: '',
    output: 'o'.repeat(outputChars), exit_code: 0, start_time: iso(START + i * 1000), end_time: iso(START + i * 1000 + 500), run_time: 1,
  })),
});
const logDocumentOf = (log: BuildLog) => renderBuildLog({ log, projectSlug: 'bench', problems: findProblems(log.commands) }).text.length;

// ---------------------------------------------------------------------------------------------
// A pull request's diff, the redirects plan, the notices and sharing lists.

const LAYOUT: DocsLayout = { tool: 'sphinx', root: 'docs', directoryUrls: false, configFile: 'docs/conf.py' };
/** `count` deleted or renamed files of `--name-status`, each `depth` folders deep. */
const nameStatus = (count: number, depth = 2): NameStatus[] => Array.from({ length: count }, (_, i) => {
  const folder = Array.from({ length: depth }, (_, d) => `d${d}`).join('/');
  const path = `docs/${folder}/page-${i}.rst`;
  return i % 2 ? { status: 'D', path } : { status: 'R100', path, renamedTo: `docs/${folder}/moved-${i}.rst` };
});

/** The file's rules and the server's redirects: half the same, a quarter changed, the rest new or gone, the order shuffled a little. */
function redirectLists(count: number): { file: RedirectRule[]; server: ReturnType<typeof parseRedirect>[] } {
  const file = Array.from({ length: count }, (_, i): RedirectRule => ({ ...RULE_DEFAULTS, type: 'page', fromUrl: `/old/${i}.html`, toUrl: i % 4 === 1 ? `/changed/${i}.html` : `/new/${i}.html` }));
  const server = Array.from({ length: count }, (_, k) => {
    const i = k % 10 === 0 ? count - k - 1 : k;
    return parseRedirect({
      pk: i + 1, type: 'page', from_url: i % 4 === 3 ? `/gone/${i}.html` : `/old/${i}.html`, to_url: `/new/${i}.html`, http_status: 302, force: false, enabled: true,
      description: '', position: k, project: 'bench', created: null, modified: null,
    });
  });
  return { file, server };
}

const BOUND: WorkspaceProject = { edition: 'community', project: { slug: 'bench' } } as unknown as WorkspaceProject;
const rawNotices = (count: number, bodyChars: number) => Array.from({ length: count }, (_, i) => ({
  id: i + 1, state: 'unread', dismissable: i % 2 === 0,
  message: { id: `project:notice-${i}`, header: `Notice ${i}`, body: `<p>${'Some <b>words</b> '.repeat(Math.max(1, Math.floor(bodyChars / 18)))}</p>`, type: i % 3 ? 'info' : 'warning' },
}));
/** This Workspace's Notices row of a project: the list parsed, each notice presented. */
const noticesList = (raw: readonly unknown[]) => {
  const notices = raw.map((n) => parseNotification(n));
  return noticeRows(() => notices).rows(BOUND, { parentId: 'p' } as never);
};
const rawSharing = (count: number, versions: number) => Array.from({ length: count }, (_, i) => ({
  id: i + 1, project: 'bench', access_type: ['token', 'password', 'http_header_token'][i % 3], allow_all: versions === 0,
  versions: Array.from({ length: versions }, (_, v) => ({ slug: `v${v}.${i}` })), expires: '2027-01-01', last_used_at: iso(START), description: `Method ${i}`,
}));
/** The Sharing folder: the list parsed, each method presented. */
const sharingList = (raw: readonly unknown[]) => raw.map((m) => presentSharingMethod(parseSharingMethod(m), { now: START, known: () => KNOWN_NOTHING }));

export const SERVER_DATA_SCALING_CASES: readonly ScalingCase[] = [
  scaling({ entry: 'Build Times: figures and analysis', shape: `distinct commands per build (${BUILDS} builds)`, n: 500, input: (n) => versionBuilds(BUILDS, n), call: buildTimesOf }),
  scaling({ entry: 'Build Times: figures and analysis', shape: `distinct commands, none shared between builds (${BUILDS} builds)`, n: 500, input: (n) => versionBuilds(BUILDS, n, { distinctAcrossBuilds: true }), call: buildTimesOf }),
  scaling({ entry: 'Build Times: figures and analysis', shape: `commands of one step per build (${BUILDS} builds)`, n: 2_000, input: (n) => versionBuilds(BUILDS, 0, { repeated: n }), call: buildTimesOf }),
  scaling({ entry: 'Build Times: figures and analysis', shape: 'long command lines (chars, 20 commands × 20 builds)', n: 16 * KB, input: (n) => versionBuilds(BUILDS, 20, { userChars: n }), call: buildTimesOf }),
  scaling({ entry: 'Build Times: figures and analysis', shape: 'builds (10 commands each)', n: 25, input: (n) => versionBuilds(n, 10), call: buildTimesOf }),
  scaling({ entry: 'Build Times page', shape: `distinct commands per build (${BUILDS} builds)`, n: 500, input: (n) => buildTimesOf(versionBuilds(BUILDS, n)), call: pageOf }),
  scaling({ entry: 'Build Times page', shape: `distinct commands, none shared between builds (${BUILDS} builds)`, n: 500, input: (n) => buildTimesOf(versionBuilds(BUILDS, n, { distinctAcrossBuilds: true })), call: pageOf }),
  scaling({ entry: 'Build Times page', shape: 'builds (10 commands each)', n: 25, input: (n) => buildTimesOf(versionBuilds(n, 10)), call: pageOf }),
  scaling({ entry: 'build log parser (API v2)', shape: 'commands (count)', n: 5_000, input: (n) => rawLog(n, 20), call: (raw) => parseBuildLog(raw) }),
  scaling({ entry: 'build log parser (API v2)', shape: 'long command lines (chars, 100 commands)', n: 64 * KB, input: (n) => rawLog(100, 20, n), call: (raw) => parseBuildLog(raw) }),
  scaling({ entry: 'build log document', shape: 'commands (count)', n: 5_000, input: (n) => parseBuildLog(rawLog(n, 20)), call: logDocumentOf }),
  scaling({ entry: 'build log document', shape: 'long outputs (chars, 100 commands)', n: 64 * KB, input: (n) => parseBuildLog(rawLog(100, n)), call: logDocumentOf }),
  scaling({ entry: 'pull request: deleted pages of the diff', shape: 'files (count)', n: 5_000, input: (n) => nameStatus(n), call: (records) => deletedPagesOfDiff(records, LAYOUT) }),
  scaling({ entry: 'pull request: deleted pages of the diff', shape: 'deep folders (levels, 100 files)', n: 500, input: (n) => nameStatus(100, n), call: (records) => deletedPagesOfDiff(records, LAYOUT) }),
  scaling({ entry: 'redirects plan', shape: 'rules in the file and on the server (count)', n: 500, input: redirectLists, call: ({ file, server }) => planRedirects(file, server) }),
  scaling({ entry: 'notices list', shape: 'notices (count)', n: 200, input: (n) => rawNotices(n, 200), call: noticesList }),
  scaling({ entry: 'notices list', shape: 'long bodies (chars, 20 notices)', n: 4 * KB, input: (n) => rawNotices(20, n), call: noticesList }),
  scaling({ entry: 'sharing list', shape: 'sharing methods (count)', n: 100, input: (n) => rawSharing(n, 3), call: sharingList }),
  scaling({ entry: 'sharing list', shape: 'versions of a method (count, 20 methods)', n: 500, input: (n) => rawSharing(20, n), call: sharingList }),
];

export const SERVER_DATA_CAP_CASES: readonly CapCase[] = [
  cap({ name: 'Build Times: figures and analysis, 20 builds × 2,000 distinct commands', input: () => versionBuilds(20, 2_000), call: buildTimesOf, figure: storedFigure }),
  cap({ name: 'Build Times: figures and analysis, 100 builds × 2,000 distinct commands', input: () => versionBuilds(100, 2_000), call: buildTimesOf, figure: storedFigure }),
  cap({ name: 'Build Times: figures and analysis, 100 builds × 2,000 commands none shared', input: () => versionBuilds(100, 2_000, { distinctAcrossBuilds: true }), call: buildTimesOf, figure: storedFigure }),
  // What runs at once: one build's figures as its detail arrives (each after its own request), the analysis once all are in.
  cap({ name: 'Build Times: one build\'s figures, 2,000 distinct commands', input: () => versionBuilds(1, 2_000), call: buildTimesOf }),
  cap({ name: 'Build Times: the analysis alone, 100 builds × 2,000 commands none shared', input: () => buildTimesOf(versionBuilds(100, 2_000, { distinctAcrossBuilds: true })).builds, call: analyseBuildTimes }),
  cap({ name: 'Build Times page, 20 builds × 2,000 distinct commands', input: () => buildTimesOf(versionBuilds(20, 2_000)), call: pageOf, figure: pageFigure }),
  cap({ name: 'Build Times page, 100 builds × 2,000 commands none shared', input: () => buildTimesOf(versionBuilds(100, 2_000, { distinctAcrossBuilds: true })), call: pageOf, figure: pageFigure }),
  cap({ name: 'build log parser, 100,000 commands', input: () => rawLog(100_000, 20), call: (raw) => parseBuildLog(raw) }),
  cap({ name: 'build log document, 100,000 commands', input: () => parseBuildLog(rawLog(100_000, 20)), call: logDocumentOf }),
  cap({ name: 'pull request: deleted pages of a 100,000-file diff', input: () => nameStatus(100_000), call: (records) => deletedPagesOfDiff(records, LAYOUT) }),
  cap({ name: 'redirects plan, 10,000 rules (the file\'s cap) against 10,000 on the server', input: () => redirectLists(10_000), call: ({ file, server }) => planRedirects(file, server) }),
  cap({ name: 'notices list, 1,000 notices (the largest page) of 1 KB bodies', input: () => rawNotices(1_000, KB), call: noticesList }),
  cap({ name: 'notices list, 100 notices (a page) of 64 KB bodies', input: () => rawNotices(100, 64 * KB), call: noticesList }),
  cap({ name: 'sharing list, 1,000 methods of 100 versions each', input: () => rawSharing(1_000, 100), call: sharingList }),
];
