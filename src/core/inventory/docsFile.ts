import { type BodyKind } from '../api/bodyLimits';
import { EditionUnavailableError, PrivateDocsRefusedError } from '../api/errors';
import { type Transport } from '../api/transport';
import { type DocsGrant, type GrantLookup } from '../sharing/privateDocs';

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
 * that is on (its budget, deadline, body cap and typed errors; never its API token). Conditional
 * (ETag / Last-Modified); 404 and 410 mean "this version publishes no such file". With `grants`, a
 * file inside a project's private-docs grant goes with its header, through the transport of the
 * grant's edition (`transport(grant)`), and a refusal is reported to the grants.
 */
export function docsFileFetcher(transport: (grant?: DocsGrant) => Transport | undefined, bodyKind: BodyKind = 'inventory', grants?: GrantLookup): FetchDocsFile {
  return async (url, validators, signal) => {
    const target = new URL(url);
    await grants?.ready();
    const grant = grants?.grantFor(target);
    const through = transport(grant);
    if (!through) throw new EditionUnavailableError(grant?.edition ?? 'community');
    const headers: Record<string, string> = {};
    if (validators.etag) headers['if-none-match'] = validators.etag;
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
    let response;
    try {
      response = await through.getFile({ url: target, headers, signal, bodyKind, accept: [200, 304, 404, 410], sharing: grant });
    } catch (error) {
      if (grant && error instanceof PrivateDocsRefusedError) grants?.refused(grant);
      throw error;
    }
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
