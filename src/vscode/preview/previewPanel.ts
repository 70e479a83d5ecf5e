import * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { ContextKeys } from '../../core/contextKeys';
import { isSameDocs } from '../../core/embed/docsPaths';
import { webUrlOf } from '../../core/validation/urls';
import { type EmbedService, embedFailureReason, isCancellation } from '../../core/embed/embedService';
import { PreviewHistory } from '../../core/embed/previewHistory';
import { messageHtml, parsePreviewMessage, previewPage } from '../../core/embed/previewPage';
import { newNonce } from '../../core/html/webviewPage';
import { sanitizeHtml } from '../../core/html';
import { type Logger, componentLogger } from '../../core/log';
import { type Editions } from '../../core/editions/editions';
import { Disposable } from '../lifecycle';
import { type UiHost } from '../ui/ui';
import { createWebviewPanel, webviewOptions } from '../ui/webviewPanel';
import { PREVIEW_VIEW_TYPE } from './viewType';
import { errorDetail } from '../../core/api/describeError';


export interface PreviewEntry {
  readonly url: string;
  readonly edition: Edition;
}

export interface PreviewPanelDeps {
  readonly extensionUri: vscode.Uri;
  readonly service: EmbedService;
  readonly editions: Pick<Editions, 'client'>;
  readonly logger: Logger;
  /** Where links leave for the browser. */
  readonly ui: UiHost;
  /** Where a new panel opens; default beside the active editor. */
  readonly viewColumn?: vscode.ViewColumn;
}

/** What the panel shows. */
export interface PreviewRender {
  readonly url: string;
  readonly title: string;
  readonly html: string;
  /** The reason shown instead of a section, when it failed. */
  readonly failure?: string;
}

const MAX_TITLE = 60;

/**
 * One preview panel, reused: each page opened in it joins its history (back/forward). Remote
 * HTML reaches it only through `sanitizeHtml`, under a CSP that runs nothing but the page's own
 * nonce-tagged link script. Same-docs links open here; others in the browser (http(s) only).
 */
