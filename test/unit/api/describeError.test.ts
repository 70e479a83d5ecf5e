import assert from 'node:assert/strict';
import { describeError } from '../../../src/core/api/describeError';
import {
  AuthError, BuildNotTriggeredError, CancelledError, CrossOriginError, EmbedError, ForbiddenError, HttpStatusError,
  NetworkError, NotFoundError, RateLimitedError, ServerError, TimeoutError, UnexpectedResponseError, ValidationError,
} from '../../../src/core/api/errors';

const token = '0123456789abcdef0123456789abcdef01234567';

describe('describeError', () => {
  const errors = [
    new AuthError('Invalid token.'), new ForbiddenError('You do not have permission to perform this action.'),
    new NotFoundError(undefined), new ValidationError({ name: ['Too long'] }, ['Nope']), new BuildNotTriggeredError(),
    new RateLimitedError(12, undefined), new RateLimitedError(undefined, undefined), new ServerError(502),
    new HttpStatusError(405, 'Method "PATCH" not allowed.'), new UnexpectedResponseError('an HTML page instead of JSON'),
    new NetworkError('ECONNREFUSED'), new TimeoutError(30_000), new CancelledError(), new CrossOriginError('https://evil.example', 'https://app.readthedocs.org'),
    new EmbedError('domainNotAllowed', 'Not allowed.'), new Error(`boom Token ${token}`), `weird ${token}`,
  ];

  for (const error of errors) {
    it(`gives one sentence without secrets for ${error instanceof Error ? error.constructor.name : 'a string'}`, () => {
      const text = describeError(error, { host: 'app.readthedocs.org' });
      assert.ok(text.length > 5);
      assert.ok(!text.includes(token), text);
      assert.ok(!text.includes('\n'), text);
    });
  }

  it('names the host for a rejected token, and the retry time for 429', () => {
    assert.match(describeError(new AuthError('Invalid token.'), { host: 'app.readthedocs.org' }), /The token was rejected by app\.readthedocs\.org/);
    assert.match(describeError(new RateLimitedError(12, undefined)), /12 s/);
  });

  it('says what was being done, and that a write was not re-sent', () => {
    assert.match(describeError(new ServerError(500), { action: 'triggering a build of widgets (latest)' }), /^Triggering a build of widgets \(latest\) failed: /);
    assert.match(describeError(new NetworkError('ECONNRESET'), { action: 'creating a redirect', write: true }), /It was not re-sent/);
    assert.doesNotMatch(describeError(new NetworkError('ECONNRESET'), { action: 'listing projects' }), /re-sent/);
  });

  it('says "try again in N s" in one place, for the API and for the embed endpoint', () => {
    assert.match(describeError(new RateLimitedError(12, undefined), { host: 'h' }), /try again in 12 s\./);
    assert.match(describeError(new RateLimitedError(undefined, undefined), { host: 'h', embed: true }), /try again in a minute\./);
    assert.match(describeError(new ForbiddenError('x'), { embed: true }), /^Private documentation/);
  });

  describe('secrets in server text', () => {
    const stored = 'my-Non-Hex-Token_value.42';
    it('removes a stored non-hex token that the server echoed in a detail', () => {
      const text = describeError(new ForbiddenError(`The token ${stored} may not do that.`), { host: 'h', secrets: [stored] });
      assert.ok(!text.includes(stored), text);
      assert.match(text, /«redacted»/);
    });

    it('removes a stored hex token glued to a word, which the word-boundary pattern misses', () => {
      const text = describeError(new HttpStatusError(405, `bad key=x${token}y`), { host: 'h', secrets: [token] });
      assert.ok(!text.includes(token), text);
    });

    it('removes it from validation messages and plain errors too', () => {
      assert.ok(!describeError(new ValidationError({ name: [`abc${stored}`] }, []), { secrets: [stored] }).includes(stored));
      assert.ok(!describeError(new Error(stored), { action: 'doing it', secrets: [stored] }).includes(stored));
    });
  });
});
