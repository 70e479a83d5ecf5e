import { type Build } from '../models/build';
import { buildLabel } from './facts';

/** The status bar's words. Pure. */

/** The status bar text while builds run. */
export function runningBuildsText(count: number): string {
  return `$(sync~spin) ${count} building`;
}

/** The tooltip line of one running build. */
export function runningBuildLine(build: Pick<Build, 'id' | 'version' | 'stateName'>, projectSlug: string): string {
  return `${buildLabel(build, projectSlug)}: ${build.stateName}`;
}

/**
 * What the running-builds status bar item shows for the watched builds (text and tooltip), or
 * undefined when none runs (the item hides).
 */
export function runningBuildsStatus(
  running: readonly { readonly build: Pick<Build, 'id' | 'version' | 'stateName'>; readonly projectSlug: string }[],
): { readonly text: string; readonly tooltip: string } | undefined {
  if (running.length === 0) return undefined;
  const lines = running.map((w) => runningBuildLine(w.build, w.projectSlug));
  return { text: runningBuildsText(running.length), tooltip: `Read the Docs builds running:\n${lines.join('\n')}\n\nClick to show them.` };
}

/** The status bar text while the request budget waits for a 429's Retry-After. */
export function rateLimitedText(pausedUntil: number, now: number): string {
  const seconds = Math.max(1, Math.ceil((pausedUntil - now) / 1000));
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} min` : `${seconds} s`;
  return `$(watch) Read the Docs: rate limited, retrying in ${wait}`;
}
