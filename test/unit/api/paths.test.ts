import assert from 'node:assert/strict';
import { MockAgent } from 'undici';
import { ReadTheDocsClient } from '../../../src/core/api/client';
import { UnsafePathError } from '../../../src/core/api/errors';
import { apiPath, assertSafePath } from '../../../src/core/api/paths';
import { silentLogger } from '../../../src/core/log';

describe('paths: no dot segments', () => {
  const ORIGIN = 'https://app.readthedocs.org';
  let agent: MockAgent;
  let client: ReadTheDocsClient;
  beforeEach(() => {
    agent = new MockAgent();
    agent.disableNetConnect();
    client = new ReadTheDocsClient({ edition: 'community', baseUrl: ORIGIN, getToken: () => 'a'.repeat(40), userAgent: 'test', dispatcher: agent, logger: silentLogger });
  });
  afterEach(async () => { await client.dispose(); await agent.close(); });

  it('subprojects.delete with a "../../../projects/victim" alias sends nothing', async () => {
    const sent: string[] = [];
    agent.get(ORIGIN).intercept({ path: () => true, method: () => true }).reply((options) => { sent.push(`${options.method} ${options.path}`); return { statusCode: 204, data: '' }; }).persist();
    await assert.rejects(client.subprojects.delete('alice-docs', '../../../projects/victim'), UnsafePathError);
    assert.deepEqual(sent, []);
  });

  for (const [name, call] of [
    ['a version slug ".."', (c: ReadTheDocsClient) => c.versions.get('widgets', '..')],
    ['a project slug "."', (c: ReadTheDocsClient) => c.projects.get('.')],
    ['an empty project slug', (c: ReadTheDocsClient) => c.projects.get('')],
  ] as const) {
    it(`refuses ${name}`, async () => {
      await assert.rejects(call(client), UnsafePathError);
    });
  }

  it('accepts ordinary paths and server links, refuses dot segments in links and backslash forms', () => {
    for (const ok of [apiPath('projects', 'widgets', 'versions', 'v1.0'), 'https://app.readthedocs.org/api/v3/projects/?limit=10&offset=../x', `${apiPath('projects', 'a')}sub/alias/`, 'projects/a.b/..c/']) {
      assert.doesNotThrow(() => assertSafePath(ok), ok);
    }
    for (const bad of ['projects/../x/', 'https://app.readthedocs.org/api/v3/projects/../../admin/', 'projects\\..\\x/', 'projects//x/', 'projects/%2E/x/', '../projects/']) {
      assert.throws(() => assertSafePath(bad), UnsafePathError, bad);
    }
  });
});
