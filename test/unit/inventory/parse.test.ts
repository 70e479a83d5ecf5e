import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { deflateSync } from 'node:zlib';
import { InventoryIndex } from '../../../src/core/inventory/inventoryIndex';
import { INVENTORY_MAX_ENTRIES, InventoryFormatError, parseInventory, splitInventoryLine } from '../../../src/core/inventory/parse';
import { referenceAt } from '../../../src/core/inventory/referenceAt';
import { resolveReference } from '../../../src/core/inventory/resolve';

const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'inventory', 'widgets-objects.inv');
const ROOT = 'https://widgets.readthedocs.io/en/latest/';

/** Python's `str.rstrip()`: the white space `str.isspace` names, off the end. */
function pythonRstrip(line: string): string {
  const space = '\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000';
  let end = line.length;
  while (end > 0 && space.includes(line[end - 1]!)) end--;
  return line.slice(0, end);
}

function inventoryBytes(lines: string[], header = '# Sphinx inventory version 2'): Buffer {
  const head = `${header}\n# Project: Demo\n# Version: 2.0\n# The remainder of this file is compressed using zlib.\n`;
  return Buffer.concat([Buffer.from(head), deflateSync(Buffer.from(lines.join('\n')))]);
}

describe('inventory: parsing a real objects.inv (Sphinx 5.3, Debian python3-sphinx)', () => {
  const parsed = parseInventory(readFileSync(FIXTURE));

  it('reads the header and every entry', () => {
    assert.equal(parsed.project, 'Widgets');
    assert.equal(parsed.version, '1.0');
    assert.equal(parsed.entries.length, 23);
  });

  it('expands `$` in the URI and `-` in the display name', () => {
    const label = parsed.entries.find((e) => e.name === 'requirements' && e.type === 'label');
    assert.deepEqual(label, { name: 'requirements', domain: 'std', type: 'label', priority: -1, uri: 'installation.html#requirements', displayName: 'Requirements' });
    const fn = parsed.entries.find((e) => e.name === 'widgets.make_widget');
    assert.equal(fn?.uri, 'api.html#widgets.make_widget');
    assert.equal(fn?.displayName, 'widgets.make_widget');
    assert.equal(parsed.entries.find((e) => e.type === 'module')?.uri, 'api.html#module-widgets');
  });

  it('keeps names with spaces whole', () => {
    const label = parsed.entries.find((e) => e.uri === 'installation.html#install-from-source');
    assert.equal(label?.name, 'install from source');
    assert.equal(label?.displayName, 'Install from source');
    assert.equal(parsed.entries.find((e) => e.type === 'term' && e.uri.endsWith('Gadget-Box'))?.name, 'Gadget Box');
  });

  it('labels and terms match without regard to case; Python objects and documents do not', () => {
    const index = new InventoryIndex(parsed, ROOT);
    assert.equal(index.find(['std:label'], 'Install From Source')?.displayName, 'Install from source');
    assert.equal(index.find(['std:term'], 'gadget box')?.name, 'Gadget Box');
    assert.equal(index.find(['py:class'], 'widgets.widget'), undefined);
    assert.equal(index.find(['py:class'], 'widgets.Widget')?.uri, 'api.html#widgets.Widget');
    assert.equal(index.find(['std:doc'], 'Installation'), undefined);
    assert.equal(index.urlOf(index.find(['std:doc'], 'guide/usage')!), `${ROOT}guide/usage.html`);
  });

  it('links an entry only under the inventory\'s own root', () => {
    const entry = (uri: string) => ({ name: 'x', domain: 'std', type: 'label', priority: -1, uri, displayName: 'x' });
    const uris = ['page.html#x', 'a/../page.html', '?q=1#x', '//evil.example/x', 'https://evil.example/x', '///evil.example/x', '../../x.html', '/x.html', '../latest-other/x.html', 'https:page.html', 'command:x', 'file:///etc/passwd'];
    const index = new InventoryIndex({ project: 'P', version: '1', entries: uris.map(entry) }, 'https://p.example/en/latest/');
    assert.deepEqual(uris.map((uri) => index.urlOf(entry(uri))), [
      'https://p.example/en/latest/page.html#x', 'https://p.example/en/latest/page.html', 'https://p.example/en/latest/?q=1#x',
      undefined, undefined, undefined, undefined, undefined, undefined, 'https://p.example/en/latest/page.html', undefined, undefined,
    ]);
  });

  it('completes by prefix, case-insensitively, in name order, within the limit', () => {
    const index = new InventoryIndex(parsed, ROOT);
    assert.deepEqual(index.complete(['std:label'], 'IN', 10).map((e) => e.name), ['install from source', 'installation', 'intro-label']);
    assert.deepEqual(index.complete(['std:label'], 'in', 2).map((e) => e.name), ['install from source', 'installation']);
    assert.deepEqual(index.complete(['py:class', 'py:exception'], 'widgets.W', 10).map((e) => e.name), ['widgets.Widget', 'widgets.WidgetError']);
    assert.deepEqual(index.complete(['std:label'], 'zzz', 10), []);
  });
});

