import { type Build, parseBuild } from './build';
import { dropUndefined } from '../util/objects';
import { asObject, bool, int, optCode, optObject, optStr, str } from './parse';

export type VersionType = 'branch' | 'tag' | 'external' | 'unknown' | (string & {});

export interface Version {
  readonly id: number;
  readonly slug: string;
  readonly verboseName: string;
  /** Branch name or commit. */
  readonly identifier: string | undefined;
  /** For the machine-made `stable`: the slug of the version it tracks. */
  readonly ref: string | undefined;
  readonly active: boolean;
  readonly hidden: boolean;
  readonly built: boolean;
  readonly type: VersionType;
  readonly privacyLevel: string | undefined;
  /** Slugs of the versions this one aliases (`latest`, `stable`). */
  readonly aliases: readonly string[];
  readonly urls: { readonly documentation: string | undefined; readonly vcs: string | undefined; readonly dashboardEdit: string | undefined };
  readonly downloads: Readonly<Record<string, string>>;
  readonly lastBuild: Build | undefined;
}

export function parseVersion(value: unknown, path = 'version'): Version {
  const o = asObject(value, path);
  const urls = optObject(o, 'urls') ?? {};
  const downloads = optObject(o, 'downloads') ?? {};
  const aliases = Array.isArray(o.aliases) ? o.aliases : [];
  const lastBuild = optObject(o, 'last_build');
  return {
    id: int(o, 'id', path),
    slug: str(o, 'slug', path),
    verboseName: optStr(o, 'verbose_name') ?? str(o, 'slug', path),
    identifier: optStr(o, 'identifier'),
    ref: optStr(o, 'ref'),
    active: bool(o, 'active', false),
    hidden: bool(o, 'hidden', false),
    built: bool(o, 'built', false),
    type: optStr(o, 'type') ?? 'unknown',
    privacyLevel: optCode(o, 'privacy_level'),
    aliases: aliases.map((a) => (typeof a === 'string' ? a : a && typeof a === 'object' ? optStr(a as Record<string, unknown>, 'slug') : undefined))
      .filter((a): a is string => !!a),
    urls: {
      documentation: optStr(urls, 'documentation'),
      vcs: optStr(urls, 'vcs'),
      dashboardEdit: optStr(optObject(urls, 'dashboard') ?? {}, 'edit'),
    },
    downloads: Object.fromEntries(Object.entries(downloads).filter((e): e is [string, string] => typeof e[1] === 'string')),
    lastBuild: lastBuild ? parseBuild(lastBuild, `${path}.last_build`) : undefined,
  };
}

/** Fields a version update may change (PATCH). `privacyLevel` only matters on the business edition. */
export interface VersionUpdate {
  readonly active?: boolean;
  readonly hidden?: boolean;
  readonly privacyLevel?: 'public' | 'private';
}

export function versionUpdateBody(update: VersionUpdate): Record<string, unknown> {
  return dropUndefined({ active: update.active, hidden: update.hidden, privacy_level: update.privacyLevel });
}
