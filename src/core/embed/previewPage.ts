import { l10n } from '../l10n';
import { escapeAttribute, escapeHtml } from '../html/escapeHtml';
import { webviewPage } from '../html/webviewPage';
/**
 * The preview panel's document: sanitised section HTML (from `sanitizeHtml`, the only door for
 * remote HTML) inside a page whose Content Security Policy allows nothing but the extension's
 * stylesheet, images over https and the one nonce-tagged script below.
 */

export interface PreviewPageOptions {
  /** `webview.cspSource`: where the stylesheet may come from. */
  readonly cspSource: string;
  /** Fresh per render; only the script carrying it runs. */
  readonly nonce: string;
  /** `webview.asWebviewUri(dist/media/preview.css)` (built from media/preview.css). */
  readonly styleUri: string;
  /** The page shown; its link in the header opens in the browser. */
  readonly pageUrl: string;
  readonly title: string;
  /** Already sanitised HTML (or a message built from escaped text). */
  readonly bodyHtml: string;
  /** A line under the content ("shortened", a failure), plain text. */
  readonly notice?: string;
  /** The edition whose embed endpoint serves the page; kept with the page for a window reload. */
  readonly edition?: string;
}

/** What the page's script posts to the extension. */
export type PreviewMessage =
  | { readonly type: 'open'; readonly href: string; readonly external: boolean }
  | { readonly type: 'back' }
  | { readonly type: 'forward' };

export function previewPage(options: PreviewPageOptions): string {
  const { cspSource, nonce, styleUri, pageUrl, title, bodyHtml, notice, edition } = options;
  return webviewPage({
    nonce,
    title,
    stylesheet: { href: styleUri, source: cspSource },
    images: 'https:',
    script: PAGE_SCRIPT,
    bodyHtml: `<header class="rtd-preview-source"><a href="${escapeAttribute(pageUrl)}" data-rtd-external title="${escapeAttribute(l10n.t('Open in browser'))}">${escapeHtml(displayUrl(pageUrl))}</a></header>
<main class="rtd-preview-content" data-rtd-page="${escapeAttribute(pageUrl)}"${edition ? ` data-rtd-edition="${escapeAttribute(edition)}"` : ''}>
${bodyHtml}
</main>${notice ? `\n<footer class="rtd-preview-notice">${escapeHtml(notice)}</footer>` : ''}`,
  });
}

/** A paragraph for a message in place of the section (text only). */
export function messageHtml(text: string): string {
  return `<p class="rtd-preview-message">${escapeHtml(text)}</p>`;
}

/** Validates a message from the webview: anything else is ignored. */
export function parsePreviewMessage(value: unknown): PreviewMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Record<string, unknown>;
  if (message.type === 'back' || message.type === 'forward') return { type: message.type };
  if (message.type === 'open' && typeof message.href === 'string' && message.href.length <= 4096) {
    return { type: 'open', href: message.href, external: message.external === true };
  }
  return undefined;
}

function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}${parsed.hash}`;
  } catch {
    return url;
  }
}

// Links: a section of the page already shown scrolls; every other link goes to the extension,
// which opens same-docs pages in the panel and the rest in the browser (never here). Listening
// on window in the capture phase runs before VS Code's own link handler, which is then skipped.
// Alt+Left / Alt+Right: back and forward. No remote input reaches this script but link targets,
// which the extension validates again.
const PAGE_SCRIPT = `
(function () {
  'use strict';
  var vscode = acquireVsCodeApi();
  var main = document.querySelector('main[data-rtd-page]');
  var page = main ? main.getAttribute('data-rtd-page') : '';
  // What VS Code keeps over a window reload; the extension's WebviewPanelSerializer reopens it.
  if (page) vscode.setState({ url: page, edition: main.getAttribute('data-rtd-edition') || '' });
  function withoutHash(url) { var i = url.indexOf('#'); return i < 0 ? url : url.slice(0, i); }
  function linkOf(target) {
    for (var node = target; node; node = node.parentNode) {
      if (node.nodeType === 1 && node.tagName === 'A' && node.hasAttribute('href')) return node;
    }
    return null;
  }
  function onClick(event) {
    var link = linkOf(event.target);
    if (!link) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (event.type === 'auxclick' && event.button !== 1) return;
    var href = link.getAttribute('href') || '';
    var external = link.hasAttribute('data-rtd-external') || event.ctrlKey || event.metaKey || event.button === 1;
    var hash = href.indexOf('#');
    if (!external && hash > 0 && withoutHash(href) === withoutHash(page)) {
      var id = href.slice(hash + 1);
      try { id = decodeURIComponent(id); } catch (error) { /* keep it encoded */ }
      var target = document.getElementById(id);
      if (target && main && main.contains(target)) { target.scrollIntoView(); return; }
    }
    vscode.postMessage({ type: 'open', href: href, external: external });
  }
  // Each render is a new page: start at its top (VS Code restores the previous page's scroll
  // position during the load event; this runs after it).
  window.addEventListener('load', function () { setTimeout(function () { window.scrollTo(0, 0); }, 0); });
  window.addEventListener('click', onClick, true);
  window.addEventListener('auxclick', onClick, true);
  window.addEventListener('keydown', function (event) {
    if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key === 'ArrowLeft') { event.preventDefault(); vscode.postMessage({ type: 'back' }); }
    if (event.key === 'ArrowRight') { event.preventDefault(); vscode.postMessage({ type: 'forward' }); }
  });
}());
`;
