import { type Edition } from '../api/client';
import { webUrlOf } from '../validation/urls';

/** The API origins of Read the Docs Community (the dashboard's and the historic one serve the same API and tokens). */
const COMMUNITY_ORIGINS: readonly string[] = ['https://app.readthedocs.org', 'https://readthedocs.org'];

/**
 * `READTHEDOCS_TOKEN`, a credential for one server: the origin of `READTHEDOCS_API_URL` when that
 * is set, else Read the Docs Community (the names the official `readthedocs` CLI reads). Pointing
 * `readthedocs.communityUrl` at another server never sends it there.
 */
export interface EnvironmentToken {
  readonly token: string;
  /** Origins the token may go to; empty when `READTHEDOCS_API_URL` is no web address (then it goes nowhere). */
  readonly origins: readonly string[];
}

/** The environment's token and its server, or undefined when `READTHEDOCS_TOKEN` is unset or blank. */
export function environmentTokenOf(env: { readonly READTHEDOCS_TOKEN?: string; readonly READTHEDOCS_API_URL?: string }): EnvironmentToken | undefined {
  const token = env.READTHEDOCS_TOKEN?.trim();
  if (!token) return undefined;
  const apiUrl = env.READTHEDOCS_API_URL?.trim();
  if (!apiUrl) return { token, origins: COMMUNITY_ORIGINS };
  const origin = webUrlOf(apiUrl)?.origin;
  return { token, origins: origin ? [origin] : [] };
}

/** The environment's token for the community edition at `origin`, when that origin is its server. */
export function environmentTokenFor(environment: EnvironmentToken | undefined, edition: Edition, origin: string): string | undefined {
  return environment && edition === 'community' && environment.origins.includes(origin) ? environment.token : undefined;
}
