// Bundled by test/unit/bundles.test.ts as a feature of its own (dist/features/probe.js), the way
// scripts/lib/bundles.mjs bundles the real features: it throws the client's ValidationError from
// inside a lazily loaded bundle.
import { ValidationError } from '../../../src/core/api/errors';

export function refuse(): never {
  throw new ValidationError({ slug: ['This slug is taken.'] }, []);
}
