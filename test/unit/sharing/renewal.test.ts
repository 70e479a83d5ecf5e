import assert from 'node:assert/strict';
import { parseSharingMethod } from '../../../src/core/models/sharingMethod';
import { type DocsGrant, PrivateDocsGrants } from '../../../src/core/sharing/privateDocs';
import { PRIVATE_DOCS_DAYS, RENEW_WITHIN_DAYS, expiryDate, privateDocsDescription, renewalDue, reusableMethod } from '../../../src/core/sharing/renewal';
import { expiryTime } from '../../../src/core/validation/sharing';
import { grantsFromText, grantsToText } from '../../../src/core/sharing/storedGrants';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-29T10:00:00Z');
const method = (fields: Record<string, unknown>) => parseSharingMethod({ id: 1, project: 'handbook', access_type: 'http_header_token', allow_all: true, versions: [], expires: '2026-12-06', last_used_at: null, description: '', token: 't', ...fields });

describe('sharing/renewal: a short-lived header token, renewed before it expires while in use', () => {
  it('expires a week after creation, as a date', () => {
    assert.equal(PRIVATE_DOCS_DAYS, 7);
    assert.equal(expiryDate(NOW), '2026-12-06');
  });

  it('reads a bare date as its first instant (UTC), the safe reading', () => {
    assert.equal(expiryTime('2026-12-06'), Date.parse('2026-12-06T00:00:00Z'));
    assert.equal(expiryTime('2026-12-06T12:00:00Z'), Date.parse('2026-12-06T12:00:00Z'));
    assert.equal(expiryTime('soon'), undefined);
    assert.equal(expiryTime(undefined), undefined);
  });

  it('is due within two days of the expiry, not before; never without an expiry', () => {
    assert.equal(RENEW_WITHIN_DAYS, 2);
    const expires = '2026-12-06';
    const end = expiryTime(expires)!;
    assert.equal(renewalDue(expires, end - 3 * DAY), false);
    assert.equal(renewalDue(expires, end - 2 * DAY - 1), false);
    assert.equal(renewalDue(expires, end - 2 * DAY), true);
    assert.equal(renewalDue(expires, end + DAY), true, 'expired: due too');
    assert.equal(renewalDue(undefined, NOW), false);
  });

  it('describes the method so a person recognises it in the dashboard', () => {
    assert.equal(privateDocsDescription('ana@laptop'), 'VS Code: private docs in the editor (ana@laptop)');
  });

  it('reuses only a header token of ours that is on the server and not near its end; the newest of ours wins', () => {
    const ours = new Set([3, 4]);
    assert.equal(reusableMethod([method({ id: 3 }), method({ id: 4 })], ours, NOW)?.id, 4);
    assert.equal(reusableMethod([method({ id: 9 })], ours, NOW), undefined, 'not ours');
    assert.equal(reusableMethod([method({ id: 3, access_type: 'token' })], ours, NOW), undefined, 'a secret link is not for programs');
    assert.equal(reusableMethod([method({ id: 3, expires: '2026-11-30' })], ours, NOW), undefined, 'near its end: make a new one');
    assert.equal(reusableMethod([method({ id: 3, token: null })], ours, NOW), undefined, 'no token to use');
  });
});

describe('sharing/privateDocs: the grants', () => {
  const scope = { origin: 'https://handbook.readthedocs-hosted.com', pathPrefix: '/en/', projectSlug: 'handbook' };
  const grant = (fields: Partial<DocsGrant> = {}): DocsGrant => ({ edition: 'business', projectSlug: 'handbook', scope, token: 'secret-token', methodId: 5, expires: '2026-12-06', ...fields });
  const clock = { time: NOW, now() { return this.time; } };

  it('finds the grant of a URL in its scope only, and never for the API origin', () => {
    const grants = new PrivateDocsGrants(() => 'https://app.readthedocs.com', undefined, clock);
    grants.set(grant());
    assert.equal(grants.grantFor(new URL('https://handbook.readthedocs-hosted.com/en/latest/a.html'))?.token, 'secret-token');
    assert.equal(grants.grantFor(new URL('https://other.readthedocs-hosted.com/en/latest/a.html')), undefined);
    assert.equal(grants.grantFor(new URL('https://app.readthedocs.com/en/latest/')), undefined);
    const noEdition = new PrivateDocsGrants(() => undefined, undefined, clock);
    noEdition.set(grant());
    assert.equal(noEdition.grantFor(new URL('https://handbook.readthedocs-hosted.com/en/latest/a.html')), undefined, 'an edition switched off sends nothing');
  });

  it('asks for a renewal at a use near the expiry, once until it fails; never for a pasted token; no timer', () => {
    const grants = new PrivateDocsGrants(() => 'https://app.readthedocs.com', undefined, clock);
    const due: DocsGrant[] = [];
    grants.onRenewalDue((g) => due.push(g));
    const url = new URL('https://handbook.readthedocs-hosted.com/en/latest/a.html');
    grants.set(grant());
    clock.time = expiryTime('2026-12-06')! - 3 * DAY;
    grants.grantFor(url);
    assert.equal(due.length, 0, 'not yet');
    clock.time = expiryTime('2026-12-06')! - DAY;
    grants.grantFor(url);
    grants.grantFor(url);
    assert.equal(due.length, 1, 'one renewal, however many uses');
    grants.renewalFailed(due[0]);
    grants.grantFor(url);
    assert.equal(due.length, 2, 'a failed renewal is tried at the next use');
    grants.set(grant({ methodId: undefined, expires: undefined, token: 'pasted' }));
    grants.grantFor(url);
    assert.equal(due.length, 2);
    clock.time = NOW;
  });

  it('says a refusal once per grant, and again for a new grant', () => {
    const grants = new PrivateDocsGrants(() => 'https://app.readthedocs.com', undefined, clock);
    const refused: DocsGrant[] = [];
    grants.onRefused((g) => refused.push(g));
    const first = grant();
    grants.set(first);
    grants.refused(first);
    grants.refused(first);
    assert.equal(refused.length, 1);
    const second = grant({ token: 'new' });
    grants.set(second);
    grants.refused(first);
    assert.equal(refused.length, 1, 'a replaced grant says nothing');
    grants.refused(second);
    assert.equal(refused.length, 2);
  });

  it('reads the stored grants at the first need, and again after unload', async () => {
    let reads = 0;
    const grants = new PrivateDocsGrants(() => 'https://app.readthedocs.com', async () => { reads += 1; return [grant()]; }, clock);
    assert.equal(reads, 0, 'nothing read when made');
    await grants.ready();
    await grants.ready();
    assert.equal(reads, 1);
    assert.equal(grants.all().length, 1);
    grants.unload('business');
    assert.equal(grants.all().length, 0);
    await grants.ready();
    assert.equal(reads, 2);
  });

  it('stores and reads back grants as text, dropping damaged entries', () => {
    const text = grantsToText([grant({ versions: ['internal'] }), grant({ projectSlug: 'pasted', methodId: undefined, expires: undefined })]);
    const back = grantsFromText(text, 'business');
    assert.deepEqual(back, [grant({ versions: ['internal'] }), { edition: 'business', projectSlug: 'pasted', scope: { ...scope, projectSlug: 'pasted' }, token: 'secret-token' }]);
    assert.deepEqual(grantsFromText('{not json', 'business'), []);
    assert.deepEqual(grantsFromText(JSON.stringify([{ projectSlug: 1 }, { projectSlug: 'x', token: 't' }]), 'business'), []);
    assert.deepEqual(grantsFromText(undefined, 'business'), []);
  });
});
