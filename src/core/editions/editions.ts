import { l10n } from '../l10n';
import { type Edition, ReadTheDocsClient, type WriteChange } from '../api/client';
import { type Transport } from '../api/transport';
import { type Settings, type SettingsSource, EDITIONS, baseUrlOf, editionLabel } from '../config';
import { Disposables } from '../util/disposables';
import { Emitter } from '../util/events';

/** Where tokens come from: SecretStorage in VS Code, plus READTHEDOCS_TOKEN for the community edition. */
export interface TokenSource {
  get(edition: Edition, origin: string): Promise<string | undefined>;
}

export type ClientFactory = (edition: Edition, baseUrl: string, getToken: () => Promise<string | undefined>) => ReadTheDocsClient;

interface EditionState {
  readonly baseUrl: string;
  readonly client: ReadTheDocsClient;
  readonly writes: { dispose(): void };
  token: string | undefined;
}

/**
 * The configured editions, one client each, and which are signed in. A base URL change drops
 * that edition's client (and with it everything cached for it); a 401 marks it signed out.
 */
export class Editions {
  private readonly states = new Map<Edition, EditionState>();
  private readonly owned = new Disposables();
  private readonly changed = this.owned.add(new Emitter<void>());
  readonly onDidChange = this.changed.event;
  private readonly wrote = this.owned.add(new Emitter<WriteChange>());
  /** Every write through any edition's client (`ReadTheDocsClient.onDidWrite`): what it changed. */
  readonly onDidWrite = this.wrote.event;
  /** The first reading of the tokens; until then every edition counts as signed out. */
  private firstRead: Promise<void> | undefined;
  private settings: Settings;

  constructor(source: SettingsSource, private readonly tokens: TokenSource, private readonly makeClient: ClientFactory) {
    this.settings = source.current;
    this.rebuild();
    this.owned.add(source.onDidChange((next) => void this.apply(next)));
  }

  /** Editions with a base URL, community first. */
  get configured(): Edition[] {
    return EDITIONS.filter((e) => this.states.has(e));
  }

  get signedIn(): Edition[] {
    return this.configured.filter((e) => this.states.get(e)?.token);
  }

  client(edition: Edition): ReadTheDocsClient | undefined {
    return this.states.get(edition)?.client;
  }

  /**
   * The transport for files on docs hosts (`objects.inv`, the addons API): the first edition
   * that is on, for its budget and network settings (it sends no token there).
   */
  docsHostTransport(): Transport | undefined {
    const first = this.configured[0];
    return first ? this.client(first)?.transport : undefined;
  }

  /** The client of an edition a command acts on; throws when the settings switched the edition off meanwhile. */
  requireClient(edition: Edition): ReadTheDocsClient {
    const client = this.client(edition);
    if (!client) throw new Error(l10n.t('{0} is switched off in the settings.', editionLabel(edition)));
    return client;
  }

  baseUrl(edition: Edition): string | undefined {
    return this.states.get(edition)?.baseUrl;
  }

  origin(edition: Edition): string | undefined {
    return this.states.get(edition)?.client.transport.origin;
  }

  /**
   * Reads the tokens the first time something needs them (the view shows, a command runs, a docs
   * link is hovered): never at start-up, so opening an unrelated folder never wakes the keyring.
   */
  ensureTokens(): Promise<void> {
    return (this.firstRead ??= this.readTokens().catch((error: unknown) => {
      this.firstRead = undefined; // the next need tries again
      throw error;
    }));
  }

  /** True once the tokens have been read (or are being read). */
  get tokensRead(): boolean {
    return this.firstRead !== undefined;
  }

  /** Re-reads every token (after sign-in, sign-out, or a change in another window). */
  reloadTokens(): Promise<void> {
    const reading = this.readTokens();
    this.firstRead ??= reading;
    return reading;
  }

  private async readTokens(): Promise<void> {
    let changed = false;
    for (const [edition, state] of this.states) {
      const token = await this.tokens.get(edition, state.client.transport.origin);
      if (token !== state.token) { state.token = token; changed = true; }
    }
    if (changed) this.changed.fire();
  }

  /** The server rejected the token: treat the edition as signed out until the next sign-in. */
  markSignedOut(edition: Edition): void {
    const state = this.states.get(edition);
    if (state?.token) {
      state.token = undefined;
      this.changed.fire();
    }
  }

  private async apply(settings: Settings): Promise<void> {
    const before = EDITIONS.map((e) => baseUrlOf(this.settings, e)).join('|');
    const pageSizeChanged = settings.pageSize !== this.settings.pageSize;
    this.settings = settings;
    for (const state of this.states.values()) {
      state.client.setPageSize(settings.pageSize);
      state.client.budget.setPerMinute(settings.requestsPerMinute);
    }
    if (EDITIONS.map((e) => baseUrlOf(settings, e)).join('|') !== before) {
      this.rebuild();
      if (this.tokensRead) await this.reloadTokens();
      this.changed.fire();
    } else if (pageSizeChanged) {
      // Lists already shown were paged with the old size: listeners reload them.
      this.changed.fire();
    }
  }

  dispose(): void {
    this.owned.dispose();
    for (const state of this.states.values()) this.drop(state);
    this.states.clear();
  }

  private rebuild(): void {
    const previous = new Map(this.states);
    this.states.clear();
    for (const edition of EDITIONS) {
      const baseUrl = baseUrlOf(this.settings, edition);
      if (!baseUrl) continue;
      const old = previous.get(edition);
      if (old && old.baseUrl === baseUrl) { this.states.set(edition, old); previous.delete(edition); continue; }
      const client = this.makeClient(edition, baseUrl, () => this.tokens.get(edition, client.transport.origin));
      this.states.set(edition, { baseUrl, client, writes: client.onDidWrite((change) => this.wrote.fire(change)), token: undefined });
    }
    for (const dropped of previous.values()) this.drop(dropped);
  }

  private drop(state: EditionState): void {
    state.writes.dispose();
    void state.client.dispose();
  }
}
