import { buildFigures } from '../../src/core/buildTimes/figures';
import { FIGURES_STORE_LIMITS, FIGURES_STORE_PREFIX, FiguresCache } from '../../src/core/buildTimes/figuresCache';
import { parseBuild } from '../../src/core/models/build';
import { parseBuildLog } from '../../src/core/models/buildLog';
import { UPLOADED_VERSIONS_LIMITS, UPLOADED_VERSIONS_PREFIX, UploadedVersions } from '../../src/core/upload/uploadedVersions';
import { MAX_STORE_ENTRY_BYTES, type StoreLimits } from '../../src/core/util/boundedStore';
import { formatBytes } from '../../src/core/util/byteSize';
import { MemoryMemento } from '../../test/helpers/memoryMemento';

export interface StoreRow {
  readonly store: string;
  readonly keys: string;
  readonly maxEntries: number;
  readonly maxEntryBytes: string;
  readonly maxTotalBytes: string;
  /** What it holds or writes in the hostile case, measured. */
  readonly measured: string;
}

const capsOf = (limits: StoreLimits) => ({
  maxEntries: limits.maxEntries,
  maxEntryBytes: formatBytes(Math.min(limits.maxEntryBytes ?? MAX_STORE_ENTRY_BYTES, MAX_STORE_ENTRY_BYTES)),
  maxTotalBytes: formatBytes(limits.maxTotalBytes),
});

/** A final build of `commands` distinct commands of its own `build.commands` (Build Times' hostile case). */
function hostileFigures(id: number, commands: number) {
  const start = Date.parse('2026-01-01T00:00:00Z') + id * 86_400_000;
  const lines = Array.from({ length: commands }, (_, i) => `echo build-${id}-step-${i} ${'x'.repeat(150)}`);
  const build = parseBuild({ id, project: 'bench', version: 'latest', state: 'finished', success: true, duration: commands + 10, urls: {} });
  const log = parseBuildLog({
    id, state: 'finished', config: { build: { commands: lines } },
    commands: lines.map((command, i) => ({ id: i + 1, command, exit_code: 0, start_time: new Date(start + i * 1000).toISOString(), end_time: new Date(start + (i + 1) * 1000).toISOString() })),
  });
  return buildFigures({ edition: 'community', build, log });
}

/**
 * Every persisted store with its caps (the numbers the code holds), and what Build Times' cache
 * keeps of 1,200 hostile builds of 2,000 distinct commands each (past its entry cap): per entry,
 * in all, and what one new build writes; the uploaded versions past theirs.
 */
export async function runStores(): Promise<StoreRow[]> {
  const memento = new MemoryMemento();
  const cache = new FiguresCache(memento);
  for (let id = 1; id <= 1_200; id++) cache.set('https://app.readthedocs.org', [hostileFigures(id, 2_000)]);
  const sizes = memento.keys().map((key) => Buffer.byteLength(key) + Buffer.byteLength(JSON.stringify(memento.get(key))));
  memento.updates.length = 0;
  cache.set('https://app.readthedocs.org', [hostileFigures(1_201, 2_000)]);
  const written = memento.updates.length;
  const uploadedMemento = new MemoryMemento();
  const uploaded = new UploadedVersions(uploadedMemento);
  for (let i = 0; i < 600; i++) await uploaded.remember({ server: 'app.readthedocs.org', project: `project-with-a-long-name-${i}`, version: `release-branch-${i}` });
  const uploadedSizes = uploadedMemento.keys().map((key) => Buffer.byteLength(key) + Buffer.byteLength(JSON.stringify(uploadedMemento.get(key))));
  return [
    {
      store: 'Build Times: final builds\' figures (globalState)', keys: `${FIGURES_STORE_PREFIX}<server>#<build>`, ...capsOf(FIGURES_STORE_LIMITS),
      measured: `1,200 builds of 2,000 commands: ${cache.size} kept, ${formatBytes(sizes.reduce((a, b) => a + b, 0))} in all, largest ${formatBytes(Math.max(...sizes))}; a new build writes ${written} keys (itself, the evicted)`,
    },
    { store: 'Uploaded versions (globalState)', keys: `${UPLOADED_VERSIONS_PREFIX}<server, project, version>`, ...capsOf(UPLOADED_VERSIONS_LIMITS), measured: `600 versions remembered: ${uploadedSizes.length} kept, ${formatBytes(uploadedSizes.reduce((a, b) => a + b, 0))} in all, ${formatBytes(Math.max(...uploadedSizes))} an entry` },
  ];
}
