import assert from 'node:assert/strict';
import { uploadTargets } from '../../../src/core/upload/target';

const SHA = 'b'.repeat(40);

describe('upload target', () => {
  it('a branch publishes as that branch, not asked', () => {
    const result = uploadTargets({ branch: 'main', commit: SHA, tagsAtHead: [], dirty: false });
    assert.equal(result.kind, 'targets');
    if (result.kind !== 'targets') return;
    assert.deepEqual(result.targets.map((t) => [t.type, t.name]), [['branch', 'main']]);
    assert.equal(result.mustAsk, false);
    assert.equal(result.commit, SHA);
  });

  it('a branch with a tag at HEAD is asked (branch first), never inferred', () => {
    const result = uploadTargets({ branch: 'main', commit: SHA, tagsAtHead: ['v1.2'], dirty: false });
    assert.ok(result.kind === 'targets' && result.mustAsk);
    assert.deepEqual(result.targets.map((t) => [t.type, t.name]), [['branch', 'main'], ['tag', 'v1.2']]);
  });

  it('a detached HEAD at a tag publishes the tag; at several tags asks', () => {
    const one = uploadTargets({ commit: SHA, tagsAtHead: ['v2.0'], dirty: false });
    assert.ok(one.kind === 'targets' && !one.mustAsk);
    assert.deepEqual(one.targets.map((t) => [t.type, t.name]), [['tag', 'v2.0']]);
    const two = uploadTargets({ commit: SHA, tagsAtHead: ['v2.0', 'release'], dirty: false });
    assert.ok(two.kind === 'targets' && two.mustAsk);
  });

  it('a detached HEAD at no tag is refused with what to do', () => {
    const result = uploadTargets({ commit: SHA, tagsAtHead: [], dirty: false });
    assert.ok(result.kind === 'refused');
    assert.match(result.message, /detached.*check out/);
  });

  it('the branch\'s pull request is offered as its preview (external, its number)', () => {
    const result = uploadTargets({ branch: 'feature', commit: SHA, tagsAtHead: [], pullRequest: '17', dirty: false });
    assert.ok(result.kind === 'targets' && result.mustAsk);
    assert.deepEqual(result.targets.map((t) => [t.type, t.name]), [['branch', 'feature'], ['external', '17']]);
    assert.match(result.targets[1].label, /pull request #17/);
  });

  it('a dirty tree is carried into the plan; no commit is refused', () => {
    const dirty = uploadTargets({ branch: 'main', commit: SHA, tagsAtHead: [], dirty: true });
    assert.ok(dirty.kind === 'targets' && dirty.dirty);
    assert.equal(uploadTargets({ branch: 'main', tagsAtHead: [], dirty: false }).kind, 'refused');
    assert.equal(uploadTargets({ branch: 'main', commit: 'abc', tagsAtHead: [], dirty: false }).kind, 'refused');
  });
});
