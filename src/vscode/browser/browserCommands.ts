import * as vscode from 'vscode';
import { accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { type DocsNode, freshestRow } from '../../core/tree/nodes';
import { type UrlChoice, urlChoicesOf } from '../../core/tree/urls';
import { withSuperproject } from '../../core/tree/superproject';
import { statusBadgeOf } from '../../core/tree/statusBadge';
import { registerCommand } from '../commands/register';
import { type Services } from '../services';
import { pickProject, projectNodeOf } from '../tree/pickers';

/**
 * `readthedocs.openInBrowser` and `readthedocs.copyUrl`: on any node, or a picked project from the
 * palette; `readthedocs.copyStatusBadge`: on a project or version row, or a picked project.
 */
export function registerBrowserCommands(services: Services): vscode.Disposable[] {
  return [
    registerCommand(CommandIds.openInBrowser, accepts.node, async (node) => {
      const choice = await chooseUrl(services, node, vscode.l10n.t('Open which page?'));
      if (choice) await services.ui.current.openExternal(choice.url);
      return choice?.url;
    }, services.reporter),
    registerCommand(CommandIds.copyUrl, accepts.node, async (node) => {
      const choice = await chooseUrl(services, node, vscode.l10n.t('Copy which URL?'));
      if (!choice) return undefined;
      await vscode.env.clipboard.writeText(choice.url);
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', choice.url), 3000);
      return choice.url;
    }, services.reporter),
    registerCommand(CommandIds.copyStatusBadge, accepts.nodeOf('project', 'version'), async (node) => {
      const row = node ?? await resolveNode(services, undefined);
      if (row?.kind !== 'project' && row?.kind !== 'version') return undefined;
      const badge = statusBadgeOf(services.editions.origin(row.edition), row);
      if (!badge) return undefined;
      const forms = [{ label: 'Markdown', description: badge.markdown, text: badge.markdown }, { label: 'reStructuredText', description: badge.restructuredText.split('\n')[0], text: badge.restructuredText }];
      const picked = await services.ui.current.quickPick(forms, { placeHolder: vscode.l10n.t('Copy the status badge as…') });
      if (!picked) return undefined;
      await vscode.env.clipboard.writeText(picked.text);
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the status badge ({0})', picked.label), 3000);
      return picked.text;
    }, services.reporter),
  ];
}

async function chooseUrl(services: Services, arg: DocsNode | undefined, placeHolder: string): Promise<UrlChoice | undefined> {
  const node = await resolveNode(services, arg);
  if (!node) return undefined;
  const choices = urlChoicesOf(node, services.editions.origin(node.edition));
  if (choices.length === 0) {
    void services.ui.current.info(vscode.l10n.t('There is no web page for this item.'));
    return undefined;
  }
  if (choices.length === 1) return choices[0];
  const picked = await services.ui.current.quickPick(
    choices.map((choice, index) => ({ label: choice.label, description: choice.url, detail: index === 0 ? 'default' : undefined, choice })),
    { placeHolder },
  );
  return picked?.choice;
}

/** The node to act on: the argument (the freshest copy the tree has), a loaded superproject, or a picked project. */
async function resolveNode(services: Services, arg: DocsNode | undefined): Promise<DocsNode | undefined> {
  if (arg) {
    const node = freshestRow(services.tree, arg);
    if (node.kind === 'superproject') return withSuperproject(node, services.editions.requireClient(node.edition), { priority: 'user' });
    return node;
  }
  const picked = await pickProject(services, vscode.l10n.t('Which project?'));
  return picked && projectNodeOf(services, picked);
}
