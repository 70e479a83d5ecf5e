import * as vscode from 'vscode';
import { NotFoundError } from '../../core/api/errors';
import { buildLabel } from '../../core/builds/facts';
import { shownProblemsMessage } from '../../core/logs/render';
import { type BuildRef } from '../../core/commandArgs';
import { documentBuild, resolveBuild } from '../builds/buildDocument';
import { type BuildArg } from '../builds/buildDocument';
import { type Services } from '../services';
import { type LogDocuments } from './logDocuments';
import { logUri } from '../builds/logUri';
import { type BuildProblemsView, type ShownProblems } from './problemsView';

export const OPEN_BUILD_PAGE = vscode.l10n.t('Open Build Page');

/** A build named by a build or log document (editor title), else a node, a `BuildRef` or the palette. */
async function buildOf(services: Services, arg: LogArg | undefined): Promise<BuildRef | undefined> {
  if (arg instanceof vscode.Uri) return documentBuild(services, arg) ?? resolveBuild(services, undefined);
  return resolveBuild(services, arg);
}

/** What the log commands accept: a build or log document (editor title), or what `readthedocs.showBuild` accepts. */
export type LogArg = vscode.Uri | BuildArg;

/** The dashboard page of a build (one GET when the caller has no Build at hand). */
async function buildPage(services: Services, ref: BuildRef): Promise<string | undefined> {
  const build = await services.editions.requireClient(ref.edition).builds.get(ref.projectSlug, ref.buildId, false, { priority: 'user' });
  return build.urls.build;
}

async function offerBuildPage(services: Services, ref: BuildRef, message: string): Promise<void> {
  const choice = await services.ui.current.warn(message, OPEN_BUILD_PAGE);
  if (choice !== OPEN_BUILD_PAGE) return;
  const url = await buildPage(services, ref);
  if (url) await services.ui.current.openExternal(url);
}

const privateMessage = (ref: BuildRef) =>
  vscode.l10n.t('The log of {0} is not available through the API (private projects and versions show it only in the dashboard).', buildLabel({ id: ref.buildId, version: undefined }, ref.projectSlug));

/** `readthedocs.showBuildLog`: opens (or shows again) the build's log document. */
export async function showBuildLog(services: Services, documents: LogDocuments, arg?: LogArg): Promise<vscode.Uri | undefined> {
  const ref = await buildOf(services, arg);
  if (!ref) return undefined;
  const uri = logUri(ref, services.editions.origin(ref.edition));
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { preview: true });
  if (documents.isUnavailable(uri)) void offerBuildPage(services, ref, privateMessage(ref));
  return uri;
}

/** Where a build's files are: the folders bound to its project, else every workspace folder. */
export type RootsOf = (ref: BuildRef) => Promise<readonly string[]>;

/**
 * `readthedocs.showBuildProblems`: the warnings and errors of any build in the Problems panel
 * (replacing what was shown for that project), and a sentence saying how many.
 */
export async function showBuildProblems(services: Services, view: BuildProblemsView, rootsOf: RootsOf, keyOf: (ref: BuildRef) => Promise<string>, arg?: LogArg): Promise<ShownProblems | undefined> {
  const ref = await buildOf(services, arg);
  if (!ref) return undefined;
  const client = services.editions.requireClient(ref.edition);
  const label = buildLabel({ id: ref.buildId, version: undefined }, ref.projectSlug);
  let log;
  try {
    log = await client.buildLogs.get(ref.buildId, { priority: 'user' });
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    await offerBuildPage(services, ref, privateMessage(ref));
    return undefined;
  }
  const shown = await view.show(await keyOf(ref), await rootsOf(ref), log, await buildPage(services, ref));
  void services.ui.current.info(shownProblemsMessage(label, shown.placed, shown.logOnly));
  if (shown.placed) await vscode.commands.executeCommand('workbench.actions.view.problems');
  return shown;
}
