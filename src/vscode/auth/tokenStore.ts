import type * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { type TokenSource } from '../../core/session/editions';
import { Emitter } from '../../core/util/events';

const KEY_PREFIX = 'readthedocs.token:';

/**
 * Tokens in SecretStorage, one per edition, keyed by the base URL's origin (so pointing an
 * edition at another server never sends the old token there). READTHEDOCS_TOKEN signs in the
 * community edition without being stored.
 */
export class TokenStore implements TokenSource {
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly known = new Set<string>();

  constructor(private readonly secrets: vscode.SecretStorage, private readonly environmentToken: string | undefined) {
    secrets.onDidChange((e) => {
      if (e.key.startsWith(KEY_PREFIX)) this.changed.fire();
    });
  }

  async get(edition: Edition, origin: string): Promise<string | undefined> {
    const stored = await this.secrets.get(KEY_PREFIX + origin);
    const token = stored || (edition === 'community' ? this.environmentToken : undefined);
    if (token) this.known.add(token);
    return token;
  }

  /** True when the token comes from the environment and cannot be signed out here. */
  isFromEnvironment(edition: Edition): boolean {
    return edition === 'community' && !!this.environmentToken;
  }

  async store(origin: string, token: string): Promise<void> {
    this.known.add(token);
    await this.secrets.store(KEY_PREFIX + origin, token);
  }

  async delete(origin: string): Promise<void> {
    await this.secrets.delete(KEY_PREFIX + origin);
  }

  /** Every token seen, for redaction of logs and messages. */
  secretsToRedact(): readonly string[] {
    return [...this.known];
  }
}
