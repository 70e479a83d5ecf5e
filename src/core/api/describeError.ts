import { l10n } from '../l10n';
import { redact } from '../log';
import { capitalise } from '../util/text';
import {
  ApiError, AuthError, BodyTooLargeError, BuildNotTriggeredError, CertificateError, EditionUnavailableError, EmbedError, ForbiddenError,
  HttpStatusError, NetworkError, NotFoundError, PrivateDocsRefusedError, ProxyAuthError, RateLimitedError, ServerError, TimeoutError, UnexpectedResponseError,
  StorageRejectedError, UnsupportedProxyError, UploadRefusedError, UploadedVersionError, ValidationError,
} from './errors';
import { formatBytes } from '../util/byteSize';
import { onOneLine } from '../util/trim';

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
}

let knownSecrets: () => readonly string[] = () => [];

/**
 * Where the tokens come from that no sentence may repeat, whatever a server echoed: `activate()`
 * hands over the token store once, as it hands `configureL10n` the translator, so no caller of
 * `describeError` can forget them. `undefined`: none (plain Node, tests).
 */
export function configureSecrets(source: (() => readonly string[]) | undefined): void {
  knownSecrets = source ?? (() => []);
}

/** Turns any failure into one sentence for a person. Never includes a secret. */
export function describeError(error: unknown, context: DescribeContext = {}): string {
  const host = context.host ?? (error instanceof ApiError ? error.request?.host : undefined) ?? l10n.t('the server');
  const reason = (context.embed && embedSentence(error, host)) || [sentenceFor(error, host), writeNote(error, context)].filter(Boolean).join(' ');
  const text = context.action ? l10n.t('{0} failed: {1}', capitalise(context.action), lowerFirst(reason)) : reason;
  return onOneLine(redact(text, knownSecrets()));
}

