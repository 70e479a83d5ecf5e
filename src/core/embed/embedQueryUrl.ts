export interface EmbedQueryOptions {
  /** `sphinx` makes the server return whole sections for labels, glossary terms and API objects. */
  readonly doctool?: string;
  readonly doctoolversion?: string;
  /** CSS selector of the main content, used when the URL has no fragment. */
  readonly maincontent?: string;
}

const OPTIONAL_PARAMETERS = ['doctool', 'doctoolversion', 'maincontent'] as const;

/**
 * The Embed API v3 request URL for a docs page, under an API base such as `https://app.readthedocs.org/api/v3/`
 * or a docs host's proxied `https://<docs-host>/_/api/v3/`. The page URL is percent-encoded whole, so its
 * `#fragment` travels as `%23fragment` instead of being dropped by the HTTP client (GOTCHAS.md 21).
 */
export function embedQueryUrl(apiBase: string, pageUrl: string, options: EmbedQueryOptions = {}): string {
  const query = new URLSearchParams({ url: pageUrl });
  for (const name of OPTIONAL_PARAMETERS) {
    const value = options[name];
    if (value) query.set(name, value);
  }
  return `${apiBase.endsWith('/') ? apiBase : `${apiBase}/`}embed/?${query.toString()}`;
}
