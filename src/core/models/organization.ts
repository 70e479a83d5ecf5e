import { asObject, bool, optStr, str } from './parse';

export interface Organization {
  readonly slug: string;
  readonly name: string;
  readonly description: string | undefined;
  readonly url: string | undefined;
  readonly email: string | undefined;
  readonly owners: readonly string[];
  readonly disabled: boolean;
  readonly created: string | undefined;
}

export function parseOrganization(value: unknown, path = 'organization'): Organization {
  const o = asObject(value, path);
  return {
    slug: str(o, 'slug', path),
    name: optStr(o, 'name') ?? str(o, 'slug', path),
    description: optStr(o, 'description'),
    url: optStr(o, 'url'),
    email: optStr(o, 'email'),
    owners: Array.isArray(o.owners) ? usernames(o.owners) : [],
    disabled: bool(o, 'disabled', false),
    created: optStr(o, 'created'),
  };
}

export interface Team {
  readonly slug: string;
  readonly name: string;
  /** `admin` or `readonly`. */
  readonly access: string | undefined;
  /** Usernames, with `expand=members`. */
  readonly members: readonly string[] | undefined;
}

export function parseTeam(value: unknown, path = 'team'): Team {
  const o = asObject(value, path);
  return {
    slug: str(o, 'slug', path),
    name: optStr(o, 'name') ?? str(o, 'slug', path),
    access: optStr(o, 'access'),
    members: Array.isArray(o.members) ? usernames(o.members) : undefined,
  };
}

/** `[{username}]` (or bare names) → usernames. */
function usernames(list: readonly unknown[]): string[] {
  return list.map((u) => (typeof u === 'string' ? u : u && typeof u === 'object' ? optStr(u as Record<string, unknown>, 'username') : undefined))
    .filter((u): u is string => !!u);
}
