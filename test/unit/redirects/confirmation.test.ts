import * as assert from 'node:assert/strict';
import { type Redirect, parseRedirect } from '../../../src/core/models/redirect';
import { deletesEverything, planRedirects } from '../../../src/core/redirects/plan';
import { type RedirectRule, RULE_DEFAULTS } from '../../../src/core/redirects/rule';
import { applyConfirmation, redirectsFileSetting } from '../../../src/core/redirects/words';

const page = (from: string, to: string): RedirectRule => ({ ...RULE_DEFAULTS, type: 'page', fromUrl: from, toUrl: to });
const exact = (from: string, to: string): RedirectRule => ({ ...RULE_DEFAULTS, type: 'exact', fromUrl: from, toUrl: to });
const server = (...rules: RedirectRule[]): Redirect[] => rules.map((r, position) => parseRedirect({
  pk: 10 + position, type: r.type, from_url: r.fromUrl, to_url: r.toUrl, http_status: r.httpStatus, force: r.force, enabled: r.enabled, description: r.description, position,
}));

describe('redirects: what Apply asks before it deletes', () => {
  const a = page('/a.html', '/b.html');
  const b = page('/c.html', '/d.html');
  const c = exact('/en/v1/*', '/en/latest/:splat');

  it('a plan without deletions: Apply may come first, no modal', () => {
    const plan = planRedirects([a, b], server(a));
    const confirmation = applyConfirmation(plan, 'widgets', 'docs/redirects.yaml');
    assert.equal(confirmation.applyFirst, true);
    assert.equal(confirmation.modal, undefined);
  });

  it('deletions: never preselected; a modal names the project and the number of deletions', () => {
    const plan = planRedirects([a], server(a, c, exact('/x', '/y')));
    const confirmation = applyConfirmation(plan, 'widgets', 'docs/redirects.yaml');
    assert.equal(confirmation.applyFirst, false);
    assert.equal(confirmation.modal?.message, 'Applying docs/redirects.yaml deletes 2 redirects of widgets on Read the Docs.');
    assert.match(confirmation.modal.detail, /Delete exact \/en\/v1\/\*/);
    assert.match(confirmation.modal.detail, /cannot be restored/);
    assert.equal(confirmation.modal.confirm, 'Delete 2 and Apply');
    assert.equal(applyConfirmation(planRedirects([a], server(a, c)), 'widgets', 'r.yaml').modal?.message, 'Applying r.yaml deletes 1 redirect of widgets on Read the Docs.');
  });

  it('a plan that deletes every rule on the server says so', () => {
    const emptied = planRedirects([], server(a, c));
    assert.equal(deletesEverything(emptied), true);
    assert.equal(applyConfirmation(emptied, 'widgets', 'r.yaml').modal?.message, 'Applying r.yaml deletes every redirect of widgets on Read the Docs: all 2 of them.');
    // The file's only rule is of another type: the server's one rule is deleted, a new one created.
    const replaced = planRedirects([c], server(a));
    assert.equal(deletesEverything(replaced), true);
    assert.equal(applyConfirmation(replaced, 'widgets', 'r.yaml').modal?.message, 'Applying r.yaml deletes every redirect of widgets on Read the Docs: its only redirect.');
    // Kept, moved or updated rules mean not everything goes.
    assert.equal(deletesEverything(planRedirects([a], server(a, c))), false);
    assert.equal(deletesEverything(planRedirects([page('/a.html', '/new.html')], server(a, c))), false);
    assert.equal(deletesEverything(planRedirects([a, b], server(a))), false);
  });
});

describe('redirects: the file setting names a file of the folder', () => {
  it('inside the folder: the path relative to it', () => {
    assert.deepEqual(redirectsFileSetting('/work/repo', 'docs/redirects.yaml'), { relative: 'docs/redirects.yaml' });
    assert.deepEqual(redirectsFileSetting('/work/repo', '/work/repo/redirects.yml'), { relative: 'redirects.yml' });
  });

  it('`..`, an absolute path elsewhere, or the folder itself: refused, saying which setting and why', () => {
    for (const setting of ['../other/redirects.yaml', 'docs/../../x.yaml', '/etc/redirects.yaml', '.']) {
      const result = redirectsFileSetting('/work/repo', setting);
      assert.ok('refused' in result, setting);
      assert.match(result.refused, /readthedocs\.redirects\.file/);
      assert.ok(result.refused.includes(`"${setting}"`));
      assert.match(result.refused, /not a file inside the workspace folder \/work\/repo/);
    }
  });
});
