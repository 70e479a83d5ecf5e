// Issue 17 on Read the Docs for Business (sandbox in business mode): an organization row's tooltip
// comes from the details endpoint, with its teams where the caller may list them; the projects
// filter lists matching projects with their organization and teams (expand); versions filter by
// privacy.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DocsNode, NodeOfKind } from '../../src/core/tree/nodes';
import { signInWith, signOutAll, waitFor } from './helpers/host';
import { rowText, useSignedInSandbox } from './helpers/manage';
import { childOf, children, refresh, run, signedInEditions, treeItem } from './helpers/tree';
import { ScriptedUi } from './helpers/scriptedUi';

describe('seed features reachable from the UI (business)', function () {
  this.timeout(60_000);
  const ctx = useSignedInSandbox({ edition: 'business' });

  beforeEach(() => {
    ctx.sandbox.clearLog();
    ctx.testing.setUi(new ScriptedUi());
  });

  async function hoverTooltip(node: DocsNode): Promise<string> {
    const provider = ctx.testing.projects.provider;
    const item = treeItem(ctx.testing, node);
    assert.equal(item.tooltip, undefined, 'left for resolveTreeItem (VS Code resolves only a missing tooltip)');
    assert.ok(provider.resolveTreeItem, 'the provider resolves rows');
    const resolved = await provider.resolveTreeItem(item, node, new vscode.CancellationTokenSource().token);
    assert.ok(resolved?.tooltip instanceof vscode.MarkdownString);
    assert.equal(resolved.tooltip.isTrusted, undefined);
    return resolved.tooltip.value;
  }

  it('an organization\'s tooltip: owners, description and url from the details endpoint; teams only for its owners', async () => {
    await refresh();
    const organization = await childOf(ctx.testing, undefined, (n) => n.kind === 'organization' && n.organization.slug === 'example-corp', 'example-corp');
    const asMember = await hoverTooltip(organization);
    assert.match(asMember, /Owners: org-admin/);
    assert.match(asMember, /Description: Example Corp documentation portal\./);
    assert.match(asMember, /Dashboard: \[https\\:\/\/example-corp\.example\.com/);
    assert.match(asMember, /only the organization's owners can list them/);
    const paths = ctx.sandbox.requests.map((r) => r.path);
    assert.ok(paths.includes('/api/v3/organizations/example-corp/'), 'the details endpoint');
    assert.ok(paths.includes('/api/v3/organizations/example-corp/teams/'));

    await signOutAll(ctx.testing);
    await signInWith(ctx.testing, ctx.sandbox.tokens.org, 'business');
    try {
      const asOwner = await hoverTooltip(await childOf(ctx.testing, undefined, (n) => n.kind === 'organization' && n.organization.slug === 'example-corp', 'example-corp'));
      assert.match(asOwner, /Docs admins \(admin\): demo-owner/);
      assert.match(asOwner, /Docs readers \(readonly\): other-user/);
    } finally {
      await signOutAll(ctx.testing);
      await signInWith(ctx.testing, ctx.sandbox.tokens.owner, 'business');
      await waitFor(async () => (await signedInEditions(ctx.testing)).includes('business'), 'signed in again as the owner');
    }
  });

  it('an organization\'s tooltip falls back to what the list gave when the details endpoint fails', async () => {
    const organization = await childOf(ctx.testing, undefined, (n) => n.kind === 'organization' && n.organization.slug === 'example-corp', 'example-corp');
    ctx.sandbox.addFault({ path: '/api/v3/organizations/example-corp/', kind: 'status', status: 500, body: { detail: 'Server Error' }, times: 5 });
    try {
      const text = await hoverTooltip(organization);
      assert.match(text, /\*\*Example Corp\*\*/);
      assert.match(text, /Owners: org-admin/);
      assert.ok(!/Teams/.test(text));
    } finally {
      ctx.sandbox.clearFaults();
    }
  });

  it('the projects filter lists the matching projects with their organization and teams (expand)', async () => {
    await run(ctx.testing, 'readthedocs.filterProjects', new ScriptedUi().input('widgets'));
    try {
      assert.equal(ctx.testing.projects.view.description, 'Filtered: name: widgets');
      const roots = await children(ctx.testing);
      const widgets = roots.find((n): n is NodeOfKind<'project'> => n.kind === 'project' && n.project.slug === 'widgets');
      assert.ok(widgets, roots.map((n) => n.id).join(', '));
      const list = ctx.sandbox.requests.filter((r) => r.path === '/api/v3/projects/').at(-1);
      assert.equal(list?.query.name, 'widgets');
      assert.deepEqual(list?.query.expand?.split(',').sort(), ['organization', 'teams']);
      const text = rowText(ctx.testing, widgets);
      assert.match(text, /Organization: example-corp/);
      assert.match(text, /Teams: docs-admins, docs-readers/);

      const versions = await childOf(ctx.testing, widgets, (n) => n.kind === 'folder' && n.folder === 'versions', 'widgets/versions');
      const ui = new ScriptedUi().pick('Private only');
      await run(ctx.testing, 'readthedocs.filterVersions', ui, versions);
      ui.assertDone();
      const rows = await children(ctx.testing, versions);
      assert.deepEqual(rows.map((n) => n.kind === 'version' && n.version.slug), ['internal']);
      assert.equal(ctx.sandbox.requests.filter((r) => r.path === '/api/v3/projects/widgets/versions/').at(-1)?.query.privacy_level, 'private');
      await run(ctx.testing, 'readthedocs.filterVersions', new ScriptedUi().pick('All versions'), versions);
    } finally {
      await vscode.commands.executeCommand('readthedocs.clearProjectFilter');
    }
    assert.ok((await children(ctx.testing)).some((n) => n.kind === 'organization'), 'organizations again');
  });
});
