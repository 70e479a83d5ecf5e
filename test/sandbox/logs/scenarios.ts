// What each sandbox build ran: a scenario is a list of commands, each run in one build phase.

import type { BuildRecord, ProjectRecord, SandboxDb } from '../db';
import { defaultBranchOf } from '../model';
import { MK_DEMO } from '../seed/mkDemo';
import {
  mkdocsStrict, mkdocsWarnings, sphinxBranchWarnings, sphinxClean, sphinxConfTraceback, sphinxFailOnWarning, sphinxTruncated, sphinxWarnings,
} from './outputs';
import { MK_DEMO_BUILD_OUTPUT, MK_DEMO_STRICT_OUTPUT } from './mkDemoOutputs';
import { ZEN_DEMO } from '../seed/zenDemo';
import { zenDemoOutput } from './zenDemoOutputs';

export const LOG_SCENARIOS = [
  'sphinx-clean', 'sphinx-warnings', 'sphinx-fail-on-warning', 'sphinx-conf-traceback', 'sphinx-truncated', 'mkdocs-warnings', 'mkdocs-strict',
  'mk-demo-warnings', 'mk-demo-strict', 'zen-demo-warnings', 'zen-demo-strict', 'sphinx-branch-warnings', 'skipped-183',
] as const;
export type LogScenario = (typeof LOG_SCENARIOS)[number];

export type Phase = 'cloning' | 'installing' | 'building';

export interface CommandSpec {
  phase: Phase;
  command: string;
  output: string;
  exitCode: number;
  runSeconds: number;
}

/** The checkout folder every absolute path of a build starts with. */
export const checkoutOf = (build: Pick<BuildRecord, 'project' | 'version'>): string =>
  `/home/docs/checkouts/readthedocs.org/user_builds/${build.project}/checkouts/${build.version ?? 'latest'}/`;

function checkoutCommands(project: ProjectRecord, branch: string): CommandSpec[] {
  const repo = project.repository.url;
  return [
    { phase: 'cloning', command: `git clone --depth 1 ${repo} .`, output: "Cloning into '.'...\n", exitCode: 0, runSeconds: 1 },
    {
      phase: 'cloning', command: `git fetch origin --force --prune --prune-tags --depth 50 refs/heads/${branch}:refs/remotes/origin/${branch}`,
      output: `From ${repo}\n * [new branch]      ${branch}       -> origin/${branch}\n`, exitCode: 0, runSeconds: 1,
    },
    { phase: 'cloning', command: `git checkout --force origin/${branch}`, output: `Note: switching to 'origin/${branch}'.\n\nHEAD is now at 1f2e3d4 Update the docs\n`, exitCode: 0, runSeconds: 0 },
    { phase: 'cloning', command: 'cat .readthedocs.yaml', output: 'version: 2\nbuild:\n  os: ubuntu-24.04\n  tools:\n    python: "3.12"\n', exitCode: 0, runSeconds: 0 },
  ];
}

function installCommands(tool: 'sphinx' | 'mkdocs', installPackage: boolean, envs: string, checkout: string): CommandSpec[] {
  const commands: CommandSpec[] = [
    { phase: 'installing', command: 'asdf global python 3.12.7', output: '', exitCode: 0, runSeconds: 0 },
    {
      phase: 'installing', command: 'python -mvirtualenv $READTHEDOCS_VIRTUALENV_PATH',
      output: `created virtual environment CPython3.12.7.final.0-64 in 211ms\n  creator CPython3Posix(dest=${envs}, clear=False, no_vcs_ignore=False, global=False)\n`, exitCode: 0, runSeconds: 1,
    },
    {
      phase: 'installing', command: 'python -m pip install --upgrade --no-cache-dir pip setuptools',
      output: `Requirement already satisfied: pip in ${envs}/lib/python3.12/site-packages (24.3.1)\nSuccessfully installed setuptools-75.6.0\n`, exitCode: 0, runSeconds: 2,
    },
    {
      phase: 'installing', command: `python -m pip install --upgrade --no-cache-dir ${tool}`,
      output: `Collecting ${tool}\n  Downloading ${tool}-${tool === 'sphinx' ? '8.1.3' : '1.6.1'}-py3-none-any.whl\nSuccessfully installed ${tool}\n`, exitCode: 0, runSeconds: 6,
    },
    {
      phase: 'installing', command: 'python -m pip install --exists-action=w --no-cache-dir -r docs/requirements.txt',
      output: 'Collecting alabaster>=0.7\nSuccessfully installed alabaster-1.0.0\n', exitCode: 0, runSeconds: 3,
    },
  ];
  if (installPackage) {
    commands.push({ phase: 'installing', command: 'python -m pip install --upgrade --upgrade-strategy only-if-needed --no-cache-dir .', output: `Processing ${checkout.replace(/\/$/, '')}\nSuccessfully built widgets\nSuccessfully installed widgets-3.0.1\n`, exitCode: 0, runSeconds: 4 });
  }
  return commands;
}

const SPHINX = 'python -m sphinx -T -W --keep-going -b html -d _build/doctrees -D language=en . $READTHEDOCS_OUTPUT/html';
const SPHINX_LENIENT = 'python -m sphinx -T -b html -d _build/doctrees -D language=en . $READTHEDOCS_OUTPUT/html';
const MKDOCS = 'python -m mkdocs build --clean --site-dir $READTHEDOCS_OUTPUT/html --config-file mkdocs.yml';

