// Past builds of the demo projects (successes, failures with notifications, a cancellation) and one running build.

import { BUILD_CANCELLED, BUILD_FAILED, type BuildMessage } from '../builds';
import { CONFIG_INVALID_CHOICE } from './projectHealth';
import type { BuildTimingRecord, ProjectRecord, SandboxDb } from '../db';
import { scenarioCommands, scenarioOf } from '../logs/scenarios';
import { sha1Hex } from '../hash';

type Outcome = 'success' | 'failure' | 'no-html' | 'cancelled' | 'skipped' | 'running' | 'config-error' | 'time-out' | 'memory';
interface BuildSpec { project: string; version: string; hoursAgo: number; outcome: Outcome }

const NO_HTML = {
  messageId: 'build:user:output:no-html',
  header: 'No HTML content found',
  body: 'No content was output to the path "$READTHEDOCS_OUTPUT/html".\n'
    + 'Read more about <a href="https://docs.readthedocs.io/page/build-customization.html#where-to-put-files">where to put your built files</a>.',
  type: 'error',
} satisfies BuildMessage;

/** `rtd:readthedocs/doc_builder/exceptions.py` ids, words as the service's notifications say them. */
const TIME_OUT = {
  messageId: 'build:user:time-out',
  header: 'Build terminated due to time out',
  body: 'The build was terminated due to time out. Read more about <a href="https://docs.readthedocs.io/page/builds.html#build-resources">time and memory limits in our documentation</a>.',
  type: 'error',
} satisfies BuildMessage;

const EXCESSIVE_MEMORY = {
  messageId: 'build:user:excessive-memory',
  header: 'Build terminated due to excessive memory consumption',
  body: 'This build was terminated due to excessive memory consumption. Read more about <a href="https://docs.readthedocs.io/page/builds.html#build-resources">time and memory limits in our documentation</a>.',
  type: 'error',
} satisfies BuildMessage;

/** A command exited with 183 (FACTS §26): state `cancelled`, an info notification. */
const BUILD_SKIPPED = {
  messageId: 'build:user:exit-code-183',
  header: 'Build skipped.',
  body: 'This build was skipped because one of the commands exited with code 183',
  type: 'info',
} satisfies BuildMessage;

const NOTIFICATIONS: Partial<Record<Outcome, BuildMessage>> = {
  skipped: BUILD_SKIPPED, failure: BUILD_FAILED, 'no-html': NO_HTML, cancelled: BUILD_CANCELLED, 'config-error': CONFIG_INVALID_CHOICE, 'time-out': TIME_OUT, memory: EXCESSIVE_MEMORY,
};

const SPHINX_CONFIG = {
  version: 2,
  build: { os: 'ubuntu-24.04', tools: { python: '3.12' }, jobs: { post_install: ['pip install -e .'] }, apt_packages: [], commands: [] },
  sphinx: { builder: 'html', configuration: 'docs/conf.py', fail_on_warning: false },
  python: { install: [{ requirements: 'docs/requirements.txt' }] },
  formats: ['pdf', 'epub'],
  submodules: { include: [], exclude: [], recursive: false },
  search: { ranking: {}, ignore: ['search.html', 'search/index.html', '404.html', '404/index.html'] },
};

const MKDOCS_CONFIG = {
  version: 2,
  build: { os: 'ubuntu-24.04', tools: { python: '3.12', nodejs: '20' }, jobs: {}, apt_packages: [], commands: [] },
  mkdocs: { configuration: 'mkdocs.yml', fail_on_warning: false },
  python: { install: [{ requirements: 'docs/requirements.txt' }] },
  formats: [],
  submodules: { include: [], exclude: [], recursive: false },
  search: { ranking: {}, ignore: ['search.html', 'search/index.html', '404.html', '404/index.html'] },
};

function widgetsSpecs(): BuildSpec[] {
  const specs: BuildSpec[] = [];
  for (let day = 1; day <= 14; day += 1) {
    const outcome: Outcome = day === 5 ? 'failure' : day === 7 ? 'time-out' : day === 11 ? 'memory' : day === 9 ? 'cancelled' : 'success';
    specs.push({ project: 'widgets', version: 'latest', hoursAgo: day * 24 + 3, outcome });
    if (outcome === 'cancelled') specs.push({ project: 'widgets', version: 'latest', hoursAgo: day * 24 + 2.9, outcome: 'success' });
  }
  specs.push(
    { project: 'widgets', version: 'v2.9.4', hoursAgo: 240, outcome: 'success' },
    { project: 'widgets', version: 'v2.9.5', hoursAgo: 72.2, outcome: 'success' },
    { project: 'widgets', version: 'stable', hoursAgo: 72, outcome: 'success' },
    { project: 'widgets', version: 'release-2.x', hoursAgo: 100, outcome: 'success' },
    { project: 'widgets', version: 'experimental', hoursAgo: 200, outcome: 'success' },
    // Its post_checkout job skips builds whose docs did not change.
    { project: 'widgets', version: 'experimental', hoursAgo: 3, outcome: 'skipped' },
    { project: 'widgets', version: 'develop', hoursAgo: 50, outcome: 'failure' },
    { project: 'widgets', version: 'develop', hoursAgo: 30, outcome: 'success' },
    { project: 'widgets', version: 'docs-refresh', hoursAgo: 20, outcome: 'no-html' },
    { project: 'widgets', version: 'latest', hoursAgo: 50 / 3600, outcome: 'running' },
    { project: 'widgets', version: '1234', hoursAgo: 6, outcome: 'failure' },
    { project: 'widgets', version: '1234', hoursAgo: 2, outcome: 'success' },
    { project: 'widgets', version: '1240', hoursAgo: 1, outcome: 'failure' },
    // The newest build of release-2.x failed on .readthedocs.yaml (build.tools.python).
    { project: 'widgets', version: 'release-2.x', hoursAgo: 10, outcome: 'config-error' },
  );
  return specs;
}

