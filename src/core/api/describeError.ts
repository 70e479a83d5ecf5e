import { redact } from '../log';
import {
  ApiError, AuthError, BodyTooLargeError, BuildNotTriggeredError, CancelledError, CertificateError, CrossOriginError, EmbedError, ForbiddenError,
  HttpStatusError, NetworkError, NotFoundError, RateLimitedError, ServerError, TimeoutError, UnexpectedResponseError,
  ValidationError, formatMegabytes,
} from './errors';

export interface DescribeContext {
  /** Host name of the server, e.g. `app.readthedocs.org`. */
  readonly host?: string;
  /** What was being done, as a gerund phrase: "triggering the build". */
  readonly action?: string;
}

/** Turns any failure into one sentence for a person. Never includes secrets. */
export function describeError(error: unknown, context: DescribeContext = {}): string {
  const host = context.host ?? (error instanceof ApiError ? error.request?.host : undefined) ?? 'the server';
  const prefix = context.action ? `Failed ${context.action}: ` : '';
  return redact(prefix + sentenceFor(error, host));
}

function sentenceFor(error: unknown, host: string): string {
  if (error instanceof AuthError) return `The token was rejected by ${host}. Sign in again with a valid token.`;
  if (error instanceof ForbiddenError) return `${host} refused: ${error.detail} Only maintainers of a project can change it.`;
  if (error instanceof NotFoundError) return `Not found on ${host}: it was deleted, renamed, or is private to someone else.`;
  if (error instanceof BuildNotTriggeredError) return `${host} did not start a build: the project or version is inactive or disabled.`;
  if (error instanceof ValidationError) return `${host} rejected the input: ${error.message}`;
  if (error instanceof RateLimitedError) {
    return error.retryAfterSeconds !== undefined
      ? `Too many requests to ${host}; try again in ${error.retryAfterSeconds} s.`
      : `Too many requests to ${host}; try again in a minute.`;
  }
  if (error instanceof ServerError) return `${host} had an internal error (status ${error.status}). Try again later.`;
  if (error instanceof HttpStatusError) return `${host} answered with status ${error.status}: ${error.message}`;
  if (error instanceof UnexpectedResponseError) return `${host} sent a response this extension cannot read (${error.reason}). Is the base URL right?`;
  if (error instanceof NetworkError) return `Could not reach ${host}${error.code ? ` (${error.code})` : ''}. Check the connection and the base URL.`;
  if (error instanceof CertificateError) {
    return `The certificate of ${host} is not trusted: ${error.detail} (${error.code}). If your network inspects TLS, its root certificate must be in the operating system's store (with http.systemCertificates on).`;
  }
  if (error instanceof BodyTooLargeError) return `${host} sent more than ${formatMegabytes(error.limitBytes)}; the rest was not read.`;
  if (error instanceof TimeoutError) return `${host} did not answer within ${Math.round(error.timeoutMs / 1000)} s.`;
  if (error instanceof CancelledError) return 'Cancelled.';
  if (error instanceof CrossOriginError) return error.message;
  if (error instanceof EmbedError) return error.message;
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
