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

/** The status bar text while the request budget waits for a 429's Retry-After. */
export function rateLimitedText(pausedUntil: number, now: number): string {
  const seconds = Math.max(1, Math.ceil((pausedUntil - now) / 1000));
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} min` : `${seconds} s`;
  return `$(watch) Read the Docs: rate limited, retrying in ${wait}`;
}
