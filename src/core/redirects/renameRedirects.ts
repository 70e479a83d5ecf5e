/** The `page` redirects that keep old links working after pages are renamed or moved. */
import { type DocsLayout } from '../docsLayout/layout';
import { publishedFolder, publishedPath } from '../docsLayout/publishedName';
import { type RedirectRule, RULE_DEFAULTS } from './rule';

export interface Rename {
  /** Repository-relative paths with `/` separators. */
  readonly from: string;
  readonly to: string;
  readonly folder?: boolean;
}

/**
 * The page redirects that keep old links working after these renames (a folder: one wildcard rule),
 * in the order given, without renames outside the docs or to the same published path.
 */
export function redirectsForRenames(renames: readonly Rename[], layout: DocsLayout, description?: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const rename of renames) {
    const from = rename.folder ? publishedFolder(rename.from, layout) : publishedPath(rename.from, layout);
    const to = rename.folder ? publishedFolder(rename.to, layout) : publishedPath(rename.to, layout);
    if (!from || !to || from === to) continue;
    const rule: RedirectRule = {
      ...RULE_DEFAULTS,
      type: 'page',
      fromUrl: rename.folder ? `${from}*` : from,
      toUrl: rename.folder ? `${to}:splat` : to,
      description: description ?? RULE_DEFAULTS.description,
    };
    if (!rules.some((r) => r.fromUrl === rule.fromUrl)) rules.push(rule);
  }
  return rules;
}

/** Remembers the renames already offered, so one rename is never offered twice. */
export class OfferedRenames {
  private readonly seen = new Set<string>();

  /** The renames not offered before; they count as offered from now on. */
  take(renames: readonly Rename[]): Rename[] {
    const fresh = renames.filter((r) => !this.seen.has(`${r.from}\n${r.to}`));
    for (const r of fresh) this.seen.add(`${r.from}\n${r.to}`);
    return fresh;
  }
}
