import { isFinal } from '../builds/facts';
import { type DocsNode } from './nodes';

/**
 * The `contextValue` of each node: `readthedocs:<kind>` plus `+flag` words, matched in
 * package.json with `viewItem =~ /^readthedocs:version\b.*\+active/`.
 */
export function contextValueOf(node: DocsNode): string {
  const base = `readthedocs:${node.kind === 'folder' ? `folder:${node.folder}` : node.kind}`;
  return [base, ...flagsOf(node).map((f) => `+${f}`)].join(' ');
}

function flagsOf(node: DocsNode): string[] {
  switch (node.kind) {
    case 'project':
      return node.project.isAdmin === false ? ['readonly'] : [];
    case 'version': {
      const v = node.version;
      return [v.active ? 'active' : 'inactive', v.hidden ? 'hidden' : 'visible', ...(v.built ? ['built'] : [])];
    }
    case 'build':
      return [isFinal(node.build) ? 'finished' : 'running'];
    case 'message':
      return node.retry ? ['retry'] : [];
    default:
      return [];
  }
}
