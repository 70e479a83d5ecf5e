import * as assert from 'node:assert/strict';
import { resolveDocTarget, docNameOf } from '../../../src/core/inventory/docNames';
import { type AuthoringLanguage, referenceAt, referenceForCompletion, referencesOnLine } from '../../../src/core/inventory/referenceAt';

/** For every cursor position of the line: the target of the reference there (or undefined), against the spans expected. */
function assertEveryPosition(line: string, language: AuthoringLanguage, spans: { text: string; role: string; target: string }[]): void {
  for (let character = 0; character <= line.length; character++) {
    const expected = spans.find(({ text }) => {
      const start = line.indexOf(text);
      return character >= start && character <= start + text.length;
    });
    const found = referenceAt(line, character, language);
    assert.deepEqual(found && { role: found.role, target: found.target }, expected && { role: expected.role, target: expected.target },
      `at ${character}: ${line.slice(0, character)}|${line.slice(character)}`);
  }
}

describe('inventory: reStructuredText roles at every cursor position', () => {
  it(':ref: with an explicit title, :doc:, a domain role with ~ and an intersphinx prefix', () => {
    const line = 'See :ref:`the intro <intro-label>`, :doc:`../installation`, :py:func:`~widgets.make_widget` or :ref:`python:tut-intro`.';
    assertEveryPosition(line, 'restructuredtext', [
      { text: ':ref:`the intro <intro-label>`', role: 'ref', target: 'intro-label' },
      { text: ':doc:`../installation`', role: 'doc', target: '../installation' },
      { text: ':py:func:`~widgets.make_widget`', role: 'py:func', target: 'widgets.make_widget' },
      { text: ':ref:`python:tut-intro`', role: 'ref', target: 'python:tut-intro' },
    ]);
  });

  it('terms with spaces, roles without a domain, and not inside ``literals``', () => {
    const line = 'A :term:`Gadget Box` and :class:`!Widget`.';
    assertEveryPosition(line, 'restructuredtext', [
      { text: ':term:`Gadget Box`', role: 'term', target: 'Gadget Box' },
      { text: ':class:`!Widget`', role: 'class', target: 'Widget' },
    ]);
  });

  it('Sphinx\'s explicit external role names the inventory', () => {
    const found = referenceAt(':external+python:ref:`tut-intro`', 3, 'restructuredtext');
    assert.deepEqual({ role: found?.role, target: found?.target, inventory: found?.inventory }, { role: 'ref', target: 'tut-intro', inventory: 'python' });
  });

  it('completion: the target being typed, open or closed, title or not', () => {
    const open = 'Read :ref:`intr';
    const typed = referenceForCompletion(open, open.length, 'restructuredtext');
    assert.equal(typed?.closed, false);
    assert.equal(open.slice(typed!.targetStart, open.length), 'intr');
    const titled = 'Read :ref:`the intro <intr';
    const inTitle = referenceForCompletion(titled, titled.length, 'restructuredtext');
    assert.equal(titled.slice(inTitle!.targetStart, titled.length), 'intr');
    assert.equal(referenceForCompletion(titled, titled.indexOf('the'), 'restructuredtext'), undefined, 'the title is not completed');
    const closed = ':doc:`guide/usage`';
    assert.equal(referenceForCompletion(closed, closed.indexOf('usage'), 'restructuredtext')?.target, 'guide/usage');
  });
});

describe('inventory: MyST Markdown references at every cursor position', () => {
  it('{ref}, {doc}, {py:class}, [text](#label), <project:#label>, <inv:…>', () => {
    const line = 'See {ref}`intro <intro-label>`, {doc}`installation`, [req](#requirements), <project:#usage> and <inv:python:std:label#tut-intro>.';
    assertEveryPosition(line, 'markdown', [
      { text: '{ref}`intro <intro-label>`', role: 'ref', target: 'intro-label' },
      { text: '{doc}`installation`', role: 'doc', target: 'installation' },
      { text: '#requirements)', role: 'ref', target: 'requirements' },
      { text: 'project:#usage>', role: 'ref', target: 'usage' },
      { text: 'inv:python:std:label#tut-intro>', role: 'inv:std:label', target: 'tut-intro' },
    ]);
  });

  it('inv links with wildcards and without a key; project links to documents', () => {
    assert.deepEqual(pick(referenceAt('<inv:*:*:*#widgets.Widget>', 3, 'markdown')), { role: 'any', target: 'widgets.Widget', inventory: undefined });
    assert.deepEqual(pick(referenceAt('[x](inv:#requirements)', 6, 'markdown')), { role: 'any', target: 'requirements', inventory: undefined });
    assert.deepEqual(pick(referenceAt('<project:guide/usage.md>', 3, 'markdown')), { role: 'doc', target: 'guide/usage', inventory: undefined });
    assert.equal(referenceAt(':ref:`x`', 3, 'markdown'), undefined, 'reStructuredText roles are not MyST');
    assert.equal(referenceAt('{ref}`x`', 3, 'restructuredtext'), undefined);
  });
});

function pick(reference: ReturnType<typeof referenceAt>) {
  return reference && { role: reference.role, target: reference.target, inventory: reference.inventory };
}

describe('inventory: :doc: paths', () => {
  it('relative to the current document, absolute from the source root, suffix dropped', () => {
    assert.equal(resolveDocTarget('../installation', 'guide/usage'), 'installation');
    assert.equal(resolveDocTarget('advanced', 'guide/usage'), 'guide/advanced');
    assert.equal(resolveDocTarget('./advanced.rst', 'guide/usage'), 'guide/advanced');
    assert.equal(resolveDocTarget('/api', 'guide/deep/page'), 'api');
    assert.equal(resolveDocTarget('installation', 'index'), 'installation');
    assert.equal(resolveDocTarget('../../x', 'guide/usage'), 'x');
    assert.equal(resolveDocTarget('usage.md', undefined), 'usage');
  });

  it('document names of files under the source directory', () => {
    assert.equal(docNameOf('/w/docs/guide/usage.rst', '/w/docs'), 'guide/usage');
    assert.equal(docNameOf('/w/docs/index.md', '/w/docs/'), 'index');
    assert.equal(docNameOf('C:\\w\\docs\\a.rst', 'C:\\w\\docs'), 'a');
    assert.equal(docNameOf('/w/README.md', '/w/docs'), undefined);
  });
});

describe('inventory: the reference under the cursor is read near it', () => {
  it('a role far into a 5 MB line, for hover and completion, placed on the whole line', () => {
    const before = ':ref:`a` '.repeat(500_000);
    const line = `${before}:ref:\`the intro <intro-label>\` tail`;
    const found = referenceAt(line, before.length + 3, 'restructuredtext');
    assert.deepEqual(found && [found.target, found.start, line.slice(found.targetStart, found.targetEnd)], ['intro-label', before.length, 'intro-label']);
    const typing = referenceForCompletion(line, line.indexOf('intro-label') + 5, 'restructuredtext');
    assert.equal(typing?.target, 'intro-label');
  });

  it('an explicit title of many spaces and brackets: the target after the last <', () => {
    const line = `:ref:\`${' '.repeat(100_000)}a < b <target>\``;
    assert.deepEqual(referencesOnLine(line, 'restructuredtext').map((r) => r.target), ['target']);
    assert.equal(referenceAt(':ref:`a <b> c>`', 2, 'restructuredtext')?.target, 'a <b> c>');
    assert.equal(referenceAt(':ref:`<>`', 2, 'restructuredtext')?.target, '');
  });
});
