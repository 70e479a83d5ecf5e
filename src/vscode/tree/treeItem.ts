import * as vscode from 'vscode';
import { type RowLook } from '../../core/tree/presentation';

const COLLAPSIBLE = {
  none: vscode.TreeItemCollapsibleState.None,
  collapsed: vscode.TreeItemCollapsibleState.Collapsed,
  expanded: vscode.TreeItemCollapsibleState.Expanded,
} as const;

/** The one mapping from a row's look (either view's: `lookOfNode`, `lookOfWorkspaceRow`) to what VS Code shows. */
export function treeItemOf(look: RowLook): vscode.TreeItem {
  const item = new vscode.TreeItem(look.label, COLLAPSIBLE[look.collapsible]);
  item.id = look.id;
  item.description = look.description;
  // Markdown stays untrusted, without HTML.
  if (look.tooltip) item.tooltip = look.tooltipIsMarkdown ? new vscode.MarkdownString(look.tooltip) : look.tooltip;
  if (look.icon) item.iconPath = new vscode.ThemeIcon(look.icon.id, look.icon.color ? new vscode.ThemeColor(look.icon.color) : undefined);
  item.contextValue = look.contextValue;
  if (look.command) item.command = { command: look.command.id, title: look.command.title, arguments: look.command.arguments && [...look.command.arguments] };
  return item;
}
