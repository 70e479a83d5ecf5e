import { l10n } from '../l10n';
import { type Json, isJsonObject } from '../util/json';
import { truncate } from '../html/plainText';
import { commandWords, pythonModule } from '../builds/commandLine';

/**
 * The steps of a build, named like the `job` field of Read the Docs' open PR #12805 (FACTS §26), in
 * run order. `user` is a command the person wrote (`build.jobs.*`, `build.commands`); `other` a
 * command none of the rules knows; `upload` what the build spent outside its commands.
 */
export type StepKind =
  | 'checkout' | 'system_dependencies' | 'create_environment' | 'install'
  | 'build_html' | 'build_htmlzip' | 'build_pdf' | 'build_epub' | 'user' | 'other' | 'upload';

/** A person's command is kept and shown with at most this many characters. */
export const MAX_COMMAND_CHARS = 200;

/**
 * A build keeps at most this many of the person's commands as steps of their own (the first ones,
 * in run order, so builds of one configuration keep the same ones); the commands after them count
 * as "other commands". A `build.commands` list can hold thousands, and each step is persisted and drawn.
 */
export const MAX_USER_STEPS = 20;

/** Every kind, so a stored step of a kind this version does not know is told apart (a new kind must be added here). */
const STEP_KINDS: Readonly<Record<StepKind, true>> = {
  checkout: true, system_dependencies: true, create_environment: true, install: true,
  build_html: true, build_htmlzip: true, build_pdf: true, build_epub: true, user: true, other: true, upload: true,
};

export function isStepKind(value: unknown): value is StepKind {
  return typeof value === 'string' && Object.hasOwn(STEP_KINDS, value);
}

export interface Step {
  /** Stable across builds: the kind, or for a user's command its job and text. */
  readonly key: string;
  readonly kind: StepKind;
  /** For a user's command: where it is written (`build.jobs.post_install`, `build.commands`). */
  readonly job?: string;
  /** For a user's command: the command as written. */
  readonly command?: string;
}

/** A user's command as written in the build's own configuration, and where. */
export interface UserCommand {
  readonly command: string;
  readonly job: string;
}

/** Every command of `config.build.jobs.*` (nested `build.<format>` too) and `config.build.commands`, as written. */
export function userCommandsOf(config: Json | undefined): UserCommand[] {
  const build = config && isJsonObject(config.build) ? config.build : undefined;
  if (!build) return [];
  const found: UserCommand[] = [];
  const add = (value: unknown, job: string) => {
    if (!Array.isArray(value)) return;
    for (const command of value) if (typeof command === 'string' && command.trim() !== '') found.push({ command: command.trim(), job });
  };
  if (isJsonObject(build.jobs)) {
    for (const [job, value] of Object.entries(build.jobs)) {
      if (isJsonObject(value)) for (const [format, nested] of Object.entries(value)) add(nested, `build.jobs.${job}.${format}`);
      else add(value, `build.jobs.${job}`);
    }
  }
  add(build.commands, 'build.commands');
  return found;
}

const OUTPUT_FORMAT: Readonly<Record<string, StepKind>> = { html: 'build_html', htmlzip: 'build_htmlzip', pdf: 'build_pdf', epub: 'build_epub' };
const BUILDER_FORMAT: Readonly<Record<string, StepKind>> = { html: 'build_html', dirhtml: 'build_html', singlehtml: 'build_htmlzip', latex: 'build_pdf', epub: 'build_epub' };

/** `python -m sphinx …`, `sphinx-build …`, `uv run … sphinx-build …`: the format from the output folder, else the builder. */
function sphinxStep(parts: readonly string[]): StepKind {
  const last = parts[parts.length - 1] ?? '';
  const folder = last.slice(last.lastIndexOf('/') + 1);
  if (last.startsWith('$READTHEDOCS_OUTPUT/') && OUTPUT_FORMAT[folder]) return OUTPUT_FORMAT[folder];
  const builder = parts[parts.indexOf('-b') + 1];
  return (parts.includes('-b') && builder && BUILDER_FORMAT[builder]) || 'build_html';
}

