import { type Edition } from '../api/client';
import { EDITIONS } from '../config';
import { type Project } from '../models/project';
import { repositoryKey } from './remoteUrl';

/** A workspace folder as far as binding cares: where it is, what is checked out, where it came from. */
export interface FolderRepository {
  readonly folderPath: string;
  readonly branch: string | undefined;
  /** Fetch and push URLs of every remote. */
  readonly remoteUrls: readonly string[];
}

export interface ProjectMatch {
  readonly edition: Edition;
  readonly project: Project;
  readonly folder: FolderRepository;
  /** `remote`: a remote's URL is the project's repository; `setting`: listed in `readthedocs.projects`. */
  readonly by: 'remote' | 'setting';
}

/** One entry of the `readthedocs.projects` setting: `edition/slug` adds a project, `!edition/slug` drops a matched one. */
export interface ProjectEntry {
  readonly edition: Edition;
  readonly slug: string;
  readonly exclude: boolean;
}

/** The setting's entries that make sense; anything else is reported back as `invalid`. */
export function parseProjectEntries(values: readonly string[]): { entries: ProjectEntry[]; invalid: string[] } {
  const entries: ProjectEntry[] = [];
  const invalid: string[] = [];
  for (const value of values) {
    const match = /^\s*(?:(!)\s*)?(community|business)\/([a-z0-9][\w-]*)\s*$/i.exec(value);
    if (!match) { invalid.push(value); continue; }
    entries.push({ exclude: match[1] === '!', edition: match[2]!.toLowerCase() as Edition, slug: match[3]!.toLowerCase() });
  }
  return { entries, invalid };
}

/**
 * Binds folders to projects: every project (of every edition given) whose repository URL names
 * the same repository as one of a folder's remotes (several matches are all kept: subprojects
 * and translations built from one repository), then the setting's additions (bound to the first
 * folder) and exclusions. Order: editions, then folders, then project slugs. Pure.
 */
export function matchProjects(
  folders: readonly FolderRepository[],
  projectsOf: ReadonlyMap<Edition, readonly Project[]>,
  entries: readonly ProjectEntry[] = [],
  /** Projects named in the setting that are not in `projectsOf` (read one by one). */
  extra: ReadonlyMap<string, Project> = new Map(),
): ProjectMatch[] {
  const excluded = new Set(entries.filter((e) => e.exclude).map((e) => entryKey(e.edition, e.slug)));
  const matches: ProjectMatch[] = [];
  const seen = new Set<string>();
  const add = (match: ProjectMatch) => {
    const key = entryKey(match.edition, match.project.slug);
    if (seen.has(key) || excluded.has(key)) return;
    seen.add(key);
    matches.push(match);
  };
  const folderKeys = folders.map((folder) => new Set(folder.remoteUrls.map(repositoryKey).filter((k): k is string => !!k)));
  for (const edition of EDITIONS) {
    const projects = [...(projectsOf.get(edition) ?? [])].sort((a, b) => a.slug.localeCompare(b.slug));
    folders.forEach((folder, index) => {
      for (const project of projects) {
        const key = repositoryKey(project.repository.url);
        if (key && folderKeys[index]!.has(key)) add({ edition, project, folder, by: 'remote' });
      }
    });
  }
  const home = folders[0];
  for (const entry of entries) {
    if (entry.exclude || !home) continue;
    const project = projectsOf.get(entry.edition)?.find((p) => p.slug === entry.slug) ?? extra.get(entryKey(entry.edition, entry.slug));
    if (project) add({ edition: entry.edition, project, folder: home, by: 'setting' });
  }
  return matches;
}

export function entryKey(edition: Edition, slug: string): string {
  return `${edition}/${slug}`;
}

/** A folder's remote URL to offer for import: `origin`'s first, else the first remote's. */
export function remoteUrlToImport(folder: FolderRepository): string | undefined {
  return folder.remoteUrls.find((url) => repositoryKey(url) !== undefined);
}
