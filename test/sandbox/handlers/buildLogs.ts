// API v2 build logs: `/api/v2/build/<id>/` (JSON) and `/api/v2/build/<id>.txt`. v2 ignores API
// tokens, so everyone is anonymous here: a build of a private project or version is a 404.

import { BUILD_STEPS } from '../constants';
import type { RequestContext } from '../context';
import type { BuildRecord } from '../db';
import { detail, json, type ApiResponse } from '../http';
import { isFinal } from '../model';
import { canViewBuild } from '../permissions';
import { type CommandSpec, type Phase, scenarioCommands, scenarioOf } from '../logs/scenarios';
import { isoDate } from '../time';
import { docsUrl } from '../urls';
import { integerId, isResponse } from '../validation';

const DAY_MS = 86_400_000;
const PHASES: readonly Phase[] = ['cloning', 'installing', 'building'];

/** An uploaded build's four synthetic commands (the in-repo upload task, FACTS §24), one-line outputs. */
const UPLOAD_COMMANDS: readonly CommandSpec[] = [
  { phase: 'cloning', command: 'Downloading artifacts from storage', output: 'Downloaded artifacts.zip\n', exitCode: 0, runSeconds: 1 },
  { phase: 'building', command: 'Extracting artifacts', output: 'Extracted artifacts.zip\n', exitCode: 0, runSeconds: 1 },
  { phase: 'building', command: 'Validating artifacts', output: 'Artifacts are valid\n', exitCode: 0, runSeconds: 0 },
  { phase: 'building', command: 'Syncing artifacts to storage', output: 'Synced artifacts to storage\n', exitCode: 0, runSeconds: 1 },
];

interface ShownCommand { spec: CommandSpec; running: boolean; start: number }

/**
 * The commands stored so far: those of the phases already passed (finished, with output), and the
 * first command of the current phase as a placeholder (stored before it runs: no output, no exit
 * code). A final build shows them all; a cancelled one what ran before it stopped.
 */
function storedCommands(ctx: RequestContext, build: BuildRecord): ShownCommand[] {
  const specs = ctx.db.uploads.builds.has(build.id) ? UPLOAD_COMMANDS : scenarioCommands(ctx.db, build, scenarioOf(ctx.db, build, ctx.builds.willFail(build.id)));
  const step = BUILD_STEPS.indexOf(build.state as (typeof BUILD_STEPS)[number]);
  const phase = PHASES.indexOf(build.state as Phase);
  let shown: { spec: CommandSpec; running: boolean }[];
  if (build.state === 'cancelled') shown = build.duration ? specs.filter((s) => s.phase === 'cloning').map((spec) => ({ spec, running: false })) : [];
  else if (phase >= 0) {
    const done = specs.filter((s) => PHASES.indexOf(s.phase) < phase).map((spec) => ({ spec, running: false }));
    const current = specs.find((s) => s.phase === PHASES[phase]);
    shown = current ? [...done, { spec: current, running: true }] : done;
  } else shown = step <= 0 ? [] : specs.map((spec) => ({ spec, running: false }));
  const timing = ctx.db.buildTimings.get(build.id);
  let clock = (executedAtOf(ctx, build) ?? build.created) + 2000;
  return shown.map(({ spec, running }) => {
    const start = clock;
    const runSeconds = Math.round(spec.runSeconds * (timing?.scale ?? 1) * (timing?.phaseScale[spec.phase] ?? 1));
    clock += (runSeconds + 1) * 1000;
    return { spec: { ...spec, runSeconds }, running, start };
  });
}

/** `task_executed_at`: the timing's, else a second after creation once the build left `triggered` (FACTS §26). */
function executedAtOf(ctx: RequestContext, build: BuildRecord): number | null {
  const timing = ctx.db.buildTimings.get(build.id);
  if (timing) return timing.executedAt;
  return build.state === 'triggered' ? null : build.created + 1000;
}

