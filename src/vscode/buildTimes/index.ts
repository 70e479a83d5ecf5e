import * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { BuildTimesService, type BuildTimesTarget } from '../../core/buildTimes/buildTimesService';
import { type FiguresCache } from '../../core/buildTimes/figuresCache';
import { type VersionRef, accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { type NodeOfKind } from '../../core/tree/nodes';
import { registerCommand } from '../commands/register';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { resolveVersion } from '../tree/pickers';
import { withProgress } from '../ui/progress';
import { type BuildTimesRender, BuildTimesPanel } from './buildTimesPanel';

type Subject = NodeOfKind<'version' | 'folder'> | VersionRef;

/**
 * Show Build Times: a version's last builds (`readthedocs.buildTimes.count`), per step, against the
 * plan's limit, from a version row, a project's Builds folder, This Workspace's branch row or the
 * palette. Final builds' figures persist in `figures` (the composition keeps it in `globalState`).
 */
export class BuildTimesFeatures extends Disposable {
  readonly panel = this.register(new BuildTimesPanel());
  readonly service: BuildTimesService;

  constructor(private readonly services: Services, figures: FiguresCache) {
    super();
    const { editions, builds } = services;
    this.service = this.register(new BuildTimesService({
      clientOf: (edition: Edition) => {
        const client = editions.requireClient(edition);
        return { client, origin: new URL(client.transport.apiRoot).origin };
      },
      cache: figures,
      watcher: builds,
    }));
    this.register(registerCommand(CommandIds.showBuildTimes, accepts.either(accepts.nodeOf('version', 'folder'), accepts.versionRef), (subject) => this.show(subject), services.reporter));
  }

  async show(subject?: Subject): Promise<BuildTimesRender | undefined> {
    const target = await this.targetOf(subject);
    if (!target) return undefined;
    const { services } = this;
    const client = services.editions.requireClient(target.edition);
    try {
      const times = await withProgress(
        vscode.l10n.t('Reading the build times of {0} ({1})…', target.projectSlug, target.versionSlug),
        () => this.service.read(target, services.settings.current.buildTimesCount),
      );
      return this.panel.show(target, times);
    } catch (error) {
      services.reporter.report(error, { action: vscode.l10n.t('reading the build times of {0} ({1})', target.projectSlug, target.versionSlug), host: client.host });
      return undefined;
    }
  }

  private async targetOf(subject: Subject | undefined): Promise<BuildTimesTarget | undefined> {
    const { services } = this;
    if (subject && 'versionSlug' in subject) return subject;
    const picked = await resolveVersion(services, subject, {
      project: vscode.l10n.t('Show the build times of which project?'),
      version: (projectSlug) => vscode.l10n.t('Build times of which version of {0}?', projectSlug),
    });
    return picked && { edition: picked.edition, projectSlug: picked.projectSlug, versionSlug: picked.version.slug };
  }
}