/** What a log line says about a failure: its message (redacted by the logger), or the value itself. */
export function errorDetail(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** "in 12 s" or "in a minute": when a rate-limited request may be tried again. */
export function retryWhen(error: RateLimitedError): string {
  return error.retryAfterSeconds !== undefined ? l10n.t('in {0} s', error.retryAfterSeconds) : l10n.t('in a minute');
}

function sentenceFor(error: unknown, host: string): string {
  if (error instanceof PrivateDocsRefusedError) {
    return l10n.t('{0} refused the private-docs token of {1}: it was revoked or has expired. Run Private Docs in the Editor to enable them again.', host, error.projectSlug);
  }
  if (error instanceof AuthError) return l10n.t('The token was rejected by {0}. Sign in again with a valid token.', host);
  if (error instanceof ForbiddenError) return l10n.t('{0} refused: {1} Only the maintainers of a project can change it.', host, error.detail);
  if (error instanceof NotFoundError) return l10n.t('Not found on {0}: it was deleted, renamed, or is private to someone else.', host);
  if (error instanceof BuildNotTriggeredError) {
    return l10n.t('{0} did not start a build: the project or this version is inactive, or builds are turned off for the project. Check its settings on {0}.', host);
  }
  if (error instanceof UploadedVersionError) {
    return l10n.t('This version is published by uploads, so {0} does not build it from git. Run Upload Local Build… to publish it again.', host);
  }
  if (error instanceof UploadRefusedError) return uploadSentence(error, host);
  if (error instanceof StorageRejectedError) {
    return error.status === 403
      ? l10n.t('The storage host refused the file (status 403): the upload link expired (it is valid 30 minutes) or was not accepted. Upload again.')
      : l10n.t('The storage host refused the file (status {0}): it is empty or larger than the project allows (1 GiB unless set otherwise).', String(error.status));
  }
  if (error instanceof ValidationError) return l10n.t('{0} rejected the input: {1}', host, error.message);
  if (error instanceof RateLimitedError) return l10n.t('{0} is limiting how many requests it accepts; try again {1}.', host, retryWhen(error));
  if (error instanceof ServerError) return l10n.t('{0} had an internal error (status {1}). Try again later.', host, String(error.status));
  if (error instanceof HttpStatusError) return l10n.t('{0} answered with status {1}: {2}', host, String(error.status), error.message);
  if (error instanceof UnexpectedResponseError) return l10n.t('{0} sent a response this extension cannot read ({1}). Is the base URL right?', host, error.reason);
  if (error instanceof NetworkError) {
    return error.code ? l10n.t('Could not reach {0} ({1}). Check the connection and the base URL.', host, error.code) : l10n.t('Could not reach {0}. Check the connection and the base URL.', host);
  }
  if (error instanceof CertificateError) {
    return l10n.t("The certificate of {0} is not trusted: {1} ({2}). If your network inspects TLS, its root certificate must be in the operating system's store (with http.systemCertificates on).", host, error.detail, error.code);
  }
  if (error instanceof ProxyAuthError) {
    return l10n.t('The proxy on the way to {0} asks for credentials it did not get or refused (407). Set http.proxyAuthorization, or user:password in http.proxy.', host);
  }
  if (error instanceof UnsupportedProxyError) {
    return l10n.t('The proxy is a SOCKS proxy ({0}//), which this extension does not support: set http.proxy to an http:// or https:// proxy.', error.scheme);
  }
  if (error instanceof BodyTooLargeError) return l10n.t('{0} sent more than {1}; the rest was not read.', host, formatBytes(error.limitBytes));
  if (error instanceof TimeoutError) return l10n.t('{0} did not answer within {1} s.', host, Math.round(error.timeoutMs / 1000));
  if (error instanceof EditionUnavailableError) {
    return error.edition === 'business'
      ? l10n.t('This is on Read the Docs for Business, which is switched off: set readthedocs.businessUrl.')
      : l10n.t('This is on Read the Docs Community, which is switched off: set readthedocs.communityUrl.');
  }
  return errorDetail(error);
}

function uploadSentence(error: UploadRefusedError, host: string): string {
  switch (error.reason) {
    case 'notEnabled':
      return l10n.t('Uploading built documentation is a beta that {0} turns on per project, and it is not on for this project. Ask Read the Docs support to enable direct artifacts upload for it.', host);
    case 'notAdmin': return l10n.t('Only the project\'s maintainers (admins) can upload its documentation to {0}.', host);
    case 'inactive': return l10n.t('The project is not active on {0}, so nothing can be uploaded to it.', host);
    case 'tooManyPending': {
      const when = error.retryAfterSeconds !== undefined ? l10n.t('Try again in {0} s.', error.retryAfterSeconds) : l10n.t('Wait for them to finish or cancel some of its builds, then try again.');
      return l10n.t('{0} holds too many unfinished uploads for this project (50). {1}', host, when);
    }
    case 'inProcess': return l10n.t('That upload was already completed or cancelled on {0} (409): a newer upload of the version replaces it. Upload again.', host);
    case 'fileMissing': return l10n.t('{0} did not find the uploaded file in storage: the upload did not finish. Upload again.', host);
    case 'projectNotFound': return l10n.t('{0} has no such project, or it is private to someone else.', host);
    case 'buildNotFound': return l10n.t('{0} has no such upload build (it was deleted or expired).', host);
  }
}

function writeNote(error: unknown, context: DescribeContext): string {
  if (!context.write) return '';
  if (error instanceof NetworkError || error instanceof TimeoutError) return l10n.t('It was not re-sent: check whether it happened before trying again.');
  if (error instanceof RateLimitedError) return l10n.t('It is never re-sent on its own, so it cannot happen twice.');
  return '';
}

/** The embed endpoint's refusals, in the words of the hover and the preview. */
function embedSentence(error: unknown, host: string): string | undefined {
  if (error instanceof EmbedError) {
    switch (error.reason) {
      case 'pageNotFound': return l10n.t('Page not found: it does not exist in the hosted docs, or that version is not built.');
      case 'sectionNotFound': return l10n.t('Section not found: the page has no section with that anchor.');
      case 'domainNotAllowed': return l10n.t('Domain not allowed: Read the Docs does not embed pages from this site (or the version or language in the link does not exist).');
      case 'invalidUrl': return l10n.t('Not a documentation URL the embed API accepts.');
      case 'unreadable': return l10n.t('Read the Docs could not read this page.');
      case 'tooComplex': return l10n.t('This part of the page is too complex to show here (too many elements): open it in the browser.');
    }
  }
  if (error instanceof ForbiddenError) return l10n.t('Private documentation: the embed API shows public pages only. On Read the Docs for Business, Private Docs in the Editor reads them.');
  if (error instanceof EditionUnavailableError) {
    return error.edition === 'business'
      ? l10n.t('This page is on Read the Docs for Business: set readthedocs.businessUrl to preview it.')
      : l10n.t('This page is on Read the Docs Community: set readthedocs.communityUrl to preview it.');
  }
  if (error instanceof NotFoundError) return l10n.t('{0} has no embed API, so pages cannot be previewed from it.', host);
  if (error instanceof RateLimitedError) return l10n.t('Too many preview requests to {0}; try again {1}.', host, retryWhen(error));
  if (error instanceof TimeoutError) return l10n.t('Network: {0} did not answer in time.', host);
  if (error instanceof NetworkError) return l10n.t('Network: could not reach {0}.', host);
  if (error instanceof ServerError) return l10n.t('{0} failed (status {1}); try again later.', host, String(error.status));
  return undefined;
}

/** Lower-cases a leading capital of an ordinary word (not a host, an acronym or a slug). */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
