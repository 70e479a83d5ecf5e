import type * as vscode from 'vscode';
import { type Edition } from '../core/api/client';
import { type TokenSource } from '../core/editions/editions';
import { type EnvironmentToken, environmentTokenFor } from '../core/editions/environmentToken';
import { Emitter } from '../core/util/events';

const KEY_PREFIX = 'readthedocs.token:';

/**
 * Tokens in SecretStorage, one per edition, keyed by the base URL's origin (so pointing an
 * edition at another server never sends the old token there). READTHEDOCS_TOKEN signs in the
 * community edition without being stored, on its own server only (`environmentTokenFor`).
 */
export class TokenStore implements TokenSource {
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly known = new Set<string>();

  constructor(private readonly secrets: vscode.SecretStorage, private readonly environment: EnvironmentToken | undefined) {
    if (environment) this.known.add(environment.token);
    secrets.onDidChange((e) => {
      if (e.key.startsWith(KEY_PREFIX)) this.changed.fire();
    });
  }

  async get(edition: Edition, origin: string): Promise<string | undefined> {
    const stored = await this.secrets.get(KEY_PREFIX + origin);
    const token = stored || environmentTokenFor(this.environment, edition, origin);
    if (token) this.known.add(token);
    return token;
  }

  /** True when the edition at `origin` is signed in by the environment, which cannot be signed out here. */
  isFromEnvironment(edition: Edition, origin: string): boolean {
    return environmentTokenFor(this.environment, edition, origin) !== undefined;
  }

  async store(origin: string, token: string): Promise<void> {
    this.known.add(token);
    await this.secrets.store(KEY_PREFIX + origin, token);
  }

  async delete(origin: string): Promise<void> {
    await this.secrets.delete(KEY_PREFIX + origin);
  }

  /** The environment's token and every token seen, for redaction of logs and messages. */
  secretsToRedact(): readonly string[] {
    return [...this.known];
  }
}
