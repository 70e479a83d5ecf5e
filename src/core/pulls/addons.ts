import { type FetchDocsFile } from '../inventory/docsFile';
import { objectAt, optBool, optObject, optStr } from '../models/parse';
import { webUrlOf } from '../validation/urls';

/** A page a pull request adds, changes or deletes, with its URL in the preview and in the base version. */
export interface ChangedPage {
  readonly filename: string;
  /** Only http(s) URLs are kept. */
  readonly current: string | undefined;
  readonly base: string | undefined;
}

export interface FileTreeDiff {
  /** The base version changed after the diff was made. */
  readonly outdated: boolean;
  readonly added: readonly ChangedPage[];
  readonly modified: readonly ChangedPage[];
  readonly deleted: readonly ChangedPage[];
}

/** What the addons API of a docs host says about one version (FACTS §23); every part optional. */
export interface AddonsVersion {
  /** `versions.current.urls.documentation`: for a pull request, the preview root. */
  readonly documentationUrl: string | undefined;
  /** `addons.filetreediff` when enabled and it holds a diff. */
  readonly diff: FileTreeDiff | undefined;
}

/** At most this many pages of each kind are kept from a diff. */
export const MAX_CHANGED_PAGES = 500;

/** The addons API address on the docs host serving `docsUrl` (the project's docs), for one version. */
export function addonsUrl(docsUrl: string, projectSlug: string, versionSlug: string): string | undefined {
  const docs = webUrlOf(docsUrl);
  if (!docs) return undefined;
  const url = new URL('/_/addons/', docs.origin);
  url.searchParams.set('api-version', '1');
  url.searchParams.set('project-slug', projectSlug);
  url.searchParams.set('version-slug', versionSlug);
  return url.toString();
}

/**
 * Reads the addons API of a version: one GET on the docs host, without a token (the docs host
 * takes none), within the addons body cap. Undefined when the host answers 404 (no such version
 * to the public: a private preview needs a dashboard session).
 */
export async function readAddons(fetchFile: FetchDocsFile, url: string, signal?: AbortSignal): Promise<AddonsVersion | undefined> {
  const result = await fetchFile(url, {}, signal);
  if (result.status !== 'ok') return undefined;
  return parseAddons(JSON.parse(Buffer.from(result.bytes).toString('utf8')) as unknown);
}

/** The addons response (v1), tolerant: upstream calls the structure alpha, so a missing key is no error. Pure. */
export function parseAddons(body: unknown): AddonsVersion {
  const documentation = optStr(objectAt(body, 'versions', 'current', 'urls') ?? {}, 'documentation');
  const treeDiff = objectAt(body, 'addons', 'filetreediff');
  const diff = treeDiff && optBool(treeDiff, 'enabled') === true ? optObject(treeDiff, 'diff') : undefined;
  return {
    documentationUrl: webText(documentation),
    diff: treeDiff && diff ? {
      outdated: optBool(treeDiff, 'outdated') === true,
      added: pages(diff.added),
      modified: pages(diff.modified),
      deleted: pages(diff.deleted),
    } : undefined,
  };
}

function pages(value: unknown): ChangedPage[] {
  if (!Array.isArray(value)) return [];
  const out: ChangedPage[] = [];
  for (const item of value.slice(0, MAX_CHANGED_PAGES)) {
    const page = objectAt(item);
    const filename = page && optStr(page, 'filename');
    if (!page || !filename) continue;
    const urls = optObject(page, 'urls') ?? {};
    out.push({ filename, current: webText(optStr(urls, 'current')), base: webText(optStr(urls, 'base')) });
  }
  return out;
}

/** The object at `keys` below `value`, or undefined when any step is not an object. */
/** The checked URL's `href`: a link never goes where the text as written would lead another reader. */
function webText(value: string | undefined): string | undefined {
  return value ? webUrlOf(value)?.href : undefined;
}
