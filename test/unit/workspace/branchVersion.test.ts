import assert from 'node:assert/strict';
import { parseVersion } from '../../../src/core/models/version';
import { versionForBranch } from '../../../src/core/workspace/branchVersion';

const version = (slug: string, fields: Record<string, unknown> = {}) => parseVersion({ id: slug.length, slug, verbose_name: slug, identifier: slug, type: 'branch', active: true, ...fields });

describe('versionForBranch (FACTS §21)', () => {
  const versions = [
    version('latest', { identifier: 'main' }),
    version('develop'),
    version('feature-dark-mode', { verbose_name: 'feature/dark-mode', identifier: 'feature/dark-mode', active: false }),
    version('v1.0', { type: 'tag', identifier: 'abc123' }),
    version('main', { active: false }),
  ];
  const project = { defaultBranch: 'main' };

  it('builds the default branch with latest (not the branch version of the same name)', () => {
    const result = versionForBranch(project, 'main', versions);
    assert.equal(result.kind, 'active');
    assert.equal('version' in result && result.version.slug, 'latest');
  });

  it('learns the default branch from latest when the project does not say it', () => {
    const result = versionForBranch({ defaultBranch: undefined }, 'main', versions);
    assert.equal('version' in result && result.version.slug, 'latest');
  });

  it('uses the branch\'s own active version, matched on the name, not on a computed slug', () => {
    const result = versionForBranch(project, 'develop', versions);
    assert.deepEqual([result.kind, 'version' in result && result.version.slug], ['active', 'develop']);
    const slashed = versionForBranch(project, 'feature/dark-mode', versions);
    assert.deepEqual([slashed.kind, 'version' in slashed && slashed.version.slug], ['inactive', 'feature-dark-mode']);
  });

  it('says "missing" for a branch without a version, never a tag, and "detached" without a branch', () => {
    assert.deepEqual(versionForBranch(project, 'docs/new-guide', versions), { kind: 'missing', branch: 'docs/new-guide' });
    assert.deepEqual(versionForBranch(project, 'v1.0', versions), { kind: 'missing', branch: 'v1.0' });
    assert.deepEqual(versionForBranch(project, undefined, versions), { kind: 'detached' });
  });

  it('reports an inactive latest as inactive on the default branch', () => {
    const result = versionForBranch(project, 'main', [version('latest', { identifier: 'main', active: false })]);
    assert.equal(result.kind, 'inactive');
  });
});
