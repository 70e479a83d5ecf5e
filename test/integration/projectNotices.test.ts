// Project notices against the sandbox over HTTP: the unread list (admins only; a 403 is an empty
// list), Dismiss as one PATCH that is never retried, and the held lists the view and badge read.

import assert from 'node:assert/strict';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import { dismissProjectNotice, unreadProjectNotices } from '../../src/core/api/endpoints/notifications';
import { ServerError } from '../../src/core/api/errors';
import { ProjectNotices } from '../../src/core/notices/projectNotices';
import { startSandbox, type Sandbox } from '../sandbox/index';
import { clientFor } from '../helpers/clientFor';

describe('project notices against the sandbox', function () {
  this.timeout(30_000);
  let sb: Sandbox;
  let client: ReadTheDocsClient;

  before(async () => {
    sb = await startSandbox({ buildStepMs: 20 });
    client = clientFor(sb.origin, { token: sb.tokens.owner });
  });
  after(() => sb.close());
  beforeEach(() => sb.reset());

  it('lists the unread notices of a project the caller administers, with their message ids, types and dismissability', async () => {
    const page = await unreadProjectNotices(client, 'widgets');
    assert.deepEqual(page.items.map((n) => [n.messageId, n.type, n.dismissable]), [
      ['project:builds:disabled-due-to-consecutive-failures', 'error', false],
      ['project:webhooks:deprecated', 'warning', true],
      ['project:search:indexing-disabled', 'info', true],
    ]);
    assert.ok(page.items.every((n) => n.state === 'unread'), 'the read one is left out');
    const request = sb.requests.at(-1)!;
    assert.equal(request.path, '/api/v3/projects/widgets/notifications/');
    assert.equal(request.query.state, 'unread');
  });

  it('turns the 403 of a project the caller does not administer into an empty list, not a failure', async () => {
    const page = await unreadProjectNotices(client, 'others-project');
    assert.deepEqual(page.items, []);
    assert.equal(sb.requests.at(-1)!.status, 403);
  });

  it('dismisses with one PATCH {"state": "dismissed"} (204); the notice is no longer unread', async () => {
    const [, warning] = (await unreadProjectNotices(client, 'widgets')).items;
    sb.clearLog();
    await dismissProjectNotice(client, 'widgets', warning!.id);
    assert.deepEqual(sb.requests.map((r) => [r.method, r.path, r.status]), [['PATCH', `/api/v3/projects/widgets/notifications/${warning!.id}/`, 204]]);
    assert.deepEqual(sb.requests[0]!.body, { state: 'dismissed' });
    assert.ok(!(await unreadProjectNotices(client, 'widgets')).items.some((n) => n.id === warning!.id));
  });

  it('never retries a dismissal the server failed (one request, the error surfaces)', async () => {
    const [, warning] = (await unreadProjectNotices(client, 'widgets')).items;
    sb.clearLog();
    sb.addFault({ kind: 'status', status: 503, method: 'PATCH', path: `/api/v3/projects/widgets/notifications/${warning!.id}/`, times: Infinity });
    await assert.rejects(dismissProjectNotice(client, 'widgets', warning!.id), ServerError);
    assert.equal(sb.requests.filter((r) => r.method === 'PATCH').length, 1);
  });

  it('holds the lists read (one request each, none again until forgotten) and counts unread errors and warnings for the badge', async () => {
    const notices = new ProjectNotices({ client: () => client });
    const changes: string[] = [];
    notices.onDidChange((c) => changes.push(c.projectSlug));
    assert.equal(notices.held('community', 'widgets'), undefined);
    sb.clearLog();
    await Promise.all([notices.unread('community', 'widgets'), notices.unread('community', 'widgets'), notices.unread('community', 'others-project')]);
    await notices.unread('community', 'widgets');
    assert.equal(sb.requests.length, 2, sb.requests.map((r) => r.path).join(', '));
    const bound = [{ edition: 'community', projectSlug: 'widgets' }, { edition: 'community', projectSlug: 'others-project' }, { edition: 'community', projectSlug: 'widgets' }] as const;
    assert.equal(notices.problemCount(bound), 2, 'the error and the warning of widgets, counted once');
    const warning = notices.held('community', 'widgets')!.find((n) => n.type === 'warning')!;
    await notices.dismiss('community', 'widgets', warning);
    assert.equal(notices.problemCount(bound), 1);
    assert.deepEqual(notices.held('community', 'widgets')!.map((n) => n.type), ['error', 'info']);
    assert.deepEqual(changes, ['widgets', 'others-project', 'widgets']);
    notices.forget();
    assert.equal(notices.held('community', 'widgets'), undefined);
  });
});
