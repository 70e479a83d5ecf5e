import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import { type BuildWatcher } from '../../src/core/builds/watcher';
import { silentLogger } from '../../src/core/log';
import { readBranchHints } from '../../src/core/pulls/branchPullRequest';
import { PullRequests } from '../../src/core/pulls/pullRequests';
import { Emitter } from '../../src/core/util/events';
import { WorkspaceBinding, type WorkspaceProject } from '../../src/core/workspace/binding';
import { folderRepositoryFromDisk } from '../../src/core/workspace/gitDirectory';
import { ProjectCatalog } from '../../src/core/workspace/projectCatalog';
import { gitIn } from '../../test/helpers/git';

type Measure = <T>(journey: string, min: { requests: number; roundTrips: number }, run: () => Promise<T>, note?: string) => Promise<T>;

/**
 * From `git checkout` of a pull request's branch to the "Pull request #N" row, on a real git clone of
 * widgets whose branch carries the GitHub Pull Requests config key: the binding reads the branch's
 * version, then the pull request's builds; nothing while idle. The addons API (a docs host) is
 * left out: it is read after the row shows.
 */
export async function measurePullRequests(client: ReadTheDocsClient, measure: Measure): Promise<void> {
  const repo = mkdtempSync(join(tmpdir(), 'rtd-bench-pr-'));
  const git = gitIn(repo);
  try {
    git('init', '-q', '-b', 'main');
    git('remote', 'add', 'origin', 'git@github.com:example-org/widgets.git');
    writeFileSync(join(repo, 'README.md'), '# widgets\n');
    git('add', '.');
    git('commit', '-q', '-m', 'bench');
    const folderChanged = new Emitter<void>();
    const editions = { signedIn: ['community' as const], ensureTokens: async () => undefined, client: () => client, onDidChange: new Emitter<void>().event };
    const catalog = new ProjectCatalog(editions);
    const binding = new WorkspaceBinding({
      editions, catalog, logger: silentLogger, entries: () => [],
      folders: { folders: async () => [await folderRepositoryFromDisk(repo)], onDidChange: folderChanged.event },
    });
    const watcher = { onDidStartWatching: new Emitter().event, onDidUpdate: new Emitter().event, watch() {} } as unknown as BuildWatcher;
    const prs = new PullRequests({ editions, watcher, logger: silentLogger, readHints: readBranchHints, fetchDocsFile: async () => ({ status: 'missing' }) });
    const widgets = (projects: readonly WorkspaceProject[]) => {
      const bound = projects.find((p) => p.project.slug === 'widgets');
      if (!bound) throw new Error('widgets not bound');
      return bound;
    };
    const row = async () => {
      const bound = widgets((await binding.currentState()).projects);
      await prs.follow(bound);
      return prs.held(bound);
    };
    await row();
    git('checkout', '-q', '-b', 'docs/new-guide');
    git('config', 'branch.docs/new-guide.github-pr-owner-number', 'example-org#widgets#1234');
    const found = await measure('pull-request row after git checkout', { requests: 2, roundTrips: 2 }, async () => {
      folderChanged.fire();
      return row();
    }, "the branch's version (the binding), then versions/1234/builds/");
    if (found?.number !== '1234') throw new Error('pull request #1234 not found');
    await measure('pull-request row while idle', { requests: 0, roundTrips: 0 }, row, 'branch, pull request and HEAD unchanged');
    git('checkout', '-q', '-b', 'fix/commit-only');
    git('reset', '-q', '--hard', 'HEAD');
    await measure('pull-request row after git checkout (no config key)', { requests: 2, roundTrips: 2 }, async () => {
      folderChanged.fire();
      return row();
    }, "the branch's version, then builds/?commit=<HEAD> (no pull request built this commit)");
    prs.dispose();
    binding.dispose();
    catalog.dispose();
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}
