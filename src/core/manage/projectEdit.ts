/**
 * Project settings as the "Edit Project" command sees them: keyed by the API's field names (so
 * server errors map straight back), read from the project object where the API returns them, and
 * diffed so the PATCH carries only what the person changed (FACTS.md §8).
 */
import { l10n } from '../l10n';
import { type Project, type ProjectUpdate } from '../models/project';

export interface ProjectSettings {
  readonly name: string;
  readonly repository: string;
  readonly language: string;
  readonly programming_language: string;
  readonly homepage: string;
  readonly tags: readonly string[];
  readonly default_version: string;
  readonly default_branch: string;
  readonly analytics_code: string;
  readonly analytics_disabled: boolean;
  readonly single_version: boolean;
  readonly external_builds_enabled: boolean;
}

export type ProjectField = keyof ProjectSettings;

/** The settable fields, in the order the pick lists them. */
export const PROJECT_FIELDS: readonly ProjectField[] = [
  'name', 'repository', 'language', 'programming_language', 'homepage', 'tags', 'default_version', 'default_branch',
  'analytics_code', 'analytics_disabled', 'single_version', 'external_builds_enabled',
];

export const PROJECT_FIELD_LABELS: Readonly<Record<ProjectField, string>> = {
  get name() { return l10n.t('Name'); },
  get repository() { return l10n.t('Repository URL'); },
  get language() { return l10n.t('Language'); },
  get programming_language() { return l10n.t('Programming language'); },
  get homepage() { return l10n.t('Homepage'); },
  get tags() { return l10n.t('Tags'); },
  get default_version() { return l10n.t('Default version'); },
  get default_branch() { return l10n.t('Default branch'); },
  get analytics_code() { return l10n.t('Analytics code'); },
  get analytics_disabled() { return l10n.t('Analytics disabled'); },
  get single_version() { return l10n.t('Single version'); },
  get external_builds_enabled() { return l10n.t('Pull request builds'); },
};

/**
 * What the project object tells about each field. The API does not return `analytics_code`,
 * `analytics_disabled` and `external_builds_enabled`: they stay undefined (unknown), and any value
 * the person chooses for them is sent.
 */
export function projectSettingsOf(project: Project): Partial<ProjectSettings> {
  const settings: Partial<Record<ProjectField, unknown>> = {
    name: project.name,
    repository: project.repository.url,
    language: project.language.code,
    programming_language: project.programmingLanguage.code,
    homepage: project.homepage ?? '',
    tags: [...project.tags],
    default_version: project.defaultVersion,
    default_branch: project.defaultBranch,
    single_version: project.singleVersion,
  };
  return Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) as Partial<ProjectSettings>;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    // Tags are a set on the server: order and repeats do not matter.
    const left = new Set(a as string[]);
    const right = new Set(b as string[]);
    return left.size === right.size && [...left].every((t) => right.has(t));
  }
  return a === b;
}

/** The fields whose edited value differs from the original (an unknown original always differs). */
export function changedFields(original: Partial<ProjectSettings>, edited: Partial<ProjectSettings>): ProjectField[] {
  return PROJECT_FIELDS.filter((field) => edited[field] !== undefined && (original[field] === undefined || !sameValue(original[field], edited[field])));
}

/** The PATCH body for the changed fields only; tags, when changed, replace the whole list. */
export function projectUpdateOf(original: Partial<ProjectSettings>, edited: Partial<ProjectSettings>): ProjectUpdate {
  const changed = new Set(changedFields(original, edited));
  const pick = <F extends ProjectField>(field: F): ProjectSettings[F] | undefined => (changed.has(field) ? edited[field] : undefined);
  const text = (field: 'name' | 'repository' | 'homepage' | 'default_branch' | 'analytics_code') => pick(field)?.trim();
  const update: Record<string, unknown> = {
    name: text('name'),
    repositoryUrl: text('repository'),
    language: pick('language'),
    programmingLanguage: pick('programming_language'),
    homepage: text('homepage'),
    tags: pick('tags'),
    defaultVersion: pick('default_version'),
    defaultBranch: text('default_branch'),
    analyticsCode: text('analytics_code'),
    analyticsDisabled: pick('analytics_disabled'),
    singleVersion: pick('single_version'),
    externalBuildsEnabled: pick('external_builds_enabled'),
  };
  return Object.fromEntries(Object.entries(update).filter(([, v]) => v !== undefined)) as ProjectUpdate;
}

/** How a value reads in the pick ("Yes", "python, docs", "(none)", "(not readable through the API)"). */
export function describeSetting(field: ProjectField, value: ProjectSettings[ProjectField] | undefined): string {
  if (value === undefined) return l10n.t('(not readable through the API)');
  if (typeof value === 'boolean') return value ? l10n.t('Yes') : l10n.t('No');
  if (Array.isArray(value)) return value.length ? value.join(', ') : l10n.t('(none)');
  if (field === 'homepage' || field === 'analytics_code') return value === '' ? l10n.t('(none)') : String(value);
  return String(value);
}
