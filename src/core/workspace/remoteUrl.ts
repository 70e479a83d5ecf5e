/**
 * A git remote or a project's `repository.url` as one comparable key, `host/path` in lower case:
 * `https://github.com/Owner/Repo.git`, `git@github.com:owner/repo`, `ssh://git@github.com:22/owner/repo/`
 * and `https://user:token@github.com/owner/repo` all become `github.com/owner/repo`. Credentials,
 * ports, the scheme, a `.git` suffix and trailing slashes are dropped. Undefined for local paths
 * and text that is no repository address. Pure.
 */
export function repositoryKey(raw: string): string | undefined {
  const text = raw.trim();
  if (!text) return undefined;
  const parsed = splitHostPath(text);
  if (!parsed) return undefined;
  const host = canonicalHost(parsed.host.toLowerCase().replace(/\.$/, ''));
  let path = parsed.path.replace(/\\/g, '/').split('/').filter(Boolean).join('/').replace(/\.git$/i, '').toLowerCase();
  if (!host || !path) return undefined;
  // Azure Repos' SSH form (`ssh.dev.azure.com:v3/org/project/repo`) names the HTTPS path differently.
  if (host === 'dev.azure.com' && /ssh/i.test(parsed.host)) {
    const [v3, org, project, repo] = path.split('/');
    if (v3 === 'v3' && org && project && repo) path = `${org}/${project}/_git/${repo}`;
  }
  return `${host}/${path}`;
}

/** True when two addresses name the same repository. */
export function sameRepository(a: string, b: string): boolean {
  const key = repositoryKey(a);
  return key !== undefined && key === repositoryKey(b);
}

function splitHostPath(text: string): { host: string; path: string } | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text);
  if (scheme) {
    const name = scheme[1]!.toLowerCase();
    if (name === 'file') return undefined;
    let url: URL;
    try {
      // Any scheme parsed as http, so `ssh://`, `git://` and `git+ssh://` get host and path split the same way.
      url = new URL(`http://${text.slice(scheme[0].length)}`);
    } catch {
      return undefined;
    }
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      path = url.pathname;
    }
    // `<org>.visualstudio.com/<project>/_git/<repo>` is the old name of `dev.azure.com/<org>/…`.
    const visualStudio = /^([^.]+)\.visualstudio\.com$/.exec(url.hostname);
    if (visualStudio) return { host: 'dev.azure.com', path: `${visualStudio[1]}/${path.replace(/^\/?(?:defaultcollection\/)?/i, '')}` };
    return { host: url.hostname, path };
  }
  if (/^lp:/i.test(text)) return { host: 'launchpad.net', path: text.slice(3) };
  // scp-like `[user@]host:path`; a one-letter "host" is a Windows drive, a leading `/` or `.` a local path.
  const scp = /^(?:[^@/\s]+@)?([^:/\s\\]+):(?!\/\/)(.+)$/.exec(text);
  if (!scp || scp[1]!.length === 1) return undefined;
  return { host: scp[1]!, path: scp[2]! };
}

const HOST_ALIASES: Readonly<Record<string, string>> = {
  'ssh.github.com': 'github.com',
  'altssh.gitlab.com': 'gitlab.com',
  'altssh.bitbucket.org': 'bitbucket.org',
  'ssh.dev.azure.com': 'dev.azure.com',
  'vs-ssh.visualstudio.com': 'dev.azure.com',
  'git.launchpad.net': 'launchpad.net',
};

function canonicalHost(host: string): string {
  const bare = host.replace(/^www\./, '');
  return HOST_ALIASES[bare] ?? bare;
}
