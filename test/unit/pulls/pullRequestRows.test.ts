import assert from 'node:assert/strict';
import { KNOWN_NOTHING } from '../../../src/core/builds/buildRow';
import { parseProject } from '../../../src/core/models/project';
import { parseVersion } from '../../../src/core/models/version';
import { type PullRequestState } from '../../../src/core/pulls/pullRequests';
import { pullRequestRows, pullRequestSectionRows } from '../../../src/core/pulls/pullRequestRows';
import { branchRows } from '../../../src/core/branchBuilds/branchRows';
import { type WorkspaceProject } from '../../../src/core/workspace/binding';
import { buildPresentation } from '../../../src/core/workspace/workspaceWords';
import { workspaceRows } from '../../../src/core/workspace/workspaceRows';
import { prBuild } from './builders';

const NOW = Date.now();
const project = parseProject({ id: 1, slug: 'widgets', name: 'Widgets', language: { code: 'en', name: 'English' }, repository: { url: 'https://github.com/example-org/widgets', type: 'git' } });
const bound = (fields: Partial<WorkspaceProject> = {}): WorkspaceProject => ({
  edition: 'community', project, folderPath: '/w', branch: 'docs/new-guide', versionSlug: undefined, by: 'remote', branchVersion: { kind: 'missing', branch: 'docs/new-guide' }, ...fields,
});
const page = (filename: string) => ({ filename, current: `https://p/en/1234/${filename}`, base: `https://w/en/latest/${filename}` });
const pr = (fields: Partial<PullRequestState> = {}): PullRequestState => ({ number: '1234', foundBy: 'config', builds: [prBuild(9, '1234'), prBuild(7, '1234', 'finished', false)], addons: undefined, ...fields });

