import { l10n } from './l10n';
import { type Edition } from './api/client';
import { type NotifyMode } from './builds/notify';
import { type Event } from './util/events';
import { trimEndOf } from './util/trim';

/** The settings, read by the adapter and handed to core as plain data. */
export interface Settings {
  readonly communityUrl: string;
  readonly businessUrl: string;
  readonly pageSize: number;
  readonly requestsPerMinute: number;
  readonly buildPollSeconds: number;
  readonly hoverEnabled: boolean;
  readonly hoverLanguages: readonly string[];
  readonly hoverCacheMinutes: number;
  /** `readthedocs.markdown.languages`: language ids whose documents are Markdown pages besides `markdown` (Zensical Studio's `python-markdown`). */
  readonly markdownLanguages: readonly string[];
  /** `readthedocs.projects`: `edition/slug` entries that add (or with `!`, drop) projects of the workspace. */
  readonly workspaceProjects: readonly string[];
  /** Which ended builds pop a notification. */
  readonly buildNotify: NotifyMode;
  /** `readthedocs.problems.onlyNew`: the Problems panel shows only the warnings a branch adds against its base build. */
  readonly problemsOnlyNew: boolean;
  /** `readthedocs.buildTimes.count`: how many of a version's last builds Build Times shows. */
  readonly buildTimesCount: number;
}

/**
 * The one way settings reach objects: read `current` when a value is needed, subscribe to
 * `onDidChange` to act on a change. The adapter reads VS Code's configuration; tests pass their own.
 */
export interface SettingsSource {
  readonly current: Settings;
  readonly onDidChange: Event<Settings>;
}

export const EDITIONS: readonly Edition[] = ['community', 'business'];

export function editionLabel(edition: Edition): string {
  return edition === 'community' ? l10n.t('Read the Docs Community') : l10n.t('Read the Docs for Business');
}

/** Base URL per edition; an empty setting switches the edition off. */
export function baseUrlOf(settings: Settings, edition: Edition): string | undefined {
  const value = (edition === 'community' ? settings.communityUrl : settings.businessUrl).trim();
  return value === '' ? undefined : trimEndOf(value, '/');
}
