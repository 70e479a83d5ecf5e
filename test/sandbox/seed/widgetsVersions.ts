// The many versions of `widgets`: machine latest/stable, branches, ~250 tags, one pull-request version.

import type { DownloadFormat, SandboxDb } from '../db';
import { sha1Hex } from '../hash';

const ALL_FORMATS: DownloadFormat[] = ['pdf', 'htmlzip', 'epub'];

/** Tags v0.1.x … v2.9.x; the number of patch releases per minor varies (5 to 12). */
function tagNames(): { name: string; lastOfMinor: boolean; major: number; minor: number }[] {
  const minors: [number, number][] = [
    ...Array.from({ length: 9 }, (_, i): [number, number] => [0, i + 1]),
    ...Array.from({ length: 13 }, (_, i): [number, number] => [1, i]),
    ...Array.from({ length: 10 }, (_, i): [number, number] => [2, i]),
  ];
  return minors.flatMap(([major, minor]) => {
    const patches = ((major * 7 + minor * 3) % 8) + 5;
    return Array.from({ length: patches }, (_, patch) => ({
      name: `v${major}.${minor}.${patch}`, lastOfMinor: patch === patches - 1, major, minor,
    }));
  });
}

/** Adds the versions and returns the slug `stable` tracks (the highest tag). */
export function addWidgetsVersions(db: SandboxDb): string {
  const project = 'widgets';
  const tags = tagNames();
  const highest = tags[tags.length - 1].name;
  db.addVersion(project, { slug: 'latest', identifier: 'main', machine: true, downloads: ALL_FORMATS });
  db.addVersion(project, { slug: 'stable', identifier: sha1Hex(`widgets:${highest}`), type: 'tag', machine: true, ref: highest, downloads: ALL_FORMATS });

  const branch = (slug: string, verboseName: string, state: { active: boolean; built: boolean; hidden?: boolean }) =>
    db.addVersion(project, { slug, verboseName, identifier: verboseName, type: 'branch', hidden: false, ...state });
  branch('main', 'main', { active: false, built: false });
  branch('develop', 'develop', { active: true, built: true });
  branch('release-2.x', 'release-2.x', { active: true, built: true });
  branch('docs-refresh', 'docs-refresh', { active: true, built: false });
  branch('experimental', 'experimental', { active: true, built: true, hidden: true });
  branch('feature-dark-mode', 'feature/dark-mode', { active: false, built: false });
  branch('fix-typo-in-install', 'fix/typo-in-install', { active: false, built: false });
  // The repository also has a branch no version exists for yet: sync-versions adds it (inactive).
  db.repositoryBranches.set(project, ['main', 'develop', 'release-2.x', 'docs-refresh', 'experimental', 'feature/dark-mode', 'fix/typo-in-install', 'docs/new-guide']);

  for (const tag of tags) {
    const active = tag.major === 2 || tag.lastOfMinor;
    db.addVersion(project, {
      slug: tag.name,
      identifier: sha1Hex(`widgets:${tag.name}`),
      type: 'tag',
      active,
      built: active,
      hidden: active && tag.major === 0,
      downloads: !active ? [] : tag.major === 2 ? ALL_FORMATS : ['htmlzip'],
    });
  }
  // A release candidate tagged minutes ago: active, never built ("v2.10…" sorts between v2.1.x and v2.2.x).
  db.addVersion(project, { slug: 'v2.10.0rc1', identifier: sha1Hex('widgets:v2.10.0rc1'), type: 'tag', built: false });
  // Pull-request builds exist but are never listed by the versions endpoint.
  db.addVersion(project, { slug: '1234', identifier: sha1Hex('widgets:pr-1234'), type: 'external' });
  // A second pull request whose build failed on Sphinx warnings (`fail_on_warning`).
  db.addVersion(project, { slug: '1240', identifier: sha1Hex('widgets:pr-1240'), type: 'external', built: false });
  return highest;
}
