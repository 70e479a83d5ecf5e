import * as vscode from 'vscode';
import { type Redirect } from '../../core/models/redirect';
import { applyRedirectPlan } from '../../core/redirects/applyPlan';
import { checkRedirectsFile, hasErrors } from '../../core/redirects/checkFile';
import { parseRedirectsFile, writeRedirectsFile } from '../../core/redirects/fileFormat';
import { type PlanStep, type RedirectPlan, describeStep, planRedirects } from '../../core/redirects/plan';
import { ruleOfRedirect, sameRules } from '../../core/redirects/rule';
import { outcomeReport, planHeadline } from '../../core/redirects/words';
import { type DocsNode, nodeIds } from '../../core/tree/nodes';
import { type ProjectTarget } from '../tree/pickers';
import { withProgress } from '../ui/progress';
import { type ServerRedirectsDocuments } from './serverDocument';
import { type RedirectsServices, displayName, findRedirectsFile, readText, resolveRedirectsProject } from './target';

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
    void services.ui.current.info('Open a folder first: the redirects file lives in the workspace.');
    return undefined;
  }
  return { project, ...file };
}

function serverList(target: ProjectTarget): Promise<Redirect[]> {
  const { client, projectSlug: slug } = target;
  return withProgress(`Reading the redirects of ${slug}…`, () => client.allItems(client.redirects.list(slug, { priority: 'user' }), { priority: 'user' }));
}

function header(target: ProjectTarget): string {
  return ` Redirects of ${target.projectSlug} on Read the Docs, in order: the first matching rule wins.\n Fields: type, from_url, to_url, http_status (302), force (false), enabled (true), description.\n Apply with "Read the Docs: Apply Redirects File…".`;
}

/** `readthedocs.exportRedirects`: the server's rules, in order, into a new or the existing file (its comments kept). */
export async function exportRedirects(services: RedirectsServices, node?: DocsNode): Promise<vscode.Uri | undefined> {
  const target = await resolveFileTarget(services, 'Export the redirects of which project?', node);
  if (!target) return undefined;
  const rules = (await serverList(target.project)).map(ruleOfRedirect);
  const previous = target.exists ? await readText(target.uri) : undefined;
  if (previous !== undefined) {
    const parsed = parseRedirectsFile(previous);
    const differs = parsed.problems.length > 0 || !sameRules(parsed.entries.map((e) => e.rule), rules);
    if (differs && !await services.ui.current.confirm(
      `Replace the redirects in ${displayName(target.uri)} with the ${rules.length} redirects of ${target.project.projectSlug}?`,
      'The file differs from the server: its entries become the server\'s (comments are kept). Use "Compare Redirects File with Server" to see the differences first.',
      'Replace',
    )) return undefined;
  }
  await writeDocument(target.uri, writeRedirectsFile(rules, previous, header(target.project)));
  await vscode.window.showTextDocument(target.uri, { preview: false });
  void services.ui.current.info(`Exported the ${rules.length} redirects of ${target.project.projectSlug} to ${displayName(target.uri)}.`);
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
  const target = await resolveFileTarget(services, 'Compare the redirects file with which project?');
  if (!target) return undefined;
  if (!target.exists) {
    const choice = await services.ui.current.info(`${displayName(target.uri)} does not exist yet. Export the redirects of ${target.project.projectSlug} to it first.`, 'Export Redirects to File…');
    if (choice) await vscode.commands.executeCommand('readthedocs.exportRedirects');
    return undefined;
  }
  const rules = (await serverList(target.project)).map(ruleOfRedirect);
  const server = documents.show(target.project.edition, target.project.projectSlug, writeRedirectsFile(rules, undefined, header(target.project)));
  await vscode.commands.executeCommand('vscode.diff', server, target.uri, `${target.project.projectSlug} on Read the Docs ↔ ${displayName(target.uri)}`);
  return { server, file: target.uri };
}

interface StepItem extends vscode.QuickPickItem {
  readonly apply?: boolean;
}

