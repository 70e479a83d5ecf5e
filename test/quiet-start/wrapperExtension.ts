// The extension as the quiet-start run loads it: this module is the `main` of a staged copy of
// the manifest (scripts/test-extension.mjs), and hands the real bundle (dist/extension.js) a
// context whose SecretStorage counts every call, so the tests can prove that activation reads no
// secret. The production code has no hook for this: `context.secrets` is simply a parameter.
import { createRequire } from 'node:module';
import type * as vscode from 'vscode';

interface RealExtension {
  activate(context: vscode.ExtensionContext): Promise<object>;
  deactivate(): void;
}

/** What the tests read through `extension.exports`. */
export interface QuietStartExports {
  readonly secretCalls: readonly string[];
  readonly testing?: unknown;
}

const real = createRequire(__filename)('./dist/extension.js') as RealExtension;

export async function activate(context: vscode.ExtensionContext): Promise<QuietStartExports> {
  const secretCalls: string[] = [];
  const secrets: vscode.SecretStorage = {
    get: (key) => { secretCalls.push(`get ${key}`); return context.secrets.get(key); },
    store: (key, value) => { secretCalls.push(`store ${key}`); return context.secrets.store(key, value); },
    delete: (key) => { secretCalls.push(`delete ${key}`); return context.secrets.delete(key); },
    onDidChange: context.secrets.onDidChange,
  };
  // VS Code freezes the context (a Proxy may not change a frozen property): inherit from it instead.
  const counted = Object.create(context, { secrets: { value: secrets, enumerable: true } }) as vscode.ExtensionContext;
  return { ...(await real.activate(counted)), secretCalls };
}

export function deactivate(): void {
  real.deactivate();
}
