import * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { describeError } from '../../core/api/describeError';
import { accepts } from '../../core/commandArgs';
import { CommandIds } from '../../core/commandIds';
import { editionLabel } from '../../core/config';
import { redact } from '../../core/log';
import { type ClientFactory, type Editions } from '../../core/editions/editions';
import { registerCommand } from '../commands/register';
import { pickEdition } from '../tree/pickers';
import { type ErrorReporter } from '../errorReporter';
import { type UiHost } from '../ui/ui';
import { ReadTheDocsAuthProvider } from './authProvider';
import { type TokenStore } from '../tokenStore';

export interface AuthDeps {
  readonly editions: Editions;
  readonly tokens: TokenStore;
  readonly makeClient: ClientFactory;
  readonly ui: UiHost;
  readonly reporter: ErrorReporter;
  /** Runs before the token of `edition` is deleted (the private docs delete their sharing methods with it). */
  readonly beforeSignOut?: (edition: Edition) => Promise<void>;
}

export function registerAuthCommands(deps: AuthDeps): vscode.Disposable[] {
  return [
    registerCommand(CommandIds.signIn, accepts.edition, (edition) => signIn(deps, edition), deps.reporter),
    registerCommand(CommandIds.signOut, accepts.edition, (edition) => signOut(deps, edition), deps.reporter),
    // The Accounts menu shows each signed-in edition (and signs out from there).
    new ReadTheDocsAuthProvider({
      editions: deps.editions,
      tokens: deps.tokens,
      signIn: (edition) => signIn(deps, edition),
      signOut: (edition) => signOut(deps, edition),
    }),
  ];
}

/** Asks for a token, checks it with one cheap request, and stores it only when the server accepts it. */
export async function signIn(deps: AuthDeps, requested?: Edition): Promise<boolean> {
  const { editions, ui } = deps;
  if (!editions.configured.length) {
    void ui.current.error(vscode.l10n.t('Both editions are switched off: set readthedocs.communityUrl or readthedocs.businessUrl first.'));
    return false;
  }
  const edition = requested && editions.configured.includes(requested) ? requested : await pickEdition(deps, editions.configured, vscode.l10n.t('Sign in to which Read the Docs?'));
  const baseUrl = edition && editions.baseUrl(edition);
  const origin = edition && editions.origin(edition);
  if (!edition || !baseUrl || !origin) return false;
  const host = new URL(origin).host;
  const token = (await ui.current.inputBox({
    title: vscode.l10n.t('Sign in to {0}', editionLabel(edition)),
    prompt: vscode.l10n.t('API token for {0} (Settings › API Tokens on {1})', host, host),
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('Paste the token.') : /\s/.test(value.trim()) ? vscode.l10n.t('A token has no spaces.') : undefined),
  }))?.trim();
  if (!token) return false;
  const probe = deps.makeClient(edition, baseUrl, async () => token);
  try {
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking the token with {0}…', host) }, () => probe.verifyToken());
  } catch (error) {
    // The token being tried is stored nowhere yet: left out here, on top of the stored ones.
    void ui.current.error(redact(describeError(error, { host }), [token]));
    return false;
  } finally {
    void probe.dispose();
  }
  await deps.tokens.store(origin, token);
  await editions.reloadTokens();
  deps.reporter.resetAuthPrompt();
  void ui.current.info(vscode.l10n.t('Signed in to {0}.', host));
  return true;
}

export async function signOut(deps: AuthDeps, requested?: Edition): Promise<void> {
  const { editions, ui } = deps;
  const edition = requested ?? await pickEdition(deps, editions.signedIn, vscode.l10n.t('Sign out of which Read the Docs?'));
  const origin = edition && editions.origin(edition);
  if (!edition || !origin) {
    if (!editions.signedIn.length) void ui.current.info(vscode.l10n.t('You are not signed in.'));
    return;
  }
  try {
    await deps.beforeSignOut?.(edition);
  } catch (error) {
    deps.reporter.report(error, { action: vscode.l10n.t('deleting the header tokens made for this editor') });
  }
  await deps.tokens.delete(origin);
  await editions.reloadTokens();
  if (deps.tokens.isFromEnvironment(edition, origin)) {
    void ui.current.warn(vscode.l10n.t('The READTHEDOCS_TOKEN environment variable still signs in the community edition; unset it to sign out for good.'));
  } else {
    void ui.current.info(vscode.l10n.t('Signed out of {0}.', new URL(origin).host));
  }
}
