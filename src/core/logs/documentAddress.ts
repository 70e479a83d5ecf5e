import { l10n } from '../l10n';
import { type Edition } from '../api/client';
import { editionLabel } from '../config';

/**
 * A build as its read-only documents name it (`readthedocs-build:`, `readthedocs-log:`): the
 * edition, the server it was read from (the host of the edition's base URL at that time), the
 * project and the build. Build ids are per server, so a document is tied to its server: after
 * the base URL changes, the same build id on the new server is another document.
 */
export interface BuildAddress {
  readonly edition: Edition;
  /** `app.readthedocs.org`, `127.0.0.1:8000`; empty when the edition had no base URL. */
  readonly server: string;
  readonly projectSlug: string;
  readonly buildId: number;
}

/** The server part of an address: the host (and port) of a base URL origin. */
export function serverOf(origin: string | undefined): string {
  if (!origin) return '';
  try {
    return new URL(origin).host;
  } catch {
    return '';
  }
}

/** The authority and path of a document of `kind` (the file extension: `yaml`, `readthedocs-log`). */
export function formatBuildAddress(address: BuildAddress, kind: string): { authority: string; path: string } {
  return { authority: address.server, path: `/${address.edition}/${encodeURIComponent(address.projectSlug)}/build-${address.buildId}.${kind}` };
}

/** The build a document's authority and path name, or undefined when they are not one of ours. */
export function parseBuildAddress(authority: string, path: string, kind: string): BuildAddress | undefined {
  const match = /^\/(community|business)\/([^/]+)\/build-(\d+)\.([a-z-]+)$/.exec(path);
  if (!match || match[4] !== kind) return undefined;
  return { edition: match[1] as Edition, server: authority, projectSlug: decodeURIComponent(match[2]!), buildId: Number(match[3]) };
}

/**
 * Why a document's build cannot be read (or opened in the browser) through the edition's client
 * now: the edition is switched off, or its base URL points at another server than the one the
 * document came from. Undefined when it can.
 */
export function unreachableReason(address: BuildAddress, currentOrigin: string | undefined): string | undefined {
  const label = editionLabel(address.edition);
  if (!currentOrigin) return l10n.t('{0} is switched off in the settings.', label);
  const now = serverOf(currentOrigin);
  if (now === address.server) return undefined;
  return l10n.t('This build was read from {0}; {1} now uses {2}. Show the build again to read it there.', address.server || l10n.t('an earlier server setting'), label, now);
}