describe('the "Pull request #N" row of This Workspace', () => {
  it('says the state of the latest build, opens its log, and lists preview, log, problems and Rebuild', () => {
    const [row] = pullRequestRows('p', bound(), pr({ addons: { documentationUrl: 'https://widgets--1234.org.readthedocs.build/en/1234/', diff: undefined } }), NOW, () => KNOWN_NOTHING);
    assert.equal(row!.label, 'Pull request #1234');
    assert.match(row!.description!, /^succeeded/);
    assert.deepEqual(row!.action, { kind: 'showLog', edition: 'community', projectSlug: 'widgets', buildId: 9 });
    assert.deepEqual(row!.children!.map((r) => [r.label, r.description]), [
      ['Preview', 'https://widgets--1234.org.readthedocs.build/en/1234/'], ['Build Log', '#9'], ['Show Problems of This Build', undefined], ['Rebuild', 'commit aaaaaaa again'],
    ]);
    assert.deepEqual(row!.children![0]!.action, { kind: 'command', command: 'readthedocs.previewDocs', args: ['https://widgets--1234.org.readthedocs.build/en/1234/'] });
    assert.deepEqual(row!.children![3]!.action, { kind: 'command', command: 'readthedocs.rebuildPullRequest', args: [{ edition: 'community', projectSlug: 'widgets', pullRequest: '1234' }] });
  });

  it('spins while the latest build runs; the preview falls back to the documented address', () => {
    const [row] = pullRequestRows('p', bound(), pr({ builds: [prBuild(10, '1234', 'building', null), prBuild(9, '1234')] }), NOW, () => KNOWN_NOTHING);
    assert.equal(row!.icon?.id, 'sync~spin');
    assert.equal(row!.children![0]!.description, 'https://widgets--1234.org.readthedocs.build/en/1234/');
  });

  it('lists the changed pages, outdated first, each opening both versions; deleted ones without a visual diff', () => {
    const diff = { outdated: true, added: [page('new.html')], modified: [page('usage.html')], deleted: [page('glossary.html')] };
    const [row] = pullRequestRows('p', bound(), pr({ addons: { documentationUrl: undefined, diff } }), NOW, () => KNOWN_NOTHING);
    const changed = row!.children!.find((r) => r.label === 'Changed Pages')!;
    assert.equal(changed.description, '1 added, 1 changed, 1 deleted');
    assert.deepEqual(changed.children!.map((r) => [r.label, r.description, r.contextValue]), [
      ['Out of date: the base version changed after this list was made.', undefined, undefined],
      ['new.html', 'added', 'readthedocs:pullRequestPage'], ['usage.html', 'changed', 'readthedocs:pullRequestPage'], ['glossary.html', 'deleted', undefined],
    ]);
    assert.deepEqual(changed.children![2]!.action, { kind: 'command', command: 'readthedocs.comparePullRequestPage', args: [page('usage.html')] });
  });

  it('lists the deleted pages no redirect catches, each row carrying its folder and page for Add a Redirect', () => {
    const [row] = pullRequestRows('p', bound(), pr({ uncaughtDeletions: [{ filename: 'glossary.html', url: 'https://w/en/latest/glossary.html' }] }), NOW, () => KNOWN_NOTHING);
    const uncaught = row!.children!.find((r) => r.label === 'Deleted Pages Without a Redirect')!;
    assert.equal(uncaught.description, '1');
    const [deleted] = uncaught.children!;
    assert.equal(deleted!.label, 'glossary.html');
    assert.equal(deleted!.contextValue, 'readthedocs:pullRequestDeletedPage');
    assert.deepEqual(deleted!.subject, { folderPath: '/w', filename: 'glossary.html' });
  });

  it('says a private preview cannot be read and offers the build page', () => {
    const build = { ...prBuild(9, '1234'), urls: { build: 'https://app.readthedocs.com/projects/widgets/builds/9/', version: undefined } };
    const [row] = pullRequestRows('p', bound({ edition: 'business' }), pr({ builds: [build], addons: 'unreadable' }), NOW, () => KNOWN_NOTHING);
    const preview = row!.children![0]!;
    assert.equal(preview.label, 'Preview (private)');
    assert.deepEqual(preview.action, { kind: 'command', command: 'readthedocs.openPullRequestInBrowser', args: [{ url: 'https://app.readthedocs.com/projects/widgets/builds/9/' }] });
  });

  it('says when the docs host refused the project\'s private-docs token for the preview, and offers the build page', () => {
    const build = { ...prBuild(9, '1234'), urls: { build: 'https://app.readthedocs.com/projects/widgets/builds/9/', version: undefined } };
    const [row] = pullRequestRows('p', bound({ edition: 'business' }), pr({ builds: [build], addons: 'refused' }), NOW, () => KNOWN_NOTHING);
    const preview = row!.children![0]!;
    assert.equal(preview.label, 'Preview (private)');
    assert.equal(preview.description, 'token refused · open the build page');
    assert.match(String(preview.tooltip), /refused the private-docs token of widgets for this pull request's preview/);
    assert.equal(preview.action?.kind, 'command');
  });

  it('appears under the bound project only with a pull request, in place of "no version for branch" and Sync Versions', () => {
    const state = { projects: [bound()], unmatched: [], problems: [], invalidEntries: [] };
    const sections = (held: () => PullRequestState | undefined) => [branchRows(() => [], () => KNOWN_NOTHING), pullRequestSectionRows(held, () => KNOWN_NOTHING)];
    const withPr = workspaceRows(state, sections(() => pr()), NOW, 1)[0]!;
    assert.deepEqual(withPr.children!.map((r) => r.label), ['Pull request #1234']);
    const without = workspaceRows(state, sections(() => undefined), NOW, 1)[0]!;
    assert.deepEqual(without.children!.map((r) => r.label), ['no version for branch docs/new-guide', 'Sync Versions']);
  });

  it('stands beside the branch row of a branch with a version of its own', () => {
    const state = { projects: [bound({ branch: 'main', versionSlug: 'latest', branchVersion: { kind: 'active', branch: 'main', version: parseVersion({ id: 2, slug: 'latest', verbose_name: 'latest', identifier: 'main', active: true, type: 'branch' }) } })], unmatched: [], problems: [], invalidEntries: [] };
    const rows = workspaceRows(state, [branchRows(() => [], () => KNOWN_NOTHING), pullRequestSectionRows(() => pr(), () => KNOWN_NOTHING)], NOW, 1)[0]!;
    assert.deepEqual(rows.children!.map((r) => r.label), ['main → latest', 'Pull request #1234']);
  });

  it('the status bar says a pull request\'s build in the words of a branch build', () => {
    const { text, tooltip } = buildPresentation('widgets', '#1234', prBuild(9, '1234', 'building', null), NOW, KNOWN_NOTHING);
    assert.equal(text, '$(sync~spin) widgets (#1234) building');
    assert.equal(tooltip, 'Read the Docs: build #9 of widgets (#1234), building. Click to show its log.');
  });
});
