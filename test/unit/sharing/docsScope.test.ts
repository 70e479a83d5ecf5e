import assert from 'node:assert/strict';
import { type DocsScope, docsScopeOf, mayCarrySharingToken } from '../../../src/core/api/docsScope';

const API = 'https://app.readthedocs.com';
const may = (url: string, scope: DocsScope) => mayCarrySharingToken(new URL(url), scope, API);

describe('sharing/docsScope: where a project\'s header token may go', () => {
  const handbook = docsScopeOf('https://handbook.readthedocs-hosted.com/en/latest/', API)!;
  const subproject = docsScopeOf('https://handbook.readthedocs-hosted.com/projects/api/en/latest/', API)!;
  const custom = docsScopeOf('https://docs.example-corp.com/en/stable/', API)!;

  it('takes the origin and the project\'s own path from its documentation URL', () => {
    assert.deepEqual(handbook, { origin: 'https://handbook.readthedocs-hosted.com', pathPrefix: '/en/' });
    assert.deepEqual(subproject, { origin: 'https://handbook.readthedocs-hosted.com', pathPrefix: '/projects/api/en/' });
    assert.deepEqual(custom, { origin: 'https://docs.example-corp.com', pathPrefix: '/en/' });
    assert.deepEqual(docsScopeOf('https://single.readthedocs-hosted.com/', API), { origin: 'https://single.readthedocs-hosted.com', pathPrefix: '/' });
    assert.deepEqual(docsScopeOf('https://noversions.readthedocs-hosted.com/latest/', API), { origin: 'https://noversions.readthedocs-hosted.com', pathPrefix: '/' });
    assert.deepEqual(docsScopeOf('http://127.0.0.1:4321/en/latest/', 'http://127.0.0.1:8000'), { origin: 'http://127.0.0.1:4321', pathPrefix: '/en/' });
  });

  it('refuses a documentation URL a token must not go to: none, not http(s), user information, plain http off this machine, the API\'s own origin', () => {
    for (const url of [undefined, '', 'javascript:alert(1)', 'file:///etc/passwd', 'https://user:pw@handbook.readthedocs-hosted.com/en/latest/',
      'http://handbook.readthedocs-hosted.com/en/latest/', 'https://app.readthedocs.com/en/latest/']) {
      assert.equal(docsScopeOf(url, API), undefined, String(url));
    }
  });

  it('sends it to the project\'s own pages and objects.inv, in every version', () => {
    assert.ok(may('https://handbook.readthedocs-hosted.com/en/latest/index.html', handbook));
    assert.ok(may('https://handbook.readthedocs-hosted.com/en/internal/objects.inv', handbook));
    assert.ok(may('https://docs.example-corp.com/en/latest/api.html#x', custom));
  });

  it('never to the API host, even when a documentation URL named it', () => {
    const sameAsApi = { origin: API, pathPrefix: '/' };
    assert.equal(may('https://app.readthedocs.com/api/v3/projects/', sameAsApi), false);
    assert.equal(may('https://app.readthedocs.com/en/latest/', sameAsApi), false);
  });

  it('never to another project: another host, a subproject or a translation on the same host', () => {
    assert.equal(may('https://other.readthedocs-hosted.com/en/latest/index.html', handbook), false);
    assert.equal(may('https://handbook.readthedocs-hosted.com/projects/api/en/latest/index.html', handbook), false, 'the subproject needs its own token');
    assert.equal(may('https://handbook.readthedocs-hosted.com/fr/latest/index.html', handbook), false, 'a translation is another project');
    assert.equal(may('https://handbook.readthedocs-hosted.com/projects/api/en/latest/index.html', subproject), true);
    assert.equal(may('https://handbook.readthedocs-hosted.com/en/latest/index.html', subproject), false, 'the subproject\'s token does not open its parent');
    const root = docsScopeOf('https://single.readthedocs-hosted.com/', API)!;
    assert.equal(may('https://single.readthedocs-hosted.com/projects/child/index.html', root), false);
  });

  it('never to a redirect target on another origin: each hop is its own request, checked again', () => {
    // The transport never follows redirects: a Location on another origin is a new URL, refused here.
    assert.equal(may('https://evil.example/en/latest/index.html', handbook), false);
    assert.equal(may('https://handbook.readthedocs-hosted.com.evil.example/en/latest/', handbook), false);
    assert.equal(may('http://handbook.readthedocs-hosted.com/en/latest/', handbook), false, 'a downgrade to http is another origin');
    assert.equal(may('https://handbook.readthedocs-hosted.com:8443/en/latest/', handbook), false, 'another port is another origin');
  });

  it('never to a host a folder file names (a conf.py intersphinx mapping or mkdocs.yml import on another host)', () => {
    for (const named of ['https://attacker.example/en/latest/objects.inv', 'https://handbook.readthedocs-hosted.com@attacker.example/en/latest/objects.inv',
      'https://user@handbook.readthedocs-hosted.com/en/latest/objects.inv']) {
      assert.equal(may(named, handbook), false, named);
    }
  });

  it('never over plain http off this machine, nor to another scheme', () => {
    const http = { origin: 'http://docs.example-corp.com', pathPrefix: '/' };
    assert.equal(may('http://docs.example-corp.com/en/latest/', http), false);
    assert.equal(may('ftp://handbook.readthedocs-hosted.com/en/latest/', handbook), false);
  });

  it('the project\'s own addons API on its docs origin (a pull request\'s changed pages), no other project\'s', () => {
    const scope = docsScopeOf('https://handbook.readthedocs-hosted.com/en/latest/', API, 'handbook')!;
    assert.equal(scope.projectSlug, 'handbook');
    assert.ok(may('https://handbook.readthedocs-hosted.com/_/addons/?api-version=1&project-slug=handbook&version-slug=12', scope));
    assert.equal(may('https://handbook.readthedocs-hosted.com/_/addons/?api-version=1&project-slug=api&version-slug=12', scope), false, 'a subproject\'s');
    assert.equal(may('https://handbook.readthedocs-hosted.com/_/addons/?api-version=1', scope), false);
    assert.equal(may('https://other.readthedocs-hosted.com/_/addons/?project-slug=handbook', scope), false);
    assert.equal(may('https://handbook.readthedocs-hosted.com/_/addons/?project-slug=handbook', handbook), false, 'a scope without its project takes no addons');
    assert.equal(may('https://handbook.readthedocs-hosted.com/_/api/v3/embed/?url=x', scope), false, 'no other /_/ endpoint');
  });

  it('compares origins as the hosts are reached: a trailing dot or capitals name the API host too', () => {
    for (const url of ['https://app.readthedocs.com./en/latest/', 'https://APP.ReadTheDocs.com/en/latest/', 'https://app.readthedocs.com.:443/en/latest/']) {
      assert.equal(docsScopeOf(url, API), undefined, url);
    }
    assert.deepEqual(docsScopeOf('https://handbook.readthedocs-hosted.com/en/latest/', 'https://app.readthedocs.com.'), handbook, 'the API origin as written in a setting');
    const dotted = docsScopeOf('https://Handbook.readthedocs-hosted.com./en/latest/', API)!;
    assert.deepEqual(dotted, { origin: 'https://handbook.readthedocs-hosted.com', pathPrefix: '/en/' });
    assert.ok(may('https://handbook.readthedocs-hosted.com./en/latest/index.html', handbook), 'the same host with its trailing dot');
    assert.ok(may('https://HANDBOOK.readthedocs-hosted.com/en/latest/index.html', handbook));
    // A scope that names the API host (stored by an older version) never lets the header reach it.
    const storedWithDot = { origin: 'https://app.readthedocs.com.', pathPrefix: '/' };
    assert.equal(may('https://app.readthedocs.com./en/latest/', storedWithDot), false);
    assert.equal(may('https://app.readthedocs.com/en/latest/', storedWithDot), false);
    assert.equal(mayCarrySharingToken(new URL('https://handbook.readthedocs-hosted.com/en/latest/'), handbook, 'https://handbook.readthedocs-hosted.com.'), false);
  });

  it('reads the path as the server does, decoded once: encoded slashes, dot segments and empty segments get no token', () => {
    const root = docsScopeOf('https://single.readthedocs-hosted.com/', API)!;
    for (const url of [
      'https://single.readthedocs-hosted.com//projects/child/index.html',
      'https://single.readthedocs-hosted.com/projects%2Fchild/index.html',
      'https://single.readthedocs-hosted.com/projects%2fchild/index.html',
      'https://single.readthedocs-hosted.com/x/..%2Fprojects/child/index.html',
      'https://single.readthedocs-hosted.com/x/%2e%2e%2Fprojects/child/',
      'https://single.readthedocs-hosted.com/x%5C..%5Cprojects/child/',
      'https://single.readthedocs-hosted.com/%ff%fe/',
      'https://single.readthedocs-hosted.com/%2F/projects/child/',
      'https://single.readthedocs-hosted.com/_/api/v3/embed/?url=x',
      'https://single.readthedocs-hosted.com/%5F/addons/?project-slug=single',
    ]) {
      assert.equal(may(url, root), false, url);
    }
    for (const url of [
      'https://handbook.readthedocs-hosted.com/en/..%2Fprojects/api/en/latest/',
      'https://handbook.readthedocs-hosted.com/en/latest/..%2F..%2Ffr/latest/',
      'https://handbook.readthedocs-hosted.com/en//projects/api/',
      'https://handbook.readthedocs-hosted.com/%65n/latest/%2E%2E/%2E%2E/fr/',
    ]) {
      assert.equal(may(url, handbook), false, url);
    }
    assert.ok(may('https://single.readthedocs-hosted.com/guide/a%20page.html', root), 'an ordinary escape stays fine');
    assert.ok(may('https://handbook.readthedocs-hosted.com/%65n/latest/index.html', handbook), '%65n is en, as the server reads it');
  });

  it('takes the addons API only with one project-slug, its own: a server may read another of several', () => {
    const scope = docsScopeOf('https://handbook.readthedocs-hosted.com/en/latest/', API, 'handbook')!;
    assert.equal(may('https://handbook.readthedocs-hosted.com/_/addons/?project-slug=handbook&project-slug=api', scope), false);
    assert.equal(may('https://handbook.readthedocs-hosted.com/_/addons/?project-slug=api&project-slug=handbook', scope), false);
    assert.equal(may('https://handbook.readthedocs-hosted.com/_/addons/?project-slug=handbook&project-slug=handbook', scope), false);
    assert.ok(may('https://handbook.readthedocs-hosted.com/_/addons/?project-slug=handbook', scope));
  });

  it('a documentation URL whose path is not plain gives no scope, an encoded one is read decoded; one without its final slash reads as the directory', () => {
    assert.deepEqual(docsScopeOf('https://handbook.readthedocs-hosted.com/projects%2Fapi/en/latest/', API), subproject, 'read as the server reads it');
    assert.equal(docsScopeOf('https://handbook.readthedocs-hosted.com/x/..%2Fen/latest/', API), undefined);
    assert.equal(docsScopeOf('https://handbook.readthedocs-hosted.com//en/latest/', API), undefined);
    assert.deepEqual(docsScopeOf('https://handbook.readthedocs-hosted.com/en/latest', API), { origin: 'https://handbook.readthedocs-hosted.com', pathPrefix: '/en/' });
    assert.deepEqual(docsScopeOf('https://handbook.readthedocs-hosted.com/projects/api/', API), { origin: 'https://handbook.readthedocs-hosted.com', pathPrefix: '/projects/api/' });
  });
});
