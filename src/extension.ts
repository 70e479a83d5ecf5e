import type * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // Composition root: filled in as the features land.
}

export function deactivate(): void {}
