import { describeError } from '../core/api/describeError';
import { AuthError, CancelledError } from '../core/api/errors';
import { CommandIds } from '../core/commandIds';
import { type Logger } from '../core/log';
import { type Editions } from '../core/session/editions';
import { type UiHost } from './ui/ui';
import * as vscode from 'vscode';

/**
 * The one place failures reach a person. Cancellations are silent; a rejected token marks its
 * edition signed out and offers "Sign In" once (not once per failing request); anything else is
 * one message made by `describeError`.
 */
export class ErrorReporter {
  private readonly authPromptShown = new Set<string>();

  constructor(private readonly editions: Editions, private readonly ui: UiHost, private readonly logger: Logger) {}

  report(error: unknown, action?: string): void {
    if (error instanceof CancelledError) return;
    this.logger.error(error instanceof Error ? error : String(error));
    if (error instanceof AuthError) {
      this.handleAuthError(error);
      return;
    }
    void this.ui.current.error(describeError(error, { action }));
  }

  /** Awaited before every command runs: the first one reads the tokens (activation never does). */
  beforeCommand(): Promise<void> {
    return this.editions.ensureTokens();
  }

  /** After a successful sign-in the next rejection may prompt again. */
  resetAuthPrompt(): void {
    this.authPromptShown.clear();
  }

  handleAuthError(error: AuthError): void {
    const host = error.request?.host;
    const edition = this.editions.configured.find((e) => this.editions.client(e)?.host === host);
    if (edition) this.editions.markSignedOut(edition);
    const key = host ?? 'unknown';
    if (this.authPromptShown.has(key)) return;
    this.authPromptShown.add(key);
    void this.ui.current.warn(describeError(error), 'Sign In').then((choice) => {
      if (choice === 'Sign In') void vscode.commands.executeCommand(CommandIds.signIn, edition);
    });
  }
}
