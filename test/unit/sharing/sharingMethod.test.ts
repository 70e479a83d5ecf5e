import assert from 'node:assert/strict';
import { KNOWN_NOTHING } from '../../../src/core/builds/buildRow';
import { parseSharingMethod, sharingMethodBody } from '../../../src/core/models/sharingMethod';
import { presentSharingMethod } from '../../../src/core/tree/sharingWords';
import { validateExpiry, validateSharingDescription, validateSharingPassword } from '../../../src/core/validation/sharing';

const NOW = Date.parse('2026-11-29T10:00:00Z');

describe('models/sharingMethod and its row', () => {
  it('reads the documented fields tolerantly (versions as slugs or objects, missing optional fields)', () => {
    const m = parseSharingMethod({ id: 3, access_type: 'http_header_token', allow_all: false, versions: ['internal', { slug: 'latest' }, 7], expires: '2026-12-06', last_used_at: null, description: 'CI', token: 'abc', project: 'handbook' });
    assert.deepEqual(m, { id: 3, project: 'handbook', accessType: 'http_header_token', allowAll: false, versions: ['internal', 'latest'], expires: '2026-12-06', lastUsedAt: undefined, description: 'CI', token: 'abc', url: undefined });
    assert.equal(parseSharingMethod({ id: 1, access_type: 'future_kind' }).accessType, 'future_kind');
    assert.throws(() => parseSharingMethod({ access_type: 'token' }));
  });

  it('sends versions only without allow_all, and a password only for the password kind', () => {
    assert.deepEqual(sharingMethodBody({ accessType: 'http_header_token', allowAll: true, versions: ['x'], expires: '2026-12-06', description: 'd', password: 'p' }),
      { access_type: 'http_header_token', allow_all: true, expires: '2026-12-06', description: 'd' });
    assert.deepEqual(sharingMethodBody({ accessType: 'password', allowAll: false, versions: ['internal'], expires: '2026-12-06', description: '', password: 'hunter22' }),
      { access_type: 'password', allow_all: false, versions: ['internal'], expires: '2026-12-06', description: '', password: 'hunter22' });
  });

  it('shows type, versions, expiry and last use; escapes the description; never the token', () => {
    const row = presentSharingMethod(parseSharingMethod({ id: 3, access_type: 'token', allow_all: true, expires: '2026-12-06', last_used_at: '2026-11-28T10:00:00Z', description: '[click](https://evil.example) *x*', token: 'SECRET123' }), { now: NOW, known: () => KNOWN_NOTHING });
    assert.equal(row.label, 'Secret link');
    assert.match(row.description!, /all versions · expires 2026-12-06 · used /);
    assert.ok(!row.tooltip!.includes('SECRET123') && !row.description!.includes('SECRET123'));
    assert.ok(!row.tooltip!.includes('[click](https://evil.example)'), row.tooltip);
    const never = presentSharingMethod(parseSharingMethod({ id: 4, access_type: 'http_header_token', allow_all: false, versions: ['internal'], expires: '2026-12-06' }), { now: NOW, known: () => KNOWN_NOTHING });
    assert.equal(never.label, 'Header token');
    assert.match(never.description!, /^internal · expires 2026-12-06 · never used$/);
  });
});

describe('validation/sharing', () => {
  it('expiry: a real date after today, within a year', () => {
    assert.equal(validateExpiry('2026-12-06', NOW), undefined);
    for (const bad of ['', 'tomorrow', '2026-13-01', '2026-02-30', '2026-11-29', '2026-11-01', '2028-01-01']) assert.ok(validateExpiry(bad, NOW), bad);
  });

  it('password: 8 to 128 characters, never echoed', () => {
    assert.ok(validateSharingPassword(''));
    assert.ok(validateSharingPassword('short'));
    assert.equal(validateSharingPassword('long enough'), undefined);
    assert.ok(!validateSharingPassword('x'.repeat(200))!.includes('xxxx'));
    assert.ok(validateSharingDescription('d'.repeat(256)));
    assert.equal(validateSharingDescription('for Ana'), undefined);
  });
});
