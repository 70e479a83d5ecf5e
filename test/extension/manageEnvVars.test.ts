// Environment variables in a real extension host against the sandbox: create (dashboard name
// rules incl. duplicates, password value, public warning), delete (confirmation), "Replace
// value…" (confirm, create first, delete the old one only after); a failing re-create leaves the
// old variable; the value never appears in the log channel, a message or a tree row.

import * as assert from 'node:assert/strict';
import { type NodeOfKind } from '../../src/core/tree/nodes';
import { rowText, useSignedInSandbox, writes } from './helpers/manage';
import { folderNode, folderRows, run } from './helpers/tree';
import { ScriptedUi } from './helpers/scriptedUi';

const ENV = (project: string) => `/api/v3/projects/${project}/environmentvariables/`;

describe('manage: environment variables', function () {
  this.timeout(60_000);
  const ctx = useSignedInSandbox();
  /** Every value typed in these tests: none may leak. */
  const secrets: string[] = [];
  const secret = (name: string) => {
    const value = `s3cr3t-${name}-${Math.random().toString(36).slice(2)}`;
    secrets.push(value);
    return value;
  };

  beforeEach(() => {
    ctx.sandbox.clearFaults();
    ctx.sandbox.clearLog();
  });

  async function variableRows(project: string): Promise<NodeOfKind<'environmentVariable'>[]> {
    return (await folderRows(ctx.testing, project, 'environmentVariables')).filter((n) => n.kind === 'environmentVariable') as NodeOfKind<'environmentVariable'>[];
  }

  async function variableRow(project: string, name: string): Promise<NodeOfKind<'environmentVariable'>> {
    const row = (await variableRows(project)).find((n) => n.variable.name === name);
    assert.ok(row, `no variable ${name} in ${project}`);
    return row;
  }

  function assertNoLeak(ui: ScriptedUi): void {
    for (const value of secrets) {
      assert.ok(!ctx.testing.logLines.some((line) => line.includes(value)), 'a value reached the log channel');
      assert.ok(!ui.messages.some((m) => m.text.includes(value)), 'a value was shown in a message');
      assert.ok(!ui.prompts.some((p) => (p.prompt ?? '').includes(value) || (p.title ?? '').includes(value) || (p.initialMessage ?? '').includes(value)),
        'a value was echoed in a prompt');
      assert.ok(!ui.validationMessages.some((m) => m.includes(value)), 'a value was echoed in a validation message');
    }
  }

  it('create from the folder: name, value in a password box, private → one POST; the value shows nowhere', async () => {
    const value = secret('create');
    const ui = new ScriptedUi().input('DOCS_API_KEY').input(value).pick('Private');
    await run(ctx.testing, 'readthedocs.createEnvironmentVariable', ui, await folderNode(ctx.testing, 'widgets', 'environmentVariables'));
    ui.assertDone();
    assert.equal(ui.prompts[1]!.password, true, 'the value is typed into a password box');
    assert.deepEqual(writes(ctx.sandbox).map((r) => [r.method, r.path, r.body]), [['POST', ENV('widgets'), { name: 'DOCS_API_KEY', value, public: false }]]);
    await ui.waitForMessage(/Created the private environment variable DOCS_API_KEY in widgets/);
    const rows = await variableRows('widgets');
    assert.ok(rows.some((n) => n.variable.name === 'DOCS_API_KEY'), 'the tree shows the new variable');
    for (const row of rows) for (const s of secrets) assert.ok(!rowText(ctx.testing, row).includes(s), 'a value reached a tree row');
    assertNoLeak(ui);
  });

  it('the name follows the dashboard rules, duplicates included; nothing reaches the server', async () => {
    const ui = new ScriptedUi()
      .input('PYPI_API_TOKEN').input('__PRIVATE').input('READTHEDOCS_VERSION').input('MY VAR').input('MY-VAR').input('X'.repeat(129));
    await run(ctx.testing, 'readthedocs.createEnvironmentVariable', ui, await folderNode(ctx.testing, 'widgets', 'environmentVariables'));
    ui.assertDone();
    const messages = ui.validationMessages.join('\n');
    assert.match(messages, /already a variable named PYPI_API_TOKEN/);
    assert.match(messages, /can't start with __/);
    assert.match(messages, /can't start with READTHEDOCS/);
    assert.match(messages, /can't contain spaces/);
    assert.match(messages, /Only letters, numbers and underscore/);
    assert.match(messages, /at most 128 characters/);
    assert.deepEqual(writes(ctx.sandbox), []);
  });

  it('an empty value is refused before sending', async () => {
    const ui = new ScriptedUi().input('EMPTY_ONE').input('   ');
    await run(ctx.testing, 'readthedocs.createEnvironmentVariable', ui, await folderNode(ctx.testing, 'widgets', 'environmentVariables'));
    ui.assertDone();
    assert.match(ui.validationMessages.join('\n'), /Enter a value/);
    assert.deepEqual(writes(ctx.sandbox), []);
  });

  it('create from the palette as public: the choice warns about pull-request builds', async () => {
    const value = secret('public');
    const ui = new ScriptedUi().pick('Gadget Docs').input('THEME').input(value).pick(/anyone who can open a pull request/);
    await run(ctx.testing, 'readthedocs.createEnvironmentVariable', ui);
    ui.assertDone();
    assert.deepEqual(writes(ctx.sandbox).map((r) => r.body), [{ name: 'THEME', value, public: true }]);
    assertNoLeak(ui);
  });

  it('a refused value (field map or bare array) comes back to the value step, kept', async () => {
    for (const body of [
      { value: ['Ensure this field has no more than 48000 characters.'] },
      ['The total size of all environment variables in the project cannot exceed 256 KB.'],
    ]) {
      ctx.sandbox.clearLog();
      ctx.sandbox.addFault({ method: 'POST', path: ENV('gadget-docs'), kind: 'status', status: 400, body });
      const first = secret('refused');
      const second = secret('accepted');
      const name = `REFUSED_${writes(ctx.sandbox).length}_${Array.isArray(body) ? 'A' : 'M'}`;
      const ui = new ScriptedUi().input(name).input(first).pick('Private').input(second);
      await run(ctx.testing, 'readthedocs.createEnvironmentVariable', ui, await folderNode(ctx.testing, 'gadget-docs', 'environmentVariables'));
      ui.assertDone();
      const reopened = ui.prompts[ui.prompts.length - 1]!;
      assert.equal(reopened.password, true);
      assert.equal(reopened.value, first, 'the typed value is kept (in the password box)');
      assert.match(reopened.initialMessage ?? '', /Read the Docs: (Ensure this field|The total size)/);
      assert.deepEqual(writes(ctx.sandbox, 'POST').map((r) => (r.body as { value: string }).value), [first, second]);
      assertNoLeak(ui);
    }
  });

  it('delete asks first; declining sends no DELETE', async () => {
    const node = await variableRow('widgets', 'SPHINX_THEME_VARIANT');
    const no = new ScriptedUi().confirmed(false);
    await run(ctx.testing, 'readthedocs.deleteEnvironmentVariable', no, node);
    no.assertDone();
    assert.match(no.prompts[0]!.title ?? '', /Delete the environment variable SPHINX_THEME_VARIANT from widgets\?/);
    assert.deepEqual(writes(ctx.sandbox), []);

    const yes = new ScriptedUi().confirmed(true);
    await run(ctx.testing, 'readthedocs.deleteEnvironmentVariable', yes, node);
    yes.assertDone();
    assert.deepEqual(writes(ctx.sandbox).map((r) => `${r.method} ${r.path}`), [`DELETE ${ENV('widgets')}${node.variable.pk}/`]);
    assert.ok(!(await variableRows('widgets')).some((n) => n.variable.name === 'SPHINX_THEME_VARIANT'));
  });

  it('delete from the palette: project → variable → confirmation', async () => {
    const ui = new ScriptedUi().pick('Gadget Docs').pick('THEME').confirmed(true);
    await run(ctx.testing, 'readthedocs.deleteEnvironmentVariable', ui);
    ui.assertDone();
    assert.equal(writes(ctx.sandbox, 'DELETE').length, 1);
  });

  it('Replace value…: explained confirmation, then the new variable is created BEFORE the old one is deleted', async () => {
    const old = await variableRow('widgets', 'SENTRY_DSN');
    const value = secret('replace');
    const ui = new ScriptedUi().input(value).pick('Private').confirmed(true);
    await run(ctx.testing, 'readthedocs.replaceEnvironmentVariable', ui, old);
    ui.assertDone();
    const confirm = ui.prompts.find((p) => p.kind === 'confirm')!;
    assert.match(confirm.title ?? '', /Replace the value of SENTRY_DSN in widgets\?/);
    assert.match(confirm.detail ?? '', /creates a new SENTRY_DSN .* first/);
    assert.match(confirm.detail ?? '', /old variable stays/);
    assert.deepEqual(writes(ctx.sandbox).map((r) => `${r.method} ${r.path}`), [`POST ${ENV('widgets')}`, `DELETE ${ENV('widgets')}${old.variable.pk}/`]);
    const sentries = (await variableRows('widgets')).filter((n) => n.variable.name === 'SENTRY_DSN');
    assert.equal(sentries.length, 1, 'exactly one SENTRY_DSN afterwards');
    assert.notEqual(sentries[0]!.variable.pk, old.variable.pk);
    assertNoLeak(ui);
  });

  it('Replace value… from the palette, declined at the confirmation: nothing is sent', async () => {
    const ui = new ScriptedUi().pick('Widgets').pick('PYPI_API_TOKEN').input(secret('declined')).pick('Private').confirmed(false);
    await run(ctx.testing, 'readthedocs.replaceEnvironmentVariable', ui);
    ui.assertDone();
    assert.deepEqual(writes(ctx.sandbox), []);
  });

  it('a failing re-create leaves the old variable in place (no DELETE)', async () => {
    const old = await variableRow('widgets', 'PYPI_API_TOKEN');
    ctx.sandbox.addFault({ method: 'POST', path: ENV('widgets'), kind: 'status', status: 400, body: ['The total size of all environment variables in the project cannot exceed 256 KB.'] });
    const ui = new ScriptedUi().input(secret('too-big')).pick('Private').confirmed(true).cancel(); // back on the value step: give up
    await run(ctx.testing, 'readthedocs.replaceEnvironmentVariable', ui, old);
    ui.assertDone();
    assert.deepEqual(writes(ctx.sandbox).map((r) => r.method), ['POST'], 'the refused create, and no DELETE');
    assert.ok(ctx.sandbox.db.envVars.some((v) => v.pk === old.variable.pk), 'the old variable is still on the server');
    assert.ok((await variableRows('widgets')).some((n) => n.variable.pk === old.variable.pk));

    ctx.sandbox.clearLog();
    ctx.sandbox.addFault({ method: 'POST', path: ENV('widgets'), kind: 'status', status: 500 });
    const failing = new ScriptedUi().input(secret('server-error')).pick('Private').confirmed(true);
    await run(ctx.testing, 'readthedocs.replaceEnvironmentVariable', failing, old);
    failing.assertDone();
    assert.deepEqual(writes(ctx.sandbox).map((r) => r.method), ['POST'], 'a server error is not retried and deletes nothing');
    assert.equal((await failing.waitForMessage(/internal error/)).severity, 'error');
    assert.ok(ctx.sandbox.db.envVars.some((v) => v.pk === old.variable.pk));
    assertNoLeak(failing);
  });

  it('no value typed in this file reached the log channel', () => {
    assert.ok(secrets.length >= 5);
    for (const value of secrets) assert.ok(!ctx.testing.logLines.some((line) => line.includes(value)));
  });
});
