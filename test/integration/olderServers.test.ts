import assert from 'node:assert/strict';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import { silentLogger } from '../../src/core/log';
import { serverRedirectTypes } from '../../src/core/manage/redirects';
import { type Redirect } from '../../src/core/models/redirect';
import { checkRedirectsFile } from '../../src/core/redirects/checkFile';
import { applyRedirectPlan } from '../../src/core/redirects/applyPlan';
import { parseRedirectsFile, writeRedirectsFile } from '../../src/core/redirects/fileFormat';
import { planRedirects } from '../../src/core/redirects/plan';
import { ruleOfRedirect } from '../../src/core/redirects/rule';
import { TreeFilters } from '../../src/core/tree/filters';
import { presentRedirect, presentVersion } from '../../src/core/tree/itemPresenters';
import { TreeLoader } from '../../src/core/tree/loader';
import { TreeModel } from '../../src/core/tree/model';
import { type DocsNode, type NodeOfKind } from '../../src/core/tree/nodes';
import { clientFor } from '../helpers/clientFor';
import { type Sandbox, startSandbox } from '../sandbox';

/**
 * A self-hosted Read the Docs of an older release, as the sandbox answers in its shapes
 * (`responseShapes: 'older'`, `redirectTypes: 'older'`): the tree's folders and the redirects file read it right.
 */
describe('an older server (Read the Docs 3.7 shapes) ↔ the client', function () {
  this.timeout(30_000);
  let sb: Sandbox;
  let client: ReadTheDocsClient;
  let model: TreeModel;
  let errors: unknown[];

  before(async () => {
    sb = await startSandbox({ responseShapes: 'older', redirectTypes: 'older' });
    client = clientFor(sb.origin, { token: sb.tokens.owner });
    errors = [];
    model = new TreeModel(new TreeLoader({
      editions: { signedIn: ['community'], client: () => client }, filters: new TreeFilters(), logger: silentLogger, onError: (e) => errors.push(e),
    }));
  });
  after(async () => {
    client.dispose();
    await sb.close();
  });

  async function folder(slug: string, kind: NodeOfKind<'folder'>['folder']): Promise<DocsNode[]> {
    const project = (await model.getChildren(undefined)).find((n) => n.kind === 'project' && n.project.slug === slug);
    assert.ok(project);
    const node = (await model.getChildren(project)).find((n) => n.kind === 'folder' && n.folder === kind);
    assert.ok(node);
    return model.getChildren(node);
  }

  it('the Subprojects folder lists the bare child projects 3.5-3.7 sent', async () => {
    const raw = await (await fetch(`${sb.apiBase}projects/widgets/subprojects/`, { headers: { authorization: `Token ${sb.tokens.owner}` } })).json() as { results: Record<string, unknown>[] };
    assert.equal(raw.results[0]?.child, undefined, 'the sandbox answers in the older shape');
    const rows = await folder('widgets', 'subprojects');
    assert.deepEqual(rows.map((n) => n.kind === 'subproject' && [n.subproject.alias, n.subproject.child.slug]), [['widgets-api', 'widgets-api']]);
    assert.deepEqual(errors, []);
  });

  it('a private version sent as privacy_level {code, name} (3.5-3.8) is marked private', async () => {
    sb.db.version('widgets', 'latest')!.privacyLevel = 'private';
    const version = await client.versions.get('widgets', 'latest');
    assert.equal(version.privacyLevel, 'private');
    assert.match(String(presentVersion(version, undefined).description), /private/);
  });

  const list = async (): Promise<Redirect[]> => client.allItems(client.redirects.list('widgets'));

  it('redirects without http_status, enabled or force (before 10.14): unknown in rows; the exported file agrees with the server', async () => {
    const redirects = await list();
    assert.ok(redirects.length > 0);
    for (const redirect of redirects) {
      assert.deepEqual(redirect.unsaid, ['httpStatus', 'force', 'enabled', 'description']);
      assert.doesNotMatch(String(presentRedirect(redirect).description), /30[12]|forced|disabled/);
      assert.match(String(presentRedirect(redirect).tooltip), /Status: unknown/);
    }
    const exported = parseRedirectsFile(writeRedirectsFile(redirects.map(ruleOfRedirect)));
    assert.deepEqual(planRedirects(exported.entries.map((e) => e.rule), redirects).steps, [], 'Apply: nothing to do');
  });

  it('a prefix redirect without to_url, exported from such a server, passes the file check and applies', async () => {
    for (const redirect of await list()) await client.redirects.delete('widgets', redirect.pk);
    await client.redirects.create('widgets', { type: 'prefix', fromUrl: '/dev/' });
    const serverTypes = (await serverRedirectTypes(client, 'widgets', silentLogger)).map((c) => c.code);
    const text = '- type: prefix\n  from_url: /dev/\n- type: prefix\n  from_url: /legacy/\n';
    const file = parseRedirectsFile(text);
    assert.deepEqual(checkRedirectsFile(file, 'community', serverTypes), []);
    const plan = planRedirects(file.entries.map((e) => e.rule), await list());
    assert.deepEqual(plan.steps.map((s) => s.kind), ['create']);
    const outcome = await applyRedirectPlan('widgets', plan.steps, client.redirects);
    assert.equal(outcome.failed, undefined, JSON.stringify(outcome));
    assert.deepEqual((await list()).map((r) => [r.type, r.fromUrl]).sort(), [['prefix', '/dev'], ['prefix', '/legacy']]);
  });
});
