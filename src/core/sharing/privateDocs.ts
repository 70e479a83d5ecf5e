import { type Edition } from '../api/client';
import { type Clock, realClock } from '../util/clock';
import { Disposables } from '../util/disposables';
import { Emitter } from '../util/events';
import { type DocsScope, mayCarrySharingToken } from '../api/docsScope';
import { renewalDue } from './renewal';

/** One project's private-docs token and where it may go. */
export interface DocsGrant {
  readonly edition: Edition;
  readonly projectSlug: string;
  readonly scope: DocsScope;
  readonly token: string;
  /** The sharing method the extension created for it; undefined for a pasted token. */
  readonly methodId?: number;
  /** `YYYY-MM-DD` of the method the extension created. */
  readonly expires?: string;
  /** The versions the method the extension created opens; absent: all. Its renewal asks for the same. */
  readonly versions?: readonly string[];
}

/** Which grant, if any, a URL may carry, given the API origin of its edition. */
export interface GrantLookup {
  /** Resolves once the stored grants are read (the first time something needs them, never at start-up). */
  ready(): Promise<void>;
  grantFor(url: URL): DocsGrant | undefined;
  /** A request with the grant was refused (401/403): the method is gone or expired. */
  refused(grant: DocsGrant): void;
}

/**
 * The private-docs tokens of this window, one per project and edition, in memory (the adapter keeps
 * them in SecretStorage). A use of a grant whose method nears its expiry asks for its renewal once
 * (`onRenewalDue`): renewal is driven by use, never by a timer; a refusal is said once per grant
 * (`onRefused`) until a new token replaces it.
 */
export class PrivateDocsGrants implements GrantLookup {
  private readonly grants = new Map<string, DocsGrant>();
  private readonly owned = new Disposables();
  private readonly changed = this.owned.add(new Emitter<void>());
  readonly onDidChange = this.changed.event;
  private readonly renewal = this.owned.add(new Emitter<DocsGrant>());
  readonly onRenewalDue = this.renewal.event;
  private readonly refusal = this.owned.add(new Emitter<DocsGrant>());
  readonly onRefused = this.refusal.event;
  private readonly removal = this.owned.add(new Emitter<readonly DocsGrant[]>());
  /** Grants gone from this window (Stop Reading, a deleted method, sign-out or another server): what they touched goes too. */
  readonly onDidRemove = this.removal.event;
  private readonly renewing = new Set<DocsGrant>();
  private readonly refusedGrants = new Set<DocsGrant>();
  private loading: Promise<void> | undefined;

  /**
   * `apiOrigin`: each edition's API origin, where a token must never go. `load`: the stored grants,
   * read at the first `ready()` (and again after `unload()`).
   */
  constructor(
    private readonly apiOrigin: (edition: Edition) => string | undefined,
    private readonly load: () => Promise<readonly DocsGrant[]> = () => Promise.resolve([]),
    private readonly clock: Pick<Clock, 'now'> = realClock,
  ) {}

  ready(): Promise<void> {
    return (this.loading ??= this.load().then((stored) => {
      for (const grant of stored) if (!this.get(grant.edition, grant.projectSlug)) this.grants.set(keyOf(grant.edition, grant.projectSlug), grant);
      if (stored.length) this.changed.fire();
    }, () => {
      this.loading = undefined; // the next need tries again
    }));
  }

  /** Forgets every grant of `edition` held in memory (signed out, or the server changed); the next `ready()` reads the store again. */
  unload(edition: Edition): void {
    const gone = this.all().filter((grant) => grant.edition === edition && this.grants.delete(keyOf(grant.edition, grant.projectSlug)));
    this.loading = undefined;
    if (gone.length) this.removed(gone);
  }

  set(grant: DocsGrant): void {
    this.grants.set(keyOf(grant.edition, grant.projectSlug), grant);
    this.changed.fire();
  }

  get(edition: Edition, projectSlug: string): DocsGrant | undefined {
    return this.grants.get(keyOf(edition, projectSlug));
  }

  delete(edition: Edition, projectSlug: string): void {
    const grant = this.get(edition, projectSlug);
    if (grant && this.grants.delete(keyOf(edition, projectSlug))) this.removed([grant]);
  }

  private removed(gone: readonly DocsGrant[]): void {
    this.changed.fire();
    this.removal.fire(gone);
  }

  all(): readonly DocsGrant[] {
    return [...this.grants.values()];
  }

  /** Every token held, for redaction. */
  secrets(): readonly string[] {
    return this.all().map((g) => g.token);
  }

  grantFor(url: URL): DocsGrant | undefined {
    const grant = [...this.grants.values()].find((g) => {
      const apiOrigin = this.apiOrigin(g.edition);
      return apiOrigin !== undefined && mayCarrySharingToken(url, g.scope, apiOrigin);
    });
    if (grant && grant.methodId !== undefined && !this.renewing.has(grant) && renewalDue(grant.expires, this.clock.now())) {
      this.renewing.add(grant);
      this.renewal.fire(grant);
    }
    return grant;
  }

  refused(grant: DocsGrant): void {
    if (this.get(grant.edition, grant.projectSlug) !== grant || this.refusedGrants.has(grant)) return;
    this.refusedGrants.add(grant);
    this.refusal.fire(grant);
  }

  /** The renewal of `grant` failed: the next use may try again. */
  renewalFailed(grant: DocsGrant): void {
    this.renewing.delete(grant);
  }

  dispose(): void {
    this.owned.dispose();
  }
}

function keyOf(edition: Edition, projectSlug: string): string {
  return `${edition}/${projectSlug}`;
}
