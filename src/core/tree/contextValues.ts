import { FOLDERS, FOLDER_KINDS } from './folders';
import { type DocsNode, type FolderRow, isFolderRow, withRow } from './nodes';

/**
 * The one context-value vocabulary of both views (Projects, This Workspace): `readthedocs:<kind>`
 * plus `+flag` words, matched in package.json with `viewItem =~ /^readthedocs:version\b.*\+active/`.
 */

/** Kinds of This Workspace's rows that only it shows (its notice rows are `notice`, as in the tree). */
const WORKSPACE_ROW_KINDS = ['workspaceProject', 'branch', 'pullRequest', 'pullRequestPreview', 'pullRequestPage', 'pullRequestDeletedPage'] as const;

export type ContextKind = DocsNode['kind'] | typeof WORKSPACE_ROW_KINDS[number];

/** A row's context value: its kind and the flag words it carries (`''` = none). */
export function contextValue(kind: ContextKind, flags: readonly string[] = []): string {
  return [`readthedocs:${kind}`, ...flags.filter(Boolean).map((f) => `+${f}`)].join(' ');
}

type Groups = readonly (readonly string[])[];

/**
 * The flags each kind can carry, as groups: a node carries one word of each group of its kind
 * (`''` = no flag). The rows of folders' items take theirs from their descriptors (`row.flags`).
 * `contextValueOf` picks the words; the manifest test enumerates every value, so a menu on a
 * kind or flag missing here fails it.
 */
const FLAG_GROUPS: { readonly [K in Exclude<DocsNode, FolderRow>['kind']]: Groups } = {
  edition: [],
  organization: [],
  project: [['', 'readonly']],
  superproject: [],
  folder: [],
  loadMore: [],
  message: [['', 'retry']],
};

const GROUPS_OF_KIND = new Map<string, Groups>([
  ...Object.entries(FLAG_GROUPS),
  ...FOLDER_KINDS.map((folder) => [FOLDERS[folder].row.kind, FOLDERS[folder].row.flags?.groups ?? []] as const),
]);

export function contextValueOf(node: DocsNode): string {
  return node.kind === 'folder' ? `${contextValue('folder')}:${node.folder}` : contextValue(node.kind, picksOf(node));
}

/** Every context value either view can produce (for the manifest test: each menu regex must match one). */
export function possibleContextValues(): string[] {
  const values: string[] = WORKSPACE_ROW_KINDS.map((kind) => contextValue(kind));
  for (const [kind, groups] of GROUPS_OF_KIND) {
    const bases = kind === 'folder' ? FOLDER_KINDS.map((folder) => `readthedocs:folder:${folder}`) : [`readthedocs:${kind}`];
    const combos = groups.reduce<string[][]>((acc, group) => acc.flatMap((picked) => group.map((word) => [...picked, word])), [[]]);
    for (const base of bases) for (const picks of combos) values.push([base, ...picks.filter(Boolean).map((f) => `+${f}`)].join(' '));
  }
  return values;
}

/** The flag groups of a kind, for tests that check `contextValueOf` picks only declared words. */
export function flagGroupsOf(kind: DocsNode['kind']): Groups {
  return GROUPS_OF_KIND.get(kind) ?? [];
}

/** One word per flag group of the node's kind, in group order. */
export function picksOf(node: DocsNode): readonly string[] {
  if (isFolderRow(node)) return withRow(node, (row, item) => row.flags?.picks(item) ?? []);
  switch (node.kind) {
    case 'project':
      return [node.project.isAdmin === false ? 'readonly' : ''];
    case 'message':
      return [node.retry ? 'retry' : ''];
    default:
      return [];
  }
}
