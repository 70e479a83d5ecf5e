// Work per edit and per file open on large inputs (issue 29): the hints of a page full of unresolved
// references, a 10,000-entry redirects file, deleted pages against 10,000 redirect rules. Each
// figure beside the one measured before the fix (8216d55, quoted from the issue). Figures only.

import { performance } from 'node:perf_hooks';
import { InventoryIndex } from '../../src/core/inventory/inventoryIndex';
import { type InventoryEntry } from '../../src/core/inventory/parse';
import { referencesOnLine } from '../../src/core/inventory/referenceAt';
import { referenceHints } from '../../src/core/inventory/referenceHints';
import { resolveReference } from '../../src/core/inventory/resolve';
import { deletionsWithoutRedirect } from '../../src/core/pulls/deletedPages';
import { REDIRECTS_FILE_CHECK_DELAY_MS, checkRedirectsFile } from '../../src/core/redirects/checkFile';
import { MAX_REDIRECTS_FILE_CHARS, parseRedirectsFile } from '../../src/core/redirects/fileFormat';
import { RULE_DEFAULTS, type RedirectRule } from '../../src/core/redirects/rule';
import { median, round } from './measure';

export interface EditingFigure { readonly figure: string; readonly value: string; readonly target: string; readonly before: string }

function timed<T>(run: () => T): [T, number] {
  const start = performance.now();
  const value = run();
  return [value, performance.now() - start];
}

function medianOf(runs: number, run: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(timed(run)[1]);
  return median(times);
}

export function runEditing(): EditingFigure[] {
  return [...references(), ...redirectsFile(), ...deletedPages()];
}

function references(): EditingFigure[] {
  // Python's size of labels, and a page whose 1,000 new labels are not published yet.
  const entries: InventoryEntry[] = Array.from({ length: 15_000 }, (_, i) => ({ name: `section-${i}-of-the-guide`, domain: 'std', type: 'label', priority: -1, uri: `guide/p${i % 300}.html#$`, displayName: `Section ${i}` }));
  const set = { own: new InventoryIndex({ project: 'P', version: '1', entries }, 'https://p.example/en/latest/'), named: new Map<string, InventoryIndex>() };
  const lines = Array.from({ length: 1_000 }, (_, i) => `See :ref:\`section-${i}-of-the-gide\` for more.`);
  const hintsMs = medianOf(9, () => referenceHints((i) => lines[i]!, lines.length, 'restructuredtext', set, 'index'));
  // What each hint cost before: a "did you mean" per reference (now computed by the hover of one target).
  const oneSuggestionMs = medianOf(9, () => resolveReference(referencesOnLine(lines[7]!, 'restructuredtext')[0]!, set, 'index'));
  return [
    { figure: 'hints of a page with 1,000 unresolved :ref: targets, per edit (after the 500 ms pause)', value: `${round(hintsMs, 2)} ms (median of 9)`, target: '≤ 50 ms', before: '9.1 s' },
    { figure: '  "did you mean" for one of them (its hover, when shown)', value: `${round(oneSuggestionMs, 2)} ms`, target: '-', before: 'once per reference and edit' },
  ];
}

const entry = (i: number, description = 'moved') => `- type: page\n  from_url: /old/${i}.html\n  to_url: /new/${i}.html\n  description: ${description}\n`;

function redirectsFile(): EditingFigure[] {
  const text = Array.from({ length: 10_000 }, (_, i) => entry(i)).join('');
  const edited = (n: number) => text.replace('/new/0.html', `/new/${n}.html`);
  const parseMs = medianOf(3, (() => { let n = 0; return () => parseRedirectsFile(edited(++n)); })());
  const parsed = parseRedirectsFile(text);
  const checkMs = medianOf(3, () => checkRedirectsFile(parsed));
  const [, againMs] = timed(() => parseRedirectsFile(text));
  // Just under 10 MB of one-line entries: counted before the YAML is read.
  const huge = '- type: page\n'.repeat(Math.floor((MAX_REDIRECTS_FILE_CHARS - 1) / 13));
  const [refused, refusedMs] = timed(() => parseRedirectsFile(huge));
  return [
    { figure: 'redirects file of 10,000 entries (0.9 MB): each keystroke while typing', value: `0 parses: checked once typing pauses ${REDIRECTS_FILE_CHECK_DELAY_MS} ms`, target: '≤ 100 ms per keystroke, debounced', before: '1.0 s parse + 2.1 s check on every keystroke' },
    { figure: '  then, once: parse (the yaml library) + check', value: `${round(parseMs)} ms + ${round(checkMs)} ms (medians of 3)`, target: 'no quadratic step', before: '1.0 s + 2.1 s (the duplicate check compared each entry with every earlier one)' },
    { figure: '  the second reader of the same text (pull requests\' deleted pages)', value: `${round(againMs, 3)} ms (the parse is reused)`, target: '-', before: 'a second parse' },
    { figure: `redirects file just under 10 MB, ${round(huge.length / 2 ** 20, 1)} MB of tiny entries`, value: `refused in ${round(refusedMs, 1)} ms, before parsing (${refused.problems[0]?.message.slice(0, 60) ?? '?'}…)`, target: 'refused by size, lines, entries first', before: '5.7 s parsed, then refused' },
  ];
}

function deletedPages(): EditingFigure[] {
  const rule = (i: number): RedirectRule => ({ ...RULE_DEFAULTS, type: i % 2 ? 'page' : 'exact', fromUrl: i % 3 ? `/old/${i}.html` : `/en/latest/moved-${i}/*`, toUrl: '/new.html' });
  const server = Array.from({ length: 10_000 }, (_, i) => rule(i));
  const project = { language: 'en', defaultVersion: 'latest' };
  const pages = (count: number) => Array.from({ length: count }, (_, i) => ({ filename: `gone/page-${i}.html`, base: undefined }));
  const figures: EditingFigure[] = [];
  for (const [count, before] of [[50, '1.2 s'], [500, 'about 12 s']] as const) {
    const deleted = pages(count);
    const file = server.slice(0, 10);
    const firstMs = timed(() => deletionsWithoutRedirect(deleted, [server, file], project))[1];
    // A keystroke in the redirects file: new file rules, the server's list as it was.
    const keystrokeMs = medianOf(9, () => deletionsWithoutRedirect(deleted, [server, server.slice(0, 10)], project));
    figures.push({ figure: `deleted pages × rules: ${count} pages × 10,000 server rules`, value: `first check ${round(firstMs, 1)} ms (indexes the rules); each edit of the file after it ${round(keystrokeMs, 2)} ms (median of 9)`, target: '≤ 50 ms', before });
  }
  return figures;
}
