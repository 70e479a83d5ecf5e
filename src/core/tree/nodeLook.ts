import { contextValueOf } from './contextValues';
import { type DocsNode } from './nodes';
import { type NodePresentation, type RowLook } from './presentation';

/** How a node of the Projects tree looks as a row: its presentation, its context value, its click given the node. Pure. */
export function lookOfNode(node: DocsNode, p: NodePresentation): RowLook {
  return {
    id: node.id,
    label: p.label,
    description: p.description,
    tooltip: p.tooltip,
    tooltipIsMarkdown: true,
    icon: { id: p.icon, color: p.color },
    collapsible: p.collapsible,
    contextValue: contextValueOf(node),
    command: p.command && { id: p.command.id, title: p.command.title, arguments: [node] },
  };
}
