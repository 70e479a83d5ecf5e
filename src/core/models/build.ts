import { asObject, int, optObject, optSeconds, optStr, str } from './parse';
import { type Json } from '../util/json';

/** `state.code` values; the service may add more, so any string is kept. */
export type BuildStateCode = 'triggered' | 'cloning' | 'installing' | 'building' | 'uploading' | 'finished' | 'cancelled' | (string & {});

/** The states after which a build never changes again (`isFinal` in `builds/facts.ts` says it of a build). */
export const FINAL_BUILD_STATES: readonly BuildStateCode[] = ['finished', 'cancelled'];

export interface Build {
  readonly id: number;
  readonly project: string;
  readonly version: string | undefined;
  readonly state: BuildStateCode;
  readonly stateName: string;
  /** Undefined until the build is final. */
  readonly success: boolean | undefined;
  readonly commit: string | undefined;
  readonly created: string | undefined;
  readonly finished: string | undefined;
  readonly durationSeconds: number | undefined;
  readonly urls: { readonly build: string | undefined; readonly version: string | undefined };
  /** The resolved build configuration (`expand=config`), as the server sent it. */
  readonly config: Json | undefined;
  /** The docs this build published (`docs_url`: sent by newer servers; the preview root of a pull-request build). */
  readonly docsUrl?: string;
}

/** Fields `parseBuild` never reads: build reads omit them (`omit=_links`); polls stay small. */
export const BUILD_UNREAD_FIELDS: readonly string[] = ['_links'];

export function parseBuild(value: unknown, path = 'build'): Build {
  const o = asObject(value, path);
  const state = o.state;
  const stateObj = typeof state === 'string' ? { code: state } : asObject(state, `${path}.state`);
  const code = str(stateObj as Json, 'code', `${path}.state`);
  const urls = optObject(o, 'urls') ?? {};
  const success = o.success;
  return {
    id: int(o, 'id', path),
    project: optStr(o, 'project') ?? '',
    version: optStr(o, 'version'),
    state: code,
    stateName: optStr(stateObj as Json, 'name') ?? code.charAt(0).toUpperCase() + code.slice(1),
    success: typeof success === 'boolean' && FINAL_BUILD_STATES.includes(code) ? success : undefined,
    commit: optStr(o, 'commit'),
    created: optStr(o, 'created'),
    finished: optStr(o, 'finished'),
    durationSeconds: optSeconds(o, 'duration'),
    urls: { build: optStr(urls, 'build'), version: optStr(urls, 'version') },
    config: optObject(o, 'config'),
    ...(optStr(o, 'docs_url') ? { docsUrl: optStr(o, 'docs_url') } : {}),
  };
}
