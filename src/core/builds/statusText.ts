import { l10n } from '../l10n';
import { type Build } from '../models/build';
import { buildLabel } from './facts';
import { type BuildKnown, buildRow } from './buildRow';
import { type WatchedBuild } from './watcher';

/** The status bar's words. Pure. */

/** The status bar text while builds run: it says whose builds they are. */
export function runningBuildsText(count: number): string {
  return count === 1 ? l10n.t('$(sync~spin) Read the Docs: 1 building') : l10n.t('$(sync~spin) Read the Docs: {0} building', count);
}

/** Everything the running-builds item shows and says; undefined (hidden) while nothing runs. */
export function runningBuildsStatus<W extends Pick<WatchedBuild, 'build' | 'projectSlug'>>(running: readonly W[], known: (watched: W) => BuildKnown): { text: string; tooltip: string; accessibilityLabel: string } | undefined {
  if (running.length === 0) return undefined;
  const lines = running.map((w) => runningBuildLine(w.build, w.projectSlug, known(w)));
  const heading = running.length === 1 ? l10n.t('Read the Docs: 1 build running') : l10n.t('Read the Docs: {0} builds running', running.length);
  return {
    text: runningBuildsText(running.length),
    tooltip: l10n.t('{0}:\n{1}\n\nClick to show them.', heading, lines.join('\n')),
    accessibilityLabel: l10n.t('{0}: {1}. Activate to show them.', heading, lines.join('; ')),
  };
}

/** The tooltip line of one running build: where it stands and what it is doing now when known (`buildRow`). */
export function runningBuildLine(build: Build, projectSlug: string, known: BuildKnown): string {
  return `${buildLabel(build, projectSlug)}: ${buildRow(build, { now: undefined, known }).brief}`;
}

/** The status bar text while the request budget waits for a 429's Retry-After. */
export function rateLimitedText(pausedUntil: number, now: number): string {
  const seconds = Math.max(1, Math.ceil((pausedUntil - now) / 1000));
  const wait = seconds >= 120 ? l10n.t('{0} min', Math.ceil(seconds / 60)) : l10n.t('{0} s', seconds);
  return l10n.t('$(watch) Read the Docs: rate limited, retrying in {0}', wait);
}
