import assert from 'node:assert/strict';
import { accepts } from '../../../src/core/commandArgs';

const ref = { edition: 'community', projectSlug: 'widgets', pullRequest: '1234' };
const page = { filename: 'usage.html', current: 'https://p/en/1234/usage.html', base: 'https://w/en/latest/usage.html' };

describe('what the pull-request commands accept', () => {
  it('a pull request: the ref itself or a row carrying it as its subject; junk is none', () => {
    assert.deepEqual(accepts.pullRequestRef(ref), ref);
    assert.deepEqual(accepts.pullRequestRef({ id: 'x', label: 'Pull request #1234', subject: ref }), ref);
    for (const junk of [undefined, 'widgets', { ...ref, pullRequest: 1234 }, { ...ref, pullRequest: '12a' }, { ...ref, edition: 'enterprise' }, { subject: 'x' }]) {
      assert.equal(accepts.pullRequestRef(junk), undefined, JSON.stringify(junk));
    }
  });

  it('a web page: `{ url }`, a preview row, or a changed page (its preview address)', () => {
    assert.deepEqual(accepts.webPage({ url: 'https://p/' }), { url: 'https://p/' });
    assert.deepEqual(accepts.webPage({ subject: { url: 'https://p/' } }), { url: 'https://p/' });
    assert.deepEqual(accepts.webPage({ subject: page }), { url: page.current });
    assert.equal(accepts.webPage({ subject: { filename: 'x.html' } }), undefined);
  });

  it('a changed page, with either address missing for added or deleted pages', () => {
    assert.deepEqual(accepts.changedPage(page), page);
    assert.deepEqual(accepts.changedPage({ subject: { filename: 'gone.html', base: page.base } }), { filename: 'gone.html', current: undefined, base: page.base });
    assert.equal(accepts.changedPage({ current: page.current }), undefined);
  });

  it('a deleted page: its folder and filename, or a row carrying them', () => {
    const deleted = { folderPath: '/w', filename: 'glossary.html' };
    assert.deepEqual(accepts.deletedPage(deleted), deleted);
    assert.deepEqual(accepts.deletedPage({ id: 'x', subject: deleted }), deleted);
    for (const junk of [undefined, 'glossary.html', { filename: 'glossary.html' }, { folderPath: '/w', filename: '' }, { folderPath: 1, filename: 'x' }]) {
      assert.equal(accepts.deletedPage(junk), undefined, JSON.stringify(junk));
    }
  });
});