export class PreviewPanel extends Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private history = new PreviewHistory<PreviewEntry>();
  private navigation: AbortController | undefined;
  private readonly rendered = this.register(new vscode.EventEmitter<PreviewRender>());
  /** Fires after every render. */
  readonly onDidRender = this.rendered.event;
  private last: PreviewRender | undefined;

  constructor(private readonly deps: PreviewPanelDeps) {
    super();
    this.register({ dispose: () => this.panel?.dispose() });
  }

  /** The last document given to the webview. */
  get lastRender(): PreviewRender | undefined {
    return this.last;
  }

  get current(): PreviewEntry | undefined {
    return this.panel ? this.history.current : undefined;
  }

  get webviewPanel(): vscode.WebviewPanel | undefined {
    return this.panel;
  }

  /** Shows `url` (fetched from `edition`'s embed endpoint) as a new history entry. */
  async open(url: string, edition: Edition): Promise<PreviewRender | undefined> {
    const fresh = !this.panel;
    const panel = this.ensurePanel();
    this.history.push({ url, edition });
    if (fresh) this.render({ url, title: vscode.l10n.t('Loading…'), bodyHtml: messageHtml(vscode.l10n.t('Loading…')) });
    else panel.reveal(undefined, false);
    return this.show();
  }

  async back(): Promise<PreviewRender | undefined> {
    return this.panel && this.history.back() ? this.show() : undefined;
  }

  async forward(): Promise<PreviewRender | undefined> {
    return this.panel && this.history.forward() ? this.show() : undefined;
  }

  /** A panel VS Code kept over a window reload (previewSerializer.ts): it shows its page again. */
  async restore(panel: vscode.WebviewPanel, entry: PreviewEntry): Promise<PreviewRender | undefined> {
    this.panel?.dispose();
    this.adopt(panel);
    this.history.push(entry);
    return this.show();
  }

  /** The page shown, in the browser. */
  async openInBrowser(): Promise<string | undefined> {
    const url = this.current?.url;
    if (url) await this.deps.ui.current.openExternal(url);
    return url;
  }

  private ensurePanel(): vscode.WebviewPanel {
    if (this.panel) return this.panel;
    return this.adopt(createWebviewPanel({ viewType: PREVIEW_VIEW_TYPE, title: 'Read the Docs', viewColumn: this.deps.viewColumn ?? vscode.ViewColumn.Beside, findWidget: true, ...this.webviewNeeds() }));
  }

  /** Only the page's nonce-tagged link script runs (the CSP blocks every other); it loads the stylesheet from dist/media. */
  private webviewNeeds() {
    return { scripts: true, localResourceRoots: [vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'media')] };
  }

  /** Makes `panel` (new, or restored after a reload) this preview's panel. */
  private adopt(panel: vscode.WebviewPanel): vscode.WebviewPanel {
    const media = vscode.Uri.joinPath(this.deps.extensionUri, 'media');
    panel.webview.options = webviewOptions(this.webviewNeeds());
    panel.iconPath = { light: vscode.Uri.joinPath(media, 'preview-light.svg'), dark: vscode.Uri.joinPath(media, 'preview-dark.svg') };
    this.panel = panel;
    this.history = new PreviewHistory<PreviewEntry>();
    const subscriptions = [
      panel.webview.onDidReceiveMessage((message: unknown) => void this.receive(message)),
      panel.onDidChangeViewState(() => void this.updateContext()),
    ];
    panel.onDidDispose(() => {
      for (const subscription of subscriptions) subscription.dispose();
      this.navigation?.abort();
      if (this.panel === panel) this.panel = undefined;
      void this.updateContext();
    });
    return panel;
  }

  /** Fetches and renders the current history entry; a newer navigation cancels this one. */
  private async show(): Promise<PreviewRender | undefined> {
    const entry = this.history.current;
    if (!entry || !this.panel) return undefined;
    void this.updateContext();
    this.navigation?.abort();
    const controller = new AbortController();
    this.navigation = controller;
    try {
      const { section } = await this.deps.service.section(entry.url, entry.edition, controller.signal);
      if (controller.signal.aborted) return undefined;
      const safe = sanitizeHtml(section.contentHtml, { pageUrl: entry.url });
      return this.render({
        url: entry.url,
        title: safe.title ?? fallbackTitle(entry.url),
        bodyHtml: safe.html,
        notice: safe.truncated ? vscode.l10n.t('This section is long and was shortened: open it in the browser to read all of it.') : undefined,
      });
    } catch (error) {
      if (controller.signal.aborted || isCancellation(error)) return undefined;
      const reason = embedFailureReason(error, this.deps.editions.client(entry.edition)?.host) ?? 'Cancelled.';
      componentLogger(this.deps.logger, 'embed').debug(`preview of ${entry.url} failed: ${errorDetail(error)}`);
      return this.render({ url: entry.url, title: fallbackTitle(entry.url), bodyHtml: messageHtml(reason), failure: reason });
    } finally {
      if (this.navigation === controller) this.navigation = undefined;
    }
  }

  private render(page: { url: string; title: string; bodyHtml: string; notice?: string; failure?: string }): PreviewRender | undefined {
    const panel = this.panel;
    if (!panel) return undefined;
    const webview = panel.webview;
    const html = previewPage({
      cspSource: webview.cspSource,
      nonce: newNonce(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'media', 'preview.css')).toString(),
      pageUrl: page.url,
      title: page.title,
      bodyHtml: page.bodyHtml,
      notice: page.notice,
      edition: this.history.current?.edition,
    });
    webview.html = html;
    panel.title = shorten(page.title);
    this.last = { url: page.url, title: page.title, html, failure: page.failure };
    this.rendered.fire(this.last);
    return this.last;
  }

  /** A message from the page's script (validated here: the page is not trusted). */
  async receive(raw: unknown): Promise<void> {
    const message = parsePreviewMessage(raw);
    if (!message) return;
    if (message.type === 'back') { await this.back(); return; }
    if (message.type === 'forward') { await this.forward(); return; }
    const current = this.history.current;
    const target = webUrlOf(message.href);
    if (!target) return; // mailto:, javascript: and the like never leave the page
    if (!message.external && current && isSameDocs(target.href, current.url)) {
      await this.open(target.href, current.edition);
      return;
    }
    await this.deps.ui.current.openExternal(target.href);
  }

  private async updateContext(): Promise<void> {
    const open = !!this.panel;
    await Promise.all([
      vscode.commands.executeCommand('setContext', ContextKeys.previewCanGoBack, open && this.history.canGoBack),
      vscode.commands.executeCommand('setContext', ContextKeys.previewCanGoForward, open && this.history.canGoForward),
    ]);
  }
}

function fallbackTitle(url: string): string {
  const parsed = webUrlOf(url);
  if (!parsed) return url;
  const file = decodeSafely(parsed.pathname.split('/').filter(Boolean).pop() ?? parsed.host);
  return parsed.hash.length > 1 ? `${file} #${decodeSafely(parsed.hash.slice(1))}` : file;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function shorten(title: string): string {
  const oneLine = title.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_TITLE ? `${oneLine.slice(0, MAX_TITLE - 1)}…` : oneLine;
}
