import type * as vscode from 'vscode';

/** Base for long-lived adapters: everything registered here is disposed with the owner. */
export abstract class Disposable implements vscode.Disposable {
  private readonly disposables: { dispose(): unknown }[] = [];
  private disposed = false;

  protected register<T extends { dispose(): unknown }>(disposable: T): T {
    if (this.disposed) disposable.dispose();
    else this.disposables.push(disposable);
    return disposable;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const d of this.disposables.splice(0).reverse()) d.dispose();
  }
}
