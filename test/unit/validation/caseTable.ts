import * as assert from 'node:assert/strict';

/** One row: what the case shows, the arguments, and undefined (valid) or a pattern the message must match. */
export type Case<A extends unknown[]> = readonly [title: string, args: A, expected: RegExp | undefined];

/** Registers one `it` per row for a validator that returns a message or undefined. */
export function validatorCases<A extends unknown[]>(validate: (...args: A) => string | undefined, rows: readonly Case<A>[]): void {
  for (const [title, args, expected] of rows) {
    it(`${expected === undefined ? 'accepts' : 'rejects'} ${title}`, () => {
      const message = validate(...args);
      if (expected === undefined) {
        assert.equal(message, undefined);
      } else {
        assert.ok(message, 'expected a message');
        assert.match(message, expected);
        assert.match(message, /^[A-Z"]/, 'a message starts like a sentence');
      }
    });
  }
}
