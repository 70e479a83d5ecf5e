import { type BodyKind } from '../api/bodyLimits';
import { EditionUnavailableError } from '../api/errors';
import { type Transport } from '../api/transport';

export interface Validators {
  readonly etag?: string;
  readonly lastModified?: string;
}

export type DocsFileResult =
  | { readonly status: 'ok'; readonly bytes: Uint8Array; readonly validators: Validators }
  | { readonly status: 'not-modified' }
  | { readonly status: 'missing' };

/** One conditional GET of a file on a docs host. */
export type FetchDocsFile = (url: string, validators: Validators, signal?: AbortSignal) => Promise<DocsFileResult>;

/**
 * Fetches files published on docs hosts (objects.inv, the addons API) through the transport of the first edition
 * that is on (its budget, deadline, body cap and typed errors; never its token). Conditional
 * (ETag / Last-Modified); 404 and 410 mean "this version publishes no such file".
 */
export function docsFileFetcher(transport: () => Transport | undefined, bodyKind: BodyKind = 'inventory'): FetchDocsFile {
  return async (url, validators, signal) => {
    const through = transport();
    if (!through) throw new EditionUnavailableError('community');
    const headers: Record<string, string> = {};
    if (validators.etag) headers['if-none-match'] = validators.etag;
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
    const response = await through.getFile({ url: new URL(url), headers, signal, bodyKind, accept: [200, 304, 404, 410] });
    if (response.status === 304) return { status: 'not-modified' };
    if (response.status !== 200) return { status: 'missing' };
    return {
      status: 'ok',
      bytes: response.bytes,
      validators: {
        ...(response.headers.etag ? { etag: response.headers.etag } : {}),
        ...(response.headers['last-modified'] ? { lastModified: response.headers['last-modified'] } : {}),
      },
    };
  };
}
