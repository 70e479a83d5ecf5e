import assert from 'node:assert/strict';
import { MockAgent } from 'undici';
import { ReadTheDocsClient, type WriteChange } from '../../../src/core/api/client';
import { NotFoundError, ValidationError } from '../../../src/core/api/errors';
import { writtenPlaceOf } from '../../../src/core/api/writes';
import { silentLogger } from '../../../src/core/log';
import { Editions } from '../../../src/core/editions/editions';
import { TestSettings } from '../../helpers/settings';

describe('writes announce what they changed', () => {
  const ORIGIN = 'https://app.readthedocs.org';
  let agent: MockAgent;
  let client: ReadTheDocsClient;
  let heard: WriteChange[];
  const makeClient = () => new ReadTheDocsClient({ edition: 'community', baseUrl: ORIGIN, getToken: () => 'a'.repeat(40), userAgent: 'test', dispatcher: agent, logger: silentLogger });
  const reply = (statusCode: number, data = '') => agent.get(ORIGIN).intercept({ path: () => true, method: () => true }).reply(statusCode, data, { headers: { 'content-type': 'application/json' } });
  beforeEach(() => {
    agent = new MockAgent();
    agent.disableNetConnect();
    client = makeClient();
    heard = [];
    client.onDidWrite((change) => heard.push(change));
  });
  afterEach(async () => { await client.dispose(); await agent.close(); });

  it('reads the project and the lists a path names (percent-encoded, as apiPath writes them)', () => {
    assert.deepEqual(writtenPlaceOf('projects/widgets/versions/v1.0/builds/'), { projectSlug: 'widgets', lists: ['versions', 'builds'] });
    assert.deepEqual(writtenPlaceOf('projects/widgets/redirects/12/'), { projectSlug: 'widgets', lists: ['redirects'] });
    assert.deepEqual(writtenPlaceOf('projects/my%20docs/'), { projectSlug: 'my docs', lists: [] });
    assert.deepEqual(writtenPlaceOf('projects/'), { projectSlug: undefined, lists: [] });
    assert.deepEqual(writtenPlaceOf('remote/repositories/'), { projectSlug: undefined, lists: [] });
  });

  it('a successful write: once, with the edition, method, project and list', async () => {
    reply(204);
    await client.redirects.delete('widgets', 12);
    assert.deepEqual(heard, [{ edition: 'community', method: 'DELETE', path: 'projects/widgets/redirects/12/', projectSlug: 'widgets', lists: ['redirects'] }]);
  });

  it('a refused write changed nothing: silent; a target that is gone: announced (what is shown is stale)', async () => {
    reply(400, JSON.stringify({ name: ['This field is required.'] }));
    await assert.rejects(client.environmentVariables.delete('widgets', 3), ValidationError);
    assert.equal(heard.length, 0);
    reply(404, JSON.stringify({ detail: 'Not found.' }));
    await assert.rejects(client.versions.update('widgets', 'gone', { active: true }), NotFoundError);
    assert.deepEqual(heard.map((c) => [c.method, c.projectSlug, c.lists]), [['PATCH', 'widgets', ['versions']]]);
  });

  it('a batch of writes announces each project and list it changed once, when it ends (also when it fails)', async () => {
    reply(204);
    reply(204);
    reply(204);
    const done = client.batchWrites(async () => {
      await client.redirects.delete('widgets', 1);
      await client.redirects.delete('widgets', 2);
      await client.versions.update('widgets', 'latest', { active: true });
      assert.deepEqual(heard, [], 'nothing while the batch runs');
      return 'applied';
    });
    assert.equal(await done, 'applied');
    assert.deepEqual(heard.map((c) => [c.method, c.path, c.lists]), [
      ['DELETE', 'projects/widgets/redirects/1/', ['redirects']],
      ['PATCH', 'projects/widgets/versions/latest/', ['versions']],
    ]);
    heard = [];
    reply(204);
    await assert.rejects(client.batchWrites(async () => {
      await client.redirects.delete('widgets', 4);
      throw new Error('stopped half way');
    }), /stopped half way/);
    assert.deepEqual(heard.map((c) => c.path), ['projects/widgets/redirects/4/'], 'what was written is announced');
    reply(204);
    await client.redirects.delete('widgets', 5);
    assert.deepEqual(heard.map((c) => c.path), ['projects/widgets/redirects/4/', 'projects/widgets/redirects/5/'], 'after the batch, each write at once again');
  });

  it('a read is no write', async () => {
    reply(200, JSON.stringify({ count: 0, next: null, previous: null, results: [] }));
    await client.redirects.list('widgets');
    assert.deepEqual(heard, []);
  });

  it('Editions relays the writes of every edition\'s client', async () => {
    const editions = new Editions(new TestSettings(), { get: async () => 'a'.repeat(40) }, () => makeClient());
    const relayed: WriteChange[] = [];
    editions.onDidWrite((change) => relayed.push(change));
    reply(204);
    await editions.client('community')!.subprojects.delete('widgets', 'api');
    assert.deepEqual(relayed.map((c) => c.path), ['projects/widgets/subprojects/api/']);
    editions.dispose();
  });
});
