// Remote (VCS) organizations and repositories of the demo users' connected accounts.

import type { RemoteRepositoryRecord, SandboxDb, VcsProvider } from '../db';
import { USERNAMES } from './users';

interface RepoSpec { fullName: string; provider: VcsProvider; org: number | null; admin: boolean; private?: boolean; description: string; user: string }

const HOSTS: Record<VcsProvider, string> = {
  github: 'github.com', githubapp: 'github.com', gitlab: 'gitlab.com', bitbucket: 'bitbucket.org',
};

/** Adds the remote data; returns repository pks by full name (for linking projects). */
export function addRemoteData(db: SandboxDb, now: number): Map<string, number> {
  const created = now - 400 * 86_400_000;
  const organization = (slug: string, name: string, provider: VcsProvider, user: string) => {
    const pk = db.nextId('remote-organization');
    db.remoteOrganizations.push({
      pk, slug, name, vcsProvider: provider, users: [user], created, modified: now - 86_400_000,
      avatarUrl: `https://avatars.example.com/${slug}.png`, url: `https://${HOSTS[provider]}/${slug}`,
    });
    return pk;
  };
  // The owner connected the GitHub App (so only `githubapp` rows) and GitLab; the other user has classic GitHub.
  const exampleOrg = organization('example-org', 'Example Org', 'githubapp', USERNAMES.owner);
  const exampleGroup = organization('example-group', 'Example Group', 'gitlab', USERNAMES.owner);
  const otherOrg = organization('other-org', 'Other Org', 'github', USERNAMES.other);

  const specs: RepoSpec[] = [
    { fullName: 'example-org/widgets', provider: 'githubapp', org: exampleOrg, admin: true, description: 'Composable UI widgets for Python.', user: USERNAMES.owner },
    { fullName: 'example-org/widgets-api', provider: 'githubapp', org: exampleOrg, admin: true, description: 'REST API docs for Widgets.', user: USERNAMES.owner },
    { fullName: 'example-org/widgets-fr', provider: 'githubapp', org: exampleOrg, admin: true, description: 'Traduction française de Widgets.', user: USERNAMES.owner },
    { fullName: 'example-org/hostile-demo', provider: 'githubapp', org: exampleOrg, admin: true, description: 'Sanitiser test pages.', user: USERNAMES.owner },
    { fullName: 'example-org/sprockets', provider: 'githubapp', org: exampleOrg, admin: true, description: 'Sprockets: not imported yet.', user: USERNAMES.owner },
    { fullName: 'example-org/upstream-mirror', provider: 'githubapp', org: exampleOrg, admin: false, description: 'Read-only mirror (no admin rights).', user: USERNAMES.owner },
    { fullName: 'example-group/gadget-docs', provider: 'gitlab', org: exampleGroup, admin: true, description: 'Gadget CLI documentation.', user: USERNAMES.owner },
    { fullName: 'example-group/gizmo-handbook', provider: 'gitlab', org: exampleGroup, admin: true, private: true, description: 'Private handbook.', user: USERNAMES.owner },
    { fullName: 'demo-owner/dotfiles-docs', provider: 'githubapp', org: null, admin: true, description: 'Personal notes.', user: USERNAMES.owner },
    { fullName: 'other-org/others-project', provider: 'github', org: otherOrg, admin: true, description: "Other user's docs.", user: USERNAMES.other },
  ];
  const pks = new Map<string, number>();
  for (const spec of specs) {
    const host = HOSTS[spec.provider];
    const repository: RemoteRepositoryRecord = {
      pk: db.nextId('remote-repository'),
      name: spec.fullName.split('/')[1],
      fullName: spec.fullName,
      description: spec.description,
      avatarUrl: `https://avatars.example.com/${spec.fullName.split('/')[0]}.png`,
      sshUrl: `git@${host}:${spec.fullName}.git`,
      cloneUrl: `https://${host}/${spec.fullName}.git`,
      htmlUrl: `https://${host}/${spec.fullName}`,
      vcs: 'git',
      vcsProvider: spec.provider,
      private: spec.private ?? false,
      defaultBranch: 'main',
      created,
      modified: now - 86_400_000,
      organization: spec.org,
      users: { [spec.user]: { admin: spec.admin } },
    };
    db.remoteRepositories.push(repository);
    pks.set(spec.fullName, repository.pk);
  }
  return pks;
}
