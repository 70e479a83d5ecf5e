import * as vscode from 'vscode';
import { type Redirect } from '../../core/models/redirect';
import { applyRedirectPlan } from '../../core/redirects/applyPlan';
import { checkRedirectsFile, hasErrors } from '../../core/redirects/checkFile';
import { parseRedirectsFile, writeRedirectsFile } from '../../core/redirects/fileFormat';
import { type PlanStep, type RedirectPlan, describeStep, planRedirects } from '../../core/redirects/plan';
import { ruleOfRedirect, sameRules } from '../../core/redirects/rule';
import { applyConfirmation, outcomeReport, planHeadline } from '../../core/redirects/words';
import { type DocsNode } from '../../core/tree/nodes';
import { type ProjectTarget } from '../tree/pickers';
import { withCancellableProgress, withProgress } from '../ui/progress';
import { refusedInRestrictedMode } from '../ui/restrictedMode';
import { REDIRECT_TYPES } from '../../core/validation/redirects';
import { type RedirectsFileTypes } from './fileTypes';
import { type ServerRedirectsDocuments } from './serverDocument';
import { type RedirectsServices, displayName, findRedirectsFile, readText, resolveRedirectsProject } from './target';
import { errorDetail } from '../../core/api/describeError';

/** A project and its redirects file, resolved for one command. */
interface FileTarget {
  readonly project: ProjectTarget;
  readonly uri: vscode.Uri;
  readonly exists: boolean;
}

async function resolveFileTarget(services: RedirectsServices, placeHolder: string, node?: DocsNode): Promise<FileTarget | undefined> {
  const project = await resolveRedirectsProject(services, placeHolder, node);
  if (!project) return undefined;
  const file = await findRedirectsFile(project.folder);
  if (!file) {
    void services.ui.current.info(vscode.l10n.t('Open a folder first: the redirects file lives in the workspace.'));
    return undefined;
  }
  if ('refused' in file) {
    void services.ui.current.error(file.refused);
    return undefined;
  }
  return { project, ...file };
}

function serverList(target: ProjectTarget): Promise<Redirect[]> {
  const { client, projectSlug: slug } = target;
  return withProgress(vscode.l10n.t('Reading the redirects of {0}…', slug), () => client.allItems(client.redirects.list(slug, { priority: 'user' }), { priority: 'user' }));
}

function header(target: ProjectTarget): string {
  return vscode.l10n.t(' Redirects of {0} on Read the Docs, in order: the first matching rule wins.\n Fields: type, from_url, to_url, http_status (302), force (false), enabled (true), description.\n Apply with "Read the Docs: Apply Redirects File…".', target.projectSlug);
}

/** `readthedocs.exportRedirects`: the server's rules, in order, into a new or the existing file (its comments kept). Refused in Restricted Mode. */
export async function exportRedirects(services: RedirectsServices, types: RedirectsFileTypes, node?: DocsNode): Promise<vscode.Uri | undefined> {
  if (refusedInRestrictedMode(services.ui.current, 'exportRedirects')) return undefined;
  const target = await resolveFileTarget(services, vscode.l10n.t('Export the redirects of which project?'), node);
  if (!target) return undefined;
  // The file's checks accept the types this server takes (an older one: prefix, sphinx_html).
  const [redirects] = await Promise.all([serverList(target.project), types.learn(target.uri, target.project, services.logger)]);
  const rules = redirects.map(ruleOfRedirect);
  const previous = target.exists ? await readText(target.uri) : undefined;
  if (previous !== undefined) {
    const parsed = parseRedirectsFile(previous);
    const differs = parsed.problems.length > 0 || !sameRules(parsed.entries.map((e) => e.rule), rules);
    if (differs && !await services.ui.current.confirm(
      vscode.l10n.t('Replace the redirects in {0} with the {1} redirects of {2}?', displayName(target.uri), rules.length, target.project.projectSlug),
      vscode.l10n.t('The file differs from the server: its entries become the server\'s (comments are kept). Use "Compare Redirects File with Server" to see the differences first.'),
      vscode.l10n.t('Replace'),
    )) return undefined;
  }
  await writeDocument(target.uri, writeRedirectsFile(rules, previous, header(target.project)));
  await vscode.window.showTextDocument(target.uri, { preview: false });
  void services.ui.current.info(vscode.l10n.t('Exported the {0} redirects of {1} to {2}.', rules.length, target.project.projectSlug, displayName(target.uri)));
  return target.uri;
}

