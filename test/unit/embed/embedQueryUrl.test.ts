import assert from 'node:assert/strict';
import { embedQueryUrl } from '../../../src/core/embed';

describe('embed/embedQueryUrl', () => {
  it('encodes the page URL whole, its fragment as %23', () => {
    assert.equal(
      embedQueryUrl('https://app.readthedocs.org/api/v3/', 'https://example-project.readthedocs.io/en/latest/usage.html#configuration', { doctool: 'sphinx' }),
      'https://app.readthedocs.org/api/v3/embed/?url=https%3A%2F%2Fexample-project.readthedocs.io%2Fen%2Flatest%2Fusage.html%23configuration&doctool=sphinx',
    );
  });

  it('reads back to exactly the page URL', () => {
    const pageUrl = 'https://docs.python.org/3/library/json.html?a=1&b=%20x#json.dumps';
    const query = new URL(embedQueryUrl('https://app.readthedocs.org/api/v3/', pageUrl)).searchParams;
    assert.equal(query.get('url'), pageUrl);
    assert.deepEqual([...query.keys()], ['url']);
  });

  it('adds the optional parameters in a fixed order and skips empty ones', () => {
    const url = embedQueryUrl('https://docs.example-widgets.org/_/api/v3/', 'https://docs.example-widgets.org/en/latest/', {
      maincontent: 'article div.markdown', doctoolversion: '', doctool: 'docusaurus',
    });
    assert.equal(url, 'https://docs.example-widgets.org/_/api/v3/embed/?url=https%3A%2F%2Fdocs.example-widgets.org%2Fen%2Flatest%2F&doctool=docusaurus&maincontent=article+div.markdown');
  });

  it('adds the slash an API base without one needs', () => {
    assert.match(embedQueryUrl('https://app.readthedocs.com/api/v3', 'https://a.readthedocs-hosted.com/'), /^https:\/\/app\.readthedocs\.com\/api\/v3\/embed\/\?url=/);
  });
});