/**
 * `readthedocs.applyRedirectsFile`: the smallest plan, every change listed (deletions first and
 * called out) with nothing sent until Apply is chosen; then one request at a time, stopping at the
 * first failure; the list is read again at the end and compared with the file.
 */
export async function applyRedirectsFile(services: RedirectsServices): Promise<{ plan: RedirectPlan; done: readonly PlanStep[] } | undefined> {
  const target = await resolveFileTarget(services, 'Apply the redirects file to which project?');
  if (!target) return undefined;
  const { project, uri } = target;
  const name = displayName(uri);
  if (!target.exists) {
    void services.ui.current.info(`${name} does not exist yet. Export the redirects of ${project.projectSlug} to start one.`);
    return undefined;
  }
  const parsed = parseRedirectsFile(await readText(uri));
  const problems = checkRedirectsFile(parsed, project.edition);
  if (hasErrors(problems)) {
    const errors = problems.filter((p) => p.severity === 'error');
    void services.ui.current.error(`${name} has ${errors.length} problem${errors.length === 1 ? '' : 's'} to fix before it can be applied (see the Problems panel): ${errors[0]!.message}`);
    return undefined;
  }
  const rules = parsed.entries.map((e) => e.rule);
  const plan = planRedirects(rules, await serverList(project));
  if (plan.steps.length === 0) {
    void services.ui.current.info(`Nothing to apply: ${project.projectSlug} already has the ${rules.length} redirects of ${name}, in order.`);
    return { plan, done: [] };
  }
  if (!await confirmPlan(services, plan, project.projectSlug, name)) return undefined;
  const outcome = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Applying ${name} to ${project.projectSlug}`, cancellable: true },
    async (progress, token) => {
      const abort = new AbortController();
      const subscription = token.onCancellationRequested(() => abort.abort());
      try {
        return await applyRedirectPlan(project.projectSlug, plan.steps, project.client.redirects, {
          signal: abort.signal,
          onStep: (step, index) => progress.report({ message: `${index + 1}/${plan.steps.length}: ${describeStep(step)}`, increment: 100 / plan.steps.length }),
        });
      } finally {
        subscription.dispose();
      }
    },
  );
  services.tree.refresh(nodeIds.folder(project.projectId, 'redirects'));
  let stillDifferent: number | undefined;
  try {
    stillDifferent = planRedirects(rules, await serverList(project)).steps.length;
  } catch (error) {
    services.logger.warn(`redirects: re-reading ${project.projectSlug} after applying failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const report = outcomeReport(outcome, project.projectSlug, name, stillDifferent);
  services.logger.info(`redirects: ${report.text}`);
  void services.ui.current[report.severity](report.text);
  return { plan, done: outcome.done };
}

async function confirmPlan(services: RedirectsServices, plan: RedirectPlan, slug: string, name: string): Promise<boolean> {
  const deletions = plan.steps.filter((s) => s.kind === 'delete');
  const items: StepItem[] = [
    { label: `$(check) Apply ${plan.steps.length} change${plan.steps.length === 1 ? '' : 's'} to ${slug}`, description: deletions.length ? `${deletions.length} deletion${deletions.length === 1 ? '' : 's'}` : undefined, apply: true },
    ...plan.steps.map((step): StepItem => ({
      label: `${step.kind === 'delete' ? '$(trash)' : step.kind === 'create' ? '$(add)' : step.kind === 'move' ? '$(arrow-swap)' : '$(edit)'} ${describeStep(step)}`,
      description: step.kind === 'delete' ? 'deletion, cannot be undone' : undefined,
    })),
    ...plan.duplicates.map(([entry, earlier]): StepItem => ({
      label: `$(warning) Redirect ${entry + 1} has the same type and from_url as redirect ${earlier + 1}`,
      description: 'only the first enabled one is used',
    })),
    { label: '$(close) Cancel' },
  ];
  const picked = await services.ui.current.quickPick(items, { placeHolder: planHeadline(plan, slug, name), title: `Apply ${name} to ${slug}` });
  return picked?.apply === true;
}