/** Replaces the whole document (opened or not, created when missing) and saves it. */
async function writeDocument(uri: vscode.Uri, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.createFile(uri, { ignoreIfExists: true });
  await vscode.workspace.applyEdit(edit);
  const document = await vscode.workspace.openTextDocument(uri);
  const replace = new vscode.WorkspaceEdit();
  replace.replace(uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
  await vscode.workspace.applyEdit(replace);
  await document.save();
}

/** `readthedocs.compareRedirects`: diff editor, server (rendered in the file format) on the left, the file on the right. */
export async function compareRedirects(services: RedirectsServices, documents: ServerRedirectsDocuments): Promise<{ server: vscode.Uri; file: vscode.Uri } | undefined> {
  const target = await resolveFileTarget(services, vscode.l10n.t('Compare the redirects file with which project?'));
  if (!target) return undefined;
  if (!target.exists) {
    const choice = await services.ui.current.info(vscode.l10n.t('{0} does not exist yet. Export the redirects of {1} to it first.', displayName(target.uri), target.project.projectSlug), vscode.l10n.t('Export Redirects to File…'));
    if (choice) await vscode.commands.executeCommand('readthedocs.exportRedirects');
    return undefined;
  }
  const rules = (await serverList(target.project)).map(ruleOfRedirect);
  const server = documents.show(target.project.edition, target.project.projectSlug, writeRedirectsFile(rules, undefined, header(target.project)));
  await vscode.commands.executeCommand('vscode.diff', server, target.uri, vscode.l10n.t('{0} on Read the Docs ↔ {1}', target.project.projectSlug, displayName(target.uri)));
  return { server, file: target.uri };
}

interface StepItem extends vscode.QuickPickItem {
  readonly apply?: boolean;
}

/**
 * `readthedocs.applyRedirectsFile`: the smallest plan, every change listed (deletions first and
 * called out) with nothing sent until Apply is chosen (and, when the plan deletes, confirmed in a
 * modal dialog); then one request at a time, stopping at the first failure; the list is read again
 * at the end and compared with the file. Refused in Restricted Mode.
 */
export async function applyRedirectsFile(services: RedirectsServices, types: RedirectsFileTypes): Promise<{ plan: RedirectPlan; done: readonly PlanStep[] } | undefined> {
  if (refusedInRestrictedMode(services.ui.current, 'applyRedirects')) return undefined;
  const target = await resolveFileTarget(services, vscode.l10n.t('Apply the redirects file to which project?'));
  if (!target) return undefined;
  const { project, uri } = target;
  const name = displayName(uri);
  if (!target.exists) {
    void services.ui.current.info(vscode.l10n.t('{0} does not exist yet. Export the redirects of {1} to start one.', name, project.projectSlug));
    return undefined;
  }
  const parsed = parseRedirectsFile(await readText(uri));
  // A type the service does not take may be one this server takes: ask it (once per file) before refusing.
  const unknownType = parsed.entries.some((e) => !(REDIRECT_TYPES as readonly string[]).includes(e.rule.type));
  const serverTypes = types.of(uri) ?? (unknownType ? await types.learn(uri, project, services.logger) : undefined);
  const problems = checkRedirectsFile(parsed, project.edition, serverTypes);
  if (hasErrors(problems)) {
    const errors = problems.filter((p) => p.severity === 'error');
    void services.ui.current.error(errors.length === 1 ? vscode.l10n.t('{0} has 1 problem to fix before it can be applied (see the Problems panel): {1}', name, errors[0]!.message)
      : vscode.l10n.t('{0} has {1} problems to fix before it can be applied (see the Problems panel): {2}', name, errors.length, errors[0]!.message));
    return undefined;
  }
  const rules = parsed.entries.map((e) => e.rule);
  const plan = planRedirects(rules, await serverList(project));
  if (plan.steps.length === 0) {
    void services.ui.current.info(vscode.l10n.t('Nothing to apply: {0} already has the {1} redirects of {2}, in order.', project.projectSlug, rules.length, name));
    return { plan, done: [] };
  }
  if (!await confirmPlan(services, plan, project.projectSlug, name)) return undefined;
  const outcome = await withCancellableProgress(vscode.l10n.t('Applying {0} to {1}', name, project.projectSlug), (report, signal) =>
    project.client.batchWrites(() => applyRedirectPlan(project.projectSlug, plan.steps, project.client.redirects, {
      signal,
      onStep: (step, index) => report(`${index + 1}/${plan.steps.length}: ${describeStep(step)}`, ((index + 1) / plan.steps.length) * 100),
    })));
  let stillDifferent: number | undefined;
  try {
    stillDifferent = planRedirects(rules, await serverList(project)).steps.length;
  } catch (error) {
    services.logger.warn(`redirects: re-reading ${project.projectSlug} after applying failed: ${errorDetail(error)}`);
  }
  const report = outcomeReport(outcome, project.projectSlug, name, stillDifferent);
  services.logger.info(`redirects: ${report.text}`);
  void services.ui.current[report.severity](report.text);
  return { plan, done: outcome.done };
}

/** The plan in a pick (Apply preselected only when nothing is deleted), then deletions confirmed in a modal naming the project and the count. */
async function confirmPlan(services: RedirectsServices, plan: RedirectPlan, slug: string, name: string): Promise<boolean> {
  const deletions = plan.steps.filter((s) => s.kind === 'delete');
  const confirmation = applyConfirmation(plan, slug, name);
  const apply: StepItem = { label: plan.steps.length === 1 ? vscode.l10n.t('$(check) Apply 1 change to {0}', slug) : vscode.l10n.t('$(check) Apply {0} changes to {1}', plan.steps.length, slug), description: deletions.length === 0 ? undefined : deletions.length === 1 ? vscode.l10n.t('1 deletion') : vscode.l10n.t('{0} deletions', deletions.length), apply: true };
  const cancel: StepItem = { label: vscode.l10n.t('$(close) Cancel') };
  const items: StepItem[] = [
    ...(confirmation.applyFirst ? [apply] : [cancel, apply]),
    ...plan.steps.map((step): StepItem => ({
      label: `${step.kind === 'delete' ? '$(trash)' : step.kind === 'create' ? '$(add)' : step.kind === 'move' ? '$(arrow-swap)' : '$(edit)'} ${describeStep(step)}`,
      description: step.kind === 'delete' ? vscode.l10n.t('deletion, cannot be undone') : undefined,
    })),
    ...plan.duplicates.map(([entry, earlier]): StepItem => ({
      label: vscode.l10n.t('$(warning) Redirect {0} has the same type and from_url as redirect {1}', entry + 1, earlier + 1),
      description: vscode.l10n.t('only the first enabled one is used'),
    })),
    ...(confirmation.applyFirst ? [cancel] : []),
  ];
  const picked = await services.ui.current.quickPick(items, { placeHolder: planHeadline(plan, slug, name), title: vscode.l10n.t('Apply {0} to {1}', name, slug) });
  if (picked?.apply !== true) return false;
  const { modal } = confirmation;
  return !modal || services.ui.current.confirm(modal.message, modal.detail, modal.confirm);
}
