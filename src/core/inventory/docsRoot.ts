import { webUrlOf } from '../validation/urls';

/**
 * A documentation root a folder names (conf.py's `intersphinx_mapping`, `mkdocs.yml`'s
 * inventories, the `readthedocs.intersphinx` setting) as an http(s) URL ending in `/`, or
 * undefined for anything else (`file:`, credentials, not a URL): the folder chooses no other fetch.
 */
export function docsRootUrl(text: string): string | undefined {
  const url = webUrlOf(text);
  if (!url) return undefined;
  url.hash = '';
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}
