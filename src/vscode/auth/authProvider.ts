import * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { editionLabel } from '../../core/config';
import { type Editions } from '../../core/editions/editions';
import { Disposable } from '../lifecycle';
import { type TokenStore } from '../tokenStore';

export const AUTH_PROVIDER_ID = 'readthedocs';

export interface AuthProviderDeps {
  readonly editions: Editions;
  readonly tokens: TokenStore;
  /** The sign-in command's flow (password box, one check request); true when a token was stored. */
  readonly signIn: (edition?: Edition) => Promise<boolean>;
  readonly signOut: (edition: Edition) => Promise<void>;
}

/**
 * Shows each signed-in edition in VS Code's Accounts menu (sign out from there too). Tokens stay
 * in our SecretStorage; another extension only gets one through `getSession` after VS Code has
 * asked the person for consent.
 */
export class ReadTheDocsAuthProvider extends Disposable implements vscode.AuthenticationProvider {
  private readonly changed = this.register(new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>());
  readonly onDidChangeSessions = this.changed.event;
  private shown = new Map<string, vscode.AuthenticationSession>();

  constructor(private readonly deps: AuthProviderDeps) {
    super();
    this.register(vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'Read the Docs', this, { supportsMultipleAccounts: true }));
    this.register(deps.editions.onDidChange(() => void this.announce()));
    void this.announce();
  }

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    const sessions: vscode.AuthenticationSession[] = [];
    for (const edition of this.deps.editions.signedIn) {
      const session = await this.sessionOf(edition);
      if (session) sessions.push(session);
    }
    return sessions;
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const before = new Set(this.deps.editions.signedIn);
    if (!(await this.deps.signIn())) throw new Error('Signing in to Read the Docs was cancelled or failed.');
    const edition = this.deps.editions.signedIn.find((e) => !before.has(e)) ?? this.deps.editions.signedIn[0];
    const session = edition && (await this.sessionOf(edition));
    if (!session) throw new Error('Signed in, but no session could be read back.');
    await this.announce();
    return session;
  }

  async removeSession(sessionId: string): Promise<void> {
    const edition = this.deps.editions.configured.find((e) => sessionIdOf(e, this.deps.editions.origin(e)) === sessionId);
    if (edition) await this.deps.signOut(edition);
  }

  private async sessionOf(edition: Edition): Promise<vscode.AuthenticationSession | undefined> {
    const origin = this.deps.editions.origin(edition);
    const token = origin && (await this.deps.tokens.get(edition, origin));
    if (!origin || !token) return undefined;
    return {
      id: sessionIdOf(edition, origin),
      accessToken: token,
      account: { id: origin, label: `${new URL(origin).host} (${editionLabel(edition)})` },
      scopes: [],
    };
  }

  /** Tells VS Code which accounts appeared or went away. */
  private async announce(): Promise<void> {
    const next = new Map<string, vscode.AuthenticationSession>();
    for (const session of await this.getSessions()) next.set(session.id, session);
    const added = [...next.values()].filter((s) => !this.shown.has(s.id));
    const removed = [...this.shown.values()].filter((s) => !next.has(s.id));
    const changed = [...next.values()].filter((s) => this.shown.has(s.id) && this.shown.get(s.id)?.accessToken !== s.accessToken);
    this.shown = next;
    if (added.length || removed.length || changed.length) this.changed.fire({ added, removed, changed });
  }
}

function sessionIdOf(edition: Edition, origin: string | undefined): string {
  return `${edition}:${origin ?? ''}`;
}
