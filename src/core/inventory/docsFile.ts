import { type BodyKind } from '../api/bodyLimits';
import { type Edition } from '../api/client';
import { EditionUnavailableError, PrivateDocsRefusedError } from '../api/errors';
import { type Transport } from '../api/transport';
import { type DocsGrant, type GrantLookup } from '../sharing/privateDocs';

export interface Validators {
  readonly etag?: string;
  readonly lastModified?: string;
}

/** A read with a project's private-docs token: its answer is kept in memory only, never on disk. */
export interface SharingRead {
  readonly edition: Edition;
  readonly projectSlug: string;
}

/** Read without any token: anyone may read it, so it may be kept anywhere. */
export interface PublicFile {
  readonly status: 'ok';
  readonly bytes: Uint8Array;
  readonly validators: Validators;
  readonly sharing?: undefined;
}

/** Read with a private-docs token (`sharing` says whose): the on-disk caches take no such type. */
export interface PrivateFile {
  readonly status: 'ok';
  readonly bytes: Uint8Array;
  readonly validators: Validators;
  readonly sharing: SharingRead;
}

export type DocsFileResult =
  | PublicFile
  | PrivateFile
  /** `sharing`: the conditional request went with a private-docs token (the copy held is private). */
  | { readonly status: 'not-modified'; readonly sharing?: SharingRead }
  | { readonly status: 'missing' };

/** One conditional GET of a file on a docs host. */
export type FetchDocsFile = (url: string, validators: Validators, signal?: AbortSignal) => Promise<DocsFileResult>;

/**
 * Fetches files published on docs hosts (objects.inv, the addons API) through the transport of the first edition
 * that is on (its budget, deadline, body cap and typed errors; never its API token). Conditional
 * (ETag / Last-Modified); 404 and 410 mean "this version publishes no such file". With `grants`, a
 * file inside a project's private-docs grant goes with its header, through the transport of the
 * grant's edition (`transport(grant)`), a refusal is reported to the grants, and the answer says
 * it was read with the token (`sharing`). In the extension: `DocsHost.files`, built once.
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
    const sharing = grant && { edition: grant.edition, projectSlug: grant.projectSlug };
    if (response.status === 304) return sharing ? { status: 'not-modified', sharing } : { status: 'not-modified' };
    if (response.status !== 200) return { status: 'missing' };
    const file = {
      status: 'ok' as const,
      bytes: response.bytes,
      validators: {
        ...(response.headers.etag ? { etag: response.headers.etag } : {}),
        ...(response.headers['last-modified'] ? { lastModified: response.headers['last-modified'] } : {}),
      },
    };
    return sharing ? { ...file, sharing } : file;
  };
}

/** The transports a docs-host read goes through: a grant's edition's, else the first edition that is on. */
export interface DocsHostTransports {
  client(edition: Edition): { readonly transport: Transport } | undefined;
  docsHostTransport(): Transport | undefined;
}

/**
 * The window's reads of docs hosts, built once (`Services.docsHost`) for every feature: files
 * (inventories, the addons API) and private pages go with a project's private-docs header where
 * its grant allows, through that grant's edition; everything else with no token at all.
 */
export class DocsHost {
  constructor(private readonly transports: DocsHostTransports, readonly grants: GrantLookup) {}

  /** The transport of `edition` (a grant's: its budget, and the API origin the header must never reach). */
  readonly transportOf = (edition: Edition): Transport | undefined => this.transports.client(edition)?.transport;

  /**
   * Conditional GETs of files of `bodyKind`. `refusals: 'ignore'` for a file whose refusal says
   * nothing of the token (the addons API may not take the header: unverified upstream, FACTS §25).
   */
  files(bodyKind: BodyKind, refusals: 'report' | 'ignore' = 'report'): FetchDocsFile {
    const grants: GrantLookup = refusals === 'report' ? this.grants : { ready: () => this.grants.ready(), grantFor: (url) => this.grants.grantFor(url), refused: () => undefined };
    return docsFileFetcher((grant) => (grant ? this.transportOf(grant.edition) : this.transports.docsHostTransport()), bodyKind, grants);
  }
}
