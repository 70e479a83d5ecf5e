import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { completionsFor } from '../../../src/core/inventory/complete';
import { InventoryIndex } from '../../../src/core/inventory/inventoryIndex';
import { mkdocsInventoriesOf } from '../../../src/core/inventory/mkdocsInventories';
import { parseInventory } from '../../../src/core/inventory/parse';
import { codeSpans } from '../../../src/core/inventory/autorefs';
import { documentReferenceAt, documentReferences, referencesOnLine } from '../../../src/core/inventory/referenceAt';
import { referenceHints } from '../../../src/core/inventory/referenceHints';
import { type InventorySet, resolveReference } from '../../../src/core/inventory/resolve';

const SITE = 'https://mk-demo.readthedocs.io/en/latest/';
// The objects.inv mkdocstrings 0.20 wrote for test/fixtures/html/mkdocs/source.
const own = new InventoryIndex(parseInventory(readFileSync(join(__dirname, '..', '..', 'fixtures', 'inventory', 'mk-demo-objects.inv'))), SITE);
const python = new InventoryIndex(parseInventory(Buffer.concat([
  Buffer.from('# Sphinx inventory version 2\n# Project: Python\n# Version: 3.13\n# The remainder of this file is compressed using zlib.\n'),
  deflateSync(Buffer.from('tut-intro std:label -1 tutorial/index.html#$ The Python Tutorial\njson.dumps py:function 1 library/json.html#$ -\n')),
])), 'https://docs.python.org/3/');
const set: InventorySet = { own, named: new Map([['docs.python.org/3', python]]) };

function page(...lines: string[]) {
  return { lineAt: (line: number) => lines[line]!, lineCount: lines.length };
}

describe('inventory: mkdocs-autorefs references on an MkDocs page', () => {
  it('[text][identifier] and [identifier][], backticks inside the brackets, where the target sits', () => {
    const line = 'Use [greet][mk_demo.core.greet] or [`mk_demo.core.Greeter`][] and [x][`json.dumps`].';
    const found = referencesOnLine(line, 'mkdocs');
    assert.deepEqual(found.map((r) => [r.role, r.target, line.slice(r.targetStart, r.targetEnd), line.slice(r.start, r.end), r.closed]), [
      ['autorefs', 'mk_demo.core.greet', 'mk_demo.core.greet', '[greet][mk_demo.core.greet]', true],
      ['autorefs', 'mk_demo.core.Greeter', 'mk_demo.core.Greeter', '[`mk_demo.core.Greeter`][]', true],
      ['autorefs', 'json.dumps', 'json.dumps', '[x][`json.dumps`]', true],
    ]);
    // Other dialects do not read them, nor does an MkDocs page read MyST roles.
    assert.deepEqual(referencesOnLine(line, 'markdown'), []);
    assert.deepEqual(referencesOnLine('{ref}`x` :ref:`y`', 'mkdocs'), []);
  });

  it('not in inline code, an image, an escaped bracket, or an ordinary link', () => {
    assert.deepEqual(referencesOnLine('`[a][mk_demo.core.greet]` ``x [b][mk_demo.core]``', 'mkdocs'), []);
    assert.deepEqual(referencesOnLine('![logo][mk_demo.logo] \\[a][mk_demo.core] [a](https://x.example/)', 'mkdocs'), []);
  });

  it('not in fenced code, nor when the page defines the label as a link', () => {
    const text = page('```python', '[a][mk_demo.core.greet]', '```', '~~~~', '[b][mk_demo.core]', '~~~~', '[c][site] [d][mk_demo.core.Greeter]', '', '[Site]: https://x.example/');
    assert.deepEqual([...documentReferences(text, 'mkdocs')].map(({ line, reference }) => [line, reference.target]), [[6, 'mk_demo.core.Greeter']]);
    assert.equal(documentReferenceAt(text, 1, 5, 'mkdocs'), undefined);
    assert.equal(documentReferenceAt(text, 6, 3, 'mkdocs'), undefined);
    assert.equal(documentReferenceAt(text, 6, 15, 'mkdocs')?.target, 'mk_demo.core.Greeter');
  });

  it('resolves through the own inventory (directory URLs) and the imported ones, without a prefix', () => {
    const at = (line: string) => {
      const reference = documentReferenceAt(page(line), 0, 3, 'mkdocs');
      assert.ok(reference);
      return resolveReference(reference, set, undefined);
    };
    const greet = at('[greet][mk_demo.core.greet]');
    assert.equal(greet?.kind === 'resolved' && greet.url, `${SITE}api/#mk_demo.core.greet`);
    const dumps = at('[`json.dumps`][]');
    assert.equal(dumps?.kind === 'resolved' && dumps.url, 'https://docs.python.org/3/library/json.html#json.dumps');
    assert.equal(dumps?.kind === 'resolved' && dumps.inventoryName, 'docs.python.org/3');
    const typo = at('[x][mk_demo.core.gret]');
    assert.ok(typo?.kind === 'unresolved' && typo.nearest.includes('mk_demo.core.greet'));
    // A Python label is no autorefs identifier (mkdocstrings imports the py domain).
    assert.equal(at('[t][tut-intro]')?.kind, 'unresolved');
  });

  it('completes after ][ and inside [...][], with names as written (no inventory prefix)', () => {
    const typing = '[the greeter][mk_demo.core.G';
    const reference = documentReferenceAt(page(typing), 0, typing.length, 'mkdocs', true);
    assert.ok(reference && !reference.closed);
    const typed = typing.slice(reference.targetStart);
    // Matched as the person types, without regard to case (the editor filters further).
    assert.deepEqual(completionsFor(reference, typed, set, undefined).map((c) => c.insertText).sort(), ['mk_demo.core.Greeter', 'mk_demo.core.Greeter.greet', 'mk_demo.core.greet']);
    const empty = documentReferenceAt(page('[x]['), 0, 4, 'mkdocs', true);
    assert.ok(empty);
    assert.ok(completionsFor(empty, '', set, undefined).some((c) => c.insertText === 'json.dumps'));
    const first = documentReferenceAt(page('[json.d][]'), 0, 7, 'mkdocs', true);
    assert.ok(first);
    assert.deepEqual(completionsFor(first, 'json.d', set, undefined).map((c) => c.insertText), ['json.dumps']);
  });

  it('hints an unknown dotted identifier only; a bare word may be a heading anchor autorefs resolves', () => {
    const text = page('[a][mk_demo.core.gret] [b][installing] [c][mk_demo.core.greet]', '```', '[d][mk_demo.nothing]', '```');
    assert.deepEqual(referenceHints(text.lineAt, text.lineCount, 'mkdocs', set, undefined), [{ line: 0, start: 4, end: 21, name: 'mk_demo.core.gret' }]);
  });
});

