// Business edition additions: organizations with teams, a private project and a private version.

import type { SandboxDb } from '../db';
import { addReleaseVersions } from './demo';
import { sha1Hex } from '../hash';
import { section, sphinxPage } from './pages/templates';
import { USERNAMES } from './users';

const DAY = 86_400_000;

export function seedBusiness(db: SandboxDb, now: number): void {
  const organization = (slug: string, name: string, owner: string) => db.organizations.push({
    slug, name, description: `${name} documentation portal.`, url: `https://${slug}.example.com`, email: `docs@${slug}.example.com`,
    owners: [owner], created: now - 800 * DAY, modified: now - 30 * DAY, disabled: false,
  });
  organization('example-corp', 'Example Corp', USERNAMES.org);
  organization('other-corp', 'Other Corp', USERNAMES.other);
  const team = (slug: string, name: string, access: 'admin' | 'readonly', members: string[]) => db.teams.push({
    organization: 'example-corp', slug, name, access, members, created: now - 700 * DAY, modified: now - 30 * DAY,
  });
  team('docs-admins', 'Docs admins', 'admin', [USERNAMES.owner]);
  team('docs-readers', 'Docs readers', 'readonly', [USERNAMES.other]);
  for (const slug of ['widgets', 'gadget-docs']) db.project(slug)!.teams.push('docs-readers');

  const handbook = db.addProject({
    slug: 'internal-handbook', name: 'Internal Handbook', created: now - 150 * DAY, modified: now - 3 * DAY,
    repository: { url: 'git@github.com:example-org/internal-handbook.git', type: 'git' }, defaultBranch: 'main',
    privacyLevel: 'private', externalBuildsPrivacyLevel: 'private', organization: 'example-corp', teams: ['docs-admins'],
  });
  addReleaseVersions(db, handbook, []);
  db.version('internal-handbook', 'latest')!.privacyLevel = 'private';
  db.addPage('internal-handbook', 'index.html', sphinxPage({
    project: 'Internal Handbook', title: 'Internal Handbook', nav: [],
    body: section('internal-handbook', 1, 'Internal Handbook', '<p>Only for Example Corp.</p>'),
  }));

  db.addVersion('widgets', { slug: 'internal', identifier: sha1Hex('widgets:internal'), privacyLevel: 'private' });
}
