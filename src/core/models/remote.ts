import { asObject, bool, int, listOf, optObject, optStr, str } from './parse';
import { type Project, parseProject } from './project';

/** `github`, `githubapp`, `gitlab`, `bitbucket`, or whatever the service adds next. */
export type VcsProvider = 'github' | 'githubapp' | 'gitlab' | 'bitbucket' | (string & {});

export interface RemoteOrganization {
  readonly pk: number;
  readonly slug: string;
  readonly name: string;
  readonly avatarUrl: string | undefined;
  readonly url: string | undefined;
  readonly vcsProvider: VcsProvider;
}

export function parseRemoteOrganization(value: unknown, path = 'remote organization'): RemoteOrganization {
  const o = asObject(value, path);
  return {
    pk: int(o, 'pk', path),
    slug: str(o, 'slug', path),
    name: optStr(o, 'name') ?? str(o, 'slug', path),
    avatarUrl: optStr(o, 'avatar_url'),
    url: optStr(o, 'url'),
    vcsProvider: optStr(o, 'vcs_provider') ?? 'unknown',
  };
}

export interface RemoteRepository {
  readonly pk: number;
  readonly name: string;
  readonly fullName: string;
  readonly description: string | undefined;
  /** The caller administers the repository on the VCS (needed to link an import to it). */
  readonly admin: boolean;
  readonly private: boolean;
  readonly cloneUrl: string | undefined;
  readonly htmlUrl: string | undefined;
  readonly sshUrl: string | undefined;
  readonly defaultBranch: string | undefined;
  readonly vcsProvider: VcsProvider;
  /** Projects already importing this repository, visible to the caller. */
  readonly projects: readonly Project[];
  readonly remoteOrganization: RemoteOrganization | undefined;
}

/** Fields `parseRemoteRepository` never reads: the list omits them. */
export const REMOTE_REPOSITORY_UNREAD_FIELDS: readonly string[] = ['avatar_url', 'created', 'modified', 'vcs'];

export function parseRemoteRepository(value: unknown, path = 'remote repository'): RemoteRepository {
  const o = asObject(value, path);
  const org = optObject(o, 'remote_organization');
  return {
    pk: int(o, 'pk', path),
    name: str(o, 'name', path),
    fullName: optStr(o, 'full_name') ?? str(o, 'name', path),
    description: optStr(o, 'description'),
    admin: bool(o, 'admin', false),
    private: bool(o, 'private', false),
    cloneUrl: optStr(o, 'clone_url'),
    htmlUrl: optStr(o, 'html_url'),
    sshUrl: optStr(o, 'ssh_url'),
    defaultBranch: optStr(o, 'default_branch'),
    vcsProvider: optStr(o, 'vcs_provider') ?? 'unknown',
    projects: Array.isArray(o.projects) ? listOf(o.projects, `${path}.projects`, parseProject) : [],
    remoteOrganization: org ? parseRemoteOrganization(org, `${path}.remote_organization`) : undefined,
  };
}
