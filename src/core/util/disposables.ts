import { type Disposable } from './events';

/**
 * What an object owns and must let go of (subscriptions, emitters): disposed once, the last added
 * first; anything added after that is disposed at once.
 */
export class Disposables implements Disposable {
  private readonly items: Disposable[] = [];
  private disposed = false;

  get isDisposed(): boolean {
    return this.disposed;
  }

  add<T extends Disposable>(item: T): T {
    if (this.disposed) item.dispose();
    else this.items.push(item);
    return item;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const item of this.items.splice(0).reverse()) item.dispose();
  }
}
