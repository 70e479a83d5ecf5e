/**
 * The pre-flight of an upload, on disk and before anything is sent (FACTS section 24): the HTML
 * root has `index.html`, every link in it leads to a file or folder of the HTML root itself (a link
 * to the repository would send the repository), at most one file per extra format, at most 1 GiB
 * in all; then the zip's entries in the layout the server expects (`html/…`, `pdf/x.pdf`,
 * `epub/x.epub`, `htmlzip/x.zip`), each with the identity it had when listed, so the zip sends
 * only what the plan showed (`writeZip` checks it). `.git` is skipped.
 */
import { isUtf8 } from 'node:buffer';
import { type Stats, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { l10n } from '../l10n';
import { pathInside, realPathInside } from '../util/paths';

/** The policy's limit (the project's `max_build_media_size` may be lower; the server then says so). */
export const MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;
/** A zip without zip64 holds at most this many entries; the walk visits at most as many folders. */
export const MAX_UPLOAD_ENTRIES = 65_535;
/**
 * Folders nest at most this deep under the HTML root (a built site has a few levels; each file
 * deeper down costs the kernel a longer path to walk, so depth would cost its square).
 */
export const MAX_FOLDER_DEPTH = 64;
/** A zip entry's name is at most this many bytes (a 16-bit field). */
const MAX_ZIP_NAME_BYTES = 0xffff;
/**
 * The walk runs in slices of at most this long, then lets the extension host go on: each file is
 * stat'ed synchronously (about 3 µs of CPU, against 10-45 µs for a stat through the thread pool).
 */
const SLICE_MS = 8;

export type ExtraFormat = 'pdf' | 'epub' | 'htmlzip';
export const EXTRA_EXTENSIONS: Readonly<Record<ExtraFormat, string>> = { pdf: '.pdf', epub: '.epub', htmlzip: '.zip' };

export interface ArtifactSources {
  /** The workspace folder: the HTML root and the extra files lie in it. */
  readonly folder: string;
  /** The HTML root (absolute): nothing a link in it leads to may lie outside it. */
  readonly html: string;
  /** The files chosen per extra format (absolute). */
  readonly extras?: Readonly<Partial<Record<ExtraFormat, readonly string[]>>>;
}

export interface ZipEntry {
  /** The name in the zip (`html/index.html`). */
  readonly name: string;
  /** The file to read (where a link led, when the entry is a link's). */
  readonly path: string;
  readonly size: number;
  /** The file's identity when listed: the zip refuses a file that is another one by then. */
  readonly dev: number;
  readonly ino: number;
}

export type PreflightReason =
  | 'noIndex' | 'linkOutside' | 'linkLoop' | 'tooLarge' | 'severalFiles' | 'wrongExtension' | 'notInside' | 'tooManyFiles' | 'tooDeep' | 'badName' | 'changed';

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
  const add = (name: string, path: string, info: Stats) => {
    total += info.size;
    if (total > maxBytes) throw new PreflightError('tooLarge', l10n.t('The upload would be larger than {0} MB, the most Read the Docs takes.', Math.round(maxBytes / 1024 / 1024)));
    if (entries.length >= MAX_UPLOAD_ENTRIES) throw new PreflightError('tooManyFiles', l10n.t('The HTML has more than {0} files.', MAX_UPLOAD_ENTRIES));
    if (Buffer.byteLength(name) > MAX_ZIP_NAME_BYTES) throw new PreflightError('badName', l10n.t('{0}… has a name too long for a zip.', name.slice(0, 80)));
    entries.push({ name, path, size: info.size, dev: info.dev, ino: info.ino });
  };
  await walk(await realpath(sources.html), add, options.signal);
  for (const format of ['pdf', 'epub', 'htmlzip'] as const) {
    const files = sources.extras?.[format] ?? [];
    if (files.length > 1) throw new PreflightError('severalFiles', l10n.t('Read the Docs takes one {0} file per version; {1} were chosen.', EXTRA_EXTENSIONS[format], files.length));
    for (const file of files) {
      if (!file.toLowerCase().endsWith(EXTRA_EXTENSIONS[format])) throw new PreflightError('wrongExtension', l10n.t('{0} is not a {1} file.', basename(file), EXTRA_EXTENSIONS[format]));
      if (await realPathInside(sources.folder, file) === undefined) throw new PreflightError('linkOutside', l10n.t('{0} lies outside the workspace folder (through a link, or as chosen).', basename(file)));
      const name = `${format}/${basename(file)}`;
      const problem = zipNameProblem(name);
      if (problem) throw new PreflightError('badName', problem);
      const real = await realpath(file);
      add(name, real, await stat(real));
    }
  }
  return entries;
}

/** One folder being walked: where it really is, its name in the zip, its entries in order. */
interface Frame {
  readonly real: string;
  readonly prefix: string;
  readonly children: readonly string[];
  next: number;
}

