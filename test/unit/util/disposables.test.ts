import assert from 'node:assert/strict';
import { Disposables } from '../../../src/core/util/disposables';
import { Emitter } from '../../../src/core/util/events';
import { ProjectBuilds } from '../../../src/core/branchBuilds/projectBuilds';
import { type BuildWatcher } from '../../../src/core/builds/watcher';

describe('Disposables', () => {
  it('disposes what it holds once, the last added first', () => {
    const order: string[] = [];
    const owned = new Disposables();
    owned.add({ dispose: () => order.push('a') });
    const returned = owned.add({ dispose: () => order.push('b') });
    assert.equal(typeof returned.dispose, 'function');
    assert.equal(owned.isDisposed, false);
    owned.dispose();
    owned.dispose();
    assert.deepEqual(order, ['b', 'a']);
    assert.equal(owned.isDisposed, true);
  });

  it('disposes at once what is added after it was disposed', () => {
    const owned = new Disposables();
    owned.dispose();
    let disposed = false;
    owned.add({ dispose: () => { disposed = true; } });
    assert.equal(disposed, true);
  });

  it('a core class that holds subscriptions lets go of every one on dispose', () => {
    const started = new Emitter<never>();
    const updated = new Emitter<never>();
    let listening = 0;
    const counted = <T>(emitter: Emitter<T>) => (listener: (value: T) => void) => {
      listening++;
      const subscription = emitter.event(listener);
      return { dispose: () => { listening--; subscription.dispose(); } };
    };
    const watcher = { onDidStartWatching: counted(started), onDidUpdate: counted(updated) } as unknown as BuildWatcher;
    const builds = new ProjectBuilds({ client: () => undefined }, watcher);
    assert.equal(listening, 2);
    builds.dispose();
    assert.equal(listening, 0);
  });
});
