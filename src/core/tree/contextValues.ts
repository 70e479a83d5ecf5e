import { isFinal } from '../builds/facts';
import { FOLDER_KINDS } from './folders';
import { type DocsNode } from './nodes';

/**
 * The `contextValue` of each node: `readthedocs:<kind>` plus `+flag` words, matched in
 * package.json with `viewItem =~ /^readthedocs:version\b.*\+active/`.
 */

/**
 * The kinds menus act on, and the flags each can carry, as groups: a node carries one word of
 * each group of its kind (`''` = no flag). `contextValueOf` picks the words; the manifest test
 * enumerates every value, so a menu on a kind missing here fails it.
 */
const FLAG_GROUPS: { readonly [K in DocsNode['kind']]?: readonly (readonly string[])[] } = {
  edition: [],
  organization: [],
  project: [['', 'readonly']],
  superproject: [],
  folder: [],
  version: [['active', 'inactive'], ['hidden', 'visible'], ['', 'built']],
  build: [['finished', 'running']],
  subproject: [],
  translation: [],
  redirect: [],
  environmentVariable: [],
  loadMore: [],
  message: [['', 'retry']],
};

export function contextValueOf(node: DocsNode): string {
  return [baseOf(node), ...picksOf(node).filter(Boolean).map((f) => `+${f}`)].join(' ');
}

/** Every context value the tree can produce (for the manifest test: each menu regex must match one). */
export function possibleContextValues(): string[] {
  const values: string[] = [];
  for (const kind of Object.keys(FLAG_GROUPS) as DocsNode['kind'][]) {
    const bases = kind === 'folder' ? FOLDER_KINDS.map((folder) => `readthedocs:folder:${folder}`) : [`readthedocs:${kind}`];
    const combos = (FLAG_GROUPS[kind] ?? []).reduce<string[][]>((acc, group) => acc.flatMap((picked) => group.map((word) => [...picked, word])), [[]]);
    for (const base of bases) for (const picks of combos) values.push([base, ...picks.filter(Boolean).map((f) => `+${f}`)].join(' '));
  }
  return values;
}

/** The flag groups of a kind, for tests that check `contextValueOf` picks only declared words. */
export function flagGroupsOf(kind: DocsNode['kind']): readonly (readonly string[])[] {
  return FLAG_GROUPS[kind] ?? [];
}

function baseOf(node: DocsNode): string {
  return `readthedocs:${node.kind === 'folder' ? `folder:${node.folder}` : node.kind}`;
}

/** One word per flag group of the node's kind, in group order. */
export function picksOf(node: DocsNode): string[] {
  switch (node.kind) {
    case 'project':
      return [node.project.isAdmin === false ? 'readonly' : ''];
    case 'version': {
      const v = node.version;
      return [v.active ? 'active' : 'inactive', v.hidden ? 'hidden' : 'visible', v.built ? 'built' : ''];
    }
    case 'build':
      return [isFinal(node.build) ? 'finished' : 'running'];
    case 'message':
      return [node.retry ? 'retry' : ''];
    default:
      return [];
  }
}
