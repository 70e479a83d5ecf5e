import * as vscode from 'vscode';
import { contextValueOf } from '../../core/tree/contextValues';
import { type DocsNode } from '../../core/tree/nodes';
import { type NodePresentation } from '../../core/tree/presentation';

/** The one mapping from a data node and its presentation (core's `present`) to what VS Code shows. */
export function toTreeItem(node: DocsNode, p: NodePresentation): vscode.TreeItem {
  const item = new vscode.TreeItem(p.label, p.collapsible === 'collapsed' ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  item.description = p.description;
  if (p.tooltip) item.tooltip = new vscode.MarkdownString(p.tooltip); // untrusted, no HTML
  item.iconPath = new vscode.ThemeIcon(p.icon, p.color ? new vscode.ThemeColor(p.color) : undefined);
  item.contextValue = contextValueOf(node);
  if (p.command) item.command = { command: p.command.id, title: p.command.title, arguments: [node] };
  return item;
}
