// The build clock: triggered → cloning → installing → building → uploading → finished, one step every `stepMs`.

import { BUILD_STEPS } from './constants';
import type { BuildRecord, NotificationRecord, ProjectRecord, SandboxDb, VersionRecord } from './db';
import { sha1Hex } from './hash';
import { isFinal, newestFirst } from './model';

export type BuildMessage = Pick<NotificationRecord, 'messageId' | 'header' | 'body' | 'type'>;

export const BUILD_FAILED: BuildMessage = {
  messageId: 'build:user:generic',
  header: 'Unknown problem',
  body: 'We encountered a problem with a command while building your project.\n'
    + 'To resolve this error, double check your project configuration and installed\n'
    + 'dependencies are correct and have not changed recently.',
  type: 'error',
};

export const BUILD_CANCELLED: BuildMessage = {
  messageId: 'build:user:cancelled',
  header: 'Build cancelled manually.',
  body: 'The user has cancelled this build.',
  type: 'error',
};

/** A build of a branch without `.readthedocs.yaml` at the top (`load` in readthedocs/config/config.py, words from config/notifications.py). */
export const CONFIG_DEFAULT_PATH_NOT_FOUND: BuildMessage = {
  messageId: 'config:path:default-not-found',
  header: 'Config file not found at default path',
  body: 'The required <code>.readthedocs.yaml</code> configuration file was not found at repository\'s root.\n'
    + 'Learn how to use this file in our <a href="https://docs.readthedocs.io/en/stable/config-file/index.html">configuration file tutorial</a>.',
  type: 'error',
};

/** A build of a branch without the configuration file at the project's own `readthedocs_yaml_path`. */
export function configPathNotFound(path: string): BuildMessage {
  return { messageId: 'config:path:not-found', header: 'Configuration file not found', body: `Configuration file not found in <code>${path}</code>.`, type: 'error' };
}

/** The parsed `.readthedocs.yaml` a new build records when the project has no earlier one. */
const DEFAULT_BUILD_CONFIG: Record<string, unknown> = {
  version: 2,
  build: { os: 'ubuntu-24.04', tools: { python: '3.12' }, jobs: {}, apt_packages: [], commands: [] },
  sphinx: { builder: 'html', configuration: 'docs/conf.py', fail_on_warning: false },
  python: { install: [{ requirements: 'docs/requirements.txt' }] },
  formats: [],
  submodules: { include: [], exclude: [], recursive: false },
  search: { ranking: {}, ignore: ['search.html', 'search/index.html', '404.html', '404/index.html'] },
};

/** `build:user:concurrency-limit-reached` with its limit filled in (`rtd:readthedocs/projects/notifications.py`). */
export function concurrencyLimitReached(limit: number): BuildMessage {
  return {
    messageId: 'build:user:concurrency-limit-reached',
    header: 'Maximum concurrency limit reached.',
    body: `Your project, organization, or user has reached its maximum number of concurrent builds allowed (${limit}). This build will automatically retry in 5 minutes.`,
    type: 'warning',
  };
}

/** A build made to wait for the concurrency limit (`holdNextBuild`). */
export interface ConcurrencyHold {
  readonly limit: number;
  /** Attempts before it starts. */
  readonly retries: number;
  /** Between attempts (the service waits 300 s; shortened for the demo). */
  readonly retryMs: number;
  /** Created this long ago (so the estimated retry number shows a later attempt). */
  readonly waitedSeconds?: number;
}

const elapsedSeconds = (build: BuildRecord): number => Math.max(1, Math.round((Date.now() - build.created) / 1000));

export class BuildRunner {
  private readonly timers = new Map<number, { build: BuildRecord; timer: NodeJS.Timeout }>();
  private readonly failNext = new Set<string>();
  private readonly failing = new Set<number>();
  private readonly holds = new Map<string, ConcurrencyHold>();
  private readonly waiting = new Map<number, { hold: ConcurrencyHold; left: number }>();
  private readonly syncTimers = new Set<NodeJS.Timeout>();
  /** Uploaded builds being processed (their own steps, not the git build's). */
  private readonly uploadTimers = new Map<number, NodeJS.Timeout>();

  constructor(private readonly db: SandboxDb, private stepMs: number) {}

