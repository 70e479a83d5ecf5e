import assert from 'node:assert/strict';
import { describeError } from '../../../src/core/api/describeError';
import { type UploadRefusal, StorageRejectedError, UploadRefusedError, UploadedVersionError } from '../../../src/core/api/errors';
import { errorForResponse } from '../../../src/core/api/responseErrors';
import { gitBuildsStopWords, planWords } from '../../../src/core/upload/plan';
import { uploadWorkflow } from '../../../src/core/upload/workflow';
import { UploadedVersions } from '../../../src/core/upload/uploadedVersions';
import { MemoryMemento } from '../../helpers/memoryMemento';

const request = { method: 'POST', host: 'app.readthedocs.org', path: '/api/v3/upload/initiate/' };

describe('upload: words', () => {
  it('each refusal of the upload calls has its own sentence', () => {
    const expected: Record<UploadRefusal, RegExp> = {
      notEnabled: /beta.*Ask Read the Docs support to enable direct artifacts upload/,
      notAdmin: /Only the project's maintainers/,
      inactive: /not active/,
      tooManyPending: /too many unfinished uploads for this project \(50\)\. Wait for them/,
      inProcess: /already completed or cancelled.*409/,
      fileMissing: /did not find the uploaded file in storage/,
      projectNotFound: /no such project/,
      buildNotFound: /no such upload build/,
    };
    for (const [reason, words] of Object.entries(expected)) {
      assert.match(describeError(new UploadRefusedError(reason as UploadRefusal, 'x', request, 403)), words, reason);
    }
    assert.match(describeError(new StorageRejectedError(403, request)), /expired/);
    assert.match(describeError(new StorageRejectedError(400, request)), /larger than the project allows/);
  });

  it('the build trigger\'s 400 for an uploaded version is UploadedVersionError (not an embed error)', () => {
    const error = errorForResponse(400, { kind: 'json', value: { error: 'Cannot trigger a build for an uploaded version.' } }, undefined, request);
    assert.ok(error instanceof UploadedVersionError);
    assert.match(describeError(error, { action: 'triggering a build of widgets (v1)' }), /Triggering a build of widgets \(v1\) failed: this version is published by uploads/);
  });

  it('the plan names project, target, commit, size, privacy and a dirty tree', () => {
    const words = planWords({
      project: 'widgets', target: { name: 'main', type: 'branch', label: 'branch main' }, commit: 'c'.repeat(40), bytes: 3 * 1024 * 1024,
      files: 12, extras: ['pdf/widgets.pdf'], privacy: 'private', dirty: true, htmlFolder: 'docs/_build/html', notable: [],
    });
    assert.match(words.message, /widgets as branch main/);
    for (const part of [/Commit: c{12}$/m, /docs\/_build\/html \(12 files, 3 MB\)/, /pdf\/widgets\.pdf/, /private/, /uncommitted changes/]) assert.match(words.detail, part);
    assert.doesNotMatch(planWords({ ...wordsInput(), dirty: false, privacy: undefined }).detail, /uncommitted|Privacy/);
    assert.match(gitBuildsStopWords('widgets', 'main').detail, /never builds main from git again/);
  });

  it('the workflow uses the official action with the slug, the folder, the fork guard and the secret', () => {
    const text = uploadWorkflow({ projectSlug: 'widgets', htmlFolder: 'docs/_build/html', tool: 'sphinx', source: 'docs', requirements: 'docs/requirements.txt', defaultBranch: 'main', apiUrl: 'https://app.readthedocs.org/' });
    for (const part of [
      'uses: readthedocs/upload-action@v1', 'project-slug: widgets', 'html-dir: docs/_build/html', 'token: ${{ secrets.READTHEDOCS_TOKEN }}',
      "github.event.pull_request.head.repo.full_name == github.repository", 'branches:\n      - main\n', 'run: python -m sphinx -b html -- "$DOCS_SOURCE" "$HTML_DIR"', 'DOCS_SOURCE: docs\n', 'pull_request:',
    ]) assert.ok(text.includes(part), part);
    assert.ok(!text.includes('api-url'));
    assert.match(uploadWorkflow({ projectSlug: 'w', htmlFolder: 'site', tool: 'mkdocs', source: 'mkdocs.yml', defaultBranch: 'main', apiUrl: 'https://rtd.example.com' }), /api-url: https:\/\/rtd\.example\.com/);
  });

  it('uploaded versions are remembered per server, project and version', async () => {
    const store = new MemoryMemento();
    const uploaded = new UploadedVersions(store);
    const place = { server: 'app.readthedocs.org', project: 'widgets', version: 'main' };
    let heard = 0;
    uploaded.onDidChange(() => heard++);
    assert.equal(uploaded.isUploaded(place), false);
    await uploaded.remember(place);
    await uploaded.remember(place);
    assert.equal(uploaded.isUploaded(place), true);
    assert.equal(heard, 1);
    assert.equal(uploaded.isUploaded({ ...place, server: 'other.example' }), false);
    assert.equal(new UploadedVersions(store).isUploaded(place), true);
  });
});

function wordsInput() {
  return { project: 'p', target: { name: 'main', type: 'branch' as const, label: 'branch main' }, commit: 'c'.repeat(40), bytes: 10, files: 1, extras: [], htmlFolder: 'site', notable: [] };
}
