import assert from 'node:assert/strict';
import { type Edition } from '../../../src/core/api/client';
import { NetworkError } from '../../../src/core/api/errors';
import { DocHostMatcher } from '../../../src/core/embed';
import { type ProjectDocsSource, ProjectDocsIndex } from '../../../src/core/embed/projectDocs';
import { silentLogger } from '../../../src/core/log';
import { type Page } from '../../../src/core/models/page';
import { type Project } from '../../../src/core/models/project';

function project(slug: string, documentation: string | undefined): Project {
  return { slug, urls: { documentation, home: undefined, builds: undefined, versions: undefined } } as unknown as Project;
}

interface FakeClient {
  lists: number;
  fail: boolean;
  projects: Project[];
  release?: () => void;
}

function setup(signedIn: Edition[] = ['community']) {
  const clock = { time: 0, now: () => clock.time };
  const matcher = new DocHostMatcher();
  const clients: Record<Edition, FakeClient> = {
    community: { lists: 0, fail: false, projects: [project('widgets', 'https://widgets.readthedocs.io/en/stable/'), project('pip', 'https://pip.pypa.io/en/stable/')] },
    business: { lists: 0, fail: false, projects: [project('handbook', 'https://docs.example-corp.com/projects/handbook/en/latest/'), project('none', undefined), project('bad', 'javascript:alert(1)')] },
  };
  const source: ProjectDocsSource & { signedIn: Edition[] } = {
    signedIn,
    client: (edition) => {
      const fake = clients[edition];
      return {
        projects: {
          listSummaries: () => {
            fake.lists++;
            if (fake.fail) return Promise.reject(new NetworkError('ECONNRESET'));
            return new Promise<Page<Project>>((resolve) => {
              const done = () => resolve({ items: fake.projects, count: fake.projects.length, next: undefined });
              if (fake.release === undefined) done();
              else fake.release = done;
            });
          },
        },
        all: async function* (first: Promise<Page<Project>>) { yield* (await first).items; },
      } as unknown as ReturnType<ProjectDocsSource['client']>;
    },
  };
  const index = new ProjectDocsIndex({ source, matcher, logger: silentLogger, clock, retryAfterMs: 60_000 });
  return { clock, matcher, clients, source, index };
}

describe('embed service: documentation domains of the user\'s projects', () => {
  it('needs nothing while signed out, and makes no request', async () => {
    const { index, clients } = setup([]);
    assert.deepEqual(index.pending, []);
    await index.ensureLoaded();
    assert.equal(clients.community.lists, 0);
  });

  it('learns every site of each signed-in edition with one list request, once', async () => {
    const { index, matcher, clients } = setup(['community', 'business']);
    assert.deepEqual(index.pending, ['community', 'business']);
    assert.equal(matcher.match('https://pip.pypa.io/en/latest/cli/')?.kind, undefined);
    await Promise.all([index.ensureLoaded(), index.ensureLoaded()]);
    await index.ensureLoaded();
    assert.equal(clients.community.lists, 1);
    assert.equal(clients.business.lists, 1);
    assert.deepEqual(index.pending, []);
    // The whole site (any version) of a custom domain, with the edition that serves it.
    assert.deepEqual(matcher.match('https://pip.pypa.io/en/latest/cli/'), { edition: 'community', kind: 'project' });
    assert.deepEqual(matcher.match('https://docs.example-corp.com/projects/handbook/en/v2/x.html'), { edition: 'business', kind: 'project' });
    assert.equal(matcher.match('https://docs.example-corp.com/other/'), undefined);
  });

  it('waits again only after a failure has cooled down', async () => {
    const { index, clients, clock } = setup();
    clients.community.fail = true;
    await index.ensureLoaded();
    assert.equal(clients.community.lists, 1);
    assert.deepEqual(index.pending, []);
    clock.time += 60_000;
    clients.community.fail = false;
    assert.deepEqual(index.pending, ['community']);
    await index.ensureLoaded();
    assert.equal(clients.community.lists, 2);
  });

  it('stops waiting when the signal aborts, but finishes the load for the next hover', async () => {
    const { index, clients, matcher } = setup();
    clients.community.release = () => undefined;
    const hover = new AbortController();
    const waiting = index.ensureLoaded(hover.signal);
    hover.abort();
    await waiting;
    assert.equal(matcher.match('https://pip.pypa.io/en/stable/')?.kind, undefined);
    clients.community.release?.();
    await index.ensureLoaded();
    assert.equal(clients.community.lists, 1);
    assert.equal(matcher.match('https://pip.pypa.io/en/stable/')?.kind, 'project');
  });

  it('reset() forgets the sites (sign-out) and ignores a load that was under way', async () => {
    const { index, clients, matcher, source } = setup();
    await index.ensureLoaded();
    index.reset();
    assert.equal(matcher.match('https://pip.pypa.io/en/stable/'), undefined);
    clients.community.release = () => undefined;
    const loading = index.ensureLoaded();
    index.reset();
    source.signedIn.length = 0;
    clients.community.release?.();
    await loading;
    assert.equal(matcher.match('https://pip.pypa.io/en/stable/'), undefined);
  });
});