  /** Start a build of `version`; running builds of the same version are cancelled first. */
  trigger(project: ProjectRecord, version: VersionRecord): BuildRecord {
    for (const running of this.db.builds(project.slug)) {
      if (running.version === version.slug && !isFinal(running)) this.cancel(running);
    }
    const previous = [...this.db.builds(project.slug)].sort(newestFirst).find((b) => Object.keys(b.config).length > 0);
    // A pull request's version rebuilds the commit of its last build (FACTS §22).
    const lastOfPullRequest = version.type === 'external' ? [...this.db.builds(project.slug)].sort(newestFirst).find((b) => b.version === version.slug) : undefined;
    const build = this.db.addBuild({
      project: project.slug,
      version: version.slug,
      commit: lastOfPullRequest?.commit ?? null,
      state: 'triggered',
      config: structuredClone(previous?.config ?? DEFAULT_BUILD_CONFIG),
    });
    if (this.failNext.delete(`${project.slug}/${version.slug}`)) this.failing.add(build.id);
    const hold = this.holds.get(`${project.slug}/${version.slug}`);
    if (hold) {
      this.holds.delete(`${project.slug}/${version.slug}`);
      build.created -= (hold.waitedSeconds ?? 0) * 1000;
      this.waiting.set(build.id, { hold, left: hold.retries });
      this.db.addNotification({ build: build.id, ...concurrencyLimitReached(hold.limit) });
      this.schedule(build, hold.retryMs);
      return build;
    }
    this.schedule(build, this.stepMs);
    return build;
  }

  /** Continue a (seeded) running build after `delayMs`. */
  resume(build: BuildRecord, delayMs: number): void {
    this.schedule(build, delayMs);
  }

  /** The next build triggered for this version will end `finished` with `success: false`. */
  failNextBuild(project: string, version: string): void {
    this.failNext.add(`${project}/${version}`);
  }

  /** The next build triggered for this version waits for the concurrency limit: `retries` attempts `retryMs` apart, with the notification. */
  holdNextBuild(project: string, version: string, hold: ConcurrencyHold): void {
    this.holds.set(`${project}/${version}`, hold);
  }

  /** True when the build is due to end `finished` with `success: false` (its log shows the failure as it runs). */
  willFail(buildId: number): boolean {
    return this.failing.has(buildId);
  }

  /** New step length; every pending transition is rescheduled to happen one new step from now. */
  setStepMs(ms: number): void {
    this.stepMs = ms;
    for (const { build } of [...this.timers.values()]) this.schedule(build, ms);
  }

  /**
   * `sync-versions`: one build step later, every branch of the project's repository
   * (`db.repositoryBranches`) that has no version gets one, inactive and not built, its slug made
   * from the name as upstream does (`feature/Foo` → `feature-foo`).
   */
  syncVersions(project: ProjectRecord): void {
    const timer = setTimeout(() => {
      this.syncTimers.delete(timer);
      for (const branch of this.db.repositoryBranches.get(project.slug) ?? []) {
        if (this.db.versions(project.slug).some((v) => v.verboseName === branch || (v.type === 'branch' && v.identifier === branch && !v.machine))) continue;
        this.db.addVersion(project.slug, { slug: versionSlugOf(branch), verboseName: branch, identifier: branch, type: 'branch', active: false, built: false });
      }
    }, this.stepMs);
    timer.unref();
    this.syncTimers.add(timer);
  }

