import type * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { type DocsGrant } from '../../core/sharing/privateDocs';
import { grantsFromText, grantsToText } from '../../core/sharing/storedGrants';

const KEY_PREFIX = 'readthedocs.docsTokens:';

/**
 * The private-docs tokens in SecretStorage: one entry per API server origin holding its projects'
 * grants by slug (SecretStorage cannot list its keys, so one entry per server is what sign-out can
 * find and delete). Never in settings or logs: every token read or stored is remembered for
 * redaction (`secretsToRedact`).
 */
export class DocsTokenStore {
  private readonly known = new Set<string>();

  constructor(private readonly secrets: vscode.SecretStorage) {}

  async load(edition: Edition, apiOrigin: string): Promise<DocsGrant[]> {
    const grants = grantsFromText(await this.secrets.get(KEY_PREFIX + apiOrigin), edition);
    for (const grant of grants) this.known.add(grant.token);
    return grants;
  }

  async save(apiOrigin: string, grants: readonly DocsGrant[]): Promise<void> {
    for (const grant of grants) this.known.add(grant.token);
    if (grants.length === 0) await this.secrets.delete(KEY_PREFIX + apiOrigin);
    else await this.secrets.store(KEY_PREFIX + apiOrigin, grantsToText(grants));
  }

  /** Remembers a token before it is stored (a pasted one being tried), so no message repeats it. */
  remember(token: string): void {
    this.known.add(token);
  }

  secretsToRedact(): readonly string[] {
    return [...this.known];
  }
}
