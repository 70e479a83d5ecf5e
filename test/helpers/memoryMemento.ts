import { type KeyedMemento } from '../../src/core/util/boundedStore';

/**
 * A store like VS Code's `globalState`, in memory: values go through JSON as there, `undefined`
 * deletes the key; `updates` lists each key written, in order (what one change costs).
 */
export class MemoryMemento implements KeyedMemento {
  readonly values = new Map<string, unknown>();
  readonly updates: string[] = [];

  keys(): readonly string[] {
    return [...this.values.keys()];
  }

  get(key: string): unknown {
    return this.values.get(key);
  }

  update(key: string, value: unknown): Promise<void> {
    this.updates.push(key);
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, JSON.parse(JSON.stringify(value)));
    return Promise.resolve();
  }
}
