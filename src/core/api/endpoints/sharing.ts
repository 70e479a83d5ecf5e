import { type Page } from '../../models/page';
import { type SharingMethod, type SharingMethodInput, parseSharingMethod, sharingMethodBody } from '../../models/sharingMethod';
import { type ReadTheDocsClient } from '../client';
import { apiPath } from '../paths';
import { type CallOptions } from '../requests';

/** A Business project's sharing methods (FACTS.md §25); Community has no such route. */
export function listSharingMethods(client: ReadTheDocsClient, projectSlug: string, call?: CallOptions): Promise<Page<SharingMethod>> {
  return client.requests.page(apiPath('projects', projectSlug, 'sharing'), {}, parseSharingMethod, call);
}

/** POST → 201 with the method, its token included. A write: never retried. */
export function createSharingMethod(client: ReadTheDocsClient, projectSlug: string, input: SharingMethodInput, call?: CallOptions): Promise<SharingMethod> {
  return client.requests.write('POST', apiPath('projects', projectSlug, 'sharing'), sharingMethodBody(input), parseSharingMethod, call);
}

/** DELETE → 204: whoever used the method loses access at once. */
export async function deleteSharingMethod(client: ReadTheDocsClient, projectSlug: string, id: number, call?: CallOptions): Promise<void> {
  await client.requests.write('DELETE', apiPath('projects', projectSlug, 'sharing', id), undefined, undefined, call);
}
