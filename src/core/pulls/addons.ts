import { BODY_LIMITS } from '../api/bodyLimits';
import { type FetchDocsFile } from '../inventory/docsFile';
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
  const documentation = text(at(body, 'versions', 'current', 'urls', 'documentation'));
  const diff = at(body, 'addons', 'filetreediff');
  return {
    documentationUrl: documentation && webUrlOf(documentation) ? documentation : undefined,
    diff: at(diff, 'enabled') === true && isObject(at(diff, 'diff')) ? {
      outdated: at(diff, 'outdated') === true,
      added: pages(at(diff, 'diff', 'added')),
      modified: pages(at(diff, 'diff', 'modified')),
      deleted: pages(at(diff, 'diff', 'deleted')),
    } : undefined,
  };
}

/** The body cap of an addons response, for the fetcher that reads it. */
export const ADDONS_MAX_BYTES = BODY_LIMITS.addonsJson;

function pages(value: unknown): ChangedPage[] {
  if (!Array.isArray(value)) return [];
  const out: ChangedPage[] = [];
  for (const item of value.slice(0, MAX_CHANGED_PAGES)) {
    const filename = text(at(item, 'filename'));
    if (!filename) continue;
    out.push({ filename, current: webText(at(item, 'urls', 'current')), base: webText(at(item, 'urls', 'base')) });
  }
  return out;
}

function at(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) current = isObject(current) ? current[key] : undefined;
  return current;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function webText(value: unknown): string | undefined {
  const t = text(value);
  return t && webUrlOf(t) ? t : undefined;
}
