// Extra generated projects for scale benchmarks (`projectCount`).

import type { SandboxDb } from '../db';
import { sha1Hex } from '../hash';
import { addReleaseVersions } from './demo';
import { USERNAMES } from './users';

export function seedScaleProjects(db: SandboxDb, count: number, now: number): void {
  const width = String(count).length;
  for (let index = 1; index <= count; index += 1) {
    const number = String(index).padStart(width, '0');
    const project = db.addProject({
      slug: `scale-project-${number}`,
      name: `Scale Project ${number}`,
      created: now - index * 60_000,
      modified: now - index * 60_000,
      repository: { url: `https://github.com/example-org/scale-project-${number}`, type: 'git' },
      defaultBranch: 'main',
      maintainers: [USERNAMES.owner],
      organization: db.edition === 'business' ? 'example-corp' : null,
      teams: db.edition === 'business' ? ['docs-admins'] : [],
    });
    addReleaseVersions(db, project, ['v1.0']);
    db.addBuild({ project: project.slug, version: 'latest', created: now - index * 60_000, duration: 90, commit: sha1Hex(project.slug) });
  }
}
