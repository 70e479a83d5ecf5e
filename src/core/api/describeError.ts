import { redact } from '../log';
import { capitalise } from '../util/text';
import {
  ApiError, AuthError, BodyTooLargeError, BuildNotTriggeredError, CertificateError, EditionUnavailableError, EmbedError, ForbiddenError,
  HttpStatusError, NetworkError, NotFoundError, RateLimitedError, ServerError, TimeoutError, UnexpectedResponseError,
  UnsupportedProxyError, ValidationError, formatMegabytes,
} from './errors';

/**
 * The one map from errors to words. Each error class carries what its sentence needs (status,
 * retry-after, field errors, the embed reason); the context says what was being done. Feature
 * code chooses what to do by type and never writes its own sentence for an error.
 */
export interface DescribeContext {
  /** Host name of the server, e.g. `app.readthedocs.org`; else the error's own request host. */
  readonly host?: string;
  /** What was being done, as a gerund phrase with its object: "triggering a build of widgets (latest)". */
  readonly action?: string;
  /**
   * A write (POST/PATCH/PUT/DELETE): never re-sent on its own, and the sentence says so when the
   * server may or may not have done it (no answer) or may accept it later (rate limited).
   */
  readonly write?: boolean;
  /** The request went to the embed endpoint (hover, preview): its refusals have their own words. */
  readonly embed?: boolean;
  /** The known secrets (the stored tokens): never appear in the sentence, whatever the server echoed. */
  readonly secrets?: readonly string[];
}

/** Turns any failure into one sentence for a person. Never includes a secret. */
export function describeError(error: unknown, context: DescribeContext = {}): string {
  const host = context.host ?? (error instanceof ApiError ? error.request?.host : undefined) ?? 'the server';
  const reason = (context.embed && embedSentence(error, host)) || sentenceFor(error, host) + writeNote(error, context);
  const text = context.action ? `${capitalise(context.action)} failed: ${lowerFirst(reason)}` : reason;
  return redact(text, context.secrets).replace(/\s*[\r\n]+\s*/g, ' ');
}

/** What a log line says about a failure: its message (redacted by the logger), or the value itself. */
export function errorDetail(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** "in 12 s" or "in a minute": when a rate-limited request may be tried again. */
export function retryWhen(error: RateLimitedError): string {
  return error.retryAfterSeconds !== undefined ? `in ${error.retryAfterSeconds} s` : 'in a minute';
}

function sentenceFor(error: unknown, host: string): string {
  if (error instanceof AuthError) return `The token was rejected by ${host}. Sign in again with a valid token.`;
  if (error instanceof ForbiddenError) return `${host} refused: ${error.detail} Only the maintainers of a project can change it.`;
  if (error instanceof NotFoundError) return `Not found on ${host}: it was deleted, renamed, or is private to someone else.`;
  if (error instanceof BuildNotTriggeredError) {
    return `${host} did not start a build: the project or this version is inactive, or builds are turned off for the project. Check its settings on ${host}.`;
  }
  if (error instanceof ValidationError) return `${host} rejected the input: ${error.message}`;
  if (error instanceof RateLimitedError) return `${host} is limiting how many requests it accepts; try again ${retryWhen(error)}.`;
  if (error instanceof ServerError) return `${host} had an internal error (status ${error.status}). Try again later.`;
  if (error instanceof HttpStatusError) return `${host} answered with status ${error.status}: ${error.message}`;
  if (error instanceof UnexpectedResponseError) return `${host} sent a response this extension cannot read (${error.reason}). Is the base URL right?`;
  if (error instanceof NetworkError) return `Could not reach ${host}${error.code ? ` (${error.code})` : ''}. Check the connection and the base URL.`;
  if (error instanceof CertificateError) {
    return `The certificate of ${host} is not trusted: ${error.detail} (${error.code}). If your network inspects TLS, its root certificate must be in the operating system's store (with http.systemCertificates on).`;
  }
  if (error instanceof UnsupportedProxyError) {
    return `The proxy is a SOCKS proxy (${error.scheme}//), which this extension does not support: set http.proxy to an http:// or https:// proxy.`;
  }
  if (error instanceof BodyTooLargeError) return `${host} sent more than ${formatMegabytes(error.limitBytes)}; the rest was not read.`;
  if (error instanceof TimeoutError) return `${host} did not answer within ${Math.round(error.timeoutMs / 1000)} s.`;
  if (error instanceof EditionUnavailableError) {
    return error.edition === 'business'
      ? 'This is on Read the Docs for Business, which is switched off: set readthedocs.businessUrl.'
      : 'This is on Read the Docs Community, which is switched off: set readthedocs.communityUrl.';
  }
  return errorDetail(error);
}

function writeNote(error: unknown, context: DescribeContext): string {
  if (!context.write) return '';
  if (error instanceof NetworkError || error instanceof TimeoutError) return ' It was not re-sent: check whether it happened before trying again.';
  if (error instanceof RateLimitedError) return ' It is never re-sent on its own, so it cannot happen twice.';
  return '';
}

/** The embed endpoint's refusals, in the words of the hover and the preview. */
function embedSentence(error: unknown, host: string): string | undefined {
  if (error instanceof EmbedError) {
    switch (error.reason) {
      case 'pageNotFound': return 'Page not found: it does not exist in the hosted docs, or that version is not built.';
      case 'sectionNotFound': return 'Section not found: the page has no section with that anchor.';
      case 'domainNotAllowed': return 'Domain not allowed: Read the Docs does not embed pages from this site (or the version or language in the link does not exist).';
      case 'invalidUrl': return 'Not a documentation URL the embed API accepts.';
      case 'unreadable': return 'Read the Docs could not read this page.';
    }
  }
  if (error instanceof ForbiddenError) return 'Private documentation: the embed API shows public pages only.';
  if (error instanceof EditionUnavailableError) {
    return error.edition === 'business'
      ? 'This page is on Read the Docs for Business: set readthedocs.businessUrl to preview it.'
      : 'This page is on Read the Docs Community: set readthedocs.communityUrl to preview it.';
  }
  if (error instanceof NotFoundError) return `${host} has no embed API, so pages cannot be previewed from it.`;
  if (error instanceof RateLimitedError) return `Too many preview requests to ${host}; try again ${retryWhen(error)}.`;
  if (error instanceof TimeoutError) return `Network: ${host} did not answer in time.`;
  if (error instanceof NetworkError) return `Network: could not reach ${host}.`;
  if (error instanceof ServerError) return `${host} failed (status ${error.status}); try again later.`;
  return undefined;
}

/** Lower-cases a leading capital of an ordinary word (not a host, an acronym or a slug). */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
