import { type BuildOutcome } from './facts';

/**
 * Which ended builds pop a notification (the `readthedocs.builds.notify` setting). Pure.
 * - `mine`: builds started from this window (a trigger, an activation that builds); builds the
 *   tree merely shows never do.
 * - `all`: every watched build, including the ones the tree shows.
 * - `failures`: only failed builds, wherever they were started.
 * - `off`: none.
 */
export const NOTIFY_MODES = ['mine', 'all', 'failures', 'off'] as const;
export type NotifyMode = (typeof NOTIFY_MODES)[number];
export const DEFAULT_NOTIFY_MODE: NotifyMode = 'mine';

/** The setting's value as a mode; anything unknown is the default. */
export function notifyModeOf(value: unknown): NotifyMode {
  return (NOTIFY_MODES as readonly unknown[]).includes(value) ? value as NotifyMode : DEFAULT_NOTIFY_MODE;
}

export interface EndedBuild {
  /** Started by a command of this window (not merely shown by the tree). */
  readonly startedHere: boolean;
  readonly outcome: BuildOutcome;
}

/** Whether the end of a watched build is announced under `mode`. */
export function shouldNotify(mode: NotifyMode, ended: EndedBuild): boolean {
  if (ended.outcome === 'running') return false;
  switch (mode) {
    case 'mine': return ended.startedHere;
    case 'all': return true;
    case 'failures': return ended.outcome === 'failed';
    case 'off': return false;
  }
}
