import assert from 'node:assert/strict';
import { configureSecrets, describeError } from '../../../src/core/api/describeError';
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

  describe('secrets in server text: the describer leaves out every known token, no caller opts in', () => {
    const stored = 'my-Non-Hex-Token_value.42';
    before(() => configureSecrets(() => [stored, token]));
    after(() => configureSecrets(undefined));

    it('removes a stored non-hex token that the server echoed in a detail', () => {
      const text = describeError(new ForbiddenError(`The token ${stored} may not do that.`), { host: 'h' });
      assert.ok(!text.includes(stored), text);
      assert.match(text, /«redacted»/);
    });

    it('removes a stored hex token glued to a word, which the word-boundary pattern misses', () => {
      const text = describeError(new HttpStatusError(405, `bad key=x${token}y`), { host: 'h' });
      assert.ok(!text.includes(token), text);
    });

    it('an echoed token never appears in any described error, whatever the context', () => {
      const echoing = [
        new AuthError(`Invalid token ${stored}.`), new ForbiddenError(`No: ${stored}`), new ValidationError({ name: [`abc${stored}`] }, [`x ${stored}`]),
        new HttpStatusError(418, stored), new UnexpectedResponseError(`<p>${stored}</p>`), new NetworkError(stored),
        new EmbedError('unreadable', stored), new CrossOriginError(`https://${stored}.example`, 'https://app.readthedocs.org'),
        new Error(`boom ${stored}`), `weird ${stored}`,
      ];
      const contexts = [{}, { host: 'h' }, { action: `doing ${stored}` }, { write: true }, { embed: true }, { host: stored, embed: true }];
      for (const error of echoing) {
        for (const context of contexts) {
          const text = describeError(error, context);
          assert.ok(!text.includes(stored), `${text} (${JSON.stringify(context)})`);
        }
      }
    });

    it('forgets the tokens when the source is taken away (plain Node, tests)', () => {
      configureSecrets(undefined);
      assert.ok(describeError(new Error(`boom ${stored}`)).includes(stored));
      configureSecrets(() => [stored]);
    });
  });
});
