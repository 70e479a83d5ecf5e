import { readMkdocsYaml } from '../docsLayout/mkdocsYaml';
import { objectAt } from '../models/parse';
import { docsRootUrl } from './docsRoot';

const INVENTORY_FILE = 'objects.inv';

/**
 * The inventories an `mkdocs.yml` makes mkdocstrings load (FACTS.md §19): each handler's `import:`
 * (mkdocstrings before 0.25) and `inventories:` (newer), entries as URL strings or `{url, base_url}`.
 * Name → documentation root, named by the root without its scheme (`docs.python.org/3`), since
 * autorefs identifiers carry no inventory name. Only `…/objects.inv` URLs whose `base_url`, when
 * given, is their own folder are kept: that is where the inventory's URIs point. Nothing else in
 * the file is read; tags (`!ENV`, `!!python/name:`) do not stop it.
 */
export function mkdocsInventoriesOf(text: string): Map<string, string> {
  return mkdocsInventoriesIn(readMkdocsYaml(text));
}

/** The same, from MkDocs' settings as data (`mkdocs.yml`, or `[project]` of `zensical.toml`, whose `plugins` is a table). */
export function mkdocsInventoriesIn(settings: Record<string, unknown> | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const handler of handlersOf(settings)) {
    for (const key of ['import', 'inventories']) {
      const entries = handler[key];
      if (!Array.isArray(entries)) continue;
      for (const entry of entries) {
        const root = rootOf(entry);
        if (root) out.set(nameOf(root), root);
      }
    }
  }
  return out;
}

/** `docs.python.org/3` for `https://docs.python.org/3/`: the root without its scheme (autorefs identifiers name no inventory). */
function nameOf(root: string): string {
  const { host, pathname } = new URL(root);
  return `${host}${pathname.replace(/\/$/, '')}`;
}

function rootOf(entry: unknown): string | undefined {
  const url = typeof entry === 'string' ? entry : objectAt(entry)?.url;
  if (typeof url !== 'string') return undefined;
  const root = docsRootUrl(url);
  if (!root?.endsWith(`/${INVENTORY_FILE}/`)) return undefined;
  const folder = root.slice(0, -`${INVENTORY_FILE}/`.length);
  const base = objectAt(entry)?.base_url;
  if (base === undefined || base === null) return folder;
  return typeof base === 'string' && docsRootUrl(base) === folder ? folder : undefined;
}

/** The handler settings of the `mkdocstrings` plugin (`plugins` as a list or a mapping). */
function handlersOf(config: Record<string, unknown> | undefined): Record<string, unknown>[] {
  const plugins = config?.plugins;
  const entries = Array.isArray(plugins) ? plugins.map((value) => objectAt(value)) : [objectAt(plugins)];
  const handlers = entries.map((entry) => objectAt(entry, 'mkdocstrings', 'handlers')).find((found) => found !== undefined);
  return handlers ? Object.values(handlers).map((value) => objectAt(value)).filter((h): h is Record<string, unknown> => h !== undefined) : [];
}
