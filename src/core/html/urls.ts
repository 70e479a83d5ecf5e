import { webUrlOf } from '../validation/urls';

const MAX_URL_LENGTH = 4096;
const LINK_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:']);
const IMAGE_PROTOCOLS: ReadonlySet<string> = new Set(['https:']);
// A scheme name inside an otherwise harmless URL (`https://host/javascript:…` from a broken relative link)
// is never a real documentation link; dropping it keeps downstream consumers from ever meeting one.
const EMBEDDED_SCHEME = /(?:java|vb)script:|\bdata:(?:[a-z-]+\/[\w.+-]+)?[;,]/i;

/**
 * An absolute http(s) URL for a link found in remote HTML, or undefined when it must not be followed.
 * Relative, root-relative and `#fragment` references resolve against the page they came from.
 * The WHATWG parser strips the tabs, newlines and control characters used to hide `javascript:`.
 */
export function resolveLinkUrl(raw: string, pageUrl: string): string | undefined {
  return resolveWithProtocols(raw, pageUrl, LINK_PROTOCOLS);
}

/** Like `resolveLinkUrl`, but images load only over https. */
export function resolveImageUrl(raw: string, pageUrl: string): string | undefined {
  return resolveWithProtocols(raw, pageUrl, IMAGE_PROTOCOLS);
}

function resolveWithProtocols(raw: string, pageUrl: string, protocols: ReadonlySet<string>): string | undefined {
  if (raw.length > MAX_URL_LENGTH) return undefined;
  const base = webUrlOf(pageUrl);
  let url: URL;
  try {
    url = base ? new URL(raw, base) : new URL(raw);
  } catch {
    return undefined;
  }
  if (!protocols.has(url.protocol) || url.username !== '' || url.password !== '') return undefined;
  return EMBEDDED_SCHEME.test(url.href) ? undefined : url.href;
}
