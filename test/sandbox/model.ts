// Facts derived from the records (what the upstream models compute as properties).

import { FINAL_BUILD_STATES } from './constants';
import type { BuildRecord, ProjectRecord, SandboxDb, VersionRecord } from './db';

/** `Project.get_default_branch`: the setting, else the linked remote repository's, else git's fallback. */
export function defaultBranchOf(db: SandboxDb, project: ProjectRecord): string {
  if (project.defaultBranch) return project.defaultBranch;
  const remote = db.remoteRepositories.find((r) => r.pk === project.remoteRepository);
  return remote?.defaultBranch ?? 'master';
}

export const isFinal = (build: BuildRecord): boolean => FINAL_BUILD_STATES.includes(build.state);

/** The version a machine `latest`/`stable` stands for (`get_original_latest_version` / `_stable_version`). */
export function originalVersionOf(db: SandboxDb, version: VersionRecord): VersionRecord | undefined {
  if (!version.machine) return undefined;
  const project = db.project(version.project);
  if (!project) return undefined;
  const target = version.slug === 'stable' ? version.ref : defaultBranchOf(db, project);
  return db.versions(project.slug).find((v) => !v.machine && v.slug === target);
}

/** `Project.active_versions`: active, public, built versions. */
export const activeVersionsOf = (db: SandboxDb, slug: string): VersionRecord[] =>
  db.versions(slug).filter((v) => v.active && v.built && v.privacyLevel === 'public' && v.type !== 'external');

/** Newest build first (`-date`). */
export const newestFirst = (a: BuildRecord, b: BuildRecord): number => b.created - a.created || b.id - a.id;
