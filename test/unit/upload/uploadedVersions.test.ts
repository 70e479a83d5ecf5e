import assert from 'node:assert/strict';
import { UPLOADED_VERSIONS_LIMITS, UPLOADED_VERSIONS_PREFIX, UploadedVersions } from '../../../src/core/upload/uploadedVersions';
import { MemoryMemento } from '../../helpers/memoryMemento';

const placeOf = (i: number) => ({ server: 'app.readthedocs.org', project: `p${i}`, version: 'main' });
const keyOf = (i: number) => JSON.stringify(['app.readthedocs.org', `p${i}`, 'main']);

describe('uploaded versions, kept in the bounded store', () => {
  it('the list an older version kept is read once into the store, then deleted', async () => {
    const memento = new MemoryMemento();
    await memento.update('readthedocs.uploadedVersions', [keyOf(1), keyOf(2), 42]);
    const uploaded = new UploadedVersions(memento);
    await Promise.resolve();
    assert.equal(uploaded.isUploaded(placeOf(1)), true);
    assert.equal(uploaded.isUploaded(placeOf(2)), true);
    assert.equal(memento.get('readthedocs.uploadedVersions'), undefined);
    assert.deepEqual([...memento.keys()].sort(), [`${UPLOADED_VERSIONS_PREFIX}${keyOf(1)}`, `${UPLOADED_VERSIONS_PREFIX}${keyOf(2)}`]);
  });

  it('remembering one more writes its own key only; past the cap the oldest is forgotten', async () => {
    const memento = new MemoryMemento();
    const uploaded = new UploadedVersions(memento);
    for (let i = 0; i < UPLOADED_VERSIONS_LIMITS.maxEntries; i++) await uploaded.remember(placeOf(i));
    memento.updates.length = 0;
    await uploaded.remember(placeOf(UPLOADED_VERSIONS_LIMITS.maxEntries));
    assert.deepEqual(memento.updates, [`${UPLOADED_VERSIONS_PREFIX}${keyOf(UPLOADED_VERSIONS_LIMITS.maxEntries)}`, `${UPLOADED_VERSIONS_PREFIX}${keyOf(0)}`]);
    assert.equal(uploaded.isUploaded(placeOf(0)), false);
    assert.equal(new UploadedVersions(memento).isUploaded(placeOf(1)), true);
  });
});
