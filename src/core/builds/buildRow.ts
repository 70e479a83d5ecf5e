import { type Edition } from '../api/client';
import { type Build } from '../models/build';
import { type Event } from '../util/events';
import { type BuildOutcome, NO_OUTCOME_FACTS, type OutcomeFacts, type TimeWords, buildIcon, buildMoment, buildOutcome, formatDuration, formatRelativeTime, outcomeLook, statusWord } from './facts';

/**
 * A build as every view shows it (the Projects tree, This Workspace's branch, recent builds and pull
 * request rows, both status bar items, the CodeLens, Build Times): one presenter over the outcome
 * vocabulary of `facts.ts`, fed by what is known of the build beyond its API object. Pure.
 */

/** What is known of a build beyond its API v3 object, from what the services hold (no request). */
export interface BuildKnown extends OutcomeFacts {
  /** What a running build is doing now (`LiveBuilds.text`: a wait for a free builder, its running command). */
  readonly live: string | undefined;
  /** What the build did to the warnings against its base build (`2 new warnings, 1 fixed`), when compared. */
  readonly warnings: string | undefined;
}

/** What is known of a build no service follows (a row drawn without a moment, as tests do). */
export const KNOWN_NOTHING: BuildKnown = { ...NO_OUTCOME_FACTS, live: undefined, warnings: undefined };

/** The build whose known facts changed. */
export interface KnownChange {
  readonly edition: Edition;
  readonly projectSlug: string;
  readonly buildId: number;
}

/** Where every view asks what is known of a build; composed once, in `src/extension.ts`. */
export interface BuildKnowledge {
  of(edition: Edition, projectSlug: string, build: Build): BuildKnown;
  /** Something known of a build changed (its live words at each poll, …): its rows are drawn again. */
  readonly onDidChange: Event<KnownChange>;
}

export interface BuildRowContext extends TimeWords {
  /** The moment the row is drawn; undefined: no relative time. */
  readonly now: number | undefined;
  readonly known: BuildKnown;
}

export interface BuildRow {
  readonly outcome: BuildOutcome;
  readonly icon: string;
  readonly color: string | undefined;
  /** `succeeded`, `failed`, …; the state while it runs (`building`). */
  readonly status: string;
  /** What it is doing now, while it runs. */
  readonly live: string | undefined;
  readonly duration: string | undefined;
  /** When it last changed (`3 minutes ago`). */
  readonly ago: string | undefined;
  /** The commit, short. */
  readonly commit: string | undefined;
  /** Where it stands in a few words: `succeeded 3 minutes ago`; `building · sphinx-build, 1:02 of 15:00` while it runs (its start is not the point). */
  readonly brief: string;
  /** Where it stands in full: `succeeded · 1 min 5 s · 3 minutes ago · abc1234`; the live words take the duration's place. */
  readonly detail: string;
}

/** How a build shows in a row, a status bar item or a lens. */
export function buildRow(build: Build, context: BuildRowContext): BuildRow {
  const outcome = buildOutcome(build, context.known);
  const status = statusWord(outcome, build.stateName);
  const live = outcome === 'running' ? context.known.live : undefined;
  const duration = formatDuration(build.durationSeconds);
  const ago = context.now === undefined ? undefined : formatRelativeTime(buildMoment(build), context.now, context);
  const commit = build.commit?.slice(0, 7);
  const { icon, color } = buildIcon(build, context.known);
  const warnings = outcome === 'running' ? undefined : context.known.warnings;
  const brief = outcome === 'running'
    ? [status, live].filter(Boolean).join(' · ')
    : [ago ? outcomeLook(outcome).at(ago) : status, warnings].filter(Boolean).join(' · ');
  return {
    outcome, icon, color, status, live, duration, ago, commit, brief,
    detail: [status, live ?? duration, ago, commit, warnings].filter(Boolean).join(' · '),
  };
}
