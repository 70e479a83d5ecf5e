import assert from 'node:assert/strict';
import { type BuildAddress, formatBuildAddress, parseBuildAddress, serverOf, unreachableReason } from '../../../src/core/logs/documentAddress';

describe('build and log documents are tied to the server they were read from', () => {
  const widgets: BuildAddress = { edition: 'community', server: '127.0.0.1:8000', projectSlug: 'widgets', buildId: 123 };

  it('the server is the host and port of the base URL origin', () => {
    assert.equal(serverOf('https://app.readthedocs.org'), 'app.readthedocs.org');
    assert.equal(serverOf('http://127.0.0.1:8000'), '127.0.0.1:8000');
    assert.equal(serverOf('https://Docs.Example.COM:443'), 'docs.example.com');
    assert.equal(serverOf(undefined), '');
    assert.equal(serverOf('not a url'), '');
  });

  it('the server is the authority; edition, project and build the path; the kind the extension', () => {
    assert.deepEqual(formatBuildAddress(widgets, 'yaml'), { authority: '127.0.0.1:8000', path: '/community/widgets/build-123.yaml' });
    const odd = { ...widgets, edition: 'business' as const, projectSlug: 'a b/c' };
    const { authority, path } = formatBuildAddress(odd, 'readthedocs-log');
    assert.equal(path, '/business/a%20b%2Fc/build-123.readthedocs-log');
    assert.deepEqual(parseBuildAddress(authority, path, 'readthedocs-log'), odd);
    assert.equal(parseBuildAddress(authority, path, 'yaml'), undefined, 'a log address is not a build document address');
    assert.equal(parseBuildAddress('', '/community/widgets/build-x.yaml', 'yaml'), undefined);
    assert.equal(parseBuildAddress('', '/enterprise/widgets/build-1.yaml', 'yaml'), undefined);
  });

  it('the same build id on two servers is two addresses', () => {
    const other = formatBuildAddress({ ...widgets, server: 'app.readthedocs.org' }, 'yaml');
    assert.notDeepEqual(other, formatBuildAddress(widgets, 'yaml'));
  });

  it('a document is read again only from its own server', () => {
    assert.equal(unreachableReason(widgets, 'http://127.0.0.1:8000'), undefined);
    assert.equal(unreachableReason(widgets, 'http://127.0.0.1:9000'),
      'This build was read from 127.0.0.1:8000; Read the Docs Community now uses 127.0.0.1:9000. Show the build again to read it there.');
    assert.equal(unreachableReason(widgets, undefined), 'Read the Docs Community is switched off in the settings.');
    assert.match(unreachableReason({ ...widgets, server: '' }, 'https://app.readthedocs.org') ?? '', /^This build was read from an earlier server setting; /);
  });
});
