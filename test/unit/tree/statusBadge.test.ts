import assert from 'node:assert/strict';
import { statusBadge, statusBadgeOf } from '../../../src/core/tree/statusBadge';

describe('status badges (core/tree/statusBadge)', () => {
  it('writes the badge of a version in Markdown and reStructuredText, linking to the docs', () => {
    assert.deepEqual(statusBadge('https://app.readthedocs.org', 'widgets', 'stable', 'https://widgets.readthedocs.io/en/stable/'), {
      markdown: '[![Documentation Status](https://app.readthedocs.org/projects/widgets/badge/?version=stable)](https://widgets.readthedocs.io/en/stable/)',
      restructuredText: '.. image:: https://app.readthedocs.org/projects/widgets/badge/?version=stable\n   :target: https://widgets.readthedocs.io/en/stable/\n   :alt: Documentation Status',
    });
  });

  it('encodes the slug and version, and leaves out a docs link that is not http(s)', () => {
    const badge = statusBadge('http://127.0.0.1:8000/', 'my proj', 'v1.0 (rc)', 'javascript:alert(1)')!;
    assert.equal(badge.markdown, '![Documentation Status](http://127.0.0.1:8000/projects/my%20proj/badge/?version=v1.0%20%28rc%29)');
    assert.equal(badge.restructuredText, '.. image:: http://127.0.0.1:8000/projects/my%20proj/badge/?version=v1.0%20(rc)\n   :alt: Documentation Status');
    assert.equal(statusBadge(undefined, 'widgets', 'latest', undefined), undefined);
    assert.equal(statusBadge('file:///etc', 'widgets', 'latest', undefined), undefined);
  });

  it('takes a project row\'s default version (latest when it has none) and a version row\'s own', () => {
    const project = { kind: 'project', id: 'community/project:widgets', edition: 'community', parentId: 'community', project: { slug: 'widgets', defaultVersion: undefined, urls: { documentation: 'https://w.example/' } } } as unknown as Parameters<typeof statusBadgeOf>[1];
    assert.match(statusBadgeOf('https://app.readthedocs.org', project)!.markdown, /badge\/\?version=latest\)\]\(https:\/\/w\.example\/\)$/);
    const version = { kind: 'version', projectSlug: 'widgets', version: { slug: 'v2', urls: { documentation: 'https://w.example/en/v2/' } } } as unknown as Parameters<typeof statusBadgeOf>[1];
    assert.match(statusBadgeOf('https://app.readthedocs.org', version)!.markdown, /version=v2\)\]\(https:\/\/w\.example\/en\/v2\/\)$/);
  });
});
