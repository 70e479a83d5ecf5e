import * as path from 'node:path';
import * as vscode from 'vscode';
import { type Project } from '../../core/models/project';
import { parseProjectSetting, redirectsFileSetting } from '../../core/redirects/words';
import { readRedirectsSettings } from '../config';
import { FOLDER_FILE_MAX_BYTES, pathExists, readFolderFile } from '../folderFiles';
import { findInFolder } from '../folderSearch';
import { type BoundProject, type BoundProjects } from '../../core/workspace/boundProject';
import { errorDetail } from '../../core/api/describeError';
import { type DocsNode } from '../../core/tree/nodes';
import { type PullRequests } from '../../core/pulls/pullRequests';
import { type ManageServices } from '../services';
import { type ProjectTarget, projectIdInTree, resolveProject } from '../tree/pickers';

/** What the redirects-file commands use. */
export interface RedirectsServices extends ManageServices {
  /** The workspace binding, when the composition has one. */
  readonly bound?: BoundProjects;
  /** The pull requests of the bound projects: their deleted pages without a redirect are warnings on the file. */
  readonly pullRequests?: PullRequests;
}

const DEFAULT_FILE = 'docs/redirects.yaml';
const REDIRECTS_FILE_NAMES = ['redirects.yaml', 'redirects.yml'];

export function isRedirectsFile(uri: vscode.Uri): boolean {
  if (uri.scheme !== 'file' && uri.scheme !== 'vscode-remote' && uri.scheme !== 'vscode-userdata') return false;
  if (REDIRECTS_FILE_NAMES.includes(path.posix.basename(uri.path))) return true;
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  const configured = readRedirectsSettings(folder?.uri).file;
  if (folder === undefined || configured === '') return false;
  const setting = redirectsFileSetting(folder.uri.path, configured);
  return 'relative' in setting && vscode.Uri.joinPath(folder.uri, setting.relative).toString() === uri.toString();
}

/**
 * The project the redirects belong to: the tree row the command was run on, the workspace binding when it names exactly one (or the
 * person picks among its projects), else `readthedocs.redirects.project`, else a project pick.
 */
export async function resolveRedirectsProject(services: RedirectsServices, placeHolder: string, node?: DocsNode): Promise<(ProjectTarget & { folder?: vscode.Uri }) | undefined> {
  if (node) return resolveProject(services, node, placeHolder);
  const bound = await boundProjects(services);
  if (bound.length > 0) {
    const chosen = bound.length === 1 ? bound[0] : (await services.ui.current.quickPick(
      bound.map((b) => ({ label: b.project.name, description: `${b.project.slug} · ${path.basename(b.folderPath)}`, bound: b })),
      { placeHolder },
    ))?.bound;
    if (!chosen) return undefined;
    return { ...targetOf(services, chosen.edition, chosen.project.slug, chosen.project), folder: vscode.Uri.file(chosen.folderPath) };
  }
  const setting = parseProjectSetting(readRedirectsSettings(vscode.workspace.workspaceFolders?.[0]?.uri).project);
  if (setting) {
    const edition = setting.edition ?? (services.editions.signedIn.length === 1 ? services.editions.signedIn[0] : undefined);
    if (edition && services.editions.client(edition)) return targetOf(services, edition, setting.slug, undefined);
  }
  return resolveProject(services, undefined, placeHolder);
}

async function boundProjects(services: RedirectsServices): Promise<readonly BoundProject[]> {
  if (!services.bound) return [];
  try {
    return await services.bound.current();
  } catch (error) {
    services.logger.debug(`redirects: the workspace binding is not available (${errorDetail(error)})`);
    return [];
  }
}

function targetOf(services: RedirectsServices, edition: ProjectTarget['edition'], slug: string, project: Project | undefined): ProjectTarget {
  const projectId = projectIdInTree(services.tree, edition, { slug, organization: project?.organization });
  return { edition, client: services.editions.requireClient(edition), projectSlug: slug, project, projectId };
}

/** A redirects file of a workspace folder (which may not exist yet). */
export interface RedirectsFile {
  readonly uri: vscode.Uri;
  readonly exists: boolean;
}

/**
 * The redirects file: the setting (a file of the folder; one outside it is refused, with the
 * sentence that says why), else the one open in the editor, else the only `redirects.y(a)ml` in
 * the folder, else `docs/redirects.yaml` there. Undefined: no folder is open.
 */
export async function findRedirectsFile(folder?: vscode.Uri): Promise<RedirectsFile | { readonly refused: string } | undefined> {
  const active = vscode.window.activeTextEditor?.document.uri;
  const activeFolder = active && vscode.workspace.getWorkspaceFolder(active)?.uri;
  const base = folder ?? activeFolder ?? vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!base) return undefined;
  const configured = readRedirectsSettings(base).file;
  if (configured) {
    const setting = redirectsFileSetting(base.path, configured);
    if ('refused' in setting) return setting;
    const uri = vscode.Uri.joinPath(base, setting.relative);
    return { uri, exists: await pathExists(uri) };
  }
  if (active && isRedirectsFile(active) && activeFolder?.toString() === base.toString()) return { uri: active, exists: true };
  const found = await findInFolder(base, '**/redirects.{yaml,yml}', 2);
  if (found.length === 1) return { uri: found[0]!.uri, exists: true };
  const fallback = vscode.Uri.joinPath(base, DEFAULT_FILE);
  return { uri: fallback, exists: await pathExists(fallback) };
}


/** The file's text as the editor has it (unsaved edits included). */
export async function readText(uri: vscode.Uri): Promise<string> {
  const text = await readFolderFile(uri);
  if (text === undefined) throw new Error(vscode.l10n.t('{0} could not be read: it is missing, not a regular file, or larger than {1} MB.', displayName(uri), FOLDER_FILE_MAX_BYTES / (1024 * 1024)));
  return text;
}

/** `docs/redirects.yaml` (relative to its workspace folder) for messages. */
export function displayName(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, false);
}
