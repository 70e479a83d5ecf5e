/**
 * Slugs and aliases that name things in API paths (FACTS.md §1, §8, §11). Encoding them into a URL
 * is the client's job; these only say whether a typed value can be right.
 */
import { l10n } from '../l10n';
import { PYTHON_WORD_CHARS, tooLong } from './text';

export const MAX_PROJECT_SLUG_LENGTH = 63;
export const MAX_VERSION_SLUG_LENGTH = 255;
export const MAX_SUBPROJECT_ALIAS_LENGTH = 255;

const SUBPROJECT_ALIAS = new RegExp(`^[-${PYTHON_WORD_CHARS}]+(?:/[-${PYTHON_WORD_CHARS}]+)*$`, 'u');

/**
 * The slug Read the Docs derives from a project name (`slugify` in `rtd:readthedocs/core/utils`:
 * Django's slugify, then runs of `-`/`_` become one `-`): accents folded to ASCII, other non-ASCII
 * letters dropped, lowercase, words joined by `-`. An empty result means the name is refused.
 */
export function projectSlugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0080-\uffff]/g, '')
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/[-\s_]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function validateProjectSlug(slug: string): string | undefined {
  if (slug === '') return l10n.t('Enter a project slug, for example my-project.');
  if (/[/.]/.test(slug)) return l10n.t('Enter the slug alone, without / or . (for example my-project, not a URL or a path).');
  if (!/^[a-z0-9_-]+$/.test(slug)) return l10n.t('A project slug has only lowercase letters, digits and hyphens, for example my-project.');
  return tooLong(slug, MAX_PROJECT_SLUG_LENGTH, l10n.t('a project slug'));
}

/** Version slugs may contain dots (`v1.0`) but never `/` (`release/1.0` becomes `release-1.0`). */
export function validateVersionSlug(slug: string): string | undefined {
  if (slug === '') return l10n.t('Enter a version slug, for example latest or v1.0.');
  if (slug.includes('/')) return l10n.t("A version slug can't contain /: Read the Docs turns release/1.0 into release-1.0.");
  if (!/^[a-z0-9][-._a-z0-9]*$/.test(slug)) {
    return l10n.t('Enter a valid slug consisting of lowercase letters, numbers, dots, dashes or underscores. It must start with a letter or a number.');
  }
  return tooLong(slug, MAX_VERSION_SLUG_LENGTH, l10n.t('a version slug'));
}

/** The alias is optional: empty means the server uses the child project's slug. */
export function validateSubprojectAlias(alias: string): string | undefined {
  if (alias === '') return undefined;
  if (!SUBPROJECT_ALIAS.test(alias)) {
    return l10n.t('Aliases can contain letters, numbers, underscores, and hyphens (and single slashes between such parts).');
  }
  return tooLong(alias, MAX_SUBPROJECT_ALIAS_LENGTH, l10n.t('the alias'));
}

/** A valid alias with slashes still needs a per-project feature flag on the server: say so without refusing it. */
export function subprojectAliasWarning(alias: string): string | undefined {
  return alias.includes('/')
    ? l10n.t("Slashes in an alias work only where Read the Docs has enabled them for the parent project; otherwise the server answers \"Aliases can't contain slashes.\"")
    : undefined;
}
