import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import { silentLogger } from '../../src/core/log';
import { Emitter } from '../../src/core/util/events';
import { WorkspaceBinding } from '../../src/core/workspace/binding';
import { folderRepositoryFromDisk } from '../../src/core/workspace/gitDirectory';
import { ProjectCatalog } from '../../src/core/workspace/projectCatalog';
import { gitIn } from '../../test/helpers/git';

type Measure = <T>(journey: string, min: { requests: number; roundTrips: number }, run: () => Promise<T>, note?: string) => Promise<T>;

/**
 * The workspace binding's cost from a real git clone of widgets: cold (the projects list, then
 * the branch's version), with the list already loaded, after a folder event, after a checkout.
 */
export async function measureBinding(client: ReadTheDocsClient, measure: Measure): Promise<void> {
  const repo = mkdtempSync(join(tmpdir(), 'rtd-bench-bind-'));
  const git = gitIn(repo);
  try {
    git('init', '-q', '-b', 'main');
    git('remote', 'add', 'origin', 'git@github.com:example-org/widgets.git');
    writeFileSync(join(repo, 'README.md'), '# widgets\n');
    git('add', '.');
    git('commit', '-q', '-m', 'bench');
    const editionsChanged = new Emitter<void>();
    const folderChanged = new Emitter<void>();
    const editions = { signedIn: ['community' as const], ensureTokens: async () => undefined, client: () => client, onDidChange: editionsChanged.event };
    const catalog = new ProjectCatalog(editions);
    const bind = () => new WorkspaceBinding({
      editions, catalog, logger: silentLogger, entries: () => [],
      folders: { folders: async () => [await folderRepositoryFromDisk(repo)], onDidChange: folderChanged.event },
    });
    const check = (projects: readonly { project: { slug: string }; versionSlug: string | undefined }[], version: string) => {
      if (!projects.some((p) => p.project.slug === 'widgets' && p.versionSlug === version)) throw new Error(`widgets (${version}) not bound`);
    };

    const cold = bind();
    check(await measure('bind the workspace (projects list not loaded)', { requests: 2, roundTrips: 2 }, () => cold.current(), 'one projects list, then latest for main'), 'latest');
    cold.dispose();
    const warm = bind();
    check(await measure('bind the workspace (projects list loaded)', { requests: 1, roundTrips: 1 }, () => warm.current(), 'the match costs 0: only latest for main'), 'latest');
    await measure('binding after a folder/remote event', { requests: 0, roundTrips: 0 }, async () => {
      folderChanged.fire();
      return warm.currentState();
    }, 'list and version held');
    git('checkout', '-q', '-b', 'develop');
    await measure('binding after git checkout', { requests: 1, roundTrips: 1 }, async () => {
      folderChanged.fire();
      check((await warm.currentState()).projects, 'develop');
    }, "the new branch's version");
    warm.dispose();
    catalog.dispose();
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}
