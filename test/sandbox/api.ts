// One API request, DRF order: route → authenticate → permissions → throttle → handler.

import { authenticate } from './auth';
import type { RequestContext, Services } from './context';
import { forbidden, htmlPage, json, methodNotAllowed, notFound, unauthorized, type ApiResponse } from './http';
import { isAdmin } from './permissions';
import { throttled, type SlidingWindowLimiter } from './rateLimit';
import { matchRoute } from './router';
import type { Access, Method, Route } from './routes';

export interface ApiRequest {
  method: string;
  /** Raw (percent-encoded) pathname. */
  path: string;
  search: string;
  host: string;
  clientIp: string;
  authorization: string | undefined;
  body: unknown;
  bodyError?: string;
  /** `If-None-Match` (docs hosts answer 304). */
  ifNoneMatch?: string;
}

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function allowedMethods(route: Route): string[] {
  const methods: string[] = METHOD_ORDER.filter((m) => route.methods[m]);
  if (route.methods.GET) methods.push('HEAD');
  return [...methods, 'OPTIONS'];
}

/** The permission answer for `access`, or undefined when the call may proceed. */
function denial(ctx: RequestContext, access: Access): ApiResponse | undefined {
  if (access === 'public' || access === 'none') return undefined;
  if (!ctx.user) return unauthorized();
  if (access === 'user') return undefined;
  if (access === 'readonly') return forbidden();
  const project = ctx.db.project(ctx.params.project);
  if (!project) return notFound('Project');
  return isAdmin(ctx.db, ctx.user, project) ? undefined : forbidden();
}

/** SimpleMetadata for OPTIONS; `actions.POST` only when the caller may POST. */
function metadata(ctx: RequestContext, route: Route): ApiResponse {
  const body: Record<string, unknown> = {
    name: route.name,
    description: '',
    renders: ['application/json', 'text/html'],
    parses: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
  };
  const post = route.methods.POST;
  if (route.postMetadata && post && !denial(ctx, post.access)) {
    body.actions = { POST: typeof route.postMetadata === 'function' ? route.postMetadata(ctx) : route.postMetadata };
  }
  return json(200, body);
}

export function handleApiRequest(services: Services, limiter: SlidingWindowLimiter, request: ApiRequest): ApiResponse {
  const { db } = services;
  const match = matchRoute(request.path, db.edition);
  if (!match) {
    const slashed = `${request.path}/`;
    const redirect = !request.path.endsWith('/') && matchRoute(slashed, db.edition);
    return redirect
      ? { status: 301, kind: 'html', body: '', headers: { Location: slashed + request.search } }
      : htmlPage(404);
  }
  const { route, params } = match;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const endpoint = route.methods[method as Method];
  const defaultAccess: Access = route.unlisted ?? (route.path.includes(':project') ? 'admin' : 'user');
  const access: Access = method === 'OPTIONS' ? route.methods.GET?.access ?? 'public'
    : endpoint ? endpoint.access
    : method === 'GET' ? 'public' : defaultAccess;

  const auth = access === 'none' ? { ok: true as const, user: null } : authenticate(db, request.authorization);
  if (!auth.ok) return unauthorized(auth.detail);
  const ctx: RequestContext = {
    ...services,
    method,
    path: request.path,
    host: request.host,
    query: new URLSearchParams(request.search),
    params,
    body: request.body,
    bodyError: request.bodyError,
    user: auth.user,
  };
  const denied = denial(ctx, access);
  if (denied) return denied;
  if (access !== 'none') {
    const wait = limiter.hit(auth.user ? `user:${auth.user.id}` : `anon:${request.clientIp}`);
    if (wait != null) return throttled(wait);
  }
  if (method === 'OPTIONS') return metadata(ctx, route);
  if (!endpoint) return methodNotAllowed(method, allowedMethods(route));
  return endpoint.handle(ctx);
}
