import * as vscode from 'vscode';
import { describeError, errorDetail } from '../../core/api/describeError';
import { CancelledError, NotFoundError } from '../../core/api/errors';
import { unreachableReason } from '../../core/logs/documentAddress';
import { buildLabel } from '../../core/builds/facts';
import { failureReason } from '../../core/builds/failureReason';
import { type BuildLog, isLogFinal } from '../../core/models/buildLog';
import { LogFollower } from '../../core/logs/follower';
import { findProblems } from '../../core/logs/problems';
import { type RenderedLog, renderBuildLog } from '../../core/logs/render';
import { type BuildRef } from '../../core/commandArgs';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { parseLogUri } from '../builds/logUri';
import { abortSignalOf } from '../cancellation';

interface Entry {
  readonly ref: BuildRef;
  log: BuildLog | undefined;
  /** The build is not public: v2 answers 404 and the log is only in the dashboard. */
  unavailable: boolean;
  rendered: RenderedLog;
  follower: LogFollower | undefined;
}

/**
 * The read-only log documents (`readthedocs-log:`): one per build, one section per command,
 * foldable by command. A running build's document grows as commands finish (a LogFollower polls
 * the v2 JSON in the background budget) and stops polling at the final state or when closed.
 */
export class LogDocuments extends Disposable implements vscode.TextDocumentContentProvider, vscode.FoldingRangeProvider {
  private readonly changed = this.register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly services: Services) {
    super();
    this.register(vscode.workspace.onDidCloseTextDocument((document) => this.forget(document.uri)));
    this.register({ dispose: () => { for (const entry of this.entries.values()) entry.follower?.dispose(); } });
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const ref = parseLogUri(uri);
    if (!ref) return vscode.l10n.t('# Not a Read the Docs build log.\n');
    const cached = this.entries.get(uri.toString());
    if (cached) return cached.rendered.text;
    const client = this.services.editions.client(ref.edition);
    const unreachable = unreachableReason(ref, client?.transport.origin);
    if (unreachable !== undefined || !client) return `# ${unreachable}\n`;
    const cancel = abortSignalOf(token);
    try {
      const log = await client.buildLogs.get(ref.buildId, { priority: 'user', signal: cancel.signal });
      if (log.isUploaded && log.projectSlug && log.versionSlug) void this.services.uploaded.remember({ server: client.host, project: log.projectSlug, version: log.versionSlug });
      // The running command of a watched build, said in its row, comes from this read (none of its own).
      this.services.live.offerLog(ref.edition, ref.projectSlug, log);
      this.services.skipped.learnFromLog(ref.edition, ref.projectSlug, log);
      const entry: Entry = { ref, log, unavailable: false, rendered: { text: '', sections: [] }, follower: undefined };
      await this.render(entry);
      this.entries.set(uri.toString(), entry);
      // A document closed while it loaded is not followed.
      if (!isLogFinal(log) && !token.isCancellationRequested) entry.follower = this.follow(uri, entry, log);
      return entry.rendered.text;
    } catch (error) {
      if (error instanceof NotFoundError) {
        const entry: Entry = { ref, log: undefined, unavailable: true, rendered: { text: unavailableText(ref), sections: [] }, follower: undefined };
        this.entries.set(uri.toString(), entry);
        return entry.rendered.text;
      }
      this.services.logger.warn(`logs: could not load ${ref.projectSlug} #${ref.buildId}: ${errorDetail(error)}`);
      return vscode.l10n.t('# Could not load the log of {0}.\n# {1}\n', buildLabel({ id: ref.buildId, version: undefined }, ref.projectSlug), describeError(error, { host: client.host }));
    } finally {
      cancel.dispose();
    }
  }

  provideFoldingRanges(document: vscode.TextDocument): vscode.FoldingRange[] {
    const rendered = this.entries.get(document.uri.toString())?.rendered;
    return [...rendered?.sections ?? [], ...rendered?.reports ?? []].filter((s) => s.endLine > s.startLine).map((s) => new vscode.FoldingRange(s.startLine, s.endLine, vscode.FoldingRangeKind.Region));
  }

  /** Whether the document's build log is not public (known once the document was read). */
  isUnavailable(uri: vscode.Uri): boolean {
    return this.entries.get(uri.toString())?.unavailable === true;
  }

  private follow(uri: vscode.Uri, entry: Entry, log: BuildLog): LogFollower {
    const client = this.services.editions.client(entry.ref.edition);
    return new LogFollower(log, {
      fetch: (signal) => {
        const current = this.services.editions.client(entry.ref.edition);
        // Signed out or switched off meanwhile: stop following.
        if (!current || current !== client) return Promise.reject(new CancelledError());
        return current.buildLogs.get(entry.ref.buildId, { priority: 'background', signal });
      },
      floorSeconds: () => this.services.settings.current.buildPollSeconds,
      onUpdate: (next) => {
        entry.log = next;
        this.services.live.offerLog(entry.ref.edition, entry.ref.projectSlug, next);
        this.services.skipped.learnFromLog(entry.ref.edition, entry.ref.projectSlug, next);
        void this.render(entry).then(() => this.changed.fire(uri));
      },
      onError: (error) => this.services.logger.debug(`logs: polling ${entry.ref.projectSlug} #${entry.ref.buildId} failed: ${errorDetail(error)}`),
    });
  }

  /** Renders the log, with the failure reason (the strict-mode abort, else the build's notifications) once it failed. */
  private async render(entry: Entry): Promise<void> {
    const log = entry.log!;
    const reason = isLogFinal(log) && log.success === false ? await this.reason(entry.ref, log.commands) : undefined;
    entry.rendered = renderBuildLog({ log, projectSlug: entry.ref.projectSlug, reason, problems: findProblems(log.commands) });
  }

  private async reason(ref: BuildRef, commands: BuildLog['commands']): Promise<string | undefined> {
    const client = this.services.editions.client(ref.edition);
    try {
      return client ? failureReason((await client.builds.notifications(ref.projectSlug, ref.buildId, { priority: 'user' })).items, undefined, commands) : undefined;
    } catch (error) {
      this.services.logger.debug(`logs: no failure reason for ${ref.projectSlug} #${ref.buildId}: ${errorDetail(error)}`);
      return undefined;
    }
  }

  private forget(uri: vscode.Uri): void {
    const entry = this.entries.get(uri.toString());
    entry?.follower?.dispose();
    this.entries.delete(uri.toString());
  }
}

function unavailableText(ref: BuildRef): string {
  const label = buildLabel({ id: ref.buildId, version: undefined }, ref.projectSlug);
  return vscode.l10n.t('# The log of {0} is not available through the API.\n', label)
    + vscode.l10n.t('# Read the Docs serves the logs of private projects and versions only in the dashboard (API tokens are not accepted there).\n')
    + vscode.l10n.t('# "Open Build in Browser" opens the build page.\n');
}
