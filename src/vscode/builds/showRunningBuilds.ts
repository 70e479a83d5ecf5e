import * as vscode from 'vscode';
import { buildLabel } from '../../core/builds/facts';
import { type WatchedBuild } from '../../core/builds/watcher';
import { CommandIds } from '../../core/commandIds';
import { type Services } from '../services';
import { type BuildRef } from '../../core/commandArgs';
import { nodeIds } from '../../core/tree/nodes';
import { errorDetail } from '../../core/api/describeError';
import { componentLogger } from '../../core/log';

/**
 * `readthedocs.showRunningBuilds` (the status bar item's click): reveals every running build in the
 * tree, the newest last so it ends up selected. Builds the tree cannot reveal are offered in a
 * quick pick that opens the build document instead.
 */
export async function showRunningBuilds(services: Services): Promise<void> {
  const running = [...services.builds.running].sort((a, b) => a.build.id - b.build.id);
  if (running.length === 0) {
    void services.ui.current.info(vscode.l10n.t('No Read the Docs build is running.'));
    return;
  }
  const missed: WatchedBuild[] = [];
  for (const watched of running) {
    const id = nodeIds.build(nodeIds.project(nodeIds.edition(watched.edition), watched.projectSlug), watched.build.id);
    try {
      await services.tree.reveal(id);
    } catch (error) {
      componentLogger(services.logger, 'builds').debug(`could not reveal ${watched.projectSlug} #${watched.build.id}: ${errorDetail(error)}`);
    }
    // Not in the tree (filtered out, beyond "Load more", under an organization not loaded): offer it below.
    if (!services.tree.find(id)) missed.push(watched);
  }
  if (missed.length === 0) return;
  const picked = missed.length === 1 ? { watched: missed[0] } : await services.ui.current.quickPick(
    missed.map((watched) => ({ label: buildLabel(watched.build, watched.projectSlug), description: watched.build.stateName, watched })),
    { placeHolder: vscode.l10n.t('Show which running build?') },
  );
  if (!picked) return;
  const { edition, projectSlug, build } = picked.watched;
  await vscode.commands.executeCommand(CommandIds.showBuild, { edition, projectSlug, buildId: build.id } satisfies BuildRef);
}
