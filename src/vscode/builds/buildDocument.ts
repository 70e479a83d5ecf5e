import * as vscode from 'vscode';
import { errorDetail } from '../../core/api/describeError';
import { renderBuildDocument } from '../../core/builds/buildDocument';
import { type BuildAddress, formatBuildAddress, parseBuildAddress, serverOf, unreachableReason } from '../../core/logs/documentAddress';
import { type OutcomeFacts, buildLabel, buildOutcome, outcomeFactsOfNotices } from '../../core/builds/facts';
import { failureReason } from '../../core/builds/failureReason';
import { type WatchedBuild } from '../../core/builds/watcher';
import { type Build } from '../../core/models/build';
import { isFinal } from '../../core/builds/facts';
import { type Accepted, type BuildRef, accepts } from '../../core/commandArgs';
import { type NodeOfKind } from '../../core/tree/nodes';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { parseLogUri } from './logUri';
import { pickProject } from '../tree/pickers';
import { pickBuild } from './pickers';
import { componentLogger } from '../../core/log';
import { abortSignalOf } from '../cancellation';

const BUILD_KIND = 'yaml';

/**
 * `readthedocs-build://app.readthedocs.org/community/widgets/build-123.yaml` (the extension picks
 * the YAML highlighting): the authority is the server of `origin`, the edition's base URL now.
 */
/** The scheme of the read-only build documents. */
export const BUILD_SCHEME = 'readthedocs-build';

/** What `readthedocs.showBuild` accepts: a build row, a project row (a build of it is picked), or a `BuildRef` (a notification's). */
export const acceptsBuild = accepts.either(accepts.nodeOf('build', 'project'), accepts.buildRef);
export type BuildArg = Accepted<typeof acceptsBuild>;

export function buildUri(ref: BuildRef, origin: string | undefined): vscode.Uri {
  return vscode.Uri.from({ scheme: BUILD_SCHEME, ...formatBuildAddress({ ...ref, server: serverOf(origin) }, BUILD_KIND) });
}

export function parseBuildUri(uri: vscode.Uri): BuildAddress | undefined {
  return uri.scheme === BUILD_SCHEME ? parseBuildAddress(uri.authority, uri.path, BUILD_KIND) : undefined;
}

interface Loaded {
  build: Build;
  reason: string | undefined;
  facts: OutcomeFacts;
  host: string;
  /** Set when the build became final: the next read fetches config and reason again. */
  stale: boolean;
}

/**
 * The read-only build documents: fields and resolved config from `builds.get(p, id, expand=config)`,
 * plus the failure reason from the build's notifications. A running build's document follows the
 * watcher's updates without extra requests, and is read once more when the build ends.
 */
export class BuildDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly changed = this.register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;
  private readonly loaded = new Map<string, Loaded>();

  constructor(private readonly services: Services) {
    super();
    this.register(services.builds.onDidUpdate((watched) => this.follow(watched)));
    this.register(vscode.workspace.onDidCloseTextDocument((document) => this.loaded.delete(document.uri.toString())));
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const ref = parseBuildUri(uri);
    if (!ref) return vscode.l10n.t('# Not a Read the Docs build.\n');
    const key = uri.toString();
    const cached = this.loaded.get(key);
    if (cached && !cached.stale) return this.render(ref, cached);
    const client = this.services.editions.client(ref.edition);
    const unreachable = unreachableReason(ref, client?.transport.origin);
    if (unreachable !== undefined || !client) return `# ${unreachable}\n`;
    const cancel = abortSignalOf(token);
    try {
      const build = await client.builds.get(ref.projectSlug, ref.buildId, true, { priority: 'user', signal: cancel.signal });
      let reason: string | undefined;
      let facts: OutcomeFacts = this.services.known.of(ref.edition, ref.projectSlug, build);
      if (buildOutcome(build, facts) === 'failed' || build.state === 'cancelled') {
        const notices = await client.builds.notifications(ref.projectSlug, ref.buildId, { priority: 'user', signal: cancel.signal }).then((page) => page.items, () => []);
        // Its notifications say whether a cancelled build was skipped on purpose (exit 183).
        if (outcomeFactsOfNotices(notices).skipped) facts = { ...facts, skipped: true };
        reason = failureReason(notices);
      }
      const entry: Loaded = { build, reason, facts, host: client.host, stale: false };
      this.loaded.set(key, entry);
      return this.render(ref, entry);
    } catch (error) {
      componentLogger(this.services.logger, 'builds').warn(`could not load ${ref.projectSlug} #${ref.buildId}: ${errorDetail(error)}`);
      return vscode.l10n.t('# Could not load {0}.\n# {1}\n', buildLabel({ id: ref.buildId, version: undefined }, ref.projectSlug), this.services.reporter.describe(error, { host: client.host }));
    } finally {
      cancel.dispose();
    }
  }

  /** The last build loaded for a document (for "Open Build in Browser"). */
  loadedBuild(uri: vscode.Uri): Build | undefined {
    return this.loaded.get(uri.toString())?.build;
  }

  private render(ref: BuildAddress, entry: Loaded): string {
    return renderBuildDocument({ build: entry.build, projectSlug: ref.projectSlug, host: entry.host, reason: entry.reason, facts: entry.facts });
  }

  private follow({ edition, projectSlug, build }: WatchedBuild): void {
    const uri = buildUri({ edition, projectSlug, buildId: build.id }, this.services.editions.origin(edition));
    const entry = this.loaded.get(uri.toString());
    if (!entry) return;
    if (isFinal(build)) entry.stale = true;
    else entry.build = { ...build, config: entry.build.config };
    this.changed.fire(uri);
  }
}

