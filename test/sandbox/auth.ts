// DRF TokenAuthentication: `Authorization: Token <key>`; any other scheme means anonymous.

import type { SandboxDb, UserRecord } from './db';

export type AuthResult = { ok: true; user: UserRecord | null } | { ok: false; detail: string };

export function authenticate(db: SandboxDb, header: string | undefined): AuthResult {
  const parts = (header ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0 || parts[0].toLowerCase() !== 'token') return { ok: true, user: null };
  if (parts.length === 1) return { ok: false, detail: 'Invalid token header. No credentials provided.' };
  if (parts.length > 2) return { ok: false, detail: 'Invalid token header. Token string should not contain spaces.' };
  const user = db.userByToken(parts[1]);
  return user ? { ok: true, user } : { ok: false, detail: 'Invalid token.' };
}
