import { type Build } from '../models/build';
import { buildLabel } from './facts';
import { type WatchedBuild } from './watcher';

/** The status bar's words. Pure. */

/** The status bar text while builds run: it says whose builds they are. */
export function runningBuildsText(count: number): string {
  return `$(sync~spin) Read the Docs: ${count} building`;
}

/** Everything the running-builds item shows and says; undefined (hidden) while nothing runs. */
export function runningBuildsStatus(running: readonly Pick<WatchedBuild, 'build' | 'projectSlug'>[]): { text: string; tooltip: string; accessibilityLabel: string } | undefined {
  if (running.length === 0) return undefined;
  const lines = running.map((w) => runningBuildLine(w.build, w.projectSlug));
  const heading = `Read the Docs: ${running.length} ${running.length === 1 ? 'build' : 'builds'} running`;
  return {
    text: runningBuildsText(running.length),
    tooltip: `${heading}:\n${lines.join('\n')}\n\nClick to show them.`,
    accessibilityLabel: `${heading}: ${lines.join('; ')}. Activate to show them.`,
  };
}

/** The tooltip line of one running build. */
export function runningBuildLine(build: Pick<Build, 'id' | 'version' | 'stateName'>, projectSlug: string): string {
  return `${buildLabel(build, projectSlug)}: ${build.stateName}`;
}

/** The status bar text while the request budget waits for a 429's Retry-After. */
export function rateLimitedText(pausedUntil: number, now: number): string {
  const seconds = Math.max(1, Math.ceil((pausedUntil - now) / 1000));
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} min` : `${seconds} s`;
  return `$(watch) Read the Docs: rate limited, retrying in ${wait}`;
}
