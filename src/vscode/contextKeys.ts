import * as vscode from 'vscode';
import { ContextKeys } from '../core/contextKeys';
import { type Editions } from '../core/editions/editions';

/** Sets every context key from the current state, in one place. */
export async function updateContextKeys(editions: Editions): Promise<void> {
  await Promise.all([
    vscode.commands.executeCommand('setContext', ContextKeys.signedIn, editions.signedIn.length > 0),
    vscode.commands.executeCommand('setContext', ContextKeys.businessSignedIn, editions.signedIn.includes('business')),
    vscode.commands.executeCommand('setContext', ContextKeys.noEditions, editions.configured.length === 0),
  ]);
}
