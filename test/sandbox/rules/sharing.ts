// Sharing methods (Business): who a header token opens which private version to (FACTS.md §25).

import type { ProjectRecord, SandboxDb, SharingMethodRecord, VersionRecord } from '../db';
import { sha1Hex } from '../hash';

export const sharingMethodsOf = (db: SandboxDb, project: string): SharingMethodRecord[] =>
  db.sharingMethods.filter((m) => m.project === project);

/** Expired from the first instant of its `expires` day (UTC). */
export const isExpired = (method: SharingMethodRecord, now = Date.now()): boolean =>
  now >= Date.parse(`${method.expires}T00:00:00Z`);

export function addSharingMethod(db: SandboxDb, fields: Omit<SharingMethodRecord, 'id' | 'token' | 'lastUsedAt' | 'created'>): SharingMethodRecord {
  const id = db.nextId('sharing');
  const method: SharingMethodRecord = { id, token: sha1Hex(`rtd-sandbox:sharing:${fields.project}:${id}:${Date.now()}`), lastUsedAt: null, created: Date.now(), ...fields };
  db.sharingMethods.push(method);
  return method;
}

export type HeaderVerdict = 'ok' | 'missing' | 'refused';

/**
 * Whether `Authorization: Token <t>` opens `version` of `project` on its docs host: an
 * `http_header_token` method of THAT project (a parent's token does not open its subprojects),
 * not expired, covering the version. A use updates `last_used_at`.
 */
export function headerTokenVerdict(db: SandboxDb, project: ProjectRecord, version: VersionRecord, authorization: string | undefined): HeaderVerdict {
  const parts = (authorization ?? '').trim().split(/\s+/);
  if (parts.length !== 2 || parts[0].toLowerCase() !== 'token') return 'missing';
  const method = db.sharingMethods.find((m) => m.token === parts[1] && m.accessType === 'http_header_token');
  if (!method || method.project !== project.slug || isExpired(method)) return 'refused';
  if (!method.allowAll && !method.versions.includes(version.slug)) return 'refused';
  method.lastUsedAt = Date.now();
  return 'ok';
}
