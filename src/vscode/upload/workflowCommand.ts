import { posix } from 'node:path';
import * as vscode from 'vscode';
import { type WorkspaceProjectRef } from '../../core/commandArgs';
import { UPLOAD_WORKFLOW_PATH, uploadWorkflow } from '../../core/upload/workflow';
import { type BoundProject, type BoundProjects } from '../../core/workspace/boundProject';
import { pathExists } from '../folderFiles';
import { folderDocsFacts, openUnsavedDraft } from '../readthedocsYaml/firstConfigFile';
import { type Services } from '../services';
import { refusedInRestrictedMode } from '../ui/restrictedMode';
import { siteOutputs } from './findOutput';

/**
 * Create Upload Workflow…: `.github/workflows/readthedocs-upload.yml` for a bound project, made
 * from how the folder builds (`uploadWorkflow`), opened unsaved for review; an existing file is
 * opened instead, never overwritten.
 */
export async function createUploadWorkflow(services: Services, boundProjects: BoundProjects, arg: WorkspaceProjectRef | undefined): Promise<vscode.TextDocument | undefined> {
  const ui = services.ui.current;
  if (refusedInRestrictedMode(ui, 'uploadWorkflow')) return undefined;
  const bound = await boundProjects.current();
  const candidates = arg ? bound.filter((b) => b.edition === arg.edition && b.project.slug === arg.projectSlug && b.folderPath === arg.folderPath) : bound;
  const chosen: BoundProject | undefined = candidates.length <= 1 ? candidates[0]
    : (await ui.quickPick(candidates.map((b) => ({ label: b.project.slug, description: b.folderPath, b })), { placeHolder: vscode.l10n.t('A workflow for which project?') }))?.b;
  if (!chosen) {
    if (!candidates.length) void ui.info(vscode.l10n.t('No folder of this workspace is built by one of your Read the Docs projects.'));
    return undefined;
  }
  const folder = vscode.Uri.file(chosen.folderPath);
  const outputs = await siteOutputs(folder);
  const output = outputs.length <= 1 ? outputs[0]
    : (await ui.quickPick(outputs.map((o) => ({ label: o.html, description: o.tool, o })), { placeHolder: vscode.l10n.t('Which site does the workflow build?') }))?.o;
  if (!output) {
    if (!outputs.length) void ui.error(vscode.l10n.t('{0} has no conf.py, mkdocs.yml or zensical.toml: the workflow would not know how to build the docs.', folder.fsPath));
    return undefined;
  }
  const target = vscode.Uri.joinPath(folder, UPLOAD_WORKFLOW_PATH);
  const client = services.editions.requireClient(chosen.edition);
  const draft = await openUnsavedDraft(ui, folder, target, await pathExists(target) ? target : undefined, async () => uploadWorkflow({
    projectSlug: chosen.project.slug,
    htmlFolder: output.html,
    tool: output.tool,
    source: output.tool === 'sphinx' ? (posix.dirname(output.config) === '.' ? '' : posix.dirname(output.config)) : output.config,
    requirements: (await folderDocsFacts(folder)).requirementFiles[0],
    defaultBranch: chosen.project.defaultBranch ?? 'main',
    apiUrl: new URL('../../', client.transport.apiRoot).href,
  }));
  return draft?.document;
}
