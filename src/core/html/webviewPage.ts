import { randomBytes } from 'node:crypto';
import { escapeAttribute, escapeHtml } from './escapeHtml';

/**
 * The one document skeleton of the extension's webviews (Build Times, the preview): its Content
 * Security Policy follows from what the page carries, so a page cannot load or run more than it
 * says: nothing by default, the stylesheet's source when it links one, the nonce of its own style
 * and script elements when it has them, images only from `images`. Pure, but for `newNonce`.
 */

/** Bytes of randomness in a nonce (base64: 24 characters). */
export const NONCE_BYTES = 18;

/** A fresh nonce for one render: only the elements carrying it apply. */
export function newNonce(): string {
  return randomBytes(NONCE_BYTES).toString('base64');
}

export interface WebviewPageInput {
  /** Fresh per render (`newNonce`). */
  readonly nonce: string;
  /** Plain text. */
  readonly title: string;
  /** The body's HTML, already escaped or sanitised by the caller. */
  readonly bodyHtml: string;
  /** CSS of the page's own `<style>` element (nonce-tagged). */
  readonly style?: string;
  /** A stylesheet the page links (`webview.asWebviewUri(…)`) and the source it comes from (`webview.cspSource`). */
  readonly stylesheet?: { readonly href: string; readonly source: string };
  /** The page's one script, at the end of the body (nonce-tagged); without it no script runs. */
  readonly script?: string;
  /** Where images may come from (`https:`); none without it. */
  readonly images?: string;
}

/** The Content Security Policy of such a page. */
export function webviewPolicy(input: Pick<WebviewPageInput, 'nonce' | 'style' | 'stylesheet' | 'script' | 'images'>): string {
  const styles = [input.stylesheet?.source, input.style === undefined ? undefined : `'nonce-${input.nonce}'`].filter((s) => s !== undefined);
  return [
    "default-src 'none'",
    `img-src ${input.images ?? "'none'"}`,
    `style-src ${styles.length > 0 ? styles.join(' ') : "'none'"}`,
    ...(input.script === undefined ? [] : [`script-src 'nonce-${input.nonce}'`]),
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export function webviewPage(input: WebviewPageInput): string {
  const { nonce, title, bodyHtml, style, stylesheet, script } = input;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(webviewPolicy(input))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
${stylesheet ? `<link rel="stylesheet" href="${escapeAttribute(stylesheet.href)}">\n` : ''}${style === undefined ? '' : `<style nonce="${escapeAttribute(nonce)}">${style}</style>\n`}<title>${escapeHtml(title)}</title>
</head>
<body>
${bodyHtml}
${script === undefined ? '' : `<script nonce="${escapeAttribute(nonce)}">${script}</script>\n`}</body>
</html>
`;
}
