/** Back/forward for the preview panel, as in a browser: a new page drops what was ahead. */
export class PreviewHistory<T> {
  private readonly entries: T[] = [];
  private index = -1;

  constructor(private readonly limit = 50) {}

  get current(): T | undefined {
    return this.entries[this.index];
  }

  get canGoBack(): boolean {
    return this.index > 0;
  }

  get canGoForward(): boolean {
    return this.index < this.entries.length - 1;
  }

  /** Opens `entry` after the current one; the oldest entries go beyond `limit`. */
  push(entry: T): void {
    this.entries.splice(this.index + 1);
    this.entries.push(entry);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
    this.index = this.entries.length - 1;
  }

  /** Replaces the current entry (a redirect, a fresher copy of the same page). */
  replace(entry: T): void {
    if (this.index < 0) this.push(entry);
    else this.entries[this.index] = entry;
  }

  back(): T | undefined {
    if (!this.canGoBack) return undefined;
    this.index--;
    return this.current;
  }

  forward(): T | undefined {
    if (!this.canGoForward) return undefined;
    this.index++;
    return this.current;
  }
}