describe('inventory: format edge cases', () => {
  it('rejects version 1 and other files', () => {
    assert.throws(() => parseInventory(inventoryBytes([], '# Sphinx inventory version 1')), InventoryFormatError);
    assert.throws(() => parseInventory(Buffer.from('<html>not found</html>')), InventoryFormatError);
    assert.throws(() => parseInventory(Buffer.concat([inventoryBytes([]).subarray(0, 120), Buffer.from('garbage')])), InventoryFormatError);
  });

  it('reads negative priorities, empty display names and CRLF lines, skips malformed lines, first duplicate wins', () => {
    const parsed = parseInventory(inventoryBytes([
      'a label std:label -1 page.html#a-label A label\r',
      'nonsense',
      'x py:function 1 api.html#$ -',
      'x py:function 1 other.html#$ -',
    ]));
    assert.equal(parsed.entries.length, 3);
    assert.equal(parsed.entries[0].name, 'a label');
    assert.equal(parsed.entries[0].displayName, 'A label');
    const index = new InventoryIndex(parsed, ROOT);
    assert.equal(index.find(['py:function'], 'x')?.uri, 'api.html#x');
  });
});

describe('inventory: hostile inventories are read in linear time and bounded', () => {
  it('reads a name holding 1 MiB of spaces (the Sphinx pattern backtracks for hours), a 1 MiB line of words, and the lines after them', () => {
    const longName = `a${' '.repeat(1024 * 1024)}end`;
    const parsed = parseInventory(inventoryBytes([
      `${longName} std:label -1 page.html#long Long`,
      `${'b '.repeat(512 * 1024)}`,
      `${'c '.repeat(512 * 1024)}std:label 1 words.html Words`,
      'short std:label -1 page.html#short -',
    ]));
    assert.deepEqual(parsed.entries.map((e) => [e.name.length, e.uri, e.displayName.length]), [[longName.length, 'page.html#long', 4], [1024 * 1024 - 1, 'words.html', 5], [5, 'page.html#short', 5]]);
  });

  it('splits lines as the Sphinx pattern does (spaces in names, empty URIs, tabs, leading spaces)', () => {
    const sphinx = /^(.+?)\s+(\S+)\s+(-?\d+)\s+?(\S*)\s+(.*)$/;
    for (const line of [
      'a label std:label -1 page.html#a A label', 'x py:function 1 api.html#$ -', 'two  spaces std:doc 0  Title',
      'tab\tstd:term\t-1\tg.html#t\tTerm', '  lead std:label 1 u t', ' x y 1 z ', 'no priority std:label x u t',
      'a b 1 c', 'n k -12 u d e f', 'only four words here', '',
    ]) {
      const match = sphinx.exec(line);
      assert.deepEqual(splitInventoryLine(line), match ? match.slice(1) : undefined, JSON.stringify(line));
    }
  });

  it('reads every line as Sphinx\'s pattern does, usual or not: white space of all kinds, bytes past ASCII, control characters, at every alignment', () => {
    // Sphinx: each line decoded as UTF-8, its end stripped (`line.rstrip()`), matched by the pattern; kinds without a domain skipped.
    const sphinx = /^(.+?)\s+(\S+)\s+(-?\d+)\s+?(\S*)\s+(.*)$/;
    const expected = (line: string) => {
      const match = sphinx.exec(pythonRstrip(line));
      if (!match || !/^[^:]+:/.test(match[2])) return [];
      const [, name, kind, priority, uri, title] = match;
      const colon = kind.indexOf(':');
      return [[name, kind.slice(0, colon), kind.slice(colon + 1), Number(priority), uri.endsWith('$') ? uri.slice(0, -1) + name : uri, title === '-' ? name : title]];
    };
    let seed = 29;
    const pick = <T>(choices: readonly T[]): T => choices[(seed = (seed * 1103515245 + 12345) % 2147483648) % choices.length];
    const words = ['a', 'name.with.dots', 'x'.repeat(14), 'é', 'caf\u00e9', 'a\u00a0b', 'a\u2003b', 'a\tb', 'a\x01b', 'a\x7fb', 'a\x85b', 'a\x1fb', '日本', '$', '-', ''];
    const separators = [' ', ' ', ' ', '  ', '\t', '\u00a0', '\u3000', ' \u2028'];
    const kinds = ['py:function', 'std:label', 'std:doc', 'c:macro', 'nodomain', 'py:m\u00e9thode', 'a:b:c'];
    const priorities = ['1', '-1', '0', '12', 'x', '-', '1é'];
    const titles = ['-', 'A title', 'Ünïcödé title', 'tab\tinside', '', ' lead', '\u00a0nbsp', 'end\r', '-\r', 'x\x01y'];
    const lines = Array.from({ length: 3000 }, (_, i) => {
      const line = [pick(words) + pick(words), pick(separators), pick(kinds), pick(separators), pick(priorities), pick(separators),
        pick(words) + pick(['', '#$', '.html#x']), pick(separators), pick(titles)].join('');
      // Every fourth line is the usual shape, shifted by one more byte each time (the body is read four bytes at a time).
      return i % 4 === 0 ? `${'n'.repeat(i % 7 + 1)} py:function 1 api.html#$ ${pick(titles)}` : line;
    });
    const parsed = parseInventory(inventoryBytes(lines));
    assert.deepEqual(parsed.entries.map((e) => [e.name, e.domain, e.type, e.priority, e.uri, e.displayName]), lines.flatMap(expected));
    assert.ok(parsed.entries.length > 1000, `${parsed.entries.length} of 3000 lines are entries`);
  });

  it('strips the end of each line as Sphinx does: titles lose trailing white space and keep inner spaces, lines left without a title are skipped', () => {
    // Each line and what Sphinx 5.3's loader (Debian python3-sphinx, InventoryFile.load) gives for it; the same lines
    // read by today's loader (`line.rstrip()` before the same pattern) give the same.
    const lines: [string, [string, string, string, string] | undefined][] = [
      ['a std:label -1 a.html#a Title with  inner  spaces   ', ['a', 'std:label', 'a.html#a', 'Title with  inner  spaces']],
      ['b std:label -1 b.html#b -  ', ['b', 'std:label', 'b.html#b', 'b']],
      ['c std:label -1 c.html ', undefined],
      ['d std:label -1 d.html\t\t', undefined],
      ['e std:label -1 e.html Title\u00a0', ['e', 'std:label', 'e.html', 'Title']],
      ['f std:label -1 f.html Título\u3000', ['f', 'std:label', 'f.html', 'Título']],
      ['g std:doc -1 g.html Gee \r', ['g', 'std:doc', 'g.html', 'Gee']],
      ['h py:function 1 h.html  ', undefined],
      ['i  std:label -1 i.html  I  ', ['i', 'std:label', 'i.html', 'I']],
      ['j std:label -1  J ', ['j', 'std:label', '', 'J']],
      ['k std:label -1  ', undefined],
      ['l std:label -1 l.html L\u001f', ['l', 'std:label', 'l.html', 'L']],
      ['n std:label -1 n.html N\u2009\u00a0 ', ['n', 'std:label', 'n.html', 'N']],
      ['o std:label -1 o.html Café ', ['o', 'std:label', 'o.html', 'Café']],
      ['p std:label -1 p.html \u00a0', undefined],
      ['q nodomain -1 q.html Q ', undefined],
      ['r s std:label -1 r.html R s ', ['r s', 'std:label', 'r.html', 'R s']],
      ['t std:label -1 t.html T', ['t', 'std:label', 't.html', 'T']],
    ];
    const parsed = parseInventory(inventoryBytes(lines.map(([line]) => line)));
    assert.deepEqual(parsed.entries.map((e) => [e.name, `${e.domain}:${e.type}`, e.uri, e.displayName]), lines.flatMap(([, entry]) => (entry ? [entry] : [])));
  });

  it('holds its entries only: one entry among 4 MB of other lines keeps none of them alive, and the estimate says so', async function () {
    this.timeout(60_000);
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // A long text decoded from a buffer lives outside the heap (external): it is freed after a collection, once its finalizers ran.
    const collected = async () => {
      for (let i = 0; i < 3; i++) {
        gc();
        await new Promise((resolve) => setImmediate(resolve));
      }
      return process.memoryUsage().heapUsed + process.memoryUsage().external;
    };
    const padding = Array.from({ length: 2_000 }, () => 'x'.repeat(1_000)).join('\n');
    const bytes = inventoryBytes([padding, 'a-label-long-enough-to-be-sliced std:label -1 page.html#$ A title long enough to be sliced', padding]);
    const before = await collected();
    const held = Array.from({ length: 5 }, () => new InventoryIndex(parseInventory(bytes), ROOT));
    const grown = await collected() - before;
    assert.deepEqual(held.map((index) => index.size), [1, 1, 1, 1, 1]);
    assert.ok(grown < 2 * 1024 * 1024, `five one-entry inventories hold ${grown} bytes`);
    assert.ok(held.every((index) => index.heldBytes < 1024), 'and the estimate is of one entry');
  });

  it('refuses an inventory of more entries than the cap', () => {
    const lines = Array.from({ length: 1001 }, (_, i) => `n${i} py:function 1 api.html#$ -`);
    assert.throws(() => parseInventory(inventoryBytes(lines), 1000), /more than 1000 entries/);
    assert.equal(parseInventory(inventoryBytes(lines.slice(1)), 1000).entries.length, 1000);
    assert.ok(INVENTORY_MAX_ENTRIES >= 100_000, 'the default leaves room for the largest real inventories');
  });
});

