// Cross-reference figures: a synthesised inventory the size of Python's (~30,000 entries) downloaded
// from a loopback server through the docs-file fetcher, parsed and indexed (time, heap); completion
// latency on it; the cross-reference hover (inventory from the sandbox's docs host, section from the
// embed endpoint) cold and warm.

import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { deflateSync } from 'node:zlib';
import { DocHostMatcher } from '../../src/core/embed/docHosts';
import { EmbedService } from '../../src/core/embed/embedService';
import { SectionHover } from '../../src/core/embed/sectionHover';
import { completionsFor } from '../../src/core/inventory/complete';
import { docsFileFetcher } from '../../src/core/inventory/docsFile';
import { InventoryIndex } from '../../src/core/inventory/inventoryIndex';
import { InventoryStore } from '../../src/core/inventory/inventoryStore';
import { parseInventory } from '../../src/core/inventory/parse';
import { type AuthoringLanguage, documentReferenceAt, referenceAt } from '../../src/core/inventory/referenceAt';
import { resolveReference } from '../../src/core/inventory/resolve';
import { silentLogger } from '../../src/core/log';
import { clientFor } from '../../test/helpers/clientFor';
import { docsHostsDispatcher } from '../../test/helpers/docsHosts';
import { startSandbox } from '../../test/sandbox';
import { median, round } from './measure';

export interface InventoryFigure { readonly figure: string; readonly value: string }

/** `count` entries in the proportions of Python's inventory: mostly Python objects, then labels, documents, terms. */
export function synthesise(count: number): Buffer {
  const lines: string[] = [];
  const kinds = ['py:function', 'py:method', 'py:class', 'py:attribute', 'py:data', 'py:module'];
  for (let i = 0; i < count; i++) {
    const slot = i % 10;
    if (slot < 7) lines.push(`pkg${i % 97}.mod${i % 31}.name_${i} ${kinds[i % kinds.length]} 1 library/mod${i % 31}.html#$ -`);
    else if (slot < 9) lines.push(`label-${i} std:label -1 section/page${i % 500}.html#$ Section title number ${i}`);
    else if (i % 20 === 9) lines.push(`doc/page${i} std:doc -1 doc/page${i}.html Page ${i}`);
    else lines.push(`Term number ${i} std:term -1 glossary.html#term-$ -`);
  }
  const head = '# Sphinx inventory version 2\n# Project: Synthetic\n# Version: 1\n# The remainder of this file is compressed using zlib.\n';
  return Buffer.concat([Buffer.from(head), deflateSync(Buffer.from(lines.join('\n')))]);
}

export async function runInventory(entries = 30_000): Promise<InventoryFigure[]> {
  const figures: InventoryFigure[] = [];
  const add = (figure: string, value: string) => figures.push({ figure, value });
  const bytes = synthesise(entries);
  add('inventory', `${entries} entries, ${round(bytes.length / 1024)} KiB compressed`);

  const server = createServer((_req, res) => { res.writeHead(200, { 'Content-Length': bytes.length, ETag: '"x"' }); res.end(bytes); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/objects.inv`;
  const docsClient = clientFor(new URL(url).origin);
  try {
    const fetchFile = docsFileFetcher(() => docsClient.transport);
    let t = performance.now();
    const got = await fetchFile(url, {});
    add('download (loopback)', `${round(performance.now() - t)} ms`);
    if (got.status !== 'ok') throw new Error(`download: ${got.status}`);
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    t = performance.now();
    const parsed = parseInventory(got.bytes);
    const parseMs = performance.now() - t;
    t = performance.now();
    const index = new InventoryIndex(parsed, 'https://example.org/');
    const indexMs = performance.now() - t;
    global.gc?.();
    add('parse', `${round(parseMs)} ms`);
    add('index', `${round(indexMs)} ms`);
    add('heap retained (parsed + index)', `${round((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20)} MB${global.gc ? '' : ' (no --expose-gc: rough)'}`);

    const set = { own: index, named: new Map<string, InventoryIndex>() };
    t = performance.now();
    completionsFor({ role: 'ref' }, 'label-1', set, undefined);
    add('completion :ref: (first, sorts the labels)', `${round(performance.now() - t, 2)} ms`);
    const warm: number[] = [];
    for (let i = 0; i < 200; i++) {
      t = performance.now();
      completionsFor({ role: i % 2 ? 'ref' : 'py:func' }, i % 2 ? `label-${i}` : `pkg${i % 97}.`, set, undefined);
      warm.push(performance.now() - t);
    }
    add('completion (warm, median of 200)', `${round(median(warm), 3)} ms`);
    // A keystroke as the editor sees it: the reference found on the line, then the targets; MyST beside autorefs.
    const keystroke = (line: string, language: AuthoringLanguage) => {
      const reference = documentReferenceAt({ lineAt: () => line, lineCount: 1 }, 0, line.length, language, true);
      if (!reference) throw new Error(`no reference in ${line}`);
      return completionsFor(reference, line.slice(reference.targetStart), set, undefined);
    };
    for (const [figure, language, lineOf] of [
      ['completion MyST {ref}` (warm, median of 200)', 'markdown', (i: number) => `See {ref}\`label-${i}`],
      ['completion autorefs ][ (warm, median of 200)', 'mkdocs', (i: number) => `See [the function][pkg${i % 97}.mod${i % 31}.`],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < 200; i++) {
        t = performance.now();
        keystroke(lineOf(i), language);
        times.push(performance.now() - t);
      }
      add(figure, `${round(median(times), 3)} ms`);
    }
  } finally {
    await docsClient.dispose();
    server.close();
  }

  const sandbox = await startSandbox();
  const dispatcher = docsHostsDispatcher(sandbox.origin);
  const client = clientFor(sandbox.origin, { dispatcher });
  try {
    const store = new InventoryStore({
      fetchFile: docsFileFetcher(() => client.transport),
      logger: silentLogger,
    });
    const service = new EmbedService({
      matcher: new DocHostMatcher(),
      cacheMinutes: () => 5,
      fetchSection: (_edition, pageUrl, embed, signal) => client.embed.section(pageUrl, embed, { signal, priority: 'user' }),
    });
    const sections = new SectionHover({ service, hostOf: () => client.host, logger: silentLogger });
    const line = 'Before installing, check :ref:`requirements`.';
    const hover = async () => {
      const own = await store.get('https://widgets.readthedocs.io/en/stable/');
      const reference = referenceAt(line, line.indexOf('requirements'), 'restructuredtext');
      const resolution = reference && resolveReference(reference, { own, named: new Map() }, 'index');
      if (resolution?.kind !== 'resolved' || resolution.url === undefined) throw new Error('unresolved');
      const markdown = await sections.markdown(resolution.url, 'community', new AbortController().signal);
      if (markdown === undefined) throw new Error('no hover');
      return markdown.length;
    };
    let t = performance.now();
    await hover();
    add('hover :ref: (cold: objects.inv + embed)', `${round(performance.now() - t)} ms, ${sandbox.requests.length} requests`);
    sandbox.clearLog();
    t = performance.now();
    await hover();
    add('hover :ref: (warm)', `${round(performance.now() - t)} ms, ${sandbox.requests.length} requests`);
  } finally {
    await dispatcher.close();
    await client.dispose();
    await sandbox.close();
  }
  return figures;
}
