// Run by bench/lib/upload.ts in its own process (node --expose-gc --require tsx/cjs), so the memory
// figures are this upload's alone: zips the site at argv[4] in one pass, uploads it to the sandbox
// at argv[2] (initiate → storage → complete) and prints one JSON line.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ReadTheDocsClient } from '../src/core/api/client';
import { silentLogger } from '../src/core/log';
import { collectArtifacts } from '../src/core/upload/artifacts';
import { runUpload } from '../src/core/upload/run';
import { writeZip } from '../src/core/upload/zipWriter';

async function main(): Promise<void> {
  const [origin, token, site] = process.argv.slice(2);
  const gc = (globalThis as { gc?: () => void }).gc;
  const client = new ReadTheDocsClient({ edition: 'community', baseUrl: origin, getToken: () => token, userAgent: 'readthedocs-vscode-bench/0', requestsPerMinute: 60, logger: silentLogger });
  const out = await mkdtemp(join(tmpdir(), 'rtd-bench-zip-'));
  try {
    const entries = await collectArtifacts({ folder: site, html: join(site, 'html') });
    gc?.();
    const measure = async <T>(run: () => Promise<T>) => {
      gc?.();
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 2);
      const started = performance.now();
      const value = await run();
      const ms = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      return { value, ms, peakRssDeltaBytes: peak - baseline };
    };
    const zipPath = join(out, 'artifacts.zip');
    const zip = await measure(() => writeZip(entries, zipPath));
    const upload = await measure(() => runUpload(client, { project: 'widgets', version: { name: 'bench-upload', type: 'branch', commit: 'e'.repeat(40) }, zipPath, zipSize: zip.value }, silentLogger));
    console.log(JSON.stringify({
      files: entries.length, bytes: entries.reduce((s, e) => s + e.size, 0), zipBytes: zip.value,
      zipMs: zip.ms, zipPeakRssDeltaBytes: zip.peakRssDeltaBytes, uploadMs: upload.ms, uploadPeakRssDeltaBytes: upload.peakRssDeltaBytes,
    }));
  } finally {
    await rm(out, { recursive: true, force: true });
    await client.dispose();
  }
}

void main();
