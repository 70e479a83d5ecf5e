import { formatBytes } from '../util/byteSize';
/**
 * Typed failures of the API client. The UI decides by type (`instanceof`),
 * never by message text; `describeError` is the one place that turns them into sentences.
 * No error carries the token or a request header: only the method and the path.
 */
export interface RequestInfo {
  readonly method: string;
  /** Host of the server asked, for messages ("rejected by app.readthedocs.org"). */
  readonly host?: string;
  /** Path and query of the request, without origin and never with credentials. */
  readonly path: string;
}

export abstract class ApiError extends Error {
  abstract readonly kind: string;
  constructor(message: string, readonly request: RequestInfo | undefined, readonly status?: number) {
    super(message);
    this.name = new.target.name;
  }
}

/** 401: the token is missing, wrong or revoked. */
export class AuthError extends ApiError {
  readonly kind = 'auth';
  constructor(readonly detail: string, request?: RequestInfo) { super(detail, request, 401); }
}

/** 403: signed in, but not allowed (not a maintainer, plan feature, private docs). */
export class ForbiddenError extends ApiError {
  readonly kind = 'forbidden';
  constructor(readonly detail: string, request?: RequestInfo) { super(detail, request, 403); }
}

/** 404: missing, or hidden from this user (the API does not tell them apart). */
export class NotFoundError extends ApiError {
  readonly kind = 'notFound';
  constructor(readonly detail: string | undefined, request?: RequestInfo) { super(detail ?? 'Not found.', request, 404); }
}

/** 400 with the server's validation messages, normalised from the three body shapes. */
export class ValidationError extends ApiError {
  readonly kind = 'validation';
  constructor(
    /** Messages per field; nested fields are joined with dots (`repository.url`). */
    readonly fieldErrors: Readonly<Record<string, readonly string[]>>,
    /** `non_field_errors` and bare-array bodies. */
    readonly generalErrors: readonly string[],
    request?: RequestInfo,
  ) {
    super([...generalErrors, ...Object.entries(fieldErrors).map(([f, m]) => `${f}: ${m.join(' ')}`)].join(' ') || 'The request was rejected.', request, 400);
  }
}

/** 400 `{"triggered": false}`: the server refused to create a build. */
export class BuildNotTriggeredError extends ApiError {
  readonly kind = 'notTriggered';
  constructor(request?: RequestInfo) { super('The server did not trigger a build.', request, 400); }
}

/** 400 `{"error": "Cannot trigger a build for an uploaded version."}`: the version is published by uploads, never built from git. */
export class UploadedVersionError extends ApiError {
  readonly kind = 'uploadedVersion';
  constructor(request?: RequestInfo) { super('The version is uploaded: Read the Docs does not build it.', request, 400); }
}

/**
 * Why the upload calls (`upload/initiate/`, `upload/complete/`) refused, read from their answers
 * (FACTS section 24): the beta flag is off, not an admin, the project is inactive, too many uploads
 * pending (429, no Retry-After upstream), the build is already in process (409), the file is not in storage.
 */
export type UploadRefusal = 'notEnabled' | 'notAdmin' | 'inactive' | 'tooManyPending' | 'inProcess' | 'fileMissing' | 'projectNotFound' | 'buildNotFound';

export class UploadRefusedError extends ApiError {
  readonly kind = 'uploadRefused';
  constructor(readonly reason: UploadRefusal, readonly detail: string, request?: RequestInfo, status?: number, readonly retryAfterSeconds?: number) {
    super(detail, request, status);
  }
}

/** The storage host refused an upload (S3: 403 for an expired or broken policy, 400 for a size outside it); the status says which. */
export class StorageRejectedError extends ApiError {
  readonly kind = 'storageRejected';
  constructor(status: number, request?: RequestInfo) { super(`The storage host answered with status ${status}.`, request, status); }
}

/** 429: over the request budget; `retryAfterSeconds` from the Retry-After header when given. */
export class RateLimitedError extends ApiError {
  readonly kind = 'rateLimited';
  constructor(readonly retryAfterSeconds: number | undefined, readonly detail: string | undefined, request?: RequestInfo) {
    super(detail ?? 'Too many requests.', request, 429);
  }
}

/** 5xx; a 503 may say when to come back (`retryAfterSeconds`, from Retry-After). */
export class ServerError extends ApiError {
  readonly kind = 'server';
  constructor(status: number, request?: RequestInfo, readonly retryAfterSeconds?: number) { super(`The server failed with status ${status}.`, request, status); }
}

/** Any other 4xx the client has no better type for (405, 410, 413, ...). */
export class HttpStatusError extends ApiError {
  readonly kind = 'http';
  constructor(status: number, readonly detail: string | undefined, request?: RequestInfo) {
    super(detail ?? `The server answered with status ${status}.`, request, status);
  }
}

