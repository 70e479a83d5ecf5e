// The three demo users and their (deterministic) tokens.

import type { SandboxDb } from '../db';
import { sha1Hex } from '../hash';

export const USERNAMES = { owner: 'demo-owner', other: 'other-user', org: 'org-admin' } as const;

/** A DRF-style token (40 lowercase hex), stable across runs so scripts can hard-code it. */
export const tokenFor = (username: string): string => sha1Hex(`rtd-sandbox:${username}`);

export function addUsers(db: SandboxDb): void {
  for (const username of Object.values(USERNAMES)) db.addUser(username, tokenFor(username));
}
