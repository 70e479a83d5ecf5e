/**
 * How a project's pages are laid out in URLs (FACTS.md §8, §20, §22; `Resolver.base_resolve_path`
 * in `rtd:readthedocs/core/resolver.py`). One rule for the redirect tester, the deleted pages of a
 * pull request and the preview root.
 */
export type VersioningScheme =
  | 'multiple_versions_with_translations'
  | 'multiple_versions_without_translations'
  | 'single_version_without_translations';

const SCHEMES: readonly string[] = ['multiple_versions_with_translations', 'multiple_versions_without_translations', 'single_version_without_translations'];

/** What a project object says about its layout: `versioning_scheme` and the older `single_version` flag. */
export interface SchemeFields {
  readonly versioningScheme?: string | undefined;
  readonly singleVersion?: boolean | undefined;
}

/**
 * The project's scheme: `versioning_scheme` when the server sends a known one; else the
 * `single_version` flag, which is all a server from before `versioning_scheme` (2023) sends
 * (today's servers derive it from the scheme: `Project.is_single_version`); else the default,
 * multiple versions with translations.
 */
export function versioningSchemeOf(project: SchemeFields): VersioningScheme {
  if (project.versioningScheme !== undefined && SCHEMES.includes(project.versioningScheme)) return project.versioningScheme as VersioningScheme;
  return project.singleVersion ? 'single_version_without_translations' : 'multiple_versions_with_translations';
}

/** The path a version's pages start with: `/`, `/<version>/` or `/<language>/<version>/`. */
export function versionPathPrefix(scheme: VersioningScheme, language: string, version: string): string {
  switch (scheme) {
    case 'single_version_without_translations': return '/';
    case 'multiple_versions_without_translations': return `/${version}/`;
    case 'multiple_versions_with_translations': return `/${language}/${version}/`;
  }
}
