import assert from 'node:assert/strict';
import { accepts } from '../../../src/core/commandArgs';
import { parseNotification } from '../../../src/core/models/notification';
import { parseProject } from '../../../src/core/models/project';
import { parseVersion } from '../../../src/core/models/version';
import { countsTowardBadge } from '../../../src/core/notices/facts';
import { noticeIcon, noticeText } from '../../../src/core/models/notification';
import { presentNotice } from '../../../src/core/tree/itemPresenters';
import { type WorkspaceProject } from '../../../src/core/workspace/binding';
import { noticeRows } from '../../../src/core/notices/noticeRows';
import { workspaceRows } from '../../../src/core/workspace/workspaceRows';

const notice = (id: number, type: string, fields: { header?: string; body?: string; dismissable?: boolean; state?: string } = {}) => parseNotification({
  id, state: fields.state ?? 'unread', dismissable: fields.dismissable ?? false,
  message: { id: `project:test:${id}`, header: fields.header ?? `Header ${id}`, body: fields.body ?? `Body <b>${id}</b>`, type },
});

describe('project notices (core/notices, the Notices folder and rows)', () => {
  it('reads the serializer\'s fields: message id, type, state, dismissable', () => {
    const n = parseNotification({ id: 7, state: 'read', dismissable: true, message: { id: 'project:webhooks:deprecated', header: 'H', body: '<p>B</p>', type: 'warning' } });
    assert.deepEqual(n, { id: 7, state: 'read', dismissable: true, messageId: 'project:webhooks:deprecated', header: 'H', bodyHtml: '<p>B</p>', type: 'warning' });
    assert.equal(parseNotification({ id: 1 }).dismissable, false, 'absent means not dismissable');
  });

  it('shows the type as an icon and counts only unread errors and warnings toward the badge', () => {
    assert.deepEqual(['error', 'warning', 'info', 'note', 'tip'].map((type) => noticeIcon({ type }).icon), ['error', 'warning', 'info', 'info', 'lightbulb']);
    assert.equal(noticeIcon({ type: 'error' }).color, 'errorForeground');
    assert.deepEqual(['error', 'warning', 'info', 'tip'].map((type) => countsTowardBadge({ type, state: 'unread' })), [true, true, false, false]);
    assert.equal(countsTowardBadge({ type: 'error', state: 'read' }), false);
  });

  it('turns the server\'s HTML into plain text: tags and scripts gone, entities decoded', () => {
    const text = noticeText({ header: 'Builds <em>off</em>', bodyHtml: 'Fix it &amp; <a href="javascript:alert(1)">re-enable</a><script>alert(2)</script>' });
    assert.deepEqual(text, { header: 'Builds off', body: 'Fix it & re-enable' });
  });

  it('presents a tree row whose tooltip escapes the remote text (no link, no command)', () => {
    const row = presentNotice(notice(3, 'warning', { header: '[click](command:workbench.action.quit)', body: '*bold* <img src=x onerror=alert(1)>' }));
    assert.equal(row.label, '[click](command:workbench.action.quit)');
    assert.equal(row.icon, 'warning');
    assert.ok(row.tooltip?.includes('\\[click\\]'), `brackets escaped, so no link: ${row.tooltip}`);
    assert.ok(row.tooltip?.includes('\\*bold\\*'), row.tooltip);
    assert.ok(!row.tooltip?.includes('<img'), row.tooltip);
  });

  it('adds a Notices row under each bound project with a row per unread notice; Dismiss only where the server allows it', () => {
    const project = parseProject({ id: 1, slug: 'widgets', name: 'Widgets', repository: { url: 'https://github.com/example-org/widgets', type: 'git' } });
    const bound: WorkspaceProject = {
      edition: 'community', project, folderPath: '/w', branch: 'main', versionSlug: 'latest', by: 'remote',
      branchVersion: { kind: 'active', branch: 'main', version: parseVersion({ id: 2, slug: 'latest', verbose_name: 'latest', identifier: 'main', active: true, type: 'branch' }) },
    };
    const state = { projects: [bound], unmatched: [], problems: [], invalidEntries: [] };
    const rowsWith = (held: ReturnType<typeof notice>[] | undefined) => workspaceRows(state, [noticeRows(() => held)], 0, 1)[0]!.children!.find((r) => r.label === 'Notices');
    assert.equal(rowsWith(undefined), undefined, 'no row until the notices are read');
    assert.equal(rowsWith([])!.description, 'none unread');
    const notices = rowsWith([notice(1, 'error'), notice(2, 'warning', { dismissable: true })])!;
    assert.deepEqual(notices.children!.map((r) => [r.label, r.description, r.icon?.id, r.contextValue]), [
      ['Header 1', 'Body 1', 'error', 'readthedocs:notice'],
      ['Header 2', 'Body 2', 'warning', 'readthedocs:notice +dismissable'],
    ]);
    assert.deepEqual(accepts.noticeRef(notices.children![1]), { edition: 'community', projectSlug: 'widgets', notice: notices.children![1]!.noticeRef!.notice, projectId: undefined });
  });

  it('Dismiss accepts a tree notice row (with its project id) or a workspace notice row, nothing else', () => {
    const n = notice(4, 'info', { dismissable: true });
    const treeRow = { kind: 'notice', id: 'community/project:widgets/notices/notice:4', edition: 'community', parentId: 'community/project:widgets/notices', projectSlug: 'widgets', projectId: 'community/project:widgets', notice: n };
    assert.deepEqual(accepts.noticeRef(treeRow), { edition: 'community', projectSlug: 'widgets', notice: n, projectId: 'community/project:widgets' });
    assert.equal(accepts.noticeRef({ edition: 'community', projectSlug: 'widgets', notice: { id: '4' } }), undefined);
    assert.equal(accepts.noticeRef({ edition: 'elsewhere', projectSlug: 'widgets', notice: n }), undefined);
    assert.equal(accepts.noticeRef(undefined), undefined);
  });
});