/**
 * Every file under the HTML root (`root`, its real path) in name order, as `html/…`. A folder is
 * walked under its own name; a link is followed only when it leads to a file or folder of the
 * root itself, and its files are zipped again under the link's name (as a web server would serve
 * them), so a link never hides the folder it points to. A link to a folder that holds the link
 * would repeat without end: refused, as a link leading out is.
 */
async function walk(root: string, add: (name: string, path: string, info: Stats) => void, signal: AbortSignal | undefined): Promise<void> {
  const stack: Frame[] = [{ real: root, prefix: 'html', children: listed(root, 'html'), next: 0 }];
  let folders = 1;
  let sliceStart = performance.now();
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    const name = frame.children[frame.next++];
    if (name === undefined) {
      stack.pop();
      continue;
    }
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      signal?.throwIfAborted();
      sliceStart = performance.now();
    }
    if (name === '.git') continue;
    const entryName = `${frame.prefix}/${name}`;
    const problem = segmentProblem(name, entryName);
    if (problem) throw new PreflightError('badName', problem);
    const path = `${frame.real}/${name}`;
    let real = path;
    let info = lstatSync(path);
    if (info.isSymbolicLink()) {
      real = linkTarget(root, path, entryName);
      info = statSync(real);
      if (info.isDirectory() && stack.some((f) => pathInside(real, f.real) !== undefined)) {
        throw new PreflightError('linkLoop', l10n.t('{0} is a link to a folder that holds it ({1}): the site would repeat without end. Remove the link, then upload.', shown(entryName), shown(real)));
      }
    }
    if (info.isDirectory()) {
      if (++folders > MAX_UPLOAD_ENTRIES) throw new PreflightError('tooManyFiles', l10n.t('The HTML has more than {0} folders (counting those links lead to).', MAX_UPLOAD_ENTRIES));
      if (stack.length >= MAX_FOLDER_DEPTH) throw new PreflightError('tooDeep', l10n.t('{0} is more than {1} folders deep: a built site is not. Remove what made it, then upload.', shown(entryName.slice(0, 200)), MAX_FOLDER_DEPTH));
      stack.push({ real, prefix: entryName, children: listed(real, entryName), next: 0 });
    } else if (info.isFile()) {
      add(entryName, real, info);
    }
  }
}

/**
 * A folder's entries in name order. A name that is not UTF-8 comes back with U+FFFD in it: then
 * the folder is read again as bytes, and such a name is refused (it would be zipped as another).
 */
function listed(dir: string, prefix: string): string[] {
  const names = readdirSync(dir);
  if (names.some((name) => name.includes('\uFFFD'))) {
    const raw = readdirSync(dir, { encoding: 'buffer' }).find((name) => !isUtf8(name));
    if (raw) throw new PreflightError('badName', l10n.t('{0} has a name that is not UTF-8 text: Read the Docs serves pages by their UTF-8 names. Rename it, then upload.', shown(`${prefix}/${raw.toString('utf8')}`)));
  }
  return names.sort();
}

/** Where the link at `path` really leads, when that lies inside the HTML root `root`. */
function linkTarget(root: string, path: string, entryName: string): string {
  let real: string | undefined;
  try {
    real = realpathSync.native(path);
  } catch {
    real = undefined;
  }
  if (real === undefined || pathInside(root, real) === undefined) {
    throw new PreflightError('linkOutside', l10n.t('{0} is a link leading out of the HTML folder ({1}): only the built site is uploaded. Remove the link or copy what it points to, then upload.', shown(entryName), real === undefined ? l10n.t('to nothing') : shown(real)));
  }
  return real;
}

/** What a zip reader would make of a name of one folder entry, in words; undefined when it is a plain name. */
function segmentProblem(segment: string, entryName: string): string | undefined {
  if (segment.includes('\\')) return l10n.t('{0} has a backslash in its name: zip readers take it as a folder separator. Rename it, then upload.', shown(entryName));
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(segment)) return l10n.t('{0} has a control character in its name. Rename it, then upload.', shown(entryName));
  if (segment === '' || segment === '.' || segment === '..') return l10n.t('{0} has an empty, "." or ".." part: a zip reader would take it as a path. Rename it, then upload.', shown(entryName));
  return undefined;
}

/**
 * Why `name` would not be unzipped as the file it names, in words; undefined when it would be: an
 * absolute name, a drive letter, `.`/`..`/empty parts and backslashes are each read as a path by
 * some zip reader, control characters hide what the name is, and the zip field holds 64 KB.
 */
export function zipNameProblem(name: string): string | undefined {
  if (name.startsWith('/') || /^[a-z]:/i.test(name)) return l10n.t('{0} would be unzipped outside the site (an absolute name or a drive letter). Rename it, then upload.', shown(name));
  if (Buffer.byteLength(name) > MAX_ZIP_NAME_BYTES) return l10n.t('{0}… has a name too long for a zip.', shown(name.slice(0, 80)));
  for (const segment of name.split('/')) {
    const problem = segmentProblem(segment, name);
    if (problem) return problem;
  }
  return undefined;
}

/** A name as shown in a message: control characters as `\xNN`, so none reorders or hides the rest. */
function shown(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
