import * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { type BuildRef } from '../../core/commandArgs';
import { buildFinishedMessage, buildOutcome, outcomeLook } from '../../core/builds/facts';
import { failureReason } from '../../core/builds/failureReason';
import { shouldNotify } from '../../core/builds/notify';
import { type WatchedBuild } from '../../core/builds/watcher';
import { CommandIds } from '../../core/commandIds';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { type BuildsState } from './state';
import { nodeIds } from '../../core/tree/nodes';
import { errorDetail } from '../../core/api/describeError';
import { componentLogger } from '../../core/log';

export const OPEN_DOCS = vscode.l10n.t('Open Docs');
export const SHOW_BUILD = vscode.l10n.t('Show Build');
export const SHOW_LOG = vscode.l10n.t('Show Log');

/**
 * Tells the person when a watched build ends, if the `readthedocs.builds.notify` setting wants
 * it (`shouldNotify` decides): succeeded (info), cancelled (warning) or failed (error, with the
 * reason from the build's notifications when there is one), with the duration and the actions
 * "Open Docs", "Show Build" and "Show Log".
 */
export class BuildNotifier extends Disposable {
  constructor(private readonly services: Services, private readonly state: BuildsState) {
    super();
    this.register(services.builds.onDidFinish((watched) => void this.announce(watched)));
  }

  private async announce({ edition, projectSlug, build, startedHere }: WatchedBuild): Promise<void> {
    const { services } = this;
    // A cancelled build may have been skipped by the project (exit 183): known from the watcher's last poll, else one read.
    await services.skipped.settle(edition, projectSlug, build);
    const facts = services.known.of(edition, projectSlug, build);
    const outcome = buildOutcome(build, facts);
    const mode = services.settings.current.buildNotify;
    if (!shouldNotify(mode, { startedHere, outcome })) {
      services.logger.debug(`builds: not announcing ${projectSlug} #${build.id} (${outcome}; notify: ${mode}, ${startedHere ? 'started here' : 'shown by the tree'})`);
      return;
    }
    const reason = outcome === 'failed' ? await this.reason(edition, projectSlug, build.id) : undefined;
    const message = buildFinishedMessage(build, projectSlug, facts, reason);
    const actions = build.version ? [OPEN_DOCS, SHOW_BUILD, SHOW_LOG] : [SHOW_BUILD, SHOW_LOG];
    const ui = services.ui.current;
    const notice = outcome === 'running' ? 'info' : outcomeLook(outcome).notice;
    const show = notice === 'info' ? ui.info : notice === 'warning' ? ui.warn : ui.error;
    const choice = await show.call(ui, message, ...actions);
    if (choice === OPEN_DOCS && build.version) await this.openDocs(edition, projectSlug, build.version);
    if (choice === SHOW_BUILD) await vscode.commands.executeCommand(CommandIds.showBuild, { edition, projectSlug, buildId: build.id } satisfies BuildRef);
    if (choice === SHOW_LOG) await vscode.commands.executeCommand(CommandIds.showBuildLog, { edition, projectSlug, buildId: build.id } satisfies BuildRef);
  }

  /** Why it failed, as plain text; undefined when the server says nothing or cannot be asked. */
  private async reason(edition: Edition, projectSlug: string, buildId: number): Promise<string | undefined> {
    const client = this.services.editions.client(edition);
    if (!client) return undefined;
    try {
      const page = await client.builds.notifications(projectSlug, buildId, { priority: 'background' });
      return failureReason(page.items);
    } catch (error) {
      componentLogger(this.services.logger, 'builds').debug(`no failure reason for ${projectSlug} #${buildId}: ${errorDetail(error)}`);
      return undefined;
    }
  }

  /** The hosted docs of that version: the URL seen earlier, the tree's version node, or one GET. */
  private async openDocs(edition: Edition, projectSlug: string, versionSlug: string): Promise<void> {
    const { services, state } = this;
    let url = state.docsUrl(edition, projectSlug, versionSlug);
    if (!url) {
      const node = services.tree.find(nodeIds.version(nodeIds.project(nodeIds.edition(edition), projectSlug), versionSlug));
      if (node?.kind === 'version') state.rememberVersion(edition, projectSlug, node.version);
      url = state.docsUrl(edition, projectSlug, versionSlug);
    }
    if (!url) {
      try {
        const client = services.editions.client(edition);
        state.rememberVersion(edition, projectSlug, await client?.versions.get(projectSlug, versionSlug, [], { priority: 'user' }));
        url = state.docsUrl(edition, projectSlug, versionSlug);
      } catch (error) {
        services.reporter.report(error, vscode.l10n.t('finding the documentation of {0} ({1})', projectSlug, versionSlug));
        return;
      }
    }
    if (url) await this.services.ui.current.openExternal(url);
    else void services.ui.current.warn(vscode.l10n.t('The server gave no documentation URL for {0} ({1}).', projectSlug, versionSlug));
  }
}
