import { type Edition, type ReadTheDocsClient } from '../api/client';
import { type Logger } from '../log';
import { pathInside } from '../util/paths';
import { type BoundProject, type BoundProjects } from '../workspace/boundProject';
import { type InventoryIndex } from './inventoryIndex';
import { type InventoryStore } from './inventoryStore';
import { type InventorySet } from './resolve';
import { errorDetail } from '../api/describeError';
import { type PublishedVersions } from '../workspace/publishedVersion';

export interface InventorySourcesOptions {
  readonly bound: BoundProjects;
  readonly store: InventoryStore;
  /** The version whose docs stand for the bound project (shared with search). */
  readonly published: Pick<PublishedVersions, 'of'>;
  readonly clientOf: (edition: Edition) => ReadTheDocsClient | undefined;
  /** Named documentation roots for a folder: conf.py's literal `intersphinx_mapping` and the `readthedocs.intersphinx` setting. */
  readonly namedRoots: (folderPath: string | undefined) => Promise<ReadonlyMap<string, string>>;
  /**
   * Whether the workspace is trusted. Untrusted (Restricted Mode), the named roots are not read:
   * the folder names no host to fetch from (folderTrust.ts); the bound project's own inventory and
   * its subprojects' and translations' (which the server lists) still are.
   */
  readonly folderTrusted: () => boolean;
  readonly logger: Logger;
}

/** The inventories a file reaches and the project it belongs to. */
export interface FileInventories {
  readonly set: InventorySet;
  readonly bound: BoundProject | undefined;
  /** The documentation root of the bound project's published version (where its pages are). */
  readonly docsRoot: string | undefined;
}

/**
 * Which inventories a file of the workspace can reference: its bound project's (of the version
 * `PublishedVersions` names), the project's subprojects (by alias) and translations (by language),
 * and, in a trusted folder, the named mappings. Every list is learnt once per project, in the
 * background queue of the budget.
 */
export class InventorySources {
  private readonly relatives = new Map<string, Promise<ReadonlyMap<string, string>>>();

  constructor(private readonly options: InventorySourcesOptions) {
    options.bound.onDidChange(() => {
      this.relatives.clear();
    });
  }

  /**
   * `filePath` undefined: an untitled document. `start` false (links, hints: nobody asked) uses the
   * binding only once something else started it, so opening a file never reads a token.
   */
  async forFile(filePath: string | undefined, signal?: AbortSignal, start = true): Promise<FileInventories> {
    const all = start || this.options.bound.started ? await this.options.bound.current() : [];
    // A document with no file (untitled) belongs to no folder: the workspace's first project applies.
    const bound = filePath === undefined ? all[0] : boundProjectOf(all, filePath);
    const [root, relatives, named] = await Promise.all([
      bound ? this.options.published.of(bound).then((docs) => docs.root) : undefined,
      bound ? this.relativesOf(bound) : new Map<string, string>(),
      this.options.folderTrusted() ? this.options.namedRoots(bound?.folderPath) : new Map<string, string>(),
    ]);
    const own = root ? await this.options.store.get(root, signal) : undefined;
    const namedRoots = new Map([...relatives, ...named]);
    const loaded = await Promise.all([...namedRoots].map(async ([name, url]) => [name, await this.options.store.get(url, signal)] as const));
    const namedIndexes = new Map(loaded.filter((pair): pair is readonly [string, InventoryIndex] => pair[1] !== undefined));
    return { set: { own, named: namedIndexes }, bound, docsRoot: root };
  }

  private relativesOf({ edition, project }: BoundProject): Promise<ReadonlyMap<string, string>> {
    const key = `${edition} ${project.slug}`;
    let found = this.relatives.get(key);
    if (!found) {
      found = this.loadRelatives(edition, project.slug);
      this.relatives.set(key, found);
    }
    return found;
  }

  private async loadRelatives(edition: Edition, slug: string): Promise<ReadonlyMap<string, string>> {
    const client = this.options.clientOf(edition);
    const out = new Map<string, string>();
    if (!client) return out;
    const [subprojects, translations] = await Promise.allSettled([
      client.subprojects.list(slug, { priority: 'background' }),
      client.projects.translations(slug, { priority: 'background' }),
    ]);
    if (subprojects.status === 'fulfilled') {
      for (const { alias, child } of subprojects.value.items) if (child.urls.documentation) out.set(alias, child.urls.documentation);
    } else this.options.logger.debug(`inventory: subprojects of ${slug}: ${errorDetail(subprojects.reason)}`);
    if (translations.status === 'fulfilled') {
      for (const translation of translations.value.items) if (translation.urls.documentation) out.set(translation.language.code, translation.urls.documentation);
    } else this.options.logger.debug(`inventory: translations of ${slug}: ${errorDetail(translations.reason)}`);
    return out;
  }
}

/** The bound project whose folder holds the file (the innermost folder wins). */
function boundProjectOf(bound: readonly BoundProject[], filePath: string): BoundProject | undefined {
  return bound
    .filter((b) => pathInside(b.folderPath, filePath) !== undefined)
    .sort((a, b) => b.folderPath.length - a.folderPath.length)[0];
}