/**
 * A Zensical build as Read the Docs runs one (FACTS.md §27): the person's `build.jobs`, recorded
 * verbatim (install, `zensical build`, then the copy of `site/`, which a failed build never reaches).
 */
function zensicalCommands(strict: boolean): CommandSpec[] {
  const commands: CommandSpec[] = [
    { phase: 'installing', command: 'asdf global python 3.12.7', output: '', exitCode: 0, runSeconds: 0 },
    { phase: 'installing', command: 'pip install -r requirements.txt', output: 'Collecting zensical==0.1.1\n  Downloading zensical-0.1.1-cp310-abi3-manylinux_2_17_x86_64.whl\nCollecting mkdocstrings-python\nSuccessfully installed zensical-0.1.1 mkdocstrings-python-1.18.2\n', exitCode: 0, runSeconds: 7 },
    { phase: 'building', command: strict ? 'zensical build --strict' : 'zensical build', output: zenDemoOutput(strict), exitCode: strict ? 1 : 0, runSeconds: 1 },
  ];
  if (!strict) {
    commands.push(
      { phase: 'building', command: 'mkdir -p $READTHEDOCS_OUTPUT/html/', output: '', exitCode: 0, runSeconds: 0 },
      { phase: 'building', command: 'cp --recursive site/* $READTHEDOCS_OUTPUT/html/', output: '', exitCode: 0, runSeconds: 0 },
    );
  }
  return commands;
}

/** The commands of `build` in order, outputs included (the phase decides when each one runs). */
export function scenarioCommands(db: SandboxDb, build: BuildRecord, scenario: LogScenario): CommandSpec[] {
  const project = db.project(build.project);
  if (!project) return [];
  const version = build.version == null ? undefined : db.version(build.project, build.version);
  const branch = version && version.type === 'branch' && !version.machine ? version.identifier : defaultBranchOf(db, project);
  const checkout = checkoutOf(build);
  const envs = `/home/docs/checkouts/readthedocs.org/user_builds/${build.project}/envs/${build.version ?? 'latest'}`;
  const build_ = (command: string, output: string, exitCode: number, runSeconds: number): CommandSpec => ({ phase: 'building', command, output, exitCode, runSeconds });
  const sphinx = (install: boolean, ...last: CommandSpec[]) => [...checkoutCommands(project, branch), ...installCommands('sphinx', install, envs, checkout), ...last];
  switch (scenario) {
    case 'sphinx-clean': return sphinx(true, build_(SPHINX_LENIENT, sphinxClean(), 0, 9));
    case 'sphinx-warnings': return sphinx(true, build_(SPHINX_LENIENT, sphinxWarnings(checkout), 0, 11));
    case 'sphinx-branch-warnings': return sphinx(true, build_(SPHINX_LENIENT, sphinxBranchWarnings(checkout), 0, 11));
    // build.jobs.post_checkout skips a build whose docs did not change (upstream's skip-build guide): exit 183.
    case 'skipped-183': return [...checkoutCommands(project, branch), { phase: 'cloning', command: 'git diff --quiet origin/main -- docs/ .readthedocs.yaml && exit 183;', output: '', exitCode: 183, runSeconds: 0 }];
    case 'sphinx-fail-on-warning': return sphinx(true, build_(SPHINX, sphinxFailOnWarning(checkout), 1, 11));
    case 'sphinx-conf-traceback': return sphinx(false, build_(SPHINX_LENIENT, sphinxConfTraceback(checkout), 2, 1));
    case 'sphinx-truncated': return sphinx(true, build_(SPHINX_LENIENT, sphinxTruncated(checkout), 0, 94));
    case 'mkdocs-warnings': return [...checkoutCommands(project, branch), ...installCommands('mkdocs', false, envs, checkout), build_(MKDOCS, mkdocsWarnings(checkout), 0, 2)];
    case 'mk-demo-warnings': return [...checkoutCommands(project, branch), ...installCommands('mkdocs', false, envs, checkout), build_(MKDOCS, MK_DEMO_BUILD_OUTPUT, 0, 2)];
    case 'mk-demo-strict': return [...checkoutCommands(project, branch), ...installCommands('mkdocs', false, envs, checkout), build_(`${MKDOCS} --strict`, MK_DEMO_STRICT_OUTPUT, 1, 2)];
    case 'zen-demo-warnings': return [...checkoutCommands(project, branch), ...zensicalCommands(false)];
    case 'zen-demo-strict': return [...checkoutCommands(project, branch), ...zensicalCommands(true)];
    case 'mkdocs-strict': return [...checkoutCommands(project, branch), ...installCommands('mkdocs', false, envs, checkout), build_(`${MKDOCS} --strict`, mkdocsStrict(), 1, 1)];
  }
}

/** A build's scenario: the one a seed or test chose, else by tool and (expected) outcome. */
export function scenarioOf(db: SandboxDb, build: BuildRecord, willFail: boolean): LogScenario {
  const chosen = db.buildLogs.get(build.id);
  if (chosen) return chosen;
  const mkdocs = 'mkdocs' in build.config;
  const failed = willFail || (build.state === 'finished' && !build.success);
  if (build.project === MK_DEMO) return failed ? 'mk-demo-strict' : 'mk-demo-warnings';
  if (build.project === ZEN_DEMO) return failed ? 'zen-demo-strict' : 'zen-demo-warnings';
  if (mkdocs) return failed ? 'mkdocs-strict' : 'mkdocs-warnings';
  return failed ? 'sphinx-fail-on-warning' : 'sphinx-clean';
}
