/** A remote of a repository, as `.git/config` or the git extension names it. */
export interface GitRemote {
  readonly name: string;
  readonly fetchUrl: string | undefined;
  readonly pushUrl: string | undefined;
}

interface Entry { readonly section: string; readonly subsection: string | undefined; readonly key: string; readonly value: string }

/**
 * The remotes of a git config file (`[remote "origin"] url = …`, `pushurl`), with
 * `[url "<base>"] insteadOf` / `pushInsteadOf` rewrites applied as git applies them (longest
 * prefix wins). Comments, quoting and backslash escapes as git writes them. Pure.
 */
export function parseGitRemotes(text: string): GitRemote[] {
  const entries = parseEntries(text);
  const insteadOf = rewrites(entries, 'insteadof');
  const pushInsteadOf = rewrites(entries, 'pushinsteadof');
  const remotes = new Map<string, { fetch?: string; push?: string }>();
  for (const entry of entries) {
    if (entry.section !== 'remote' || entry.subsection === undefined) continue;
    const remote = remotes.get(entry.subsection) ?? {};
    if (entry.key === 'url' && remote.fetch === undefined) remote.fetch = entry.value;
    if (entry.key === 'pushurl' && remote.push === undefined) remote.push = entry.value;
    remotes.set(entry.subsection, remote);
  }
  return [...remotes].map(([name, { fetch, push }]) => ({
    name,
    fetchUrl: fetch === undefined ? undefined : rewrite(fetch, insteadOf),
    pushUrl: push !== undefined ? rewrite(push, insteadOf) : fetch === undefined ? undefined : rewriteOrUndefined(fetch, pushInsteadOf),
  }));
}

function rewrites(entries: readonly Entry[], key: string): [string, string][] {
  return entries
    .filter((e) => e.section === 'url' && e.subsection !== undefined && e.key === key)
    .map((e): [string, string] => [e.value, e.subsection!])
    .sort((a, b) => b[0].length - a[0].length);
}

function rewrite(url: string, rules: readonly [string, string][]): string {
  return rewriteOrUndefined(url, rules) ?? url;
}

function rewriteOrUndefined(url: string, rules: readonly [string, string][]): string | undefined {
  const rule = rules.find(([prefix]) => url.startsWith(prefix));
  return rule ? rule[1] + url.slice(rule[0].length) : undefined;
}

function parseEntries(text: string): Entry[] {
  const entries: Entry[] = [];
  let section = '';
  let subsection: string | undefined;
  for (const line of joinContinuations(text)) {
    const header = /^\s*\[\s*([A-Z0-9.-]+)(?:\s+"((?:\\.|[^"\\])*)")?\s*\](.*)$/is.exec(line);
    if (header) {
      // `[remote.origin]` is the old spelling of `[remote "origin"]` (subsection lower-cased).
      const [name, ...rest] = header[1]!.split('.');
      section = name!.toLowerCase();
      subsection = header[2] !== undefined ? header[2].replace(/\\(.)/g, '$1') : rest.length ? rest.join('.').toLowerCase() : undefined;
      const after = header[3]!.trim();
      if (after && !/^[#;]/.test(after)) pushEntry(entries, section, subsection, after);
      continue;
    }
    pushEntry(entries, section, subsection, line);
  }
  return entries;
}

function pushEntry(entries: Entry[], section: string, subsection: string | undefined, line: string): void {
  const match = /^\s*([A-Z][A-Z0-9-]*)\s*(?:=(.*))?$/is.exec(line);
  if (!match || !section) return;
  entries.push({ section, subsection, key: match[1]!.toLowerCase(), value: unquote(match[2]?.trimStart() ?? 'true') });
}

/** A value: quotes removed, `\"`, `\\`, `\n`, `\t` decoded, an unquoted `#` or `;` starts a comment. */
function unquote(raw: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '"') { quoted = !quoted; continue; }
    if (c === '\\' && i + 1 < raw.length) {
      const next = raw[++i]!;
      out += next === 'n' ? '\n' : next === 't' ? '\t' : next === 'b' ? '\b' : next;
      continue;
    }
    if (!quoted && (c === '#' || c === ';')) break;
    out += c;
  }
  return out.trim();
}

function joinContinuations(text: string): string[] {
  const lines: string[] = [];
  let pending = '';
  for (const line of text.split(/\r?\n/)) {
    if (/(?:^|[^\\])(?:\\\\)*\\$/.test(line)) { pending += line.slice(0, -1); continue; }
    lines.push(pending + line);
    pending = '';
  }
  if (pending) lines.push(pending);
  return lines.filter((l) => !/^\s*(?:[#;]|$)/.test(l));
}

/**
 * The keys of `[branch "<name>"]` in a git config file (`merge`, `remote`,
 * `github-pr-owner-number`, …), lower-cased, first value of each; the branch name is matched
 * exactly (subsections are case-sensitive). One linear pass over the entries. Pure.
 */
export function parseBranchConfig(text: string, branch: string): ReadonlyMap<string, string> {
  const keys = new Map<string, string>();
  for (const entry of parseEntries(text)) {
    if (entry.section === 'branch' && entry.subsection === branch && !keys.has(entry.key)) keys.set(entry.key, entry.value);
  }
  return keys;
}
