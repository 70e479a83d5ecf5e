// Subprojects in a real extension host against the sandbox: add (candidates among the person's
// other projects, optional alias validated, the server's refusals explained on the right step),
// remove (confirmation).

import * as assert from 'node:assert/strict';
import { type NodeOfKind } from '../../src/core/tree/nodes';
import { useSignedInSandbox, writes } from './helpers/manage';
import { folderNode, folderRows, projectNode, run } from './helpers/tree';
import { ScriptedUi } from './helpers/scriptedUi';

const SUBPROJECTS = (project: string) => `/api/v3/projects/${project}/subprojects/`;

describe('manage: subprojects', function () {
  this.timeout(60_000);
  const ctx = useSignedInSandbox();

  beforeEach(() => {
    ctx.sandbox.clearFaults();
    ctx.sandbox.clearLog();
  });

  async function subprojectRows(project: string): Promise<NodeOfKind<'subproject'>[]> {
    return (await folderRows(ctx.testing, project, 'subprojects')).filter((n) => n.kind === 'subproject') as NodeOfKind<'subproject'>[];
  }

  it('add from the Subprojects folder: only possible children offered, alias → one POST, the tree shows it', async () => {
    const ui = new ScriptedUi().pick('Gadget Docs').input('gadgets');
    await run(ctx.testing, 'readthedocs.addSubproject', ui, await folderNode(ctx.testing, 'widgets', 'subprojects'));
    ui.assertDone();
    const offered = ui.prompts[0]!.items ?? [];
    assert.ok(offered.includes('Gadget Docs'));
    for (const excluded of ['Widgets', 'Widgets API', 'Widgets FR', "Other's Project"]) {
      assert.ok(!offered.includes(excluded), `${excluded} is not offered (itself, already a subproject, a translation, not maintained)`);
    }
    assert.deepEqual(writes(ctx.sandbox).map((r) => [r.method, r.path, r.body]), [['POST', SUBPROJECTS('widgets'), { child: 'gadget-docs', alias: 'gadgets' }]]);
    await ui.waitForMessage(/gadget-docs is now a subproject of widgets, at \/projects\/gadgets\//);
    assert.ok((await subprojectRows('widgets')).some((n) => n.subproject.alias === 'gadgets'));
  });

  it('an invalid or taken alias never reaches the server', async () => {
    const ui = new ScriptedUi().pick('Hostile Demo').input('bad alias!').input('api');
    await run(ctx.testing, 'readthedocs.addSubproject', ui, await projectNode(ctx.testing, 'widgets'));
    ui.assertDone();
    const messages = ui.validationMessages.join('\n');
    assert.match(messages, /Aliases can contain letters, numbers, underscores, and hyphens/);
    assert.match(messages, /already has a subproject with the alias api/);
    assert.deepEqual(writes(ctx.sandbox), []);
  });

  it('the server refuses a child that has subprojects itself: explained on the child step, nothing lost', async () => {
    // widgets has subprojects: the client cannot know it from the project list, the server refuses.
    const ui = new ScriptedUi().pick('Widgets').input('w').pick('Hostile Demo');
    await run(ctx.testing, 'readthedocs.addSubproject', ui, await folderNode(ctx.testing, 'legacy-widgets', 'subprojects'));
    ui.assertDone();
    const reopened = ui.prompts[2]!;
    assert.equal(reopened.kind, 'pick');
    assert.match(reopened.placeholder ?? '', /widgets cannot be a subproject here: Project with slug=widgets is not valid as subproject/);
    assert.match(reopened.placeholder ?? '', /has no subprojects of its own/);
    const posts = writes(ctx.sandbox, 'POST').map((r) => r.body);
    assert.deepEqual(posts, [{ child: 'widgets', alias: 'w' }, { child: 'hostile-demo', alias: 'w' }], 'the alias typed before is kept');
  });

  it('a subproject cannot get subprojects: said plainly, before any request that writes', async () => {
    const ui = new ScriptedUi().pick('Widgets API');
    await run(ctx.testing, 'readthedocs.addSubproject', ui);
    ui.assertDone();
    const error = await ui.waitForMessage(/does not nest subprojects/);
    assert.equal(error.severity, 'error');
    assert.deepEqual(writes(ctx.sandbox), []);
  });

  it('the server\'s non-field refusal (nesting) is shown plainly', async () => {
    ctx.sandbox.addFault({ method: 'POST', path: SUBPROJECTS('gadget-docs'), kind: 'status', status: 400, body: { non_field_errors: ['Subproject nesting is not supported'] } });
    const ui = new ScriptedUi().pick('Legacy Widgets').input('');
    await run(ctx.testing, 'readthedocs.addSubproject', ui, await folderNode(ctx.testing, 'gadget-docs', 'subprojects'));
    ui.assertDone();
    assert.equal((await ui.waitForMessage(/gadget-docs is itself a subproject/)).severity, 'error');
    assert.deepEqual(writes(ctx.sandbox, 'POST').map((r) => r.body), [{ child: 'legacy-widgets' }], 'an empty alias is left to the server');
  });

  it('remove asks first; declining sends no DELETE; confirming removes the relationship only', async () => {
    const node = (await subprojectRows('widgets')).find((n) => n.subproject.alias === 'api')!;
    assert.ok(node);
    const no = new ScriptedUi().confirmed(false);
    await run(ctx.testing, 'readthedocs.removeSubproject', no, node);
    no.assertDone();
    assert.match(no.prompts[0]!.title ?? '', /Remove the subproject widgets-api \(alias api\) from widgets\?/);
    assert.match(no.prompts[0]!.detail ?? '', /not deleted/);
    assert.deepEqual(writes(ctx.sandbox), []);

    const yes = new ScriptedUi().confirmed(true);
    await run(ctx.testing, 'readthedocs.removeSubproject', yes, node);
    yes.assertDone();
    assert.deepEqual(writes(ctx.sandbox).map((r) => `${r.method} ${r.path}`), [`DELETE ${SUBPROJECTS('widgets')}api/`]);
    assert.ok(!(await subprojectRows('widgets')).some((n) => n.subproject.alias === 'api'));
    assert.ok(ctx.sandbox.db.project('widgets-api'), 'the child project itself stays');
  });

  it('remove from the palette: project → subproject → confirmation', async () => {
    const ui = new ScriptedUi().pick('Widgets').pick('Gadget Docs').confirmed(true);
    await run(ctx.testing, 'readthedocs.removeSubproject', ui);
    ui.assertDone();
    assert.deepEqual(writes(ctx.sandbox).map((r) => `${r.method} ${r.path}`), [`DELETE ${SUBPROJECTS('widgets')}gadgets/`]);
  });
});
