import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, mkdir, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_FOLDER_DEPTH, PreflightError, type ZipEntry, collectArtifacts, zipNameProblem } from '../../../src/core/upload/artifacts';
import { listingOf, planWords } from '../../../src/core/upload/plan';
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
    const bytes = readFileSync(zip);
    assert.equal(bytes.length, size);
    const read = unzip(bytes)!;
    assert.deepEqual(read.map((e) => [e.name, e.data.toString('utf8').slice(0, 13)]), [['html/_static/app.js', 'console.log(1'], ['html/index.html', '<h1>Home</h1>'], ['pdf/widgets.pdf', '%PDF-1.4']]);
    // The system's unzip checks every CRC and the data descriptors.
    assert.match(execFileSync('unzip', ['-t', zip]).toString(), /No errors detected/);
  });

  it('files read whole (small) and streamed (larger than 64 KB, several reads) come back byte for byte, empty ones too', async () => {
    const large = Buffer.concat([randomBytes(200 * 1024), Buffer.from('<p>words</p>'.repeat(20_000))]);
    await writeFile(join(html, '_static', 'large.bin'), large);
    await writeFile(join(html, 'empty.html'), '');
    const entries = await collectArtifacts({ folder: root, html });
    const zip = join(root, 'out.zip');
    await writeZip(entries, zip);
    const read = new Map(unzip(readFileSync(zip))!.map((e) => [e.name, e.data]));
    assert.ok(read.get('html/_static/large.bin')!.equals(large));
    assert.equal(read.get('html/empty.html')!.length, 0);
    assert.equal(read.get('html/index.html')!.toString(), '<h1>Home</h1>');
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

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.catch((e: unknown) => e);
    assert.ok(error instanceof PreflightError, String(error));
    return error;
  };
  const zipped = async (entries: readonly ZipEntry[]) => {
    const zip = join(root, 'out.zip');
    await writeZip(entries, zip);
    return new Map(unzip(readFileSync(zip))!.map((e) => [e.name, e.data.toString('utf8')]));
  };

  it('a folder link leading out of the HTML output, even into the workspace folder, refuses the upload and names the link', async () => {
    await writeFile(join(root, '.env'), 'TOKEN=secret');
    await mkdir(join(root, 'src'));
    await writeFile(join(root, 'src', 'app.py'), 'print(1)');
    await symlink(join('..', '..', '..'), join(html, 'up'));
    const error = await refusal(collectArtifacts({ folder: root, html }));
    assert.equal(error.reason, 'linkOutside');
    assert.match(error.message, /^html\/up is a link leading out of the HTML folder/);
    // A link to a file of the repository beside the output is refused as well.
    await rm(join(html, 'up'));
    await symlink(join(root, 'src', 'app.py'), join(html, 'app.py'));
    assert.match((await refusal(collectArtifacts({ folder: root, html }))).message, /html\/app\.py is a link leading out/);
    await rm(join(html, 'app.py'));
    await symlink(join(html, 'gone'), join(html, 'dangling'));
    assert.match((await refusal(collectArtifacts({ folder: root, html }))).message, /html\/dangling is a link leading out of the HTML folder \(to nothing\)/);
  });

  it('a folder link a -> z inside the output zips z under both names; z is never left out', async () => {
    await mkdir(join(html, 'z'));
    await writeFile(join(html, 'z', 'page.html'), 'zed');
    await symlink('z', join(html, 'a'));
    const entries = await collectArtifacts({ folder: root, html });
    assert.deepEqual(entries.map((e) => e.name), ['html/_static/app.js', 'html/a/page.html', 'html/index.html', 'html/z/page.html']);
    const files = await zipped(entries);
    assert.equal(files.get('html/a/page.html'), 'zed');
    assert.equal(files.get('html/z/page.html'), 'zed');
  });

  it('a link to a folder that holds it refuses the upload instead of repeating (and instead of being skipped)', async () => {
    await mkdir(join(html, 'z'));
    await symlink('..', join(html, 'z', 'back'));
    const error = await refusal(collectArtifacts({ folder: root, html }));
    assert.equal(error.reason, 'linkLoop');
    assert.match(error.message, /^html\/z\/back is a link to a folder that holds it/);
  });

  it('a file swapped for a link, or for a FIFO, between the plan and the zip refuses the zip', async () => {
    const entries = await collectArtifacts({ folder: root, html });
    const app = join(html, '_static', 'app.js');
    await rm(app);
    await symlink(join(root, 'docs', '_build', 'latex', 'widgets.pdf'), app);
    const error = await refusal(writeZip(entries, join(root, 'out.zip')));
    assert.equal(error.reason, 'changed');
    assert.match(error.message, /^html\/_static\/app\.js changed after the plan was shown \(it is no longer the file that was listed\): nothing was sent/);
    await rm(app);
    execFileSync('mkfifo', [app]);
    assert.equal((await refusal(writeZip(entries, join(root, 'out.zip')))).reason, 'changed');
  });

  it('a file grown (15 B to 8 MB) or shrunk between the plan and the zip refuses the zip, saying both sizes', async () => {
    await writeFile(join(html, 'index.html'), '<h1>Home</h1>\n\n');
    const entries = await collectArtifacts({ folder: root, html });
    assert.equal(entries.find((e) => e.name === 'html/index.html')!.size, 15);
    await writeFile(join(html, 'index.html'), Buffer.alloc(8 * 1024 * 1024, 'x'));
    assert.match((await refusal(writeZip(entries, join(root, 'out.zip')))).message, /^html\/index\.html changed after the plan was shown \(from 15 B to 8 MB\)/);
    await truncate(join(html, 'index.html'), 3);
    assert.match((await refusal(writeZip(entries, join(root, 'out.zip')))).message, /from 15 B to 3 B/);
    // The same bytes again: zipped as planned.
    await writeFile(join(html, 'index.html'), '<h1>Home</h1>\n\n');
    assert.equal((await zipped(entries)).get('html/index.html'), '<h1>Home</h1>\n\n');
  });

  it('refuses names a zip reader would read as a path or as another name: a backslash, a control character, bytes that are not UTF-8', async () => {
    await writeFile(join(html, '_static', 'a\\b.html'), 'x');
    let error = await refusal(collectArtifacts({ folder: root, html }));
    assert.equal(error.reason, 'badName');
    assert.match(error.message, /^html\/_static\/a\\b\.html has a backslash in its name/);
    await rm(join(html, '_static', 'a\\b.html'));
    await writeFile(join(html, 'line\nbreak.html'), 'x');
    assert.match((await refusal(collectArtifacts({ folder: root, html }))).message, /^html\/line\\x0abreak\.html has a control character/);
    await rm(join(html, 'line\nbreak.html'));
    // Latin-1 "café.html" (0xE9), as an older tool may write it: not UTF-8.
    await writeFile(Buffer.concat([Buffer.from(`${html}/caf`), Buffer.from([0xe9]), Buffer.from('.html')]), 'x');
    error = await refusal(collectArtifacts({ folder: root, html }));
    assert.equal(error.reason, 'badName');
    assert.match(error.message, /^html\/caf\uFFFD\.html has a name that is not UTF-8 text/);
    // U+FFFD itself, written as UTF-8, is a name like any other.
    await rm(Buffer.concat([Buffer.from(`${html}/caf`), Buffer.from([0xe9]), Buffer.from('.html')]));
    await writeFile(join(html, 'caf\uFFFD.html'), 'x');
    assert.ok((await collectArtifacts({ folder: root, html })).some((e) => e.name === 'html/caf\uFFFD.html'));
  });

  it('refuses folders nested deeper than MAX_FOLDER_DEPTH under the HTML root; takes them up to it', async () => {
    let dir = html;
    for (let i = 1; i < MAX_FOLDER_DEPTH; i++) dir = join(dir, 'd');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'deepest.html'), 'x');
    assert.ok((await collectArtifacts({ folder: root, html })).some((e) => e.name.endsWith('/d/deepest.html')));
    await mkdir(join(dir, 'd'));
    await writeFile(join(dir, 'd', 'deeper.html'), 'x');
    const error = await refusal(collectArtifacts({ folder: root, html }));
    assert.equal(error.reason, 'tooDeep');
    assert.match(error.message, new RegExp(`is more than ${MAX_FOLDER_DEPTH} folders deep`));
  });

  it('zipNameProblem: absolute names, drive letters, dot parts, empty parts and backslashes are refused; other names pass', () => {
    for (const name of ['/etc/passwd', 'C:/x.pdf', 'c:x.pdf', 'html/../x', '../x', 'html/./x', 'html//x', 'pdf/a\\b.pdf', 'html/a\u0000b']) assert.ok(zipNameProblem(name), name);
    for (const name of ['html/index.html', 'pdf/widgets manual.pdf', 'html/é/ü.html', 'html/..hidden', 'html/a:b.html']) assert.equal(zipNameProblem(name), undefined, name);
  });

  it('the plan names the output folder, the count, the size and the files that look private or out of place', async () => {
    await writeFile(join(html, '.buildinfo'), 'config: x');
    await writeFile(join(html, '.env'), 'TOKEN=x');
    await mkdir(join(html, '.ssh'));
    await writeFile(join(html, '.ssh', 'config'), 'Host x');
    await writeFile(join(html, '_static', 'server.pem'), 'key');
    const listing = listingOf(await collectArtifacts({ folder: root, html }));
    assert.deepEqual(listing.notable, ['html/.env', 'html/.ssh/config', 'html/_static/server.pem']);
    const words = planWords({ project: 'widgets', target: { name: 'main', type: 'branch', label: 'branch main' }, commit: 'c'.repeat(40), dirty: false, htmlFolder: 'docs/_build/html', ...listing });
    assert.match(words.detail, /^HTML: docs\/_build\/html \(6 files, 15 KB\)$/m);
    assert.match(words.detail, /^Look private or out of place in a website: html\/\.env, html\/\.ssh\/config, html\/_static\/server\.pem$/m);
    const many = planWords({ project: 'w', target: { name: 'main', type: 'branch', label: 'branch main' }, commit: 'c'.repeat(40), dirty: false, htmlFolder: 'site', bytes: 1, files: 10, extras: [], notable: Array.from({ length: 10 }, (_, i) => `html/.f${i}`) });
    assert.match(many.detail, /html\/\.f7 and 2 more$/m);
  });

  it('a cancelled zip stops', async () => {
    const entries = await collectArtifacts({ folder: root, html });
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(writeZip(entries, join(root, 'cancelled.zip'), controller.signal), /abort/i);
  });
});
