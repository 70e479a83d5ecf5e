import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PreflightError, collectArtifacts } from '../../../src/core/upload/artifacts';
import { writeZip } from '../../../src/core/upload/zipWriter';
import { unzip } from '../../sandbox/upload/unzip';

describe('upload: pre-flight and the zip', () => {
  let root: string;
  let html: string;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'rtd-artifacts-'));
    html = join(root, 'docs', '_build', 'html');
    await mkdir(join(html, '_static'), { recursive: true });
    await mkdir(join(html, '.git'), { recursive: true });
    await writeFile(join(html, 'index.html'), '<h1>Home</h1>');
    await writeFile(join(html, '_static', 'app.js'), 'console.log(1);'.repeat(1000));
    await writeFile(join(html, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    await mkdir(join(root, 'docs', '_build', 'latex'), { recursive: true });
    await writeFile(join(root, 'docs', '_build', 'latex', 'widgets.pdf'), '%PDF-1.4');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const reason = async (promise: Promise<unknown>) => {
    const error = await promise.catch((e: unknown) => e);
    assert.ok(error instanceof PreflightError, String(error));
    return error.reason;
  };

  it('writes the layout the server expects (html/…, pdf/x.pdf), skipping .git, readable by a zip reader and by unzip -t', async () => {
    const entries = await collectArtifacts({ folder: root, html, extras: { pdf: [join(root, 'docs', '_build', 'latex', 'widgets.pdf')] } });
    assert.deepEqual(entries.map((e) => e.name), ['html/_static/app.js', 'html/index.html', 'pdf/widgets.pdf']);
    const zip = join(root, 'out.zip');
    const size = await writeZip(entries, zip);
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(zip);
    assert.equal(bytes.length, size);
    const read = unzip(bytes)!;
    assert.deepEqual(read.map((e) => [e.name, e.data.toString('utf8').slice(0, 13)]), [['html/_static/app.js', 'console.log(1'], ['html/index.html', '<h1>Home</h1>'], ['pdf/widgets.pdf', '%PDF-1.4']]);
    // The system's unzip checks every CRC and the data descriptors.
    assert.match(execFileSync('unzip', ['-t', zip]).toString(), /No errors detected/);
  });

  it('refuses a folder without index.html at its top', async () => {
    await rm(join(html, 'index.html'));
    assert.equal(await reason(collectArtifacts({ folder: root, html })), 'noIndex');
  });

  it('refuses a symbolic link leading out of the folder; keeps one inside', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'rtd-outside-'));
    try {
      await writeFile(join(outside, 'secret.txt'), 'secret');
      await symlink(join(outside, 'secret.txt'), join(html, 'leak.txt'));
      assert.equal(await reason(collectArtifacts({ folder: root, html })), 'linkOutside');
      await rm(join(html, 'leak.txt'));
      await symlink(join(html, 'index.html'), join(html, 'again.html'));
      const entries = await collectArtifacts({ folder: root, html });
      assert.ok(entries.some((e) => e.name === 'html/again.html'));
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('refuses an HTML root that is a link out of the workspace folder', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'rtd-outside-'));
    try {
      await writeFile(join(outside, 'index.html'), 'x');
      await symlink(outside, join(root, 'linked'));
      assert.equal(await reason(collectArtifacts({ folder: root, html: join(root, 'linked') })), 'notInside');
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('refuses two files of one extra format, and a file of the wrong kind', async () => {
    const pdf = join(root, 'docs', '_build', 'latex', 'widgets.pdf');
    await writeFile(join(root, 'other.pdf'), '%PDF');
    assert.equal(await reason(collectArtifacts({ folder: root, html, extras: { pdf: [pdf, join(root, 'other.pdf')] } })), 'severalFiles');
    assert.equal(await reason(collectArtifacts({ folder: root, html, extras: { epub: [pdf] } })), 'wrongExtension');
  });

  it('refuses more than the limit before anything is written (1 GiB by default)', async () => {
    assert.equal(await reason(collectArtifacts({ folder: root, html }, { maxBytes: 1000 })), 'tooLarge');
    const entries = await collectArtifacts({ folder: root, html });
    assert.ok(entries.reduce((s, e) => s + e.size, 0) > 1000);
  });

  it('a cancelled zip stops', async () => {
    const entries = await collectArtifacts({ folder: root, html });
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(writeZip(entries, join(root, 'cancelled.zip'), controller.signal), /abort/i);
  });
});
