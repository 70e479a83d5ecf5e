import * as vscode from 'vscode';
import { type BuildTimes, type BuildTimesTarget } from '../../core/buildTimes/buildTimesService';
import { buildTimesPage } from '../../core/buildTimes/page';
import { newNonce } from '../../core/html/webviewPage';
import { Disposable } from '../lifecycle';
import { createWebviewPanel } from '../ui/webviewPanel';

export const BUILD_TIMES_VIEW_TYPE = 'readthedocs.buildTimes';

/** What the panel shows now (the extension-host tests read it: no API reaches another extension's webview). */
export interface BuildTimesRender {
  readonly target: BuildTimesTarget;
  readonly title: string;
  readonly html: string;
}

/**
 * One Build Times panel, reused: the page core writes (escaped, nonce CSP, no script), shown in a
 * webview that runs no script and loads nothing; its http(s) links open in the browser.
 */
export class BuildTimesPanel extends Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private last: BuildTimesRender | undefined;

  constructor() {
    super();
    this.register({ dispose: () => this.panel?.dispose() });
  }

  get lastRender(): BuildTimesRender | undefined {
    return this.panel ? this.last : undefined;
  }

  get webviewPanel(): vscode.WebviewPanel | undefined {
    return this.panel;
  }

  show(target: BuildTimesTarget, times: BuildTimes): BuildTimesRender {
    const title = vscode.l10n.t('Build Times: {0} ({1})', target.projectSlug, target.versionSlug);
    const html = buildTimesPage({
      nonce: newNonce(),
      projectSlug: target.projectSlug,
      versionSlug: target.versionSlug,
      builds: times.builds,
      analysis: times.analysis,
      words: { locale: vscode.env.language },
    });
    const panel = this.panel ?? this.open();
    panel.title = title;
    panel.webview.html = html;
    panel.reveal(undefined, true);
    this.last = { target, title, html };
    return this.last;
  }

  private open(): vscode.WebviewPanel {
    const panel = createWebviewPanel({ viewType: BUILD_TIMES_VIEW_TYPE, title: vscode.l10n.t('Build Times'), viewColumn: vscode.ViewColumn.Active });
    this.panel = panel;
    panel.onDidDispose(() => {
      if (this.panel === panel) this.panel = undefined;
    });
    return panel;
  }
}
