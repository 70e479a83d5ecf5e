import * as vscode from 'vscode';
import { accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { versionDownloads } from '../../core/downloads';
import { type Version } from '../../core/models/version';
import { type NodeOfKind, freshestRow } from '../../core/tree/nodes';
import { registerCommand } from '../commands/register';
import { type Services } from '../services';
import { resolveItem } from '../tree/pickers';

/** What a person did with a download link. */
export interface DownloadChoice {
  readonly url: string;
  readonly action: 'open' | 'copy';
}

type DownloadServices = Pick<Services, 'ui' | 'tree' | 'editions'>;

/** The commands on a version's downloads, registered next to their handlers. */
export function registerDownloadCommands(services: Services): vscode.Disposable[] {
  return [
    registerCommand(CommandIds.openVersionDownload, accepts.nodeOf('version'), (row) => openVersionDownload(services, row), services.reporter),
  ];
}

/**
 * The version a download command acts on: its row as the tree holds it now, or from the palette
 * a project and then one of its built versions.
 */
async function builtVersion(services: DownloadServices, row: NodeOfKind<'version'> | undefined): Promise<Version | undefined> {
  if (row) return freshestRow(services.tree, row).version;
  const picked = await resolveItem(services, undefined, 'versions', {
    project: vscode.l10n.t('Download the docs of which project?'),
    item: vscode.l10n.t('Download which version?'),
    reading: (slug) => vscode.l10n.t('Reading the built versions of {0}…', slug),
    none: (slug) => vscode.l10n.t('{0} has no built version.', slug),
    list: (client, slug, call) => client.versions.list(slug, { active: true, built: true }, call),
    choice: (version) => ({ label: version.verboseName, description: version.slug }),
  });
  return picked?.item;
}

/**
 * `readthedocs.openVersionDownload` on a built version's row (or a version picked from the
 * palette): the offline formats the version has (PDF, ePub, HTML zip), then open the link in the
 * browser or copy it.
 */
export async function openVersionDownload(services: DownloadServices, row?: NodeOfKind<'version'>): Promise<DownloadChoice | undefined> {
  const version = await builtVersion(services, row);
  if (!version) return undefined;
  const downloads = versionDownloads(version);
  if (downloads.length === 0) {
    void services.ui.current.info(vscode.l10n.t('{0} has no offline formats (PDF, ePub or HTML zip) to download.', version.verboseName));
    return undefined;
  }
  const format = downloads.length === 1 ? downloads[0] : (await services.ui.current.quickPick(
    downloads.map((d) => ({ label: d.label, description: d.url, download: d })),
    { placeHolder: vscode.l10n.t('Which format of {0}?', version.verboseName) },
  ))?.download;
  if (!format) return undefined;
  const action = await services.ui.current.quickPick(
    [{ label: vscode.l10n.t('$(link-external) Open in Browser'), action: 'open' as const }, { label: vscode.l10n.t('$(copy) Copy Link'), action: 'copy' as const }],
    { placeHolder: `${format.label} of ${version.verboseName}: ${format.url}` },
  );
  if (!action) return undefined;
  if (action.action === 'open') await services.ui.current.openExternal(format.url);
  else await copyLink(format.url);
  return { url: format.url, action: action.action };
}

async function copyLink(url: string): Promise<void> {
  await vscode.env.clipboard.writeText(url);
  void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', url), 3000);
}
