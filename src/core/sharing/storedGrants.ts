import { type Edition } from '../api/client';
import { isJsonObject } from '../util/json';
import { type DocsGrant } from './privateDocs';

/** The grants of one server as kept in secret storage: JSON, read back tolerantly (a damaged entry is dropped). */
export function grantsToText(grants: readonly DocsGrant[]): string {
  return JSON.stringify(grants.map((g) => ({
    projectSlug: g.projectSlug, scope: g.scope, token: g.token, methodId: g.methodId, expires: g.expires, versions: g.versions,
  })));
}

export function grantsFromText(text: string | undefined, edition: Edition): DocsGrant[] {
  let value: unknown;
  try {
    value = text ? JSON.parse(text) : [];
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): DocsGrant[] => {
    if (!isJsonObject(item) || !isJsonObject(item.scope)) return [];
    const { projectSlug, token, methodId, expires, versions } = item;
    const { origin, pathPrefix } = item.scope;
    if (typeof projectSlug !== 'string' || typeof token !== 'string' || typeof origin !== 'string' || typeof pathPrefix !== 'string') return [];
    return [{
      edition, projectSlug, token, scope: { origin, pathPrefix, projectSlug },
      ...(typeof methodId === 'number' ? { methodId } : {}),
      ...(typeof expires === 'string' ? { expires } : {}),
      ...(Array.isArray(versions) && versions.every((v) => typeof v === 'string') ? { versions: versions as string[] } : {}),
    }];
  });
}
