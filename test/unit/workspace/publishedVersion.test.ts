import * as assert from 'node:assert/strict';
import { type ReadTheDocsClient } from '../../../src/core/api/client';
import { silentLogger } from '../../../src/core/log';
import { parseProject } from '../../../src/core/models/project';
import { type Version, parseVersion } from '../../../src/core/models/version';
import { type BoundProject } from '../../../src/core/workspace/boundProject';
import { PublishedVersions } from '../../../src/core/workspace/publishedVersion';

const project = parseProject({
  id: 1, slug: 'widgets', name: 'Widgets', default_version: 'stable',
  repository: { url: 'https://github.com/example-org/widgets', type: 'git' },
  urls: { documentation: 'https://widgets.readthedocs.io/en/stable/' },
});
const develop = (built: boolean): Version => parseVersion({
  id: 7, slug: 'develop', verbose_name: 'develop', identifier: 'develop', active: true, built, type: 'branch',
  urls: { documentation: 'https://widgets.readthedocs.io/en/develop/' },
});

function published() {
  const reads: string[] = [];
  const client = { versions: { get: async (slug: string, version: string) => { reads.push(`${slug}/${version}`); return develop(true); } } } as unknown as ReadTheDocsClient;
  return { versions: new PublishedVersions({ bound: { onDidChange: () => ({ dispose() {} }) }, clientOf: () => client, logger: silentLogger }), reads };
}

describe('PublishedVersions: which version stands for a bound project', () => {
  const bound: BoundProject = { edition: 'community', project, folderPath: '/w', branch: 'develop', versionSlug: 'develop' };

  it('uses the version the binding read with the versions list: no request', async () => {
    const built = published();
    assert.deepEqual(await built.versions.of({ ...bound, version: develop(true) }), { versionSlug: 'develop', root: 'https://widgets.readthedocs.io/en/develop/' });
    const unbuilt = published();
    assert.deepEqual(await unbuilt.versions.of({ ...bound, version: develop(false) }), { versionSlug: undefined, root: project.urls.documentation }, 'never built: the default version');
    assert.deepEqual([...built.reads, ...unbuilt.reads], []);
  });

  it('reads the version once when the binding did not', async () => {
    const { versions, reads } = published();
    await versions.of(bound);
    await versions.of(bound);
    assert.deepEqual(reads, ['widgets/develop']);
  });
});