describe('inventory: the inventories mkdocs.yml makes mkdocstrings import', () => {
  it('import: (older) and inventories: (newer), URL strings and {url, base_url}, tolerant of !ENV and !!python/name:', () => {
    const yaml = [
      'site_name: !ENV [SITE_NAME, demo]',
      'markdown_extensions:',
      '  - pymdownx.emoji:',
      '      emoji_index: !!python/name:materialx.emoji.twemoji',
      'plugins:',
      '  - search',
      '  - mkdocstrings:',
      '      handlers:',
      '        python:',
      '          import:',
      '            - https://docs.python.org/3/objects.inv',
      '            - url: https://numpy.org/doc/stable/objects.inv',
      '              domains: [py, std]',
      '            - url: https://a.example/inv/objects.inv',
      '              base_url: https://a.example/docs/',
      '            - file:///etc/objects.inv',
      '            - https://user:pw@b.example/objects.inv',
      '            - https://c.example/inventory.txt',
      '          inventories:',
      '            - url: https://d.example/en/latest/objects.inv',
      '              base_url: https://d.example/en/latest/',
      '            - !ENV INVENTORY_URL',
    ].join('\n');
    assert.deepEqual([...mkdocsInventoriesOf(yaml)], [
      ['docs.python.org/3', 'https://docs.python.org/3/'],
      ['numpy.org/doc/stable', 'https://numpy.org/doc/stable/'],
      ['d.example/en/latest', 'https://d.example/en/latest/'],
    ]);
  });

  it('plugins as a mapping; nothing without mkdocstrings or for text that is no YAML mapping', () => {
    assert.deepEqual([...mkdocsInventoriesOf('plugins:\n  mkdocstrings:\n    handlers:\n      python:\n        import: [https://x.example/objects.inv]\n')], [['x.example', 'https://x.example/']]);
    assert.equal(mkdocsInventoriesOf('plugins: [search, autorefs]\n').size, 0);
    assert.equal(mkdocsInventoriesOf('- just a list').size, 0);
    assert.equal(mkdocsInventoriesOf(': : :').size, 0);
  });
});

describe('inventory: reading lines of many code spans and references', () => {
  it('code spans in one pass (CommonMark): a run closes at the next run of its length, an unclosed run is literal', () => {
    assert.deepEqual(codeSpans('a `x` b ``y ` z`` c ``` d `e`'), [[2, 5], [8, 17], [26, 29]]);
    assert.deepEqual(codeSpans('` ``'), []);
    assert.deepEqual(codeSpans('`` a ` b `` c `'), [[0, 11]], 'a run of another length inside a span is literal, and so is one left open after it');
    assert.deepEqual(codeSpans('` ``a`` `'), [[0, 9]]);
    assert.deepEqual(codeSpans('``` ` ``` `` ` ``'), [[0, 9], [10, 17]]);
    assert.equal(codeSpans('`a` '.repeat(100_000)).length, 100_000);
    assert.equal(codeSpans('``` '.repeat(50_000)).length, 25_000);
    assert.equal(codeSpans(`\` ${'`` '.repeat(50_000)}`).length, 25_000);
    assert.deepEqual(referencesOnLine(`${'`x` '.repeat(50_000)}[a][mk_demo.core] \`[b][mk_demo.x]\``, 'mkdocs').map((r) => r.target), ['mk_demo.core']);
  });

  it('reads a document up to the references asked for, and a line no further', () => {
    let read = 0;
    const lines = ['[a][x.one] [b][x.two] [c][x.three]', '[d][x.four]'];
    const text = { lineAt: (line: number) => { read = line; return lines[line]!; }, lineCount: lines.length };
    assert.deepEqual([...documentReferences(text, 'mkdocs', 2)].map(({ reference }) => reference.target), ['x.one', 'x.two']);
    assert.equal(read, 0);
    assert.deepEqual(referencesOnLine(':ref:`a` :ref:`b` :ref:`c`', 'restructuredtext', 2).map((r) => r.target), ['a', 'b']);
  });
});
