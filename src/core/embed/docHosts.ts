import type { Edition } from '../api/client';
import { webUrlOf } from '../validation/urls';

/** Who serves a documentation URL, and so which edition's embed endpoint can read it. */
export interface DocHost {
  readonly edition: Edition;
  /**
   * `readthedocs`: a subdomain of readthedocs.io or readthedocs-hosted.com; `project`: under a documentation URL
   * of the user's projects (custom domains); `external`: a site the embed endpoint fetches for anyone.
   */
  readonly kind: 'readthedocs' | 'project' | 'external';
}

const HOSTED_DOMAINS: readonly { readonly suffix: string; readonly edition: Edition }[] = [
  { suffix: '.readthedocs.io', edition: 'community' },
  { suffix: '.readthedocs-hosted.com', edition: 'business' },
];
// RTD_EMBED_API_EXTERNAL_DOMAINS (FACTS.md §13): exact host names, nothing under them.
const EXTERNAL_HOSTS: ReadonlySet<string> = new Set(['docs.python.org', 'docs.scipy.org', 'docs.sympy.org', 'numpy.org']);
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

interface DocsPrefix {
  readonly origin: string;
  readonly path: string;
}

/** Decides whether a URL is hosted documentation the embed API can read; pure, no requests. */
export class DocHostMatcher {
  private readonly projectDocs = new Map<Edition, readonly DocsPrefix[]>();

  /**
   * Replaces the documentation URLs of one edition's projects (custom domains included). A URL matches
   * when it has the same origin and its path starts with the directory of one of these.
   */
  setProjectDocs(edition: Edition, documentationUrls: readonly string[]): void {
    this.projectDocs.set(edition, documentationUrls.map((url) => webUrlOf(url)).filter((url) => url !== undefined).map(toPrefix));
  }

  match(url: string): DocHost | undefined {
    const parsed = webUrlOf(url);
    if (!parsed) return undefined;
    for (const [edition, prefixes] of this.projectDocs) {
      if (prefixes.some(({ origin, path }) => parsed.origin === origin && parsed.pathname.startsWith(path))) {
        return { edition, kind: 'project' };
      }
    }
    // Hosted and external documentation is served on the default port only.
    if (parsed.port !== '') return undefined;
    const hosted = HOSTED_DOMAINS.find(({ suffix }) => isSubdomainOf(parsed.hostname, suffix));
    if (hosted) return { edition: hosted.edition, kind: 'readthedocs' };
    return EXTERNAL_HOSTS.has(parsed.hostname) ? { edition: 'community', kind: 'external' } : undefined;
  }
}

function toPrefix(url: URL): DocsPrefix {
  return { origin: url.origin, path: url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1) };
}

function isSubdomainOf(hostname: string, suffix: string): boolean {
  if (!hostname.endsWith(suffix)) return false;
  const labels = hostname.slice(0, -suffix.length).split('.');
  return labels.every((label) => HOST_LABEL.test(label));
}
