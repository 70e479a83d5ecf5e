import { type ReadTheDocsClient } from '../api/client';
import { createSharingMethod, deleteSharingMethod } from '../api/endpoints/sharing';
import { type CallOptions } from '../api/requests';
import { type SharingMethod } from '../models/sharingMethod';
import { type DocsScope } from '../api/docsScope';
import { type DocsGrant } from './privateDocs';
import { type VersionChoice, expiryDate } from './renewal';

/** One POST of an `http_header_token` method for the chosen versions, expiring after the short period. A write: never retried. */
export function createHeaderMethod(client: ReadTheDocsClient, slug: string, choice: VersionChoice, description: string, now: number, call?: CallOptions): Promise<SharingMethod> {
  return createSharingMethod(client, slug, {
    accessType: 'http_header_token',
    ...(choice.allowAll ? { allowAll: true } : { allowAll: false, versions: choice.versions }),
    expires: expiryDate(now),
    description,
  }, call);
}

/** The grant a created method gives (undefined when the server sent no token). */
export function grantOfMethod(slug: string, scope: DocsScope, method: SharingMethod, choice: VersionChoice): DocsGrant | undefined {
  if (!method.token) return undefined;
  return {
    edition: 'business', projectSlug: slug, scope, token: method.token, methodId: method.id, expires: method.expires,
    ...(choice.allowAll ? {} : { versions: choice.versions }),
  };
}

/** What a renewal did: the grant to use from now on, and whether the old method is gone from the server. */
export interface Renewal {
  readonly grant: DocsGrant;
  /** The old method's DELETE failed (it expires on its own); the reason for a log line. */
  readonly oldLeft?: unknown;
}

/**
 * Renews a grant of ours: a new method for the same versions first, then (once the caller switched
 * to it: `switchTo`) the old one deleted, so no use falls between two tokens. Throws when the new
 * method could not be made (the old one stays in use).
 */
export async function renewGrant(client: ReadTheDocsClient, grant: DocsGrant, description: string, now: number, switchTo: (next: DocsGrant) => Promise<void>): Promise<Renewal> {
  if (grant.methodId === undefined) throw new Error(`The token of ${grant.projectSlug} was pasted: only its admin can renew it.`);
  const choice: VersionChoice = grant.versions ? { allowAll: false, versions: grant.versions } : { allowAll: true };
  const method = await createHeaderMethod(client, grant.projectSlug, choice, description, now, { priority: 'background' });
  const next = grantOfMethod(grant.projectSlug, grant.scope, method, choice);
  if (!next) throw new Error(`Read the Docs sent no token for the new sharing method ${method.id} of ${grant.projectSlug}.`);
  await switchTo(next);
  try {
    await deleteSharingMethod(client, grant.projectSlug, grant.methodId, { priority: 'background' });
    return { grant: next };
  } catch (error) {
    return { grant: next, oldLeft: error };
  }
}
