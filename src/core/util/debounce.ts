/**
 * Work that waits for a pause: one pending run per key (a document, a folder), replaced by each
 * new call for that key and started `delayMs` after the last one. Disposing drops every pending run.
 */
export class KeyedDebounce<K> {
  private readonly timers = new Map<K, ReturnType<typeof setTimeout>>();

  constructor(private readonly delayMs: number) {}

  /** Runs `run` once no call for `key` has come for the delay (`delayMs` overrides it for this call). */
  schedule(key: K, run: () => void, delayMs = this.delayMs): void {
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      run();
    }, delayMs));
  }

  /** Drops the pending run of `key`, if any. */
  cancel(key: K): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
