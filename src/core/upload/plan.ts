/** What an upload will do, in words, before anything is sent; and the question before git builds stop for a version. */
import { l10n } from '../l10n';
import { formatBytes } from '../util/byteSize';
import { type ZipEntry } from './artifacts';
import { type UploadTarget } from './target';

export interface UploadPlan {
  readonly project: string;
  readonly target: UploadTarget;
  readonly commit: string;
  /** Bytes of the files to send (before compression). */
  readonly bytes: number;
  readonly files: number;
  /** The extra formats' entry names (`pdf/x.pdf`). */
  readonly extras: readonly string[];
  /** Business: the version's privacy after the upload; undefined on Community. */
  readonly privacy?: 'public' | 'private';
  /** Undefined: git could not say (the plan says so). */
  readonly dirty: boolean | undefined;
  /** The HTML folder, as the person knows it (relative to the workspace folder). */
  readonly htmlFolder: string;
  /** Entry names that look private or out of place in a website (`notableFiles`), named in the plan. */
  readonly notable: readonly string[];
}

/** What the zip holds, for the plan: its HTML files, its bytes, the extra formats, and what looks out of place. */
export function listingOf(entries: readonly ZipEntry[]): Pick<UploadPlan, 'bytes' | 'files' | 'extras' | 'notable'> {
  let bytes = 0;
  let files = 0;
  const extras: string[] = [];
  for (const entry of entries) {
    bytes += entry.size;
    if (entry.name.startsWith('html/')) files += 1;
    else extras.push(entry.name);
  }
  return { bytes, files, extras, notable: notableFiles(entries) };
}

/** Files a site generator writes with a leading dot: expected, never named. */
const GENERATED_DOTFILES = new Set(['.buildinfo', '.nojekyll']);
/** Names of keys, credentials and secrets files (a site has none of them). */
const SECRET_NAME = /^(?:id_(?:rsa|dsa|ecdsa|ed25519)|credentials|secrets?)(?:\.[a-z]+)?$|\.(?:pem|key|p12|pfx|jks|keystore|kdbx|sqlite3?)$/i;

/**
 * The entries that look private or out of place in a built site, in zip order: a file or folder
 * whose name starts with a dot (`.env`, `.ssh/…`; not the `.buildinfo` and `.nojekyll` generators
 * write) and key, credential and secrets files (`id_rsa`, `*.pem`, `credentials.json`).
 */
export function notableFiles(entries: readonly ZipEntry[]): string[] {
  return entries.filter((entry) => entry.name.split('/').some((part, i, parts) =>
    (part.startsWith('.') && !(i === parts.length - 1 && GENERATED_DOTFILES.has(part))) || (i === parts.length - 1 && SECRET_NAME.test(part)))).map((entry) => entry.name);
}

/** At most this many notable files are named in the plan (then "and N more"). */
const NAMED_NOTABLE = 8;

export function planWords(plan: UploadPlan): { message: string; detail: string; confirm: string } {
  const lines = [
    l10n.t('Project: {0}', plan.project),
    l10n.t('Publishes as: {0}', plan.target.label),
    l10n.t('Commit: {0}', plan.commit.slice(0, 12)),
    l10n.t('HTML: {0} ({1} files, {2})', plan.htmlFolder || '.', plan.files, formatBytes(plan.bytes)),
    ...(plan.extras.length ? [l10n.t('Also: {0}', plan.extras.join(', '))] : []),
    ...(plan.notable.length ? [plan.notable.length > NAMED_NOTABLE
      ? l10n.t('Look private or out of place in a website: {0} and {1} more', plan.notable.slice(0, NAMED_NOTABLE).join(', '), plan.notable.length - NAMED_NOTABLE)
      : l10n.t('Look private or out of place in a website: {0}', plan.notable.join(', '))] : []),
    ...(plan.privacy ? [plan.privacy === 'private' ? l10n.t('Privacy: private (only people with access to the project)') : l10n.t('Privacy: public')] : []),
    ...(plan.dirty ? [l10n.t('The working tree has uncommitted changes: what you built may not be this commit.')] : []),
    ...(plan.dirty === undefined ? [l10n.t('Whether the working tree has uncommitted changes is unknown: the git extension does not show this repository at this commit (yet).')] : []),
  ];
  return {
    message: l10n.t('Upload the local build of {0} as {1}?', plan.project, plan.target.label),
    detail: lines.join('\n'),
    confirm: l10n.t('Upload'),
  };
}

/** The first upload to a version Read the Docs builds from git: after it, Read the Docs never builds that version again. */
export function gitBuildsStopWords(project: string, version: string): { message: string; detail: string; confirm: string } {
  return {
    message: l10n.t('Stop building {0} of {1} from git?', version, project),
    detail: l10n.t('Once a build is uploaded to it, Read the Docs never builds {0} from git again (not on pushes, not from Build Version): it only publishes what you upload.', version),
    confirm: l10n.t('Upload and Stop Git Builds'),
  };
}
