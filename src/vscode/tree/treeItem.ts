import * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { contextValueOf } from '../../core/tree/contextValues';
import { type TreeFilters } from '../../core/tree/filters';
import { type DocsNode } from '../../core/tree/nodes';
import { present } from '../../core/tree/present';

/** The one mapping from a data node to what VS Code shows. */
export function toTreeItem(node: DocsNode, filters?: TreeFilters, hosts?: (edition: Edition) => string | undefined): vscode.TreeItem {
  const p = present(node, filters, hosts);
  const item = new vscode.TreeItem(p.label, p.collapsible === 'collapsed' ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  item.description = p.description;
  if (p.tooltip) item.tooltip = new vscode.MarkdownString(p.tooltip); // untrusted, no HTML
  item.iconPath = new vscode.ThemeIcon(p.icon, p.color ? new vscode.ThemeColor(p.color) : undefined);
  item.contextValue = contextValueOf(node);
  if (p.command) item.command = { command: p.command.id, title: p.command.title, arguments: [node] };
  return item;
}
