import assert from 'node:assert/strict';
import { DocHostMatcher } from '../../../src/core/embed';

describe('embed/DocHostMatcher', () => {
  const matcher = new DocHostMatcher();
  matcher.setProjectDocs('business', ['https://docs.example-widgets.org/en/latest/', 'https://intranet.example.com:8443/handbook/index.html']);
  matcher.setProjectDocs('community', ['https://pip.pypa.io/en/stable/', 'not a url', 'ftp://files.example.com/docs/']);

  const cases: [string, string | undefined][] = [
    ['https://example-project.readthedocs.io/en/latest/usage.html#configuration', 'community readthedocs'],
    ['http://example-project.readthedocs.io/', 'community readthedocs'],
    ['https://EXAMPLE-PROJECT.ReadTheDocs.IO/en/latest/', 'community readthedocs'],
    ['https://sub.project.readthedocs.io/', 'community readthedocs'],
    ['https://acme-docs.readthedocs-hosted.com/en/latest/', 'business readthedocs'],
    ['https://docs.python.org/3/library/json.html#json.dumps', 'community external'],
    ['https://docs.scipy.org/doc/scipy/', 'community external'],
    ['https://docs.sympy.org/latest/index.html', 'community external'],
    ['https://numpy.org/doc/stable/', 'community external'],
    ['https://docs.example-widgets.org/en/latest/install/#pip', 'business project'],
    ['https://intranet.example.com:8443/handbook/setup.html', 'business project'],
    ['https://pip.pypa.io/en/stable/cli/', 'community project'],
    // Look-alikes and tricks
    ['https://readthedocs.io/', undefined],
    ['https://evilreadthedocs.io/', undefined],
    ['https://readthedocs.io.evil.example/', undefined],
    ['https://x.readthedocs.io.evil.example/', undefined],
    ['https://x.readthedocs.io./', undefined],
    ['https://x.readthedocs.io@evil.example/', undefined],
    ['https://user:pass@x.readthedocs.io/', undefined],
    ['https://x.readthedocs.io:8080/', undefined],
    ['https://-x.readthedocs.io/', undefined],
    ['https://x_y.readthedocs.io/', undefined],
    ['https://x..readthedocs.io/', undefined],
    ['https://x.readthedocs-hosted.com.evil.example/', undefined],
    ['https://www.numpy.org/', undefined],
    ['https://numpy.org.evil.example/', undefined],
    ['https://docs.python.org.evil.example/', undefined],
    ['https://evil-docs.python.org/', undefined],
    ['ftp://x.readthedocs.io/', undefined],
    ['javascript://x.readthedocs.io/%0Aalert(1)', undefined],
    ['file://x.readthedocs.io/etc/passwd', undefined],
    ['x.readthedocs.io/en/latest/', undefined],
    // Project prefixes: same origin and path prefix only
    ['https://docs.example-widgets.org/en/stable/', undefined],
    ['http://docs.example-widgets.org/en/latest/', undefined],
    ['https://docs.example-widgets.org.evil.example/en/latest/', undefined],
    ['https://intranet.example.com/handbook/setup.html', undefined],
    ['https://files.example.com/docs/', undefined],
  ];

  for (const [url, expected] of cases) {
    it(`${url} → ${expected ?? 'not docs'}`, () => {
      const host = matcher.match(url);
      assert.equal(host && `${host.edition} ${host.kind}`, expected);
    });
  }

  it('replaces the project URLs of one edition without touching the other', () => {
    const own = new DocHostMatcher();
    own.setProjectDocs('business', ['https://docs.example-widgets.org/']);
    own.setProjectDocs('community', ['https://pip.pypa.io/en/stable/']);
    own.setProjectDocs('business', []);
    assert.equal(own.match('https://docs.example-widgets.org/en/latest/'), undefined);
    assert.deepEqual(own.match('https://pip.pypa.io/en/stable/'), { edition: 'community', kind: 'project' });
  });

  it('lets a project URL on a hosted domain name its own edition', () => {
    const own = new DocHostMatcher();
    own.setProjectDocs('business', ['https://shared.readthedocs.io/']);
    assert.deepEqual(own.match('https://shared.readthedocs.io/en/latest/'), { edition: 'business', kind: 'project' });
  });
});