describe('inventory: a second real objects.inv (autosectionlabel with document prefixes, options, env vars)', () => {
  const parsed = parseInventory(readFileSync(join(__dirname, '..', '..', 'fixtures', 'inventory', 'gadgets-cli-objects.inv')));
  const index = new InventoryIndex(parsed, 'https://gadgets.readthedocs.io/en/latest/');

  it('reads labels that hold colons, spaces and ampersands', () => {
    assert.equal(parsed.project, 'Gadgets CLI');
    assert.equal(parsed.version, '2.1');
    assert.equal(index.find(['std:label'], 'cli:Exit Codes & Signals')?.uri, 'cli.html#exit-codes-signals');
    assert.equal(index.find(['std:label'], 'index:getting started')?.displayName, 'Getting Started');
  });

  it('a colon that names no inventory stays part of the label', () => {
    const reference = referenceAt(':ref:`cli:command line`', 3, 'restructuredtext')!;
    const resolution = resolveReference(reference, { own: index, named: new Map() }, 'index');
    assert.equal(resolution?.kind === 'resolved' && resolution.url, 'https://gadgets.readthedocs.io/en/latest/cli.html#command-line');
  });

  it('options and environment variables by their roles', () => {
    const envvar = resolveReference(referenceAt(':envvar:`GADGETS_HOME`', 3, 'restructuredtext')!, { own: index, named: new Map() }, undefined);
    assert.equal(envvar?.kind === 'resolved' && envvar.entry.uri, 'cli.html#envvar-GADGETS_HOME');
    assert.equal(index.find(['std:cmdoption'], 'gadgets.-v')?.uri, 'cli.html#cmdoption-gadgets-verbose');
  });
});
