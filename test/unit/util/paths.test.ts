import * as assert from 'node:assert/strict';
import { docNameOf } from '../../../src/core/inventory/docNames';
import { publishedPath } from '../../../src/core/docsLayout/publishedName';
import { foldersUpTo, pathInside, settingPathInside } from '../../../src/core/util/paths';

describe('pathInside: one containment check for every path a folder or a server names', () => {
  it('gives the path relative to the root, for absolute and for relative frames', () => {
    assert.equal(pathInside('/work/repo', '/work/repo/docs/index.rst'), 'docs/index.rst');
    assert.equal(pathInside('/work/repo/', '/work/repo/docs/'), 'docs');
    assert.equal(pathInside('docs', 'docs/guide/install.md'), 'guide/install.md');
    assert.equal(pathInside('./docs', 'docs/a.rst'), 'a.rst');
    assert.equal(pathInside('', 'docs/a.rst'), 'docs/a.rst');
    assert.equal(pathInside('/', '/etc/passwd'), 'etc/passwd');
  });

  it('the root itself is the empty path', () => {
    assert.equal(pathInside('/work/repo', '/work/repo'), '');
    assert.equal(pathInside('docs', 'docs/'), '');
    assert.equal(pathInside('', '.'), '');
  });

  it('resolves `.` and `..` before deciding, so a climb out is outside', () => {
    assert.equal(pathInside('/work/repo', '/work/repo/docs/../../other/file'), undefined);
    assert.equal(pathInside('/work/repo', '/work/repo/docs/../README.md'), 'README.md');
    assert.equal(pathInside('docs', 'docs/../../etc/passwd'), undefined);
    assert.equal(pathInside('', '../outside.yaml'), undefined);
    assert.equal(pathInside('', 'docs/./a//b.rst'), 'docs/a/b.rst');
  });

  it('a sibling whose name starts like the root is outside', () => {
    assert.equal(pathInside('/work/repo', '/work/repo-evil/x'), undefined);
    assert.equal(pathInside('docs', 'docs-old/a.rst'), undefined);
  });

  it('mixing an absolute path with a relative root (or the reverse) is outside', () => {
    assert.equal(pathInside('docs', '/docs/a.rst'), undefined);
    assert.equal(pathInside('/work/repo', 'docs/a.rst'), undefined);
  });

  it('reads Windows paths: backslashes and drive letters', () => {
    assert.equal(pathInside('C:\\work\\repo', 'C:\\work\\repo\\docs\\conf.py'), 'docs/conf.py');
    assert.equal(pathInside('C:\\work\\repo', 'D:\\work\\repo\\docs\\conf.py'), undefined);
    assert.equal(pathInside('docs', 'docs\\guide\\a.rst'), 'guide/a.rst');
  });
});

describe('settingPathInside: a path written in a setting, for a file of the folder', () => {
  it('a relative path resolves against the folder', () => {
    assert.equal(settingPathInside('/work/repo', 'docs/redirects.yaml'), 'docs/redirects.yaml');
    assert.equal(settingPathInside('/work/repo', './redirects.yaml'), 'redirects.yaml');
    assert.equal(settingPathInside('C:\\work\\repo', 'docs\\redirects.yaml'), 'docs/redirects.yaml');
  });

  it('an absolute path inside the folder is accepted', () => {
    assert.equal(settingPathInside('/work/repo', '/work/repo/docs/redirects.yaml'), 'docs/redirects.yaml');
  });

  it('`..` out of the folder, or an absolute path elsewhere, is refused', () => {
    assert.equal(settingPathInside('/work/repo', '../elsewhere/redirects.yaml'), undefined);
    assert.equal(settingPathInside('/work/repo', 'docs/../../.bashrc'), undefined);
    assert.equal(settingPathInside('/work/repo', '/home/me/.bashrc'), undefined);
    assert.equal(settingPathInside('/work/repo', 'C:\\Users\\me\\redirects.yaml'), undefined);
  });
});

describe('the paths that go through pathInside', () => {
  it('docNameOf: a file that climbs out of the source folder has no document name', () => {
    assert.equal(docNameOf('/repo/docs/guide/install.rst', '/repo/docs/'), 'guide/install');
    assert.equal(docNameOf('/repo/docs/../README.rst', '/repo/docs'), undefined);
    assert.equal(docNameOf('/repo/docs-old/a.rst', '/repo/docs'), undefined);
  });

  it('publishedPath: the layout root is matched after normalising both sides', () => {
    const layout = { tool: 'sphinx', root: './docs/', directoryUrls: false } as const;
    assert.equal(publishedPath('docs/guide/install.rst', layout), '/guide/install.html');
    assert.equal(publishedPath('./docs//guide/install.rst', layout), '/guide/install.html');
    assert.equal(publishedPath('docs/../notes/a.rst', layout), undefined);
  });
});

describe('foldersUpTo: the folders a search for conf.py walks', () => {
  it('from the folder up to the root, each relative to the root', () => {
    assert.deepEqual(foldersUpTo('/w/repo', '/w/repo/docs/guide'), ['docs/guide', 'docs', '']);
    assert.deepEqual(foldersUpTo('/w/repo', '/w/repo'), ['']);
    assert.deepEqual(foldersUpTo('C:\\w\\repo', 'C:\\w\\repo\\docs'), ['docs', '']);
  });

  it('nothing for a folder beside the root whose name only starts like it', () => {
    assert.deepEqual(foldersUpTo('/w/docs', '/w/docs2/guide'), []);
    assert.deepEqual(foldersUpTo('/w/docs', '/w'), []);
  });
});
