/** Pure parts of "Import Project": the remote repository list and what an import sends (FACTS.md §8, §14). */
import { l10n } from '../l10n';
import { type Choice } from '../choices/choice';
import { type RemoteRepository, type VcsProvider } from '../models/remote';
import { beforeFirstOf, trimEndOf } from '../util/trim';

/** A codicon for the provider. Codicons have GitHub's mark only; the others get a generic repository icon. */
export function providerIcon(vcsProvider: string): string {
  return vcsProvider === 'github' || vcsProvider === 'githubapp' ? 'github' : 'repo';
}

export function providerName(vcsProvider: string): string {
  switch (vcsProvider) {
    case 'github':
    case 'githubapp':
      return 'GitHub';
    case 'gitlab':
      return 'GitLab';
    case 'bitbucket':
      return 'Bitbucket';
    default:
      return vcsProvider;
  }
}

/** The `vcs_provider` filter of remote organizations and repositories, for a picker. */
export const VCS_PROVIDER_CHOICES: readonly (Choice & { readonly code: VcsProvider })[] = [
  { code: 'githubapp', name: 'GitHub', get detail() { return l10n.t('Connected through the Read the Docs GitHub App'); } },
  { code: 'github', name: 'GitHub', get detail() { return l10n.t('Connected through the older GitHub OAuth integration'); } },
  { code: 'gitlab', name: 'GitLab' },
  { code: 'bitbucket', name: 'Bitbucket' },
];

/**
 * Slugs of the projects already built from this repository that the caller may see (the
 * server's `projects` of the repository); empty when it has not been imported.
 */
export function importedAs(repository: Pick<RemoteRepository, 'projects'>): string[] {
  return repository.projects.map((p) => p.slug);
}

/** "Imported as widgets" / "Imported as widgets, widgets-fr", or undefined when not imported yet. */
export function describeImported(repository: Pick<RemoteRepository, 'projects'>): string | undefined {
  const slugs = importedAs(repository);
  return slugs.length ? l10n.t('Imported as {0}', slugs.join(', ')) : undefined;
}

export interface RepositoryGroup {
  /** The remote organization's name, or undefined for the person's own repositories. */
  readonly organization: string | undefined;
  readonly repositories: readonly RemoteRepository[];
}

/** Repositories grouped by remote organization, in the server's order; personal repositories last. */
export function groupRepositories(repositories: readonly RemoteRepository[]): RepositoryGroup[] {
  const groups = new Map<string | undefined, RemoteRepository[]>();
  for (const repository of repositories) {
    const key = repository.remoteOrganization?.name;
    groups.set(key, [...(groups.get(key) ?? []), repository]);
  }
  return [...groups]
    .sort(([a], [b]) => (a === undefined ? 1 : 0) - (b === undefined ? 1 : 0))
    .map(([organization, list]) => ({ organization, repositories: list }));
}

/**
 * The URL to import: one of the repository's own URLs (so the server links the project to it and
 * installs the webhook). Private repositories need SSH, which only the business edition allows.
 */
export function importUrlOf(repository: RemoteRepository, edition: 'community' | 'business'): string | undefined {
  if (repository.private && edition === 'business' && repository.sshUrl) return repository.sshUrl;
  return repository.cloneUrl ?? repository.htmlUrl ?? (edition === 'business' ? repository.sshUrl : undefined);
}

/** "https://github.com/owner/my-repo.git" → "my-repo": a name to pre-fill. */
export function projectNameFromUrl(url: string): string {
  const path = trimEndOf(beforeFirstOf(url.trim(), '?#'), '/').replace(/\.git$/, '');
  const last = path.split(/[/:]/).pop() ?? '';
  return last;
}
