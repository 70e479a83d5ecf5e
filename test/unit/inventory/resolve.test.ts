import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { intersphinxMappingOf } from '../../../src/core/inventory/confPy';
import { InventoryIndex } from '../../../src/core/inventory/inventoryIndex';
import { parseInventory } from '../../../src/core/inventory/parse';
import { referenceAt } from '../../../src/core/inventory/referenceAt';
import { type InventorySet, resolveReference } from '../../../src/core/inventory/resolve';

const own = new InventoryIndex(parseInventory(readFileSync(join(__dirname, '..', '..', 'fixtures', 'inventory', 'widgets-objects.inv'))), 'https://widgets.readthedocs.io/en/latest/');
const python = new InventoryIndex(parseInventory(Buffer.concat([
  Buffer.from('# Sphinx inventory version 2\n# Project: Python\n# Version: 3.13\n# The remainder of this file is compressed using zlib.\n'),
  deflateSync(Buffer.from('tut-intro std:label -1 tutorial/index.html#$ The Python Tutorial\njson.dumps py:function 1 library/json.html#$ -\n')),
])), 'https://docs.python.org/3/');
const set: InventorySet = { own, named: new Map([['python', python]]) };

function resolveLine(line: string, currentDoc = 'guide/usage', language: 'restructuredtext' | 'markdown' = 'restructuredtext') {
  const reference = referenceAt(line, 3, language);
  assert.ok(reference, `no reference in ${line}`);
  return resolveReference(reference, set, currentDoc);
}

function urlOf(line: string, currentDoc?: string, language?: 'restructuredtext' | 'markdown'): string | undefined {
  const resolution = resolveLine(line, currentDoc, language);
  return resolution?.kind === 'resolved' ? resolution.url : undefined;
}

describe('inventory: resolving references', () => {
  it(':ref: (any case), :doc: relative to the current file, :term:, Python roles with type fallbacks', () => {
    assert.equal(urlOf(':ref:`Requirements`'), 'https://widgets.readthedocs.io/en/latest/installation.html#requirements');
    assert.equal(urlOf(':doc:`../installation`'), 'https://widgets.readthedocs.io/en/latest/installation.html');
    assert.equal(urlOf(':doc:`/api`'), 'https://widgets.readthedocs.io/en/latest/api.html');
    assert.equal(urlOf(':term:`gadget box`'), 'https://widgets.readthedocs.io/en/latest/glossary.html#term-Gadget-Box');
    assert.equal(urlOf(':py:func:`widgets.make_widget`'), 'https://widgets.readthedocs.io/en/latest/api.html#widgets.make_widget');
    assert.equal(urlOf(':class:`widgets.WidgetError`'), 'https://widgets.readthedocs.io/en/latest/api.html#widgets.WidgetError', 'class falls back to exception');
    assert.equal(urlOf(':meth:`widgets.Widget.spin`'), 'https://widgets.readthedocs.io/en/latest/api.html#widgets.Widget.spin');
    assert.equal(urlOf(':py:obj:`widgets.DEFAULT_SIZE`'), 'https://widgets.readthedocs.io/en/latest/api.html#widgets.DEFAULT_SIZE');
    assert.equal(urlOf('{doc}`../installation`', 'guide/usage', 'markdown'), 'https://widgets.readthedocs.io/en/latest/installation.html');
  });

  it('intersphinx: a prefix naming an inventory searches only it; no prefix searches all', () => {
    const prefixed = resolveLine(':ref:`python:tut-intro`');
    assert.equal(prefixed?.kind === 'resolved' && prefixed.inventoryName, 'python');
    assert.equal(urlOf(':ref:`python:tut-intro`'), 'https://docs.python.org/3/tutorial/index.html#tut-intro');
    assert.equal(urlOf(':func:`json.dumps`'), 'https://docs.python.org/3/library/json.html#json.dumps');
    assert.equal(urlOf('<inv:python:py:function#json.dumps>', undefined, 'markdown'), 'https://docs.python.org/3/library/json.html#json.dumps');
    assert.equal(urlOf(':external+python:ref:`tut-intro`'), 'https://docs.python.org/3/tutorial/index.html#tut-intro');
  });

  it('unresolved targets come with the nearest names; other roles are not cross-references', () => {
    const missing = resolveLine(':ref:`requirments`');
    assert.deepEqual(missing, { kind: 'unresolved', name: 'requirments', nearest: ['requirements'] });
    const doc = resolveLine(':doc:`instalation`', 'index');
    assert.equal(doc?.kind, 'unresolved');
    assert.deepEqual(doc?.kind === 'unresolved' && doc.nearest, ['installation']);
    assert.equal(resolveLine(':code:`x = 1`'), undefined);
  });
});

describe('inventory: intersphinx_mapping from conf.py', () => {
  it('reads a literal dict: tuples, bare URLs, comments, concatenated strings; skips non-literals', () => {
    const conf = [
      'import os',
      "extensions = ['sphinx.ext.intersphinx']",
      'intersphinx_mapping = {',
      "    # the standard library",
      "    'python': ('https://docs.python.org/3', None),",
      '    "sphinx": ("https://www.sphinx-doc.org/en/master/", (None, "sphinx.inv")),',
      "    'numpy': 'https://numpy.org/doc/stable' '/',",
      "    'private': (os.environ['DOCS_URL'], None),",
      "    'weird': (BASE + 'x', None),",
      '}',
    ].join('\n');
    assert.deepEqual([...intersphinxMappingOf(conf)], [
      ['python', 'https://docs.python.org/3/'],
      ['sphinx', 'https://www.sphinx-doc.org/en/master/'],
      ['numpy', 'https://numpy.org/doc/stable/'],
    ]);
  });

  it('nothing when the mapping is built by code or absent', () => {
    assert.equal(intersphinxMappingOf('intersphinx_mapping = build_mapping()\n').size, 0);
    assert.equal(intersphinxMappingOf("project = 'x'\n").size, 0);
    assert.equal(intersphinxMappingOf("intersphinx_mapping = {'a': ('https://a.example/'\n").size, 0);
  });

  it('only web addresses without credentials become roots (webUrlOf), normalised with a final slash', () => {
    const conf = [
      'intersphinx_mapping = {',
      "    'local': ('file:///etc/', None),",
      "    'creds': ('https://user:secret@docs.example.org/', None),",
      "    'upper': ('HTTPS://Docs.Example.org/en', None),",
      "    'js': ('javascript:alert(1)', None),",
      '}',
    ].join('\n');
    assert.deepEqual([...intersphinxMappingOf(conf)], [['upper', 'https://docs.example.org/en/']]);
  });
});