  stop(): void {
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const timer of this.syncTimers) clearTimeout(timer);
    this.syncTimers.clear();
    for (const timer of this.uploadTimers.values()) clearTimeout(timer);
    this.uploadTimers.clear();
  }

  private schedule(build: BuildRecord, delayMs: number): void {
    clearTimeout(this.timers.get(build.id)?.timer);
    const timer = setTimeout(() => this.advance(build), delayMs);
    timer.unref();
    this.timers.set(build.id, { build, timer });
  }

  private advance(build: BuildRecord): void {
    this.timers.delete(build.id);
    if (isFinal(build)) return;
    if (build.state === 'triggered') {
      const wait = this.waiting.get(build.id);
      if (wait && wait.left > 0) {
        wait.left -= 1;
        return this.schedule(build, wait.hold.retryMs);
      }
      if (wait) {
        // `Build.reset` deletes the notification when the build finally starts.
        this.waiting.delete(build.id);
        const index = this.db.notifications.findIndex((n) => n.build === build.id && n.messageId === 'build:user:concurrency-limit-reached');
        if (index >= 0) this.db.notifications.splice(index, 1);
      }
      if (!this.db.buildTimings.has(build.id)) this.db.buildTimings.set(build.id, { executedAt: Date.now(), scale: 1, phaseScale: {} });
    }
    if (build.state === 'cloning') {
      build.commit = this.commitOf(build);
      // The configuration is read right after the clone: without it the build ends there.
      const missing = this.missingConfig(build);
      if (missing) return this.finish(build, missing);
    }
    build.state = BUILD_STEPS[BUILD_STEPS.indexOf(build.state as (typeof BUILD_STEPS)[number]) + 1];
    if (build.state === 'finished') this.finish(build);
    else this.schedule(build, this.stepMs);
  }

  private finish(build: BuildRecord, configMissing?: BuildMessage): void {
    build.state = 'finished';
    const failed = this.failing.delete(build.id) || configMissing !== undefined;
    build.success = !failed;
    build.duration = elapsedSeconds(build);
    const version = build.version == null ? undefined : this.db.version(build.project, build.version);
    if (build.success && version) version.built = true;
    if (!build.success) this.db.addNotification({ build: build.id, ...(configMissing ?? BUILD_FAILED) });
    if (configMissing) build.config = {};
  }

  /** The configuration error of a build whose branch has no configuration file (`db.branchesWithoutConfig`). */
  private missingConfig(build: BuildRecord): BuildMessage | undefined {
    const project = this.db.project(build.project);
    const version = build.version == null ? undefined : this.db.version(build.project, build.version);
    if (!project || !version || version.type === 'tag') return undefined;
    if (!this.db.branchesWithoutConfig.get(project.repository.url)?.has(version.identifier)) return undefined;
    return project.readthedocsYamlPath ? configPathNotFound(project.readthedocsYamlPath) : CONFIG_DEFAULT_PATH_NOT_FOUND;
  }

  /**
   * An uploaded build once completed: `cloning` (download) → `building` (unzip) → `uploading`
   * (validate, sync) → `finished`, one step each; `check` at the end says why it failed, if it did.
   */
  processUpload(build: BuildRecord, check: () => BuildMessage | undefined): void {
    const steps = ['cloning', 'building', 'uploading'] as const;
    let step = 0;
    const next = () => {
      this.uploadTimers.delete(build.id);
      if (isFinal(build)) return;
      if (step < steps.length) {
        build.state = steps[step++];
        this.uploadTimers.set(build.id, setTimeout(next, this.stepMs).unref());
        return;
      }
      const failure = check();
      build.state = 'finished';
      build.success = failure === undefined;
      build.duration = elapsedSeconds(build);
      if (failure) this.db.addNotification({ build: build.id, ...failure });
    };
    this.uploadTimers.set(build.id, setTimeout(next, this.stepMs).unref());
  }

  /** Cancels every unfinished build of a version (a new upload does, pending uploads included). */
  cancelUnfinished(project: string, version: string): void {
    for (const build of this.db.builds(project)) if (build.version === version && !isFinal(build)) this.cancel(build);
  }

  /** `cancel_build`: a build still `triggered` ends with length 0, a running one is terminated. */
  private cancel(build: BuildRecord): void {
    clearTimeout(this.timers.get(build.id)?.timer);
    clearTimeout(this.uploadTimers.get(build.id));
    this.uploadTimers.delete(build.id);
    this.timers.delete(build.id);
    build.duration = build.state === 'triggered' ? 0 : elapsedSeconds(build);
    build.state = 'cancelled';
    build.success = false;
    this.db.addNotification({ build: build.id, ...BUILD_CANCELLED });
  }

  private commitOf(build: BuildRecord): string {
    const version = build.version == null ? undefined : this.db.version(build.project, build.version);
    if (version && /^[0-9a-f]{40}$/.test(version.identifier)) return version.identifier;
    return sha1Hex(`${build.project}:${build.version}:${build.id}`);
  }
}

/** Upstream's version slug of a branch name: lower case, characters outside `[a-z0-9._-]` become `-`. */
function versionSlugOf(branch: string): string {
  return branch.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
}
