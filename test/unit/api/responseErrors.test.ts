import assert from 'node:assert/strict';
import {
  AuthError, BuildNotTriggeredError, EmbedError, ForbiddenError, HttpStatusError, NotFoundError, RateLimitedError,
  ServerError, UnexpectedResponseError, ValidationError,
} from '../../../src/core/api/errors';
import { errorForResponse, parseRetryAfter } from '../../../src/core/api/responseErrors';

const request = { method: 'POST', path: '/api/v3/projects/' };
const json = (value: unknown) => ({ kind: 'json' as const, value });
const html = { kind: 'text' as const, text: '<html><body>Oops</body></html>', contentType: 'text/html' };

describe('errorForResponse', () => {
  it('maps the validation field map, nested fields included', () => {
    const e = errorForResponse(400, json({ name: ['Project with slug "x" already exists.'], repository: { url: ['Invalid scheme for URL'] } }), undefined, request);
    assert.ok(e instanceof ValidationError);
    assert.deepEqual(e.fieldErrors, { name: ['Project with slug "x" already exists.'], 'repository.url': ['Invalid scheme for URL'] });
    assert.deepEqual(e.generalErrors, []);
  });

  it('maps non_field_errors to general errors', () => {
    const e = errorForResponse(400, json({ non_field_errors: ['Subproject nesting is not supported'] }), undefined, request) as ValidationError;
    assert.deepEqual(e.generalErrors, ['Subproject nesting is not supported']);
    assert.deepEqual(e.fieldErrors, {});
  });

  it('maps a bare array body to general errors', () => {
    const e = errorForResponse(400, json(['The * wildcard must be at the end of the path.']), undefined, request) as ValidationError;
    assert.ok(e instanceof ValidationError);
    assert.deepEqual(e.generalErrors, ['The * wildcard must be at the end of the path.']);
  });

  it('maps triggered:false to BuildNotTriggeredError, ignoring its build', () => {
    assert.ok(errorForResponse(400, json({ triggered: false, build: { id: 0 } }), undefined, request) instanceof BuildNotTriggeredError);
  });

  it('maps 401, 403, 404 with their detail', () => {
    assert.equal((errorForResponse(401, json({ detail: 'Invalid token.' }), undefined, request) as AuthError).detail, 'Invalid token.');
    assert.ok(errorForResponse(403, json({ detail: 'You do not have permission to perform this action.' }), undefined, request) instanceof ForbiddenError);
    const notFound = errorForResponse(404, json({ detail: 'No Project matches the given query.' }), undefined, request) as NotFoundError;
    assert.equal(notFound.detail, 'No Project matches the given query.');
    assert.equal((errorForResponse(404, { kind: 'empty' }, undefined, request) as NotFoundError).detail, undefined);
    assert.ok(errorForResponse(404, html, undefined, request) instanceof NotFoundError);
  });

  it('maps 429 with Retry-After seconds', () => {
    const e = errorForResponse(429, json({ detail: 'Request was throttled. Expected available in 37 seconds.' }), '37', request) as RateLimitedError;
    assert.ok(e instanceof RateLimitedError);
    assert.equal(e.retryAfterSeconds, 37);
  });

  it('maps 5xx, HTML or not, to ServerError', () => {
    assert.ok(errorForResponse(500, html, undefined, request) instanceof ServerError);
    assert.equal(errorForResponse(503, json({}), undefined, request).status, 503);
  });

  it('maps an HTML 400 to UnexpectedResponseError and a 405 to HttpStatusError', () => {
    assert.ok(errorForResponse(400, html, undefined, request) instanceof UnexpectedResponseError);
    assert.ok(errorForResponse(405, json({ detail: 'Method "PATCH" not allowed.' }), undefined, request) instanceof HttpStatusError);
  });

  it('maps the embed endpoint\'s {"error"} bodies to reasons', () => {
    const reason = (status: number, error: string) => (errorForResponse(status, json({ error }), undefined, request) as EmbedError).reason;
    assert.equal(reason(404, "Can't find content for section: url=https://x.readthedocs.io/en/latest/a.html fragment=nope maincontent=None"), 'sectionNotFound');
    assert.equal(reason(404, "Can't find content for section: url=https://x.readthedocs.io/en/latest/a.html fragment=None maincontent=None"), 'pageNotFound');
    assert.equal(reason(400, 'External domain not allowed. domain=evil.example'), 'domainNotAllowed');
    assert.equal(reason(400, 'The URL requested is malformed. url=nope'), 'invalidUrl');
    assert.equal(reason(400, 'There was an error reading the URL requested. url=https://docs.python.org/x'), 'unreadable');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    assert.equal(parseRetryAfter('12'), 12);
    assert.equal(parseRetryAfter(new Date(10_000 + 5_000).toUTCString(), 10_000), 5);
    assert.equal(parseRetryAfter('soon'), undefined);
    assert.equal(parseRetryAfter(undefined), undefined);
  });
});