/** The body was not what the endpoint must return: HTML where JSON was due, malformed JSON, missing fields. */
export class UnexpectedResponseError extends ApiError {
  readonly kind = 'unexpectedBody';
  constructor(readonly reason: string, request?: RequestInfo, status?: number) { super(reason, request, status); }
}

/** The connection failed or dropped before a complete response arrived. */
export class NetworkError extends ApiError {
  readonly kind = 'network';
  constructor(readonly code: string | undefined, request?: RequestInfo) { super(`Network error${code ? ` (${code})` : ''}.`, request); }
}

export class TimeoutError extends ApiError {
  readonly kind = 'timeout';
  constructor(readonly timeoutMs: number, request?: RequestInfo) { super(`No answer within ${Math.round(timeoutMs / 1000)} s.`, request); }
}

/** The caller aborted (a hover went away, a command was cancelled). Never shown to a person. */
export class CancelledError extends ApiError {
  readonly kind = 'cancelled';
  constructor(request?: RequestInfo) { super('Cancelled.', request); }
}

/** A link pointed away from the configured server; it was not followed (the token stays home). */
export class CrossOriginError extends ApiError {
  readonly kind = 'crossOrigin';
  constructor(readonly refusedOrigin: string, readonly expectedOrigin: string) {
    super(`Refused to follow a link to ${refusedOrigin}: it is not ${expectedOrigin}.`, undefined);
  }
}

/** Errors of the embed endpoint (`{"error": ...}` bodies) that explain why no section came back. */
export class EmbedError extends ApiError {
  readonly kind = 'embed';
  constructor(readonly reason: 'pageNotFound' | 'sectionNotFound' | 'domainNotAllowed' | 'invalidUrl' | 'unreadable' | 'tooComplex', readonly detail: string, request?: RequestInfo, status?: number) {
    super(detail, request, status);
  }
}

/**
 * A project's docs host refused its private-docs token (401, 403): the sharing method was deleted
 * or expired. Not an API sign-out: the API token is not involved.
 */
export class PrivateDocsRefusedError extends ApiError {
  readonly kind = 'privateDocsRefused';
  constructor(readonly projectSlug: string, status: number, request?: RequestInfo) {
    super(`The docs host refused the private-docs token of ${projectSlug} (status ${status}).`, request, status);
  }
}

/** The edition that would serve a request has no base URL (switched off in the settings), so there is no server to ask. */
export class EditionUnavailableError extends Error {
  constructor(readonly edition: 'community' | 'business') {
    super(`The ${edition} edition is switched off.`);
    this.name = 'EditionUnavailableError';
  }
}

/** The response body passed the cap for its kind of request (`BODY_LIMITS`); the rest was not read. */
export class BodyTooLargeError extends ApiError {
  readonly kind = 'bodyTooLarge';
  constructor(readonly limitBytes: number, request?: RequestInfo) {
    super(`The server sent more than ${formatBytes(limitBytes)}.`, request);
  }
}

/** A request path with a `.`, `..` or empty segment: the URL parser would collapse it onto another resource. */
export class UnsafePathError extends ApiError {
  readonly kind = 'unsafePath';
  constructor(readonly path: string) {
    super(`Refused to send a request to "${path}": a name in it is empty, "." or "..".`, undefined);
  }
}

/** The TLS handshake failed on the server's certificate (untrusted issuer, expired, wrong name). */
export class CertificateError extends ApiError {
  readonly kind = 'certificate';
  /** `code`: Node's name for the problem (`SELF_SIGNED_CERT_IN_CHAIN`); `detail`: its words ("self-signed certificate in certificate chain"). */
  constructor(readonly code: string, readonly detail: string, request?: RequestInfo) {
    super(`The server's certificate was refused: ${detail} (${code}).`, request);
  }
}

/** 407: the proxy wants credentials it did not get, or refused the ones sent (http.proxyAuthorization, user:pass in http.proxy). */
export class ProxyAuthError extends ApiError {
  readonly kind = 'proxyAuth';
  constructor(request?: RequestInfo) {
    super('The proxy asked for credentials (407 Proxy Authentication Required).', request, 407);
  }
}

/** http.proxy (or HTTPS_PROXY / HTTP_PROXY) names a SOCKS proxy: only HTTP(S) proxies are supported. */
export class UnsupportedProxyError extends ApiError {
  readonly kind = 'unsupportedProxy';
  /** `scheme`: the proxy URL's, such as `socks5:` (never the URL: it may carry credentials). */
  constructor(readonly scheme: string) {
    super(`Unsupported proxy (${scheme}): only http:// and https:// proxies are supported.`, undefined);
  }
}
