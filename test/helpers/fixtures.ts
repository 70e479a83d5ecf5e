import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A real API v3 response from upstream's test suite (see test/fixtures/rtd-api/INDEX.md). */
export function apiFixture(name: string): unknown {
  return JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'rtd-api', 'api-v3-responses', `${name}.json`), 'utf8'));
}