/** The step of one command the build ran by itself (not the person's), or undefined for `cat` (it belongs to its neighbours). */
function defaultStep(command: string): StepKind | undefined {
  const parts = commandWords(command);
  const [first, second] = parts;
  if (first === 'cat') return undefined;
  if (first === 'git') return 'checkout';
  if (first === 'apt-get' || first === 'asdf') return 'system_dependencies';
  if (first === 'latexmk' || first === 'pdflatex' || first === 'xelatex' || first === 'makeindex') return 'build_pdf';
  if (first === 'sphinx-build') return sphinxStep(parts);
  if (first === 'mkdocs') return 'build_html';
  if ((first === 'conda' || first === 'mamba' || first === 'micromamba') && (second === 'env' || second === 'create')) return 'create_environment';
  if (first === 'conda' || first === 'mamba' || first === 'micromamba') return 'install';
  if (first === 'uv') {
    if (second === 'venv') return 'create_environment';
    if (second === 'run') return parts.includes('mkdocs') ? 'build_html' : parts.includes('sphinx-build') || parts.includes('sphinx') ? sphinxStep(parts) : 'other';
    return 'install';
  }
  if (first === 'pip' || first === 'pip3') return 'install';
  const python = pythonModule(parts);
  if (python) {
    const { module, rest } = python;
    if (module === 'virtualenv' || module === 'venv') return 'create_environment';
    if (module === 'pip') return rest.includes('virtualenv') && rest.includes('-U') ? 'system_dependencies' : 'install';
    if (module === 'sphinx') return sphinxStep(parts);
    if (module === 'mkdocs') return 'build_html';
  }
  return undefined;
}

/**
 * Each command's step, in order. A command written in the build's own configuration is the
 * person's (matched exactly, as the server stores it verbatim); `cat <file>` belongs to the
 * checkout when it follows it (the configuration file), else to the command after it
 * (`environment.yml`, `mkdocs.yml`, the LaTeX rc file). Pure.
 */
export function classifyCommands(commands: readonly string[], config: Json | undefined): Step[] {
  const user = new Map<string, string>();
  for (const { command, job } of userCommandsOf(config)) if (!user.has(command)) user.set(command, job);
  const OTHER: Step = { key: 'other', kind: 'other' };
  const userKeys = new Set<string>();
  const zensical = commands.some((command) => zensicalBuild(commandWords(command)));
  const steps: (Step | undefined)[] = commands.map((raw) => {
    const command = raw.trim();
    const job = user.get(command);
    // Zensical has no step of its own on Read the Docs (FACTS.md §27): its jobs' `zensical build` and the copy of site/ are the HTML build.
    if (zensical && (zensicalBuild(commandWords(command)) || copiesToHtmlOutput(commandWords(command)))) return { key: 'build_html', kind: 'build_html' };
    if (job !== undefined) {
      // Kept with the figures (persisted): a long command is named by its start.
      const named = truncate(command, MAX_COMMAND_CHARS);
      const key = `user:${job}:${named}`;
      if (!userKeys.has(key)) {
        if (userKeys.size >= MAX_USER_STEPS) return OTHER;
        userKeys.add(key);
      }
      return { key, kind: 'user', job, command: named };
    }
    const kind = defaultStep(command);
    return kind && { key: kind, kind };
  });
  // The nearest known step after each command, found in one backward pass (linear in the commands).
  const nextKnown: (Step | undefined)[] = new Array(steps.length);
  for (let i = steps.length - 1, next: Step | undefined; i >= 0; i -= 1) {
    nextKnown[i] = next;
    next = steps[i] ?? next;
  }
  let previous: Step | undefined;
  return steps.map((step, index) => {
    if (step) {
      previous = step;
      return step;
    }
    if (commandWords(commands[index])[0] !== 'cat') return OTHER;
    if (previous?.kind === 'checkout') return previous;
    return nextKnown[index] ?? previous ?? OTHER;
  });
}

/** `zensical build …`, also through `uv run`, `python -m` or a path to it. */
function zensicalBuild(parts: readonly string[]): boolean {
  const at = parts.findIndex((part) => part === 'zensical' || part.endsWith('/zensical'));
  return at >= 0 && parts[at + 1] === 'build';
}

/** `mkdir -p $READTHEDOCS_OUTPUT/html/`, `cp --recursive site/* $READTHEDOCS_OUTPUT/html/`: the site put where Read the Docs publishes it. */
function copiesToHtmlOutput(parts: readonly string[]): boolean {
  return (parts[0] === 'cp' || parts[0] === 'mkdir') && parts.some((part, i) => i > 0 && /^\$\{?READTHEDOCS_OUTPUT\}?\/html\/?$/.test(part));
}

/** How a step is named to a person (a kind this version does not know: as other commands). */
export function stepLabel(step: Pick<Step, 'kind' | 'command'>): string {
  switch (step.kind) {
    case 'checkout': return l10n.t('checkout');
    case 'system_dependencies': return l10n.t('tools and system packages');
    case 'create_environment': return l10n.t('environment');
    case 'install': return l10n.t('install');
    case 'build_html': return l10n.t('build HTML');
    case 'build_htmlzip': return l10n.t('build HTML zip');
    case 'build_pdf': return l10n.t('build PDF');
    case 'build_epub': return l10n.t('build ePub');
    case 'user': return step.command ?? l10n.t('your command');
    case 'upload': return l10n.t('upload and the rest');
    default: return l10n.t('other commands');
  }
}
