// Upload Local Build over real HTTP against the sandbox: initiate → storage → complete, no credential to
// the storage host, `failed` after a failed or cancelled storage POST, nothing written retried, every answer's error.

import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import { describeError } from '../../src/core/api/describeError';
import { completeUpload, initiateUpload } from '../../src/core/api/endpoints/upload';
import {
  AuthError, CancelledError, ForbiddenError, NetworkError, RateLimitedError, ServerError, StorageRejectedError, TimeoutError,
  UnexpectedResponseError, UploadRefusedError, UploadedVersionError,
} from '../../src/core/api/errors';
import { failureReason } from '../../src/core/builds/failureReason';
import { silentLogger } from '../../src/core/log';
import { collectArtifacts } from '../../src/core/upload/artifacts';
import { runUpload } from '../../src/core/upload/run';
import { writeZip } from '../../src/core/upload/zipWriter';
import { type Sandbox, startSandbox } from '../sandbox';
import { clientFor } from '../helpers/clientFor';

const COMMIT = 'a'.repeat(40);

describe('integration: upload a local build', function () {
  let sandbox: Sandbox;
  let client: ReadTheDocsClient;
  let folder: string;
  let zipPath: string;
  let zipSize: number;

  before(async () => {
    sandbox = await startSandbox({ buildStepMs: 20, loopbackDocs: true });
    folder = await mkdtemp(join(tmpdir(), 'rtd-upload-'));
    await mkdir(join(folder, '_build', 'html', '_static'), { recursive: true });
    await writeFile(join(folder, '_build', 'html', 'index.html'), '<html><body><h1>Uploaded widgets</h1></body></html>');
    await writeFile(join(folder, '_build', 'html', '_static', 'site.css'), 'body { color: black; }');
    const entries = await collectArtifacts({ folder, html: join(folder, '_build', 'html') });
    zipPath = join(folder, 'artifacts.zip');
    zipSize = await writeZip(entries, zipPath);
  });
  beforeEach(() => {
    sandbox.reset();
    client = clientFor(sandbox.origin, { token: sandbox.tokens.owner });
  });
  afterEach(() => client.dispose());
  after(async () => {
    await sandbox.close();
    await rm(folder, { recursive: true, force: true });
  });

  const upload = (project = 'widgets', options: { signal?: AbortSignal; name?: string; type?: 'branch' | 'tag' | 'external' } = {}) => runUpload(client, {
    project, version: { name: options.name ?? 'feature-upload', type: options.type ?? 'branch', commit: COMMIT }, zipPath, zipSize, signal: options.signal,
  }, silentLogger);
  const storageHost = () => new URL(sandbox.storageOrigin).host;
  const apiHost = () => new URL(sandbox.origin).host;
  const log = () => sandbox.requests.map((r) => `${r.method} ${r.host === storageHost() ? 'storage' : r.path}`);
  const waitFinal = async (id: number) => {
    for (let i = 0; i < 200; i++) {
      const build = sandbox.db.build(id)!;
      if (build.state === 'finished' || build.state === 'cancelled') return build;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('build did not end');
  };

  it('sends initiate → storage → complete (3 API requests and 1 to storage), the token only to the API, and the version is served', async () => {
    const result = await upload();
    assert.deepEqual(log(), ['POST /api/v3/upload/initiate/', 'POST storage', 'POST /api/v3/upload/complete/']);
    const [initiate, storage, complete] = sandbox.requests;
    assert.match(initiate.authorization ?? '', /^Token /);
    assert.match(complete.authorization ?? '', /^Token /);
    assert.equal(storage.authorization, undefined);
    assert.equal(storage.status, 204);
    assert.ok(sandbox.requests.filter((r) => r.authorization !== undefined).every((r) => r.host === apiHost()));
    assert.deepEqual(initiate.body, { project: 'widgets', version: { name: 'feature-upload', type: 'branch', commit: COMMIT } });
    assert.deepEqual(complete.body, { build: result.initiated.build.id, status: 'success' });
    const build = await waitFinal(result.build.id);
    assert.equal(build.success, true);
    const docs = sandbox.docsOrigins.get('widgets')!;
    const page = await fetch(`${docs}/en/${result.initiated.version.slug}/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Uploaded widgets/);
    const css = await fetch(`${docs}/en/${result.initiated.version.slug}/_static/site.css`);
    assert.equal(await css.text(), 'body { color: black; }');
  });

  it('announces both writes on the project (its version\'s builds, its builds), so the views reload', async () => {
    const heard: string[] = [];
    client.onDidWrite((change) => heard.push(`${change.projectSlug} ${change.lists.join('/')}`));
    await upload();
    assert.deepEqual(heard, ['widgets versions/builds', 'widgets builds']);
  });

  it('answers a build request for the uploaded version with UploadedVersionError, in words that offer the upload', async () => {
    const result = await upload();
    await waitFinal(result.build.id);
    const error = await client.builds.trigger('widgets', result.initiated.version.slug).catch((e: unknown) => e);
    assert.ok(error instanceof UploadedVersionError);
    assert.match(describeError(error), /published by uploads.*Upload Local Build/);
  });

  it('publishes a pull request preview as an external version named by its number', async () => {
    const result = await upload('widgets', { name: '42', type: 'external' });
    assert.equal(result.initiated.version.slug, '42');
    assert.equal(result.initiated.version.type, 'external');
  });

  it('a v2 build log of an uploaded build shows the upload commands and is_uploaded', async () => {
    const result = await upload();
    await waitFinal(result.build.id);
    const response = await fetch(`${sandbox.origin}/api/v2/build/${result.build.id}/`);
    const body = await response.json() as { is_uploaded: boolean; commands: { command: string }[] };
    assert.equal(body.is_uploaded, true);
    assert.deepEqual(body.commands.map((c) => c.command), ['Downloading artifacts from storage', 'Extracting artifacts', 'Validating artifacts', 'Syncing artifacts to storage']);
  });

  it('completes as failed when storage refuses, and sends nothing twice', async () => {
    sandbox.db.uploads.maxBytes = 10;
    const error = await upload().catch((e: unknown) => e);
    assert.ok(error instanceof StorageRejectedError);
    assert.equal(error.status, 400);
    assert.deepEqual(log(), ['POST /api/v3/upload/initiate/', 'POST storage', 'POST /api/v3/upload/complete/']);
    const complete = sandbox.requests[2];
    assert.equal((complete.body as { status: string }).status, 'failed');
    assert.equal(complete.status, 200);
    const build = sandbox.db.build((complete.body as { build: number }).build)!;
    assert.deepEqual([build.state, build.success], ['finished', false]);
    assert.ok(sandbox.db.notifications.some((n) => n.build === build.id && n.messageId === 'build:user:artifacts-zip-upload-failed'));
    assert.match(describeError(error), /refused the file \(status 400\)/);
  });

  it('completes as failed after a 5xx or a dropped connection of storage, never retrying the storage POST', async () => {
    // A storage host that fails: the sandbox's faults answer on a path of its API origin before any route.
    const post = (p: Parameters<typeof client.transport.postFile>[0]) => client.transport.postFile({ ...p, url: new URL(`${sandbox.origin}/storage-fault/`) });
    for (const [fault, expected] of [[{ kind: 'status', status: 503 }, ServerError], [{ kind: 'drop' }, NetworkError]] as const) {
      sandbox.reset();
      sandbox.addFault({ ...fault, path: '/storage-fault/', times: Infinity });
      const error = await runUpload(client, { project: 'widgets', version: { name: 'x', type: 'branch', commit: COMMIT }, zipPath, zipSize }, silentLogger, post).catch((e: unknown) => e);
      assert.ok(error instanceof expected, String(error));
      assert.deepEqual(log(), ['POST /api/v3/upload/initiate/', 'POST /storage-fault/', 'POST /api/v3/upload/complete/']);
      assert.equal(sandbox.requests[1].authorization, undefined);
      assert.equal((sandbox.requests[2].body as { status: string }).status, 'failed');
    }
  });

  it('completes as failed when cancelled during the storage POST', async () => {
    const controller = new AbortController();
    // The person cancels while the file is on its way to storage.
    const promise = runUpload(client, {
      project: 'widgets', version: { name: 'cancelled', type: 'branch', commit: COMMIT }, zipPath, zipSize, signal: controller.signal,
      onStorageProgress: () => controller.abort(),
    }, silentLogger);
    const error = await promise.catch((e: unknown) => e);
    assert.ok(error instanceof CancelledError);
    const completes = sandbox.requests.filter((r) => r.path === '/api/v3/upload/complete/');
    assert.equal(completes.length, 1);
    const complete = completes[0];
    // The storage POST was cut short: nothing was stored for the build.
    assert.equal(sandbox.db.uploads.objects.size, 0);
    assert.equal((complete.body as { status: string }).status, 'failed');
    assert.equal(complete.status, 200);
  });

  it('times out a storage host that stops answering, then completes as failed', async () => {
    const post = (p: Parameters<typeof client.transport.postFile>[0]) => client.transport.postFile({ ...p, url: new URL(`${sandbox.origin}/slow/`), idleTimeoutMs: 100 });
    sandbox.addFault({ kind: 'delay', path: '/slow/', delayMs: 1000 });
    const error = await runUpload(client, { project: 'widgets', version: { name: 'slow', type: 'branch', commit: COMMIT }, zipPath, zipSize }, silentLogger, post).catch((e: unknown) => e);
    assert.ok(error instanceof TimeoutError);
    assert.equal((sandbox.requests.at(-1)!.body as { status: string }).status, 'failed');
  });

  it('the sandbox storage host refuses a request carrying an Authorization header, and a policy that does not match', async () => {
    const initiated = await initiateUpload(client, 'widgets', { name: 'auth', type: 'branch', commit: COMMIT });
    const form = () => {
      const data = new FormData();
      for (const [name, value] of initiated.fields) data.append(name, value);
      data.append('file', new Blob([Buffer.from('zip')], { type: 'application/zip' }), 'artifacts.zip');
      return data;
    };
    const withToken = await fetch(initiated.uploadUrl, { method: 'POST', body: form(), headers: { Authorization: `Token ${sandbox.tokens.owner}` } });
    assert.equal(withToken.status, 400);
    const tampered = form();
    tampered.set('key', 'someone-else/artifacts.zip');
    assert.equal((await fetch(initiated.uploadUrl, { method: 'POST', body: tampered })).status, 403);
    assert.equal((await fetch(initiated.uploadUrl, { method: 'POST', body: form() })).status, 204);
  });

  it('a zip the build refuses ends the build failed with its notification as the failure reason (no index.html, several PDFs)', async () => {
    // The site's own index.html, listed as the pre-flight lists it, zipped under other names.
    const index = (await collectArtifacts({ folder, html: join(folder, '_build', 'html') })).find((e) => e.name === 'html/index.html')!;
    for (const [entries, reason] of [
      [[{ ...index, name: 'html/other.html' }], /Index file is not present/],
      [[index, { ...index, name: 'pdf/a.pdf' }, { ...index, name: 'pdf/b.pdf' }], /multiple files/],
    ] as const) {
      const zip = join(folder, 'refused.zip');
      const size = await writeZip(entries, zip);
      const result = await runUpload(client, { project: 'widgets', version: { name: 'refused', type: 'branch', commit: COMMIT }, zipPath: zip, zipSize: size }, silentLogger);
      const build = await waitFinal(result.build.id);
      assert.equal(build.success, false);
      const notifications = await client.builds.notifications('widgets', build.id);
      assert.match(failureReason(notifications.items) ?? '', reason);
    }
  });

  describe('every answer of initiate and complete', () => {
    const refusal = async (project: string, token?: string) => {
      if (token) {
        await client.dispose();
        client = clientFor(sandbox.origin, { token });
      }
      return upload(project).catch((e: unknown) => e);
    };

    it('the beta flag off: 403 with what to do, and no build created', async () => {
      const builds = sandbox.db.builds('gadget-docs').length;
      const error = await refusal('gadget-docs');
      assert.ok(error instanceof UploadRefusedError && error.reason === 'notEnabled');
      assert.match(describeError(error), /Ask Read the Docs support to enable direct artifacts upload/);
      assert.equal(sandbox.db.builds('gadget-docs').length, builds);
      assert.deepEqual(log(), ['POST /api/v3/upload/initiate/']);
    });

    it('not an admin, inactive, unknown project, too many pending', async () => {
      assert.equal(((await refusal('others-project')) as UploadRefusedError).reason, 'notAdmin');
      sandbox.db.project('widgets')!.active = false;
      assert.equal(((await refusal('widgets')) as UploadRefusedError).reason, 'inactive');
      sandbox.db.project('widgets')!.active = true;
      assert.equal(((await refusal('no-such-project')) as UploadRefusedError).reason, 'projectNotFound');
      for (let i = 0; i < 50; i++) {
        const build = sandbox.db.addBuild({ project: 'widgets', version: `pending-${i}`, state: 'triggered' });
        sandbox.db.uploads.pending.set(build.id, sandbox.db.uploads.presign(1, build.id));
      }
      const pending = await refusal('widgets') as UploadRefusedError;
      assert.equal(pending.reason, 'tooManyPending');
      assert.match(describeError(pending), /too many unfinished uploads.*\(50\)/);
    });

    it('409 for a build already completed, 400 for a file not in storage, 404 for an unknown build', async () => {
      const initiated = await initiateUpload(client, 'widgets', { name: 'x', type: 'branch', commit: COMMIT });
      const missing = await completeUpload(client, 'widgets', initiated.build.id, 'success').catch((e: unknown) => e);
      assert.ok(missing instanceof UploadRefusedError && missing.reason === 'fileMissing');
      assert.match(describeError(missing), /did not find the uploaded file/);
      await completeUpload(client, 'widgets', initiated.build.id, 'failed');
      const again = await completeUpload(client, 'widgets', initiated.build.id, 'failed').catch((e: unknown) => e);
      assert.ok(again instanceof UploadRefusedError && again.reason === 'inProcess');
      const unknown = await completeUpload(client, 'widgets', 999_999, 'failed').catch((e: unknown) => e);
      assert.ok(unknown instanceof UploadRefusedError && unknown.reason === 'buildNotFound');
    });

    it('401, a throttled 429 with Retry-After, 5xx, an HTML page, a dropped connection, a timeout: typed, and never re-sent', async () => {
      const cases: [Parameters<Sandbox['addFault']>[0], (e: unknown) => boolean][] = [
        [{ kind: 'status', status: 401, body: { detail: 'Invalid token.' } }, (e) => e instanceof AuthError],
        [{ kind: 'status', status: 403, body: { detail: 'You do not have permission to perform this action.' } }, (e) => e instanceof ForbiddenError],
        [{ kind: 'status', status: 429, body: { detail: 'Request was throttled.' }, headers: { 'Retry-After': '1' } }, (e) => e instanceof RateLimitedError && e.retryAfterSeconds === 1],
        [{ kind: 'status', status: 502 }, (e) => e instanceof ServerError],
        [{ kind: 'html', status: 500 }, (e) => e instanceof ServerError],
        [{ kind: 'html', status: 200 }, (e) => e instanceof UnexpectedResponseError],
        [{ kind: 'drop' }, (e) => e instanceof NetworkError],
      ];
      for (const [fault, isExpected] of cases) {
        sandbox.reset();
        sandbox.addFault({ ...fault, method: 'POST', path: '/api/v3/upload/initiate/' });
        const error = await upload().catch((e: unknown) => e);
        assert.ok(isExpected(error), `${JSON.stringify(fault)} → ${String(error)}`);
        assert.deepEqual(log(), ['POST /api/v3/upload/initiate/'], JSON.stringify(fault));
      }
      sandbox.reset();
      await client.dispose();
      client = clientFor(sandbox.origin, { token: sandbox.tokens.owner, timeoutMs: 100 });
      sandbox.addFault({ kind: 'delay', delayMs: 500, method: 'POST', path: '/api/v3/upload/complete/' });
      const timeout = await upload().catch((e: unknown) => e);
      assert.ok(timeout instanceof TimeoutError);
      assert.equal(sandbox.requests.filter((r) => r.path === '/api/v3/upload/complete/').length, 1);
      assert.match(describeError(timeout, { write: true }), /not re-sent/);
    });

    it('a 429 of the pending cap on a busy server keeps its Retry-After in the words', async () => {
      sandbox.addFault({ kind: 'status', status: 429, method: 'POST', path: '/api/v3/upload/initiate/', body: { detail: 'Too many pending uploads for this project. Finish or cancel some builds before triggering new ones.' }, headers: { 'Retry-After': '30' } });
      const error = await upload().catch((e: unknown) => e);
      assert.ok(error instanceof UploadRefusedError && error.reason === 'tooManyPending');
      assert.match(describeError(error), /Try again in 30 s/);
    });
  });
});
