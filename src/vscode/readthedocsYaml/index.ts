import * as vscode from 'vscode';
import { type FolderRef, type ProjectSlugRef, accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { type BoundProjects } from '../../core/workspace/boundProject';
import { registerCommand } from '../commands/register';
import { Disposable } from '../lifecycle';
import { type Services } from '../services';
import { openFirstConfig } from './firstConfigFile';
import { FirstConfigOffers } from './firstConfigOffers';
import { CONFIG_DOCUMENTS, ConfigRuleFixes } from './quickFixes';
import { ConfigRuleDiagnostics } from './ruleDiagnostics';

/**
 * `.readthedocs.yaml` in the editor: the server's rules as diagnostics with quick fixes, and
 * "Create .readthedocs.yaml" (a first file for review; This Workspace, Import and Build Current
 * Branch offer it).
 */
export class ReadthedocsYamlFeatures extends Disposable {
  /** Its section of This Workspace: "Create .readthedocs.yaml" where a folder has none. */
  readonly section: FirstConfigOffers;

  constructor(private readonly services: Services) {
    super();
    this.section = this.register(new FirstConfigOffers());
  }

  /** The diagnostics and Create .readthedocs.yaml, which read the bound projects' configuration paths. */
  followBoundProjects(bound: BoundProjects): vscode.Disposable {
    const diagnostics = new ConfigRuleDiagnostics(bound);
    return vscode.Disposable.from(
      diagnostics,
      vscode.languages.registerCodeActionsProvider(CONFIG_DOCUMENTS, new ConfigRuleFixes(diagnostics), { providedCodeActionKinds: ConfigRuleFixes.kinds }),
      registerCommand(CommandIds.createConfigFile, accepts.either(accepts.folderRef, accepts.projectSlugRef), (arg) => this.create(bound, arg), this.services.reporter),
    );
  }

  /** The folder (and the project's configuration path) from the row, the bound project, or asked for. */
  private async create(bound: BoundProjects, arg: FolderRef | ProjectSlugRef | undefined): Promise<vscode.TextDocument | undefined> {
    const projects = bound.started ? await bound.current() : [];
    let folderPath: string | undefined;
    if (arg && 'folderPath' in arg) folderPath = arg.folderPath;
    else if (arg) folderPath = projects.find((p) => p.edition === arg.edition && p.project.slug === arg.projectSlug)?.folderPath;
    else folderPath = await this.pickFolder();
    if (!folderPath) return undefined;
    const project = projects.find((p) => p.folderPath === folderPath);
    return (await openFirstConfig(this.services.ui.current, vscode.Uri.file(folderPath), project?.project.readthedocsYamlPath))?.document;
  }

  private async pickFolder(): Promise<string | undefined> {
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (folders.length <= 1) return folders[0]?.uri.fsPath;
    const picked = await this.services.ui.current.quickPick(folders.map((f) => ({ label: f.name, description: f.uri.fsPath })), { placeHolder: vscode.l10n.t('Create .readthedocs.yaml in which folder?') });
    return picked?.description;
  }
}
