import { type Edition } from './api/client';

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
  /** `readthedocs.projects`: `edition/slug` entries that add (or with `!`, drop) projects of the workspace. */
  readonly workspaceProjects: readonly string[];
}

export const EDITIONS: readonly Edition[] = ['community', 'business'];

export function editionLabel(edition: Edition): string {
  return edition === 'community' ? 'Read the Docs Community' : 'Read the Docs for Business';
}

/** Base URL per edition; an empty setting switches the edition off. */
export function baseUrlOf(settings: Settings, edition: Edition): string | undefined {
  const value = (edition === 'community' ? settings.communityUrl : settings.businessUrl).trim();
  return value === '' ? undefined : value.replace(/\/+$/, '');
}
