import { performance } from 'node:perf_hooks';
import { ReadTheDocsClient } from '../../src/core/api/client';
import { PollingBuildWatcher } from '../../src/core/builds/pollingWatcher';
import { DocHostMatcher } from '../../src/core/embed';
import { EmbedService } from '../../src/core/embed/embedService';
import { SectionHoverCache } from '../../src/core/embed/hoverContent';
import { htmlToMarkdown } from '../../src/core/html';
import { silentLogger } from '../../src/core/log';
import { TreeFilters } from '../../src/core/tree/filters';
import { TreeLoader } from '../../src/core/tree/loader';
import { TreeModel } from '../../src/core/tree/model';
import { type DocsNode, type NodeOfKind } from '../../src/core/tree/nodes';
import { startSandbox } from '../../test/sandbox';
import { journeyBytes } from './bytes';
import { measureBinding } from './binding';
import { measurePullRequests } from './pullRequests';
import { RequestTimeline, ScaledClock, round } from './measure';

export interface JourneyResult {
  readonly journey: string;
  readonly latencyMs: number;
  /** API requests the sandbox received. */
  readonly requests: number;
  readonly minRequests: number;
  /** Requests that waited for one another (see RequestTimeline.roundTrips). */
  readonly roundTrips: number;
  readonly minRoundTrips: number;
  /** roundTrips / minRoundTrips; null when the minimum is 0 (and so is the measurement). */
  readonly ratio: number | null;
  readonly wallMs: number;
  /** Response bytes received (uncompressed), and the same requests without `fields`/`omit`. */
  readonly bytes: number;
  readonly bytesUnshaped: number;
  readonly note?: string;
}

/** Watcher time runs this much faster than real time in the build journey. */
export const WATCH_TIME_SCALE = 10;
/** Real ms between two build states in the sandbox: 8 s of watcher time, a 40 s build. */
const BUILD_STEP_MS = 800;
const PAGE_SIZE = 100;
const HOVER_LINE = 'See [the usage guide](https://widgets.readthedocs.io/en/latest/usage.html#usage) before you start.';

/**
 * The journeys a person makes, through the real core code paths (tree loader and model, client,
 * polling watcher, hover pipeline) against the sandbox over HTTP with `latencyMs` per response.
 */
