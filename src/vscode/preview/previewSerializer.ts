import * as vscode from 'vscode';
import { parsePreviewState } from '../../core/embed/previewState';
import { type Logger } from '../../core/log';
import { type Editions } from '../../core/editions/editions';
import { type PreviewPanel } from './previewPanel';

/**
 * Brings the preview panel back after a window reload, on the page it showed (the page script
 * keeps `{ url, edition }` with `setState`). A state that does not hold a web URL closes the panel.
 */
export function previewSerializer(preview: PreviewPanel, editions: Pick<Editions, 'configured'>, logger: Logger): vscode.WebviewPanelSerializer {
  return {
    async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
      const entry = parsePreviewState(state, editions.configured);
      if (!entry) {
        logger.debug('preview: nothing to restore after the reload; closing the panel');
        panel.dispose();
        return;
      }
      await preview.restore(panel, entry);
    },
  };
}
