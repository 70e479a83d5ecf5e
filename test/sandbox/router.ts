// Match a request path against the route table (DRF lookup regexes per URL parameter).

import type { Edition } from './constants';
import { ROUTES, type Route } from './routes';

const PARAMETERS: Record<string, string> = {
  project: '[^/.]+',
  version: '[^/]+',
  alias: '[-\\w]+(?:/[-\\w]+)*',
  organization: '[^/.]+',
  build: '[^/.]+',
  notification: '[^/.]+',
  redirect: '[^/.]+',
  envvar: '[^/.]+',
  sharing: '[^/.]+',
};

const COMPILED = ROUTES.map((route) => ({
  route,
  regex: new RegExp(`^${route.path.replace(/:(\w+)/g, (_, name: string) => `(?<${name}>${PARAMETERS[name]})`)}$`),
}));

export interface RouteMatch { route: Route; params: Record<string, string> }

const decode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The route for a raw (percent-encoded) pathname, with decoded parameters. */
export function matchRoute(pathname: string, edition: Edition): RouteMatch | undefined {
  for (const { route, regex } of COMPILED) {
    if (route.business && edition !== 'business') continue;
    const match = regex.exec(pathname);
    if (match) {
      const params = Object.fromEntries(Object.entries(match.groups ?? {}).map(([key, value]) => [key, decode(value)]));
      return { route, params };
    }
  }
  return undefined;
}