export async function runJourneys(latencyMs: number): Promise<JourneyResult[]> {
  const sandbox = await startSandbox({ latencyMs, buildStepMs: BUILD_STEP_MS });
  const client = new ReadTheDocsClient({
    edition: 'community',
    baseUrl: sandbox.origin,
    getToken: () => sandbox.tokens.owner,
    userAgent: 'readthedocs-vscode-bench/0',
    pageSize: PAGE_SIZE,
    requestsPerMinute: 60,
    logger: silentLogger,
  });
  const timeline = RequestTimeline.attach(client);
  const model = new TreeModel(new TreeLoader({ editions: { signedIn: ['community'], client: () => client }, filters: new TreeFilters(), logger: silentLogger }));
  const results: JourneyResult[] = [];

  async function measure<T>(journey: string, min: { requests: number; roundTrips: number }, run: () => Promise<T>, note?: string): Promise<T> {
    sandbox.clearLog();
    timeline.clear();
    const started = performance.now();
    const value = await run();
    const wallMs = performance.now() - started;
    const requests = sandbox.requests.filter((r) => r.path.startsWith('/api/v3/')).length;
    const roundTrips = timeline.roundTrips();
    const bytes = await journeyBytes(sandbox.origin, [...sandbox.requests]);
    results.push({
      journey, latencyMs, requests, minRequests: min.requests, roundTrips, minRoundTrips: min.roundTrips,
      ratio: min.roundTrips === 0 ? (roundTrips === 0 ? null : Infinity) : round(roundTrips / min.roundTrips, 2),
      wallMs: round(wallMs), ...bytes, note,
    });
    return value;
  }

  try {
    // Warm-up outside the measurements: undici's first import and the first connection.
    await client.verifyToken();

    const roots = await measure('open the explorer (projects listed)', { requests: 1, roundTrips: 1 }, () => model.getChildren(undefined));
    const widgets = roots.find((n): n is NodeOfKind<'project'> => n.kind === 'project' && n.project.slug === 'widgets');
    if (!widgets) throw new Error('widgets is not in the tree');

    const folders = await measure('expand a project (its folders)', { requests: 0, roundTrips: 0 }, () => model.getChildren(widgets));
    const folder = (kind: string) => {
      const node = folders.find((n): n is NodeOfKind<'folder'> => n.kind === 'folder' && n.folder === kind);
      if (!node) throw new Error(`no ${kind} folder`);
      return node;
    };

    // widgets: 281 listed versions, 114 active. The view shows every active version first, then
    // the inactive ones of the first page, then "Load more".
    const versions = folder('versions');
    await measure('open Versions of widgets (281), first time', { requests: 3, roundTrips: 3 }, () => model.getChildren(versions),
      'page 1, then active p1 (the length is learnt from page 1), then active p2');
    model.invalidate(versions);
    let children = await measure('open Versions of widgets (281), known long', { requests: 3, roundTrips: 2 }, () => model.getChildren(versions),
      'page 1 ∥ active p1, then active p2: a list known to exceed a page asks both at once');
    const shown = () => children.filter((n) => n.kind === 'version').length;
    const firstScreen = shown();
    await measure('Versions: Load more until all 281', { requests: 2, roundTrips: 1 }, async () => {
      for (let more = children.find(isLoadMore); more; more = children.find(isLoadMore)) {
        await model.loadMore(more);
        children = model.loadedChildren(versions) as DocsNode[];
      }
    }, 'pages 2 ∥ 3 by offset');
    if (shown() !== 281) throw new Error(`versions shown: ${shown()} (first screen ${firstScreen})`);

    const builds = await measure('open Builds of widgets', { requests: 1, roundTrips: 1 }, () => model.getChildren(folder('builds')));
    if (!builds.some((n) => n.kind === 'build')) throw new Error('no builds');

    // Trigger, then the watcher's real schedule (5 s floor, ×1.5 while unchanged) on a clock 10× faster.
    const clock = new ScaledClock(WATCH_TIME_SCALE);
    const watcher = new PollingBuildWatcher({ clientOf: () => client, floorSeconds: () => 5, clock, logger: silentLogger });
    let watchedStates: string[] = [];
    await measure('trigger a build and watch it to the end', { requests: 2, roundTrips: 2 }, async () => {
      const { build } = await client.builds.trigger('widgets', 'latest');
      watchedStates = [build.state];
      const done = new Promise<void>((resolve) => watcher.onDidFinish(() => resolve()));
      watcher.onDidUpdate((w) => watchedStates.push(w.build.state));
      watcher.watch('community', 'widgets', build);
      await done;
    }, `40 s build (5 steps of 8 s) in watcher time, run ${WATCH_TIME_SCALE}× faster`);
    watcher.dispose();
    const watch = results[results.length - 1];
    results[results.length - 1] = { ...watch, note: `${watch.note}; states seen: ${[...new Set(watchedStates)].join(' → ')}; watcher time ${round((watch.wallMs * WATCH_TIME_SCALE) / 1000)} s` };

    // The hover, as EmbedHoverProvider does it: link detection, the section through the
    // EmbedService's cache (hover.cacheMinutes = 5), sanitising HTML to Markdown, the hover text.
    const service = new EmbedService({
      matcher: new DocHostMatcher(),
      cacheMinutes: () => 5,
      fetchSection: (_edition, pageUrl, embed, signal) => client.embed.section(pageUrl, embed, { signal, priority: 'user' }),
    });
    // The hover text cache of EmbedHoverProvider, with the converter timed and counted.
    const markdownMs: number[] = [];
    const texts = new SectionHoverCache((html, pageUrl) => {
      const converting = performance.now();
      const markdown = htmlToMarkdown(html, { pageUrl });
      markdownMs.push(performance.now() - converting);
      return markdown;
    });
    const hover = async () => {
      const link = service.linkAt(HOVER_LINE, HOVER_LINE.indexOf('usage.html'));
      if (!link) throw new Error('no docs link found');
      const { section } = await service.section(link.url, link.host.edition);
      if (!texts.textOf(link.url, section)) throw new Error('empty hover');
      return section.contentHtml.length;
    };
    const htmlChars = await measure('hover a docs link (cold)', { requests: 1, roundTrips: 1 }, hover);
    const coldConversions = markdownMs.length;
    await measure('hover a docs link (warm)', { requests: 0, roundTrips: 0 }, hover);
    const warmConversions = markdownMs.length - coldConversions;
    if (warmConversions !== 0) throw new Error(`a warm hover converted HTML ${warmConversions} time(s)`);
    const [cold, warm] = results.slice(-2);
    results.splice(-2, 2,
      { ...cold, note: `embed request, then ${htmlChars} chars of HTML → Markdown in ${round(markdownMs[0])} ms (${coldConversions} conversion)` },
      { ...warm, note: `section from the EmbedService cache, hover text from SectionHoverCache: ${warmConversions} conversions` });
    await measureBinding(client, measure);
    await measurePullRequests(client, measure);
  } finally {
    await client.dispose();
    await sandbox.close();
  }
  return results;
}

function isLoadMore(node: DocsNode): node is NodeOfKind<'loadMore'> {
  return node.kind === 'loadMore';
}