function findBuild(ctx: RequestContext): BuildRecord | ApiResponse {
  const id = integerId(ctx.params.build);
  const build = id === undefined ? undefined : ctx.db.build(id);
  // Anonymous, like every v2 caller with an API token: private builds are invisible.
  if (!build || !canViewBuild(ctx.db, null, build)) return detail(404, 'Not found.');
  return build;
}

function buildFields(ctx: RequestContext, build: BuildRecord) {
  const project = ctx.db.project(build.project)!;
  const version = build.version == null ? undefined : ctx.db.version(build.project, build.version);
  return { project, version, cold: Date.now() - build.created > DAY_MS };
}

export function getBuildLog(ctx: RequestContext): ApiResponse {
  const build = findBuild(ctx);
  if (isResponse(build)) return build;
  const { project, version, cold } = buildFields(ctx, build);
  const stored = storedCommands(ctx, build);
  const lastExitCode = ctx.db.buildTimings.get(build.id)?.lastExitCode;
  const commands = stored.map(({ spec, running, start }, index) => ({
    id: build.id * 1000 + index + 1,
    build: build.id,
    command: spec.command,
    description: '',
    output: running ? '' : spec.output,
    exit_code: running ? null : index === stored.length - 1 && lastExitCode !== undefined ? lastExitCode : spec.exitCode,
    start_time: isoDate(start),
    end_time: running ? null : isoDate(start + spec.runSeconds * 1000),
    run_time: running ? null : spec.runSeconds,
  }));
  return json(200, {
    id: build.id,
    project: project.id,
    version: version?.id ?? null,
    project_slug: project.slug,
    version_slug: version?.slug ?? null,
    version_name: version?.verboseName ?? null,
    version_type: version?.type ?? null,
    state: build.state,
    state_display: build.state.charAt(0).toUpperCase() + build.state.slice(1),
    success: build.success,
    commit: build.commit,
    commit_url: build.commit ? `${project.repository.url}/commit/${build.commit}` : '',
    docs_url: version ? docsUrl(ctx.db, project, version.slug) : null,
    date: isoDate(build.created),
    task_executed_at: executedAtOf(ctx, build) === null ? null : isoDate(executedAtOf(ctx, build)!),
    length: build.duration ?? 0,
    type: 'html',
    config: build.config,
    cold_storage: cold,
    is_uploaded: ctx.db.uploads.builds.has(build.id),
    readthedocs_yaml_path: project.readthedocsYamlPath,
    task_id: `${build.id.toString(16).padStart(8, '0')}-5e1f-4c2b-9a47-0c1d2e3f4a5b`,
    commands,
  });
}

export function getBuildLogText(ctx: RequestContext): ApiResponse {
  const build = findBuild(ctx);
  if (isResponse(build)) return build;
  const { project, version } = buildFields(ctx, build);
  const lines = [
    'Read the Docs build information',
    `Build id: ${build.id}`,
    `Project: ${project.slug}`,
    `Version: ${version?.slug ?? ''}`,
    `Commit: ${build.commit ?? ''}`,
    `Date: ${isoDate(build.created)}`,
    `State: ${build.state}`,
    `Success: ${isFinal(build) ? (build.success ? 'True' : 'False') : 'Unknown'}`,
    '',
  ];
  for (const { spec, running, start } of storedCommands(ctx, build)) {
    const end = running ? 'None' : isoDate(start + spec.runSeconds * 1000);
    lines.push(`[rtd-command-info] start-time: ${isoDate(start)}, end-time: ${end}, duration: ${running ? 'None' : spec.runSeconds}, exit-code: ${running ? 'None' : spec.exitCode}`);
    lines.push(spec.command);
    if (!running) lines.push(spec.output.replace(/\n$/, ''));
    lines.push('');
  }
  return { status: 200, kind: 'text', body: `${lines.join('\n')}\n` };
}
