// A repository without .readthedocs.yaml against the sandbox: as upstream, its first build (the one
// an import starts) fails with `config:path:default-not-found`; once the file is pushed, the next
// build passes. A project with its own readthedocs_yaml_path fails with `config:path:not-found`.

import assert from 'node:assert/strict';
import { type ReadTheDocsClient } from '../../src/core/api/client';
import { type Build } from '../../src/core/models/build';
import { configErrorsOf } from '../../src/core/notices/configErrors';
import { startSandbox, type Sandbox } from '../sandbox/index';
import { clientFor } from '../helpers/clientFor';

describe('a repository without .readthedocs.yaml against the sandbox', function () {
  this.timeout(30_000);
  let sb: Sandbox;
  let client: ReadTheDocsClient;
  const url = 'https://github.com/example/bare-clone';

  before(async () => {
    sb = await startSandbox({ buildStepMs: 20 });
    client = clientFor(sb.origin, { token: sb.tokens.owner });
  });
  after(() => sb.close());
  beforeEach(() => sb.reset());

  async function finished(slug: string): Promise<Build> {
    for (;;) {
      const [latest] = (await client.builds.list(slug, {})).items;
      if (latest && latest.state === 'finished') return latest;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('fails the import\'s first build with config:path:default-not-found, and passes once the file is pushed', async () => {
    sb.db.branchesWithoutConfig.set(url, new Set(['master']));
    const project = await client.projects.create({ name: 'Bare Clone', repositoryUrl: url });
    const first = await finished(project.slug);
    assert.equal(first.success, false);
    const notifications = (await client.builds.notifications(project.slug, first.id)).items;
    assert.deepEqual(notifications.map((n) => n.messageId), ['config:path:default-not-found']);
    assert.deepEqual(configErrorsOf(first, notifications)?.map((e) => e.message), [
      'Config file not found at default path: The required .readthedocs.yaml configuration file was not found at repository\'s root. Learn how to use this file in our configuration file tutorial.',
    ]);

    sb.db.branchesWithoutConfig.get(url)!.delete('master');
    await client.builds.trigger(project.slug, 'latest');
    const second = await finished(project.slug);
    assert.notEqual(second.id, first.id);
    assert.equal(second.success, true);
  });

  it('fails with config:path:not-found when the project reads its configuration from its own path', async () => {
    sb.db.branchesWithoutConfig.set(url, new Set(['master']));
    const project = await client.projects.create({ name: 'Bare Clone', repositoryUrl: url });
    await finished(project.slug);
    await client.projects.update(project.slug, { readthedocsYamlPath: 'docs/.readthedocs.yaml' });
    const triggered = await client.builds.trigger(project.slug, 'latest');
    let build = await finished(project.slug);
    while (build.id !== triggered.build.id) build = await finished(project.slug);
    const notifications = (await client.builds.notifications(project.slug, build.id)).items;
    assert.deepEqual(notifications.map((n) => [n.messageId, n.bodyHtml]), [['config:path:not-found', 'Configuration file not found in <code>docs/.readthedocs.yaml</code>.']]);
  });
});
