import * as vscode from 'vscode';

/**
 * The one place webview panels are made (`createWebviewPanel`): command URIs never run, the panel
 * takes the focus, its page is not kept alive while hidden (each render is a whole new page), and
 * each caller says what its page needs (a script, the folders it loads from, the find widget),
 * nothing by default.
 */
export interface WebviewPanelOptions {
  readonly viewType: string;
  readonly title: string;
  readonly viewColumn: vscode.ViewColumn;
  /** The page runs its own nonce-tagged script (its CSP blocks every other); default none. */
  readonly scripts?: boolean;
  /** The folders the page may load from; default none. */
  readonly localResourceRoots?: readonly vscode.Uri[];
  readonly findWidget?: boolean;
}

/** The webview options of such a panel (also for a panel VS Code restores after a reload). */
export function webviewOptions(options: Pick<WebviewPanelOptions, 'scripts' | 'localResourceRoots'>): vscode.WebviewOptions {
  return {
    enableScripts: options.scripts ?? false,
    enableCommandUris: false,
    localResourceRoots: [...(options.localResourceRoots ?? [])],
  };
}

export function createWebviewPanel(options: WebviewPanelOptions): vscode.WebviewPanel {
  return vscode.window.createWebviewPanel(options.viewType, options.title, { viewColumn: options.viewColumn, preserveFocus: false }, {
    ...webviewOptions(options),
    ...(options.findWidget ? { enableFindWidget: true } : {}),
  });
}
