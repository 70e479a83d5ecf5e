/**
 * Offline formats of a version (PDF, ePub, HTML zip): the API lists only the formats that exist,
 * as absolute https URLs under the docs host, in the version's `downloads` (FACTS.md §9).
 */
import { l10n } from './l10n';
import { type Version } from './models/version';
import { parseHttpUrl } from './validation/urls';

export type DownloadFormat = 'pdf' | 'epub' | 'htmlzip';

export interface VersionDownload {
  readonly format: DownloadFormat;
  /** "PDF", "ePub", "HTML (zip)". */
  readonly label: string;
  readonly url: string;
}

const FORMATS: readonly { readonly format: DownloadFormat; readonly label: string }[] = [
  { format: 'pdf', label: 'PDF' },
  { format: 'epub', label: 'ePub' },
  { format: 'htmlzip', get label() { return l10n.t('HTML (zip)'); } },
];

/** Every format, in the order they are offered. */
export const DOWNLOAD_FORMATS: readonly DownloadFormat[] = FORMATS.map((f) => f.format);

/**
 * The downloads a version offers, in the order PDF, ePub, HTML zip. Only built versions have
 * any; a format whose URL is not plain http(s) (a `javascript:` or credentials-bearing link from a
 * hostile server) is left out, and unknown formats are ignored.
 */
export function versionDownloads(version: Pick<Version, 'built' | 'downloads'>): VersionDownload[] {
  if (!version.built) return [];
  return FORMATS.flatMap(({ format, label }) => {
    const parsed = parseHttpUrl(version.downloads[format] ?? '');
    return parsed.ok ? [{ format, label, url: parsed.url.href }] : [];
  });
}
