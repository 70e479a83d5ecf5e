import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startSandbox } from '../../test/sandbox';
import { round } from './measure';

const run = promisify(execFile);
const root = join(__dirname, '..', '..');

export interface UploadFigure { readonly figure: string; readonly value: string | number }

/**
 * A site of about `megabytes` (HTML pages plus incompressible images, as a built site is) zipped in
 * one pass and uploaded to the sandbox, in a child process so the memory figures are the upload's
 * own: time and peak RSS growth of each phase, and the requests (API, storage) the sandbox logged.
 */
export async function runUpload(megabytes = 50): Promise<UploadFigure[]> {
  const site = await mkdtemp(join(tmpdir(), 'rtd-bench-site-'));
  const sandbox = await startSandbox({ buildStepMs: 50 });
  try {
    const page = `<!DOCTYPE html><html><body>${'<p>Widgets are configured in widgets.toml; each one has a name, a size and a colour.</p>\n'.repeat(450)}</body></html>`;
    const pages = Math.round((megabytes * 2 ** 20 * 0.4) / page.length);
    const images = 20;
    const imageBytes = Math.round((megabytes * 2 ** 20 * 0.6) / images);
    for (let i = 0; i < pages; i++) {
      const dir = join(site, 'html', `section-${Math.floor(i / 50)}`);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `page-${i}.html`), page);
    }
    await mkdir(join(site, 'html', '_images'), { recursive: true });
    for (let i = 0; i < images; i++) await writeFile(join(site, 'html', '_images', `figure-${i}.png`), randomBytes(imageBytes));
    await writeFile(join(site, 'html', 'index.html'), page);
    sandbox.clearLog();
    const { stdout } = await run(process.execPath, ['--expose-gc', '--require', 'tsx/cjs', join('bench', 'uploadChild.ts'), sandbox.origin, sandbox.tokens.owner, site], { cwd: root, maxBuffer: 1 << 20 });
    const child = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Record<string, number>;
    const storageHost = new URL(sandbox.storageOrigin).host;
    const api = sandbox.requests.filter((r) => r.host !== storageHost).length;
    const storage = sandbox.requests.filter((r) => r.host === storageHost);
    const mb = (bytes: number) => round(bytes / 2 ** 20, 1);
    return [
      { figure: 'site: files, MB', value: `${child.files}, ${mb(child.bytes)}` },
      { figure: 'zip: MB written (one pass)', value: mb(child.zipBytes) },
      { figure: 'zip: wall ms', value: round(child.zipMs) },
      { figure: 'zip: peak RSS growth MB', value: mb(child.zipPeakRssDeltaBytes) },
      { figure: 'upload (initiate → storage → complete): wall ms', value: round(child.uploadMs) },
      { figure: 'upload: peak RSS growth MB', value: mb(child.uploadPeakRssDeltaBytes) },
      { figure: 'requests: API + storage', value: `${api} + ${storage.length}` },
      { figure: 'storage requests with an Authorization header', value: storage.filter((r) => r.authorization !== undefined).length },
    ];
  } finally {
    await sandbox.close();
    await rm(site, { recursive: true, force: true });
  }
}
