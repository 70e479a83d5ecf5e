/**
 * Runs `read` one call at a time, in call order, and says whether each result differs (by `key`)
 * from the one before it. Overlapping reads can finish out of order: a caller that compared with
 * the last result it knew of would then miss a change another, older read was about to overwrite.
 */
export class OrderedReads<T> {
  private queue: Promise<unknown> = Promise.resolve();
  private last: string | undefined;

  constructor(private readonly read: () => Promise<T>, private readonly key: (value: T) => string) {}

  next(): Promise<{ value: T; changed: boolean }> {
    const result = this.queue.then(async () => {
      const value = await this.read();
      const key = this.key(value);
      const changed = key !== this.last;
      this.last = key;
      return { value, changed };
    });
    this.queue = result.catch(() => undefined);
    return result;
  }
}
