import { type DescribeContext, describeError } from '../core/api/describeError';
import { AuthError, CancelledError, RateLimitedError } from '../core/api/errors';
import { CommandIds } from '../core/commandIds';
import { type Logger } from '../core/log';
import { type Editions } from '../core/editions/editions';
import { type UiHost } from './ui/ui';
import * as vscode from 'vscode';

/**
 * The one place failures reach a person. Cancellations are silent; a rejected token marks its
 * edition signed out and offers "Sign In" once (not once per failing request); anything else is
 * one message made by `describeError` (which leaves out every token it knows).
 */
export class ErrorReporter {
  private readonly authPromptShown = new Set<string>();

  constructor(
    private readonly editions: Editions,
    private readonly ui: UiHost,
    private readonly logger: Logger,
  ) {}

  /** The sentence for a failure, for adapters that show it themselves (a tree row, a hover, a document). */
  describe(error: unknown, context: DescribeContext = {}): string {
    return describeError(error, context);
  }

  report(error: unknown, action?: string | DescribeContext): void {
    if (error instanceof CancelledError) return;
    this.logger.error(error instanceof Error ? error : String(error));
    if (error instanceof AuthError) {
      this.handleAuthError(error);
      return;
    }
    const text = this.describe(error, typeof action === 'string' ? { action } : action);
    // Being rate limited is a pause, not a failure of the person's request.
    void (error instanceof RateLimitedError ? this.ui.current.warn(text) : this.ui.current.error(text));
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
    void this.ui.current.warn(this.describe(error), vscode.l10n.t('Sign In')).then((choice) => {
      if (choice === vscode.l10n.t('Sign In')) void vscode.commands.executeCommand(CommandIds.signIn, edition);
    });
  }
}