const OTHER_SPECS: BuildSpec[] = [
  { project: 'widgets-api', version: 'stable', hoursAgo: 300, outcome: 'success' },
  { project: 'widgets-api', version: 'latest', hoursAgo: 26, outcome: 'success' },
  { project: 'widgets-fr', version: 'latest', hoursAgo: 48, outcome: 'success' },
  { project: 'gadget-docs', version: 'stable', hoursAgo: 200, outcome: 'success' },
  { project: 'gadget-docs', version: 'latest', hoursAgo: 29, outcome: 'success' },
  { project: 'gadget-docs', version: 'latest', hoursAgo: 5, outcome: 'failure' },
  { project: 'hostile-demo', version: 'latest', hoursAgo: 400, outcome: 'success' },
  { project: 'legacy-widgets', version: 'latest', hoursAgo: 2000, outcome: 'success' },
  { project: 'others-project', version: 'latest', hoursAgo: 12, outcome: 'success' },
];

/** Adds the builds oldest first, so ids grow with time like the real service's. */
export function addBuildHistory(db: SandboxDb, now: number, projects: ProjectRecord[]): void {
  const specs = [...widgetsSpecs(), ...OTHER_SPECS]
    .filter((spec) => projects.some((p) => p.slug === spec.project))
    .sort((a, b) => b.hoursAgo - a.hoursAgo);
  specs.forEach((spec, index) => {
    const created = Math.round(now - spec.hoursAgo * 3_600_000);
    const version = db.version(spec.project, spec.version);
    const tagCommit = version && /^[0-9a-f]{40}$/.test(version.identifier) ? version.identifier : undefined;
    const commit = tagCommit ?? sha1Hex(`${spec.project}:${spec.version}:${index}`);
    const running = spec.outcome === 'running';
    const build = db.addBuild({
      project: spec.project,
      version: spec.version,
      created,
      state: running ? 'building' : spec.outcome === 'cancelled' || spec.outcome === 'skipped' ? 'cancelled' : 'finished',
      success: spec.outcome === 'success' || running,
      commit,
      duration: running ? null : spec.outcome === 'cancelled' ? 25 : spec.outcome === 'skipped' ? 4 : 60 + ((index * 37) % 180),
      config: structuredClone(spec.project === 'gadget-docs' ? MKDOCS_CONFIG : SPHINX_CONFIG),
    });
    const message = NOTIFICATIONS[spec.outcome];
    if (message) db.addNotification({ build: build.id, ...message });
  });
}

/**
 * The timings of widgets' `latest` history (Build Times), once each build's log scenario is chosen:
 * the older builds (10 days and more) from before `task_executed_at`; the install step grew from 6
 * days ago on; 3 days ago a builder ran at about half speed; 2 days ago the build waited twice for
 * the concurrency limit; 7 days ago it timed out (its build step past 15 minutes, its last command's exit code
 * 42) and 11 days ago it ran out of memory (exit code 137), as Read the Docs records a killed command. The v3 duration
 * is what the commands took plus a few seconds of upload.
 */
export function addBuildTimings(db: SandboxDb, now: number): void {
  for (const build of db.builds('widgets')) {
    if (build.version !== 'latest' || build.state === 'building') continue;
    const day = Math.floor((now - build.created) / 86_400_000);
    const queue = day >= 10 ? null : day === 2 ? 640 : 3 + ((day * 7) % 20);
    const scale = 6 * (day === 3 ? 2.2 : 1);
    const commands = scenarioCommands(db, build, scenarioOf(db, build, false));
    const timedOut = db.notifications.some((n) => n.build === build.id && n.messageId === TIME_OUT.messageId);
    const buildSeconds = commands.filter((c) => c.phase === 'building').reduce((sum, c) => sum + c.runSeconds, 0);
    const phaseScale: BuildTimingRecord['phaseScale'] = {
      ...(day <= 6 ? { installing: 2.5 } : {}),
      ...(timedOut ? { building: Math.ceil(900 / (Math.max(1, buildSeconds) * scale)) } : {}),
    };
    const outOfMemory = db.notifications.some((n) => n.build === build.id && n.messageId === EXCESSIVE_MEMORY.messageId);
    const lastExitCode = timedOut ? 42 : outOfMemory ? 137 : undefined;
    db.buildTimings.set(build.id, { executedAt: queue === null ? null : build.created + queue * 1000, scale, phaseScale, ...(lastExitCode === undefined ? {} : { lastExitCode }) });
    if (build.state === 'cancelled') continue;
    const run = commands.reduce((sum, c) => sum + Math.round(c.runSeconds * scale * (phaseScale[c.phase] ?? 1)) + 1, 0);
    build.duration = 2 + run + 6 + (day % 4);
  }
}
