import type * as vscode from 'vscode';

/** A request's cancellation as the client takes it: the signal, and `dispose` to stop listening to the token. */
export interface TokenAbort {
  readonly signal: AbortSignal;
  dispose(): void;
}

/** An `AbortSignal` that aborts when VS Code cancels `token` (at once when it already has). */
export function abortSignalOf(token: vscode.CancellationToken): TokenAbort {
  const controller = new AbortController();
  if (token.isCancellationRequested) {
    controller.abort();
    return { signal: controller.signal, dispose: () => undefined };
  }
  const subscription = token.onCancellationRequested(() => controller.abort());
  return { signal: controller.signal, dispose: () => subscription.dispose() };
}
