import assert from 'node:assert/strict';
import { versionDownloads } from '../../src/core/downloads';
import { parseVersion } from '../../src/core/models/version';
import { apiFixture } from '../helpers/fixtures';

describe('core/downloads: versionDownloads', () => {
  const host = 'https://widgets.readthedocs.io/_/downloads/en/latest';

  it('offers the formats a built version has, PDF, ePub, then HTML zip', () => {
    const downloads = versionDownloads({ built: true, downloads: { htmlzip: `${host}/htmlzip/`, pdf: `${host}/pdf/`, epub: `${host}/epub/` } });
    assert.deepEqual(downloads.map((d) => [d.format, d.label, d.url]), [
      ['pdf', 'PDF', `${host}/pdf/`], ['epub', 'ePub', `${host}/epub/`], ['htmlzip', 'HTML (zip)', `${host}/htmlzip/`],
    ]);
    assert.deepEqual(versionDownloads({ built: true, downloads: { htmlzip: `${host}/htmlzip/` } }).map((d) => d.format), ['htmlzip']);
  });

  it('offers nothing for a version that is not built', () => {
    assert.deepEqual(versionDownloads({ built: false, downloads: { pdf: `${host}/pdf/` } }), []);
  });

  it('leaves out unknown formats and links that are not plain http(s)', () => {
    const downloads = versionDownloads({
      built: true,
      downloads: { pdf: 'javascript:alert(1)', epub: 'https://user:secret@evil.example/x.epub', htmlzip: 'not a url', zip: `${host}/zip/` },
    });
    assert.deepEqual(downloads, []);
  });

  it('reads the downloads of a real version object', () => {
    const downloads = versionDownloads(parseVersion(apiFixture('projects-versions-detail')));
    assert.deepEqual(downloads.map((d) => d.url), ['pdf', 'epub', 'htmlzip'].map((f) => `https://project.readthedocs.io/_/downloads/en/v1.0/${f}/`));
  });
});
