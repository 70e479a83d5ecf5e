/**
 * The pre-flight of an upload, on disk and before anything is sent (FACTS section 24): the HTML
 * root has `index.html`, nothing in it is a link leading out of the folder, at most one file per
 * extra format, at most 1 GiB in all; then the zip's entries in the layout the server expects
 * (`html/…`, `pdf/x.pdf`, `epub/x.epub`, `htmlzip/x.zip`). `.git` is skipped.
 */
import { lstat, opendir, realpath, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { l10n } from '../l10n';
import { realPathInside } from '../util/paths';

/** The policy's limit (the project's `max_build_media_size` may be lower; the server then says so). */
export const MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;
/** A zip without zip64 holds at most this many entries. */
export const MAX_UPLOAD_ENTRIES = 65_535;

export type ExtraFormat = 'pdf' | 'epub' | 'htmlzip';
export const EXTRA_EXTENSIONS: Readonly<Record<ExtraFormat, string>> = { pdf: '.pdf', epub: '.epub', htmlzip: '.zip' };

export interface ArtifactSources {
  /** The workspace folder: nothing may lead out of it. */
  readonly folder: string;
  /** The HTML root (absolute). */
  readonly html: string;
  /** The files chosen per extra format (absolute). */
  readonly extras?: Readonly<Partial<Record<ExtraFormat, readonly string[]>>>;
}

export interface ZipEntry {
  /** The name in the zip (`html/index.html`). */
  readonly name: string;
  readonly path: string;
  readonly size: number;
}

export type PreflightReason = 'noIndex' | 'linkOutside' | 'tooLarge' | 'severalFiles' | 'wrongExtension' | 'notInside' | 'tooManyFiles';

/** A refusal before anything is sent; its message is for the person. */
export class PreflightError extends Error {
  constructor(readonly reason: PreflightReason, message: string) {
    super(message);
    this.name = 'PreflightError';
  }
}

export interface PreflightOptions {
  readonly maxBytes?: number;
  readonly signal?: AbortSignal;
}

export async function collectArtifacts(sources: ArtifactSources, options: PreflightOptions = {}): Promise<ZipEntry[]> {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  if (await realPathInside(sources.folder, sources.html) === undefined) {
    throw new PreflightError('notInside', l10n.t('{0} is not a folder inside the workspace folder.', sources.html));
  }
  const index = await stat(join(sources.html, 'index.html')).catch(() => undefined);
  if (!index?.isFile()) throw new PreflightError('noIndex', l10n.t('{0} has no index.html at its top: Read the Docs needs one there. Build the HTML first, or choose its folder.', sources.html));
  const entries: ZipEntry[] = [];
  let total = 0;
  const add = (entry: ZipEntry) => {
    total += entry.size;
    if (total > maxBytes) throw new PreflightError('tooLarge', l10n.t('The upload would be larger than {0} MB, the most Read the Docs takes.', Math.round(maxBytes / 1024 / 1024)));
    if (entries.length >= MAX_UPLOAD_ENTRIES) throw new PreflightError('tooManyFiles', l10n.t('The HTML has more than {0} files.', MAX_UPLOAD_ENTRIES));
    entries.push(entry);
  };
  await walk(sources, sources.html, 'html', new Set([await realpath(sources.html)]), add, options.signal);
  for (const format of ['pdf', 'epub', 'htmlzip'] as const) {
    const files = sources.extras?.[format] ?? [];
    if (files.length > 1) throw new PreflightError('severalFiles', l10n.t('Read the Docs takes one {0} file per version; {1} were chosen.', EXTRA_EXTENSIONS[format], files.length));
    for (const file of files) {
      if (!file.toLowerCase().endsWith(EXTRA_EXTENSIONS[format])) throw new PreflightError('wrongExtension', l10n.t('{0} is not a {1} file.', basename(file), EXTRA_EXTENSIONS[format]));
      if (await realPathInside(sources.folder, file) === undefined) throw new PreflightError('linkOutside', l10n.t('{0} lies outside the workspace folder (through a link, or as chosen).', basename(file)));
      const info = await stat(file);
      add({ name: `${format}/${basename(file)}`, path: file, size: info.size });
    }
  }
  return entries;
}

async function walk(sources: ArtifactSources, dir: string, prefix: string, seen: Set<string>, add: (entry: ZipEntry) => void, signal: AbortSignal | undefined): Promise<void> {
  const handle = await opendir(dir);
  const names: string[] = [];
  for await (const dirent of handle) names.push(dirent.name);
  names.sort();
  for (const name of names) {
    signal?.throwIfAborted();
    if (name === '.git') continue;
    const path = join(dir, name);
    const entryName = `${prefix}/${name}`;
    const link = await lstat(path);
    let info = link;
    if (link.isSymbolicLink()) {
      // A link stays only when where it leads lies inside the folder (and inside the HTML for a folder, so none loops).
      if (await realPathInside(sources.folder, path) === undefined) {
        throw new PreflightError('linkOutside', l10n.t('{0} is a link leading out of the folder: nothing outside it is uploaded.', entryName));
      }
      info = await stat(path);
    }
    if (info.isDirectory()) {
      const real = await realpath(path);
      if (seen.has(real)) continue;
      seen.add(real);
      await walk(sources, path, entryName, seen, add, signal);
    } else if (info.isFile()) {
      add({ name: entryName, path, size: info.size });
    }
  }
}
