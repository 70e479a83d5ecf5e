import * as vscode from 'vscode';
import { MAX_CONFIG_CHARS } from '../../core/docsLayout/configYaml';
import { usedConfigYaml } from '../../core/notices/usedConfig';
import { type Accepted, accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { registerCommand } from '../commands/register';
import { readFolderFile } from '../folderFiles';
import { findConfigFile } from '../readthedocsYaml/locate';
import { isConfigPath } from '../../core/readthedocsYaml/locate';
import { pathInside } from '../../core/util/paths';
import { type BoundProjects } from '../../core/workspace/boundProject';
import { type Edition } from '../../core/api/client';
import { type Services } from '../services';

/** The read-only right side of the diff: the configuration a build used. */
export const USED_CONFIG_SCHEME = 'readthedocs-used-config';

/** A build, and (from the CodeLens) the `.readthedocs.yaml` to compare with. */
const acceptsCompare = accepts.either(
  accepts.nodeOf('build'),
  (value: unknown) => {
    const ref = accepts.buildRef(value);
    const file = (value as { configUri?: unknown } | undefined)?.configUri;
    return ref && { ...ref, configUri: file instanceof vscode.Uri ? file : undefined };
  },
);

/**
 * "Compare with the Configuration Read the Docs Used" (a build row's menu, the CodeLens of
 * `.readthedocs.yaml`): the local file on the left, the build's `expand=config` on the right as
 * YAML in the local file's key order, read-only (a content provider, nothing written to disk).
 */
export function registerCompareUsedConfig(services: Services, bound: BoundProjects): vscode.Disposable[] {
  const texts = new Map<string, string>();
  const provider: vscode.TextDocumentContentProvider = { provideTextDocumentContent: (uri) => texts.get(uri.toString()) };
  const compare = async (arg: Accepted<typeof acceptsCompare> | undefined): Promise<void> => {
    if (!arg) {
      void services.ui.current.info(vscode.l10n.t('Run this on a build in the Read the Docs view, or from the CodeLens of .readthedocs.yaml.'));
      return;
    }
    const ref = 'build' in arg ? { edition: arg.edition, projectSlug: arg.projectSlug, buildId: arg.build.id } : arg;
    const local = ('configUri' in arg ? arg.configUri : undefined) ?? await configFileToCompare(bound, ref);
    if (!local) {
      void services.ui.current.info(vscode.l10n.t('No .readthedocs.yaml in this workspace to compare with.'));
      return;
    }
    const client = services.editions.client(ref.edition);
    if (!client) return;
    const build = await client.builds.get(ref.projectSlug, ref.buildId, true, { priority: 'user' });
    const right = vscode.Uri.from({ scheme: USED_CONFIG_SCHEME, path: `/${ref.edition}/${ref.projectSlug}/${ref.buildId}/.readthedocs.yaml` });
    texts.set(right.toString(), usedConfigYaml(build.config ?? {}, await readFolderFile(local, MAX_CONFIG_CHARS) ?? ''));
    const title = vscode.l10n.t('.readthedocs.yaml ↔ build #{0} of {1}', ref.buildId, ref.projectSlug);
    await vscode.commands.executeCommand('vscode.diff', local, right, title, { preview: true });
  };
  return [
    vscode.workspace.registerTextDocumentContentProvider(USED_CONFIG_SCHEME, provider),
    registerCommand(CommandIds.compareUsedConfig, acceptsCompare, compare, services.reporter),
  ];
}

/**
 * The configuration file of the build's project in the folder it is built from (at its
 * `readthedocs_yaml_path` when it sets one), else the one open in the editor when it is where its
 * folder's configuration is read from.
 */
async function configFileToCompare(bound: BoundProjects, ref: { edition: Edition; projectSlug: string }): Promise<vscode.Uri | undefined> {
  const projects = bound.started ? await bound.current() : [];
  for (const project of projects.filter((p) => p.edition === ref.edition && p.project.slug === ref.projectSlug)) {
    const found = await findConfigFile(vscode.Uri.file(project.folderPath), project.project.readthedocsYamlPath);
    if (found) return found.uri;
  }
  const active = vscode.window.activeTextEditor?.document.uri;
  const folder = active && vscode.workspace.getWorkspaceFolder(active);
  const path = folder && pathInside(folder.uri.path, active.path);
  return path !== undefined && isConfigPath(path, undefined) ? active : undefined;
}
