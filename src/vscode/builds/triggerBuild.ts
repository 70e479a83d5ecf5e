import * as vscode from 'vscode';
import { buildLabel } from '../../core/builds/facts';
import { type Build } from '../../core/models/build';
import { type Version } from '../../core/models/version';
import { type NodeOfKind, type ProjectRef } from '../../core/tree/nodes';
import { type Services } from '../services';
import { withProgress } from '../ui/progress';
import { resolveVersion } from '../tree/pickers';
import { type BuildsState } from './state';
import { componentLogger } from '../../core/log';
import { accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { registerCommand } from '../commands/register';
import { unlessUploaded } from '../upload/uploadedVersion';

/** `readthedocs.triggerBuild`, registered next to its handler. */
export function registerTriggerBuild(services: Services, state: BuildsState): vscode.Disposable {
  const trigger = new BuildTrigger(services, state);
  return registerCommand(CommandIds.triggerBuild, accepts.nodeOf('version', 'project'), (node) => trigger.run(node), services.reporter);
}

type Target = Pick<ProjectRef, 'edition' | 'projectSlug'> & { readonly version: Version };

/**
 * `readthedocs.triggerBuild`: from a version node, a project node (asks the version, default
 * first) or the palette (edition → project → version). Exactly one POST, never repeated: a
 * second click while the first is on its way is ignored, a failure is explained, not retried.
 */
class BuildTrigger {
  private readonly inFlight = new Set<string>();

  constructor(private readonly services: Services, private readonly state: BuildsState) {}

  async run(node?: NodeOfKind<'version' | 'project'>): Promise<Build | undefined> {
    const target = await this.resolveTarget(node);
    return target ? this.trigger(target, node?.kind === 'version' ? node : undefined) : undefined;
  }

  private resolveTarget(arg: NodeOfKind<'version' | 'project'> | undefined): Promise<Target | undefined> {
    return resolveVersion(this.services, arg, {
      project: vscode.l10n.t('Build which project?'),
      version: (projectSlug) => vscode.l10n.t('Build which version of {0}?', projectSlug),
    });
  }

  /**
   * One POST, never retried: a second could start (and cancel) a build. Every refusal is said once,
   * in the one error-to-words function's words; a version that is gone, or a build that may have
   * started unheard, reloads the tree through the client's write event.
   */
  private async trigger(target: Target, row?: NodeOfKind<'version'>): Promise<Build | undefined> {
    const { services, state } = this;
    const { edition, projectSlug, version } = target;
    const key = `${edition}/${projectSlug}/${version.slug}`;
    if (this.inFlight.has(key)) {
      componentLogger(services.logger, 'builds').debug(`a trigger of ${projectSlug} (${version.slug}) is already on its way; not sending another`);
      return undefined;
    }
    const client = services.editions.requireClient(edition);
    const action = vscode.l10n.t('triggering a build of {0} ({1})', projectSlug, version.slug);
    this.inFlight.add(key);
    let triggered: Awaited<ReturnType<typeof client.builds.trigger>> | undefined;
    try {
      triggered = await unlessUploaded(services, { edition, projectSlug, versionSlug: version.slug }, action, () => {
        state.rememberVersion(edition, projectSlug, version);
        return withProgress(
          vscode.l10n.t('Triggering a build of {0} ({1})…', projectSlug, version.slug),
          () => client.builds.trigger(projectSlug, version.slug, { priority: 'user' }),
        );
      }, row);
    } catch (error) {
      services.reporter.report(error, { action, host: client.host, write: true });
      return undefined;
    } finally {
      this.inFlight.delete(key);
    }
    if (!triggered) return undefined;
    const { build } = triggered;
    state.rememberVersion(edition, projectSlug, triggered.version);
    componentLogger(services.logger, 'builds').info(`triggered ${projectSlug} #${build.id} (${version.slug})`);
    services.builds.watch(edition, projectSlug, build);
    vscode.window.setStatusBarMessage(vscode.l10n.t('$(play) Read the Docs: {0} started', buildLabel(build, projectSlug)), 5000);
    return build;
  }
}