/** `readthedocs.showBuild`: a build node, a `BuildRef` (from a notification), or the palette (edition → project → build). */
export async function showBuild(services: Services, arg?: BuildArg): Promise<vscode.Uri | undefined> {
  const ref = await resolveBuild(services, arg);
  if (!ref) return undefined;
  const uri = buildUri(ref, services.editions.origin(ref.edition));
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { preview: true });
  return uri;
}

/** The build a command is about: a build node, a `BuildRef`, or picked from the palette (edition → project → build). */
export async function resolveBuild(services: Services, arg: BuildArg | undefined): Promise<BuildRef | undefined> {
  if (arg && !('kind' in arg)) return arg;
  if (arg?.kind === 'build') return { edition: arg.edition, projectSlug: arg.projectSlug, buildId: arg.build.id };
  const picked = arg?.kind === 'project' ? { edition: arg.edition, project: arg.project } : await pickProject(services, vscode.l10n.t('Show a build of which project?'));
  if (!picked) return undefined;
  const build = await pickBuild(services.ui, services.editions.requireClient(picked.edition), picked.project.slug, (b) => services.known.of(picked.edition, picked.project.slug, b));
  return build && { edition: picked.edition, projectSlug: picked.project.slug, buildId: build.id };
}

/** `readthedocs.openBuildInBrowser`: the dashboard page of the build shown in the editor (editor title button); returns the page opened. */
export async function openBuildInBrowser(services: Services, documents: BuildDocuments, arg?: vscode.Uri | NodeOfKind<'build'> | BuildRef): Promise<string | undefined> {
  const node = arg && 'kind' in arg ? arg : undefined;
  const named = arg && !(arg instanceof vscode.Uri) && !('kind' in arg) ? arg : undefined;
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  const fromDocument = node || named ? undefined : uri && (parseBuildUri(uri) ?? parseLogUri(uri));
  const ref = node
    ? { edition: node.edition, projectSlug: node.projectSlug, buildId: node.build.id }
    : named ?? fromDocument;
  if (!ref) {
    void services.ui.current.info(vscode.l10n.t('Open a build first (Read the Docs: Show Build).'));
    return undefined;
  }
  // A build document knows its build's page, on the server it was read from.
  let url = (node ? node.build : uri && documents.loadedBuild(uri))?.urls.build;
  if (!url) {
    // Never ask the edition's current server about a build another server numbered.
    const unreachable = fromDocument && unreachableReason(fromDocument, services.editions.origin(fromDocument.edition));
    if (unreachable) {
      void services.ui.current.warn(unreachable);
      return undefined;
    }
    const client = services.editions.client(ref.edition);
    url = (await client?.builds.get(ref.projectSlug, ref.buildId, false, { priority: 'user' }))?.urls.build;
  }
  if (url) {
    await services.ui.current.openExternal(url);
    return url;
  }
  void services.ui.current.warn(vscode.l10n.t('The server gave no page for {0}.', buildLabel({ id: ref.buildId, version: undefined }, ref.projectSlug)));
  return undefined;
}

/**
 * The build a build or log document names, for a command that reads it again; throws (with the
 * reason) when the edition's client now reads from another server than the document's.
 */
export function documentBuild(services: Services, uri: vscode.Uri): BuildAddress | undefined {
  const address = parseBuildUri(uri) ?? parseLogUri(uri);
  const unreachable = address && unreachableReason(address, services.editions.origin(address.edition));
  if (unreachable) throw new Error(unreachable);
  return address;
}
