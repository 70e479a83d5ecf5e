import { dropUndefined } from '../util/objects';
import { asObject, bool, int, optInt, optStr, str } from './parse';

/** The real service's types; older spec names (prefix, sphinx_html, sphinx_htmldir) are kept as strings when seen. */
export type RedirectType = 'page' | 'exact' | 'clean_url_to_html' | 'html_to_clean_url' | (string & {});

/** Settings a redirect has had since Read the Docs 10.14; an older server sends none of them. */
export type RedirectSetting = 'httpStatus' | 'force' | 'enabled' | 'description';

export interface Redirect {
  readonly pk: number;
  readonly type: RedirectType;
  /** "" when the server has none (GET says null, writes say ""). */
  readonly fromUrl: string;
  readonly toUrl: string;
  readonly httpStatus: number;
  readonly force: boolean;
  readonly enabled: boolean;
  /**
   * The settings the server did not send (before 10.14): their fields hold what a new redirect gets,
   * but they are unknown, shown as such and never compared. Absent: all were sent.
   */
  readonly unsaid?: readonly RedirectSetting[];
  readonly description: string;
  readonly position: number;
  /** True when the server did not say the position (before 10.14): its list order is its own, and a position sent is not kept. */
  readonly positionUnsaid?: true;
  readonly project: string;
  readonly created: string | undefined;
  readonly modified: string | undefined;
}

export function parseRedirect(value: unknown, path = 'redirect'): Redirect {
  const o = asObject(value, path);
  const unsaid = ([['httpStatus', 'http_status'], ['force', 'force'], ['enabled', 'enabled'], ['description', 'description']] as const)
    .filter(([, key]) => o[key] === undefined || o[key] === null).map(([setting]) => setting);
  return {
    pk: int(o, 'pk', path),
    type: str(o, 'type', path),
    fromUrl: optStr(o, 'from_url') ?? '',
    toUrl: optStr(o, 'to_url') ?? '',
    httpStatus: optInt(o, 'http_status') ?? 302,
    force: bool(o, 'force', false),
    enabled: bool(o, 'enabled', true),
    ...(unsaid.length ? { unsaid } : {}),
    description: optStr(o, 'description') ?? '',
    position: optInt(o, 'position') ?? 0,
    ...(o.position === undefined || o.position === null ? { positionUnsaid: true as const } : {}),
    project: optStr(o, 'project') ?? '',
    created: optStr(o, 'created'),
    modified: optStr(o, 'modified'),
  };
}

/** What a person sets on a redirect; a PUT sends all of it, a POST what is given. */
export interface RedirectInput {
  readonly type: RedirectType;
  readonly fromUrl?: string;
  readonly toUrl?: string;
  readonly httpStatus?: 301 | 302;
  readonly force?: boolean;
  readonly enabled?: boolean;
  readonly description?: string;
  readonly position?: number;
}

export function redirectBody(r: RedirectInput): Record<string, unknown> {
  return dropUndefined({
    type: r.type,
    from_url: r.fromUrl,
    to_url: r.toUrl,
    http_status: r.httpStatus,
    force: r.force,
    enabled: r.enabled,
    description: r.description,
    position: r.position,
  });
}

/** The whole editable state of an existing redirect, for a pre-filled PUT. */
export function redirectInputOf(r: Redirect): RedirectInput {
  return {
    type: r.type,
    fromUrl: r.fromUrl,
    toUrl: r.toUrl,
    httpStatus: r.httpStatus === 301 ? 301 : 302,
    force: r.force,
    enabled: r.enabled,
    description: r.description,
    position: r.position,
  };
}
