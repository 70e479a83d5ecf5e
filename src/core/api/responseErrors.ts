import { isJsonObject } from '../util/json';
import {
  type ApiError, type RequestInfo, AuthError, BuildNotTriggeredError, EmbedError, ForbiddenError, HttpStatusError,
  NotFoundError, ProxyAuthError, RateLimitedError, ServerError, UnexpectedResponseError, UploadedVersionError, ValidationError,
} from './errors';

/** The build trigger's answer for a version published by uploads (FACTS section 24). */
export const UPLOADED_VERSION_TEXT = 'Cannot trigger a build for an uploaded version.';

/** A response body as received: parsed JSON when it was JSON, else the raw text. */
export type ReceivedBody = { kind: 'json'; value: unknown } | { kind: 'empty' } | { kind: 'text'; text: string; contentType: string };

/** Maps a non-2xx response to its typed error. */
export function errorForResponse(status: number, body: ReceivedBody, retryAfter: string | undefined, request: RequestInfo): ApiError {
  const json = body.kind === 'json' ? body.value : undefined;
  const detail = detailOf(json);
  if (status === 407) return new ProxyAuthError(request);
  if (status === 401) return new AuthError(detail ?? 'Authentication failed.', request);
  if (status === 403) return new ForbiddenError(detail ?? 'Permission denied.', request);
  if (status === 429) return new RateLimitedError(parseRetryAfter(retryAfter), detail, request);
  // 503 is the one server error whose Retry-After means "come back then".
  if (status >= 500) return new ServerError(status, request, status === 503 ? parseRetryAfter(retryAfter) : undefined);
  if (status === 400 && isJsonObject(json) && json.error === UPLOADED_VERSION_TEXT) return new UploadedVersionError(request);
  const embed = embedErrorOf(json, status, request);
  if (embed) return embed;
  if (status === 404) return new NotFoundError(detail, request);
  if (status === 400) {
    if (isJsonObject(json) && json.triggered === false) return new BuildNotTriggeredError(request);
    const validation = validationErrorOf(json, request);
    if (validation) return validation;
    if (body.kind === 'text') return new UnexpectedResponseError(`an HTML page (status ${status}) instead of JSON`, request, status);
  }
  return new HttpStatusError(status, detail, request);
}

function detailOf(json: unknown): string | undefined {
  return isJsonObject(json) && typeof json.detail === 'string' ? json.detail : undefined;
}

// The three date forms HTTP allows (RFC 9110 §5.6.7): IMF-fixdate, RFC 850, asctime.
const HTTP_DATE = /^[A-Za-z]{3,9}, \d{2}[ -][A-Za-z]{3}[ -]\d{2,4} \d{2}:\d{2}:\d{2} GMT$/;
const ASCTIME_DATE = /^[A-Z]{3} [A-Z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/i;

/**
 * `Retry-After` as seconds: whole or decimal seconds, or an HTTP date; undefined when unusable
 * (negative, a list, a number in another notation, free text), so the caller falls back to its backoff.
 */
export function parseRetryAfter(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const date = HTTP_DATE.test(trimmed) ? Date.parse(trimmed) : ASCTIME_DATE.test(trimmed) ? Date.parse(`${trimmed} GMT`) : NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Validation bodies nest one level per nested serializer; anything deeper is not a real field path. */
const MAX_FIELD_DEPTH = 8;

/** The three validation body shapes: field map (nested allowed), `non_field_errors`, bare array. */
function validationErrorOf(json: unknown, request: RequestInfo): ValidationError | undefined {
  if (Array.isArray(json)) return new ValidationError({}, messagesOf(json), request);
  if (!isJsonObject(json)) return undefined;
  const fields: Record<string, string[]> = {};
  const general: string[] = [];
  // Iterative, and bounded in depth: a hostile body nested thousands deep must not overflow the stack.
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: json, path: '', depth: 0 }];
  while (pending.length) {
    const { value, path, depth } = pending.pop()!;
    if (isJsonObject(value) && depth < MAX_FIELD_DEPTH) {
      for (const [key, inner] of Object.entries(value)) pending.push({ value: inner, path: path ? `${path}.${key}` : key, depth: depth + 1 });
      continue;
    }
    const messages = messagesOf(value);
    if (!messages.length) continue;
    if (path === 'non_field_errors' || path === 'detail') general.push(...messages);
    else fields[path] = messages;
  }
  return Object.keys(fields).length || general.length ? new ValidationError(fields, general, request) : undefined;
}

/** The strings of a message value: a string, a list of strings, or list items that are small objects of strings. */
function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => (typeof v === 'string' ? [v] : isJsonObject(v) ? Object.values(v).filter((x): x is string => typeof x === 'string') : []));
}

/** The embed endpoint's own `{"error": ...}` bodies. */
function embedErrorOf(json: unknown, status: number, request: RequestInfo): EmbedError | undefined {
  if (!isJsonObject(json) || typeof json.error !== 'string') return undefined;
  const message = json.error;
  if (status === 404) {
    const reason = /fragment=(?!None\b)\S/.test(message) ? 'sectionNotFound' : 'pageNotFound';
    return new EmbedError(reason, reason === 'sectionNotFound' ? 'That section was not found on the page.' : 'That page was not found.', request, status);
  }
  if (/External domain not allowed/i.test(message)) {
    return new EmbedError('domainNotAllowed', 'Read the Docs does not embed pages from that domain (or the version or language in the link does not exist).', request, status);
  }
  if (/malformed|provide "url"/i.test(message)) return new EmbedError('invalidUrl', 'The link is not a valid documentation URL.', request, status);
  if (status === 429) return undefined;
  return new EmbedError('unreadable', 'Read the Docs could not read that page.', request, status);
}
