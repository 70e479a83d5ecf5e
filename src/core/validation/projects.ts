/**
 * Project fields for import (POST) and settings (PATCH) (FACTS.md §8; `rtd:readthedocs/projects/validators.py`,
 * `rtd:readthedocs/projects/models.py`). The server trims surrounding whitespace of text fields, so
 * the rules look at the trimmed text too. Messages reuse the server's wording where it is clear.
 */
import { l10n } from '../l10n';
import { projectSlugFromName } from './slugs';
import { PYTHON_WORD_CHARS, tooLong } from './text';
import { parseHttpUrl } from './urls';

export type Edition = 'community' | 'business';

export const MAX_PROJECT_NAME_LENGTH = 63;
export const MAX_REPOSITORY_URL_LENGTH = 255;
/** `project_url` is a Django URLField with the default length. */
export const MAX_HOMEPAGE_LENGTH = 200;
/** django-taggit's tag name length. */
export const MAX_TAG_LENGTH = 100;
export const MAX_ANALYTICS_CODE_LENGTH = 50;
export const MAX_DEFAULT_BRANCH_LENGTH = 255;
export const MAX_READTHEDOCS_YAML_PATH_LENGTH = 1024;

const PUBLIC_REPOSITORY_SCHEMES: ReadonlySet<string> = new Set(['https', 'http', 'git']);
const SSH_REPOSITORY_SCHEMES: ReadonlySet<string> = new Set(['ssh', 'ssh+git']);
/** `git@github.com:owner/repo.git` */
const SCP_LIKE_SSH = new RegExp(`^[${PYTHON_WORD_CHARS}]+@.+`, 'u');
const CONFIG_FILE_NAME = '.readthedocs.yaml';
const CONFIG_PATH_FORBIDDEN_CHARACTERS = '[]{}()`\'"\\%&<>|,';

export function validateProjectName(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return l10n.t('Enter a project name.');
  if (projectSlugFromName(trimmed) === '') {
    return l10n.t('Invalid project name "{0}": no slug generated. Use at least one letter or digit from A to Z or 0 to 9.', trimmed);
  }
  return tooLong(trimmed, MAX_PROJECT_NAME_LENGTH, l10n.t('the name'));
}

/** SSH forms (`ssh://`, `ssh+git://`, `git@host:path`) are accepted only on the business edition. */
export function validateRepositoryUrl(url: string, edition: Edition): string | undefined {
  const value = url.trim();
  if (value === '') return l10n.t('Enter the repository URL, for example https://github.com/owner/repo.git.');
  if (value.includes('&&') || value.includes('|')) return l10n.t('Invalid character in the URL: && and | are not allowed.');
  const scheme = urlScheme(value);
  const isSsh = SSH_REPOSITORY_SCHEMES.has(scheme) || SCP_LIKE_SSH.test(value);
  if (isSsh && edition === 'community') {
    return l10n.t('Manual cloning via SSH is not supported on the community edition: use the https:// URL of the repository.');
  }
  if (!isSsh && !PUBLIC_REPOSITORY_SCHEMES.has(scheme) && !value.startsWith('lp:')) {
    return l10n.t('Invalid scheme for URL: use https://, http:// or git:// (or lp: for Launchpad).');
  }
  return tooLong(value, MAX_REPOSITORY_URL_LENGTH, l10n.t('the repository URL'));
}

/** Empty means no homepage. */
export function validateHomepage(url: string): string | undefined {
  const value = url.trim();
  if (value === '') return undefined;
  const parsed = parseHttpUrl(value);
  return parsed.ok ? tooLong(value, MAX_HOMEPAGE_LENGTH, l10n.t('the homepage')) : parsed.reason;
}

/** Comma-separated input → the tags, trimmed, without empty or repeated ones. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(',').map((tag) => tag.trim()).filter((tag) => tag !== ''))];
}

export function validateTags(text: string): string | undefined {
  for (const tag of parseTags(text)) {
    const error = tooLong(tag, MAX_TAG_LENGTH, l10n.t('the tag "{0}…"', tag.slice(0, 20)));
    if (error) return error;
  }
  return undefined;
}

export function validateAnalyticsCode(code: string): string | undefined {
  return tooLong(code.trim(), MAX_ANALYTICS_CODE_LENGTH, l10n.t('the analytics code'));
}

export function validateDefaultBranch(branch: string): string | undefined {
  const value = branch.trim();
  if (value === '') return l10n.t('Enter a branch name, for example main.');
  if (/\s/.test(value)) return l10n.t("A branch name can't contain spaces.");
  return tooLong(value, MAX_DEFAULT_BRANCH_LENGTH, l10n.t('the branch name'));
}

/** Empty means the default, `.readthedocs.yaml` at the top of the repository. */
export function validateReadthedocsYamlPath(path: string): string | undefined {
  const value = path.trim();
  if (value === '') return undefined;
  if (value.startsWith('/')) {
    return l10n.t("Use a relative path. It should not begin with '/'. The path is relative to the root of your repository.");
  }
  if (value.endsWith('/')) return l10n.t("The path cannot end with '/', as it cannot be a directory.");
  if (value.includes('..')) return l10n.t("Found invalid sequence in path: '..'");
  if ([...CONFIG_PATH_FORBIDDEN_CHARACTERS].some((c) => value.includes(c))) {
    return l10n.t('Found invalid character. Avoid these characters: {0}', CONFIG_PATH_FORBIDDEN_CHARACTERS);
  }
  if (value !== CONFIG_FILE_NAME && !value.endsWith(`/${CONFIG_FILE_NAME}`)) {
    return l10n.t('The only allowed filename is {0}, for example docs/{0}.', CONFIG_FILE_NAME);
  }
  return tooLong(value, MAX_READTHEDOCS_YAML_PATH_LENGTH, l10n.t('the path'));
}

/** The scheme as Python's `urlparse` reads it (lowercased), or "" when there is none. */
function urlScheme(value: string): string {
  return /^([A-Z][A-Z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase() ?? '';
}
