import assert from 'node:assert/strict';
import { authoringLanguage } from '../../../src/core/inventory/authoringLanguage';

describe('authoringLanguage: how a document of a VS Code language is read', () => {
  const zensicalStudio = new Set(['python-markdown']);

  it('reads reST and Markdown, and the setting\'s ids as Markdown; a page of an MkDocs or Zensical layout as mkdocs', () => {
    assert.equal(authoringLanguage('restructuredtext', zensicalStudio, true), 'restructuredtext');
    assert.equal(authoringLanguage('markdown', new Set()), 'markdown');
    assert.equal(authoringLanguage('python-markdown', zensicalStudio), 'markdown');
    assert.equal(authoringLanguage('python-markdown', zensicalStudio, true), 'mkdocs');
    assert.equal(authoringLanguage('markdown', new Set(), true), 'mkdocs');
  });

  it('reads nothing else, python-markdown included when the setting leaves it out', () => {
    assert.equal(authoringLanguage('python-markdown', new Set()), undefined);
    assert.equal(authoringLanguage('python', zensicalStudio, true), undefined);
  });
});
