import type * as vscode from 'vscode';
import { Disposables } from '../core/util/disposables';

/** Base for long-lived adapters: everything registered here is disposed with the owner. */
export abstract class Disposable implements vscode.Disposable {
  private readonly owned = new Disposables();

  protected register<T extends { dispose(): unknown }>(disposable: T): T {
    return this.owned.add(disposable);
  }

  dispose(): void {
    this.owned.dispose();
  }
}
