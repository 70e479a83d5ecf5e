import { asObject, bool, int, optStr, str } from './parse';
import { isJsonObject } from '../util/json';

/** How a sharing method opens a project's private versions (FACTS.md §25). */
export type SharingAccessType = 'token' | 'password' | 'http_header_token';

export const SHARING_ACCESS_TYPES: readonly SharingAccessType[] = ['token', 'password', 'http_header_token'];

/** A Business project's sharing method: a secret link, a password, or a header token for programs. */
export interface SharingMethod {
  readonly id: number;
  readonly project: string;
  /** An unknown kind keeps its name, so a newer server's method still lists. */
  readonly accessType: SharingAccessType | string;
  readonly allowAll: boolean;
  /** Version slugs; empty with `allowAll`. */
  readonly versions: readonly string[];
  /** `YYYY-MM-DD` (or a full date-time), undefined when the server sends none. */
  readonly expires: string | undefined;
  readonly lastUsedAt: string | undefined;
  readonly description: string;
  /** The secret: never logged, shown or kept outside SecretStorage. */
  readonly token: string | undefined;
  /** `https://<docs host>/_/sharing/<token>?next=…` for secret links. */
  readonly url: string | undefined;
}

export function parseSharingMethod(value: unknown, path = 'sharing method'): SharingMethod {
  const o = asObject(value, path);
  const versions = Array.isArray(o.versions)
    ? o.versions.flatMap((v) => (typeof v === 'string' ? [v] : isJsonObject(v) && typeof v.slug === 'string' ? [v.slug] : []))
    : [];
  return {
    id: int(o, 'id', path),
    project: optStr(o, 'project') ?? '',
    accessType: str(o, 'access_type', path),
    allowAll: bool(o, 'allow_all', versions.length === 0),
    versions,
    expires: optStr(o, 'expires'),
    lastUsedAt: optStr(o, 'last_used_at'),
    description: optStr(o, 'description') ?? '',
    token: optStr(o, 'token'),
    url: optStr(o, 'url'),
  };
}

/** What a POST sends: `versions` only with `allowAll: false`, `password` only for that kind. */
export interface SharingMethodInput {
  readonly accessType: SharingAccessType;
  readonly allowAll: boolean;
  readonly versions?: readonly string[];
  /** `YYYY-MM-DD`. */
  readonly expires: string;
  readonly description: string;
  readonly password?: string;
}

export function sharingMethodBody(input: SharingMethodInput): Record<string, unknown> {
  return {
    access_type: input.accessType,
    allow_all: input.allowAll,
    ...(input.allowAll ? {} : { versions: [...(input.versions ?? [])] }),
    expires: input.expires,
    description: input.description,
    ...(input.accessType === 'password' && input.password !== undefined ? { password: input.password } : {}),
  };
}
