import * as vscode from 'vscode';
import { versionDownloads } from '../../core/downloads';
import { type NodeOfKind, freshestRow } from '../../core/tree/nodes';
import { type Services } from '../services';

/** What a person did with a download link. */
export interface DownloadChoice {
  readonly url: string;
  readonly action: 'open' | 'copy';
}

/**
 * `readthedocs.openVersionDownload` on a built version's row: the offline formats the version
 * has (PDF, ePub, HTML zip), then open the link in the browser or copy it.
 */
export async function openVersionDownload(services: Pick<Services, 'ui' | 'tree'>, row?: NodeOfKind<'version'>): Promise<DownloadChoice | undefined> {
  if (!row) return undefined;
  const node = freshestRow(services.tree, row);
  const downloads = versionDownloads(node.version);
  if (downloads.length === 0) {
    void services.ui.current.info(vscode.l10n.t('{0} has no offline formats (PDF, ePub or HTML zip) to download.', node.version.verboseName));
    return undefined;
  }
  const format = downloads.length === 1 ? downloads[0] : (await services.ui.current.quickPick(
    downloads.map((d) => ({ label: d.label, description: d.url, download: d })),
    { placeHolder: vscode.l10n.t('Which format of {0}?', node.version.verboseName) },
  ))?.download;
  if (!format) return undefined;
  const action = await services.ui.current.quickPick(
    [{ label: vscode.l10n.t('$(link-external) Open in Browser'), action: 'open' as const }, { label: vscode.l10n.t('$(copy) Copy Link'), action: 'copy' as const }],
    { placeHolder: `${format.label} of ${node.version.verboseName}: ${format.url}` },
  );
  if (!action) return undefined;
  if (action.action === 'open') await services.ui.current.openExternal(format.url);
  else {
    await vscode.env.clipboard.writeText(format.url);
    void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', format.url), 3000);
  }
  return { url: format.url, action: action.action };
}
