import { l10n } from '../l10n';
/**
 * The one check for "an absolute http(s) URL without credentials": links the server sent, links
 * in remote HTML, and URLs typed by a person (the "Preview docs" prompt, a project's homepage).
 */

/**
 * `text` (resolved against `base` when given) as an absolute http(s) URL without user info, or
 * undefined. User info is refused because `https://x.readthedocs.io@evil.example/` is a link to
 * evil.example, and credentials would end up in logs and requests. Every remote URI that becomes a
 * document link, a hover or completion link, an `openExternal` or a preview navigation passes here:
 * `command:`, `vscode:`, `file:` and the like stay text.
 */
export function webUrlOf(text: string, base?: string | URL): URL | undefined {
  try {
    const url = new URL(text, base);
    const web = url.protocol === 'https:' || url.protocol === 'http:';
    return web && url.username === '' && url.password === '' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** True for an absolute http(s) URL without credentials: a server-sent `javascript:` or `file:` link is never opened. */
export function isWebUrl(text: string): boolean {
  return webUrlOf(text) !== undefined;
}

/**
 * Whether `text` is written as an http(s) address rather than a path: it starts with `http://` or
 * `https://`, exactly (as Read the Docs reads a redirect's target) or, with `anyCase`, as a person
 * may type it. It says nothing of whether the address is safe to open: that is `webUrlOf`.
 */
export function hasWebScheme(text: string, anyCase = false): boolean {
  const head = anyCase ? text.slice(0, 8).toLowerCase() : text;
  return head.startsWith('http://') || head.startsWith('https://');
}

export type HttpUrlResult = { readonly ok: true; readonly url: URL } | { readonly ok: false; readonly reason: string };

/**
 * Parses `text` (surrounding whitespace ignored) as an absolute `http:` or `https:` URL (the URL
 * parser insists on a host for these) without credentials (`user:pass@`), which would otherwise
 * end up in logs and requests.
 */
export function parseHttpUrl(text: string): HttpUrlResult {
  const trimmed = text.trim();
  if (trimmed === '') return fail(l10n.t('Enter a URL, for example https://docs.example.com/en/latest/.'));
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return fail(l10n.t('This is not a complete URL: it should look like https://docs.example.com/page.html.'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail(l10n.t('Only http:// and https:// URLs are supported, not {0}//.', url.protocol));
  }
  if (url.username !== '' || url.password !== '') {
    return fail(l10n.t('Remove the user name and password (user:pass@) from the URL.'));
  }
  return { ok: true, url };
}

/** `parseHttpUrl` as an input-box validator: the reason, or undefined when the URL is fine. */
export function validateHttpUrl(text: string): string | undefined {
  const result = parseHttpUrl(text);
  return result.ok ? undefined : result.reason;
}

function fail(reason: string): HttpUrlResult {
  return { ok: false, reason };
}

/**
 * The warning for a base URL over plain `http:` to a host that is not this machine (the token would
 * travel in clear), or undefined when it is https or loopback (a local server, the sandbox).
 */
export function cleartextBaseUrlWarning(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' || isLoopbackHost(url.hostname)) return undefined;
  return l10n.t('{0} is configured with http://: the API token would travel unencrypted. Use https:// unless this network is trusted.', url.host);
}

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** `cleartextBaseUrlWarning`, said once per base URL for as long as this object lives (a window). */
export class CleartextWarnings {
  private readonly warned = new Set<string>();

  /** The warning the first time `baseUrl` needs one, undefined after that and for safe URLs. */
  check(baseUrl: string): string | undefined {
    const warning = cleartextBaseUrlWarning(baseUrl);
    if (!warning || this.warned.has(baseUrl)) return undefined;
    this.warned.add(baseUrl);
    return warning;
  }
}

/**
 * The origin a request to `url` reaches, for comparing origins: the scheme, the host without its
 * trailing dots (`app.readthedocs.com.` is the same host to DNS) and the port. The URL parser
 * already lowercases the host, reads IPv4 forms and drops a default port. Undefined when `url`
 * does not parse or is not http(s).
 */
export function reachedOrigin(url: URL | string): string | undefined {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  let host = parsed.hostname;
  while (host.endsWith('.')) host = host.slice(0, -1);
  return `${parsed.protocol}//${host}${parsed.port ? `:${parsed.port}` : ''}`;
}
