import * as assert from 'node:assert/strict';
import { DEFAULT_CONFIG_NAMES, configPlaceOf, isConfigPath } from '../../../src/core/readthedocsYaml/locate';

describe('readthedocsYaml/locate: where a folder\'s configuration is read from', () => {
  it('reads the names the server accepts at the top when the project names no path', () => {
    for (const path of [undefined, '', '   ']) {
      const place = configPlaceOf(path);
      assert.deepEqual(place.candidates, DEFAULT_CONFIG_NAMES);
      assert.equal(place.candidates[0], '.readthedocs.yaml');
      assert.equal(place.createAt, '.readthedocs.yaml');
      assert.equal(place.custom, false);
    }
  });

  it('reads only the project\'s readthedocs_yaml_path when it sets one (no fallback to the top, as the server)', () => {
    assert.deepEqual(configPlaceOf('docs/.readthedocs.yaml'), { candidates: ['docs/.readthedocs.yaml'], createAt: 'docs/.readthedocs.yaml', custom: true });
  });

  it('normalises the server\'s path as text (no symlink followed): dots, doubled slashes, backslashes, spaces around', () => {
    assert.deepEqual(configPlaceOf(' docs/./sub//../.readthedocs.yaml ').candidates, ['docs/.readthedocs.yaml']);
    assert.deepEqual(configPlaceOf('docs\\.readthedocs.yaml').candidates, ['docs/.readthedocs.yaml']);
  });

  it('names no file when the server\'s path leads out of the folder (../../etc/hostname, absolute paths)', () => {
    for (const path of ['../../etc/hostname', 'docs/../../.readthedocs.yaml', '/etc/hostname', 'C:/Windows/win.ini', 'C:\\x\\.readthedocs.yaml', '//host/share/.readthedocs.yaml', '.', '..']) {
      const place = configPlaceOf(path);
      assert.deepEqual(place.candidates, [], path);
      assert.equal(place.createAt, undefined, path);
      assert.equal(place.custom, true, path);
    }
  });

  it('isConfigPath: the folder-relative path of the configuration', () => {
    assert.equal(isConfigPath('.readthedocs.yml', undefined), true);
    assert.equal(isConfigPath('docs/.readthedocs.yaml', undefined), false);
    assert.equal(isConfigPath('docs/.readthedocs.yaml', 'docs/.readthedocs.yaml'), true);
    assert.equal(isConfigPath('.readthedocs.yaml', 'docs/.readthedocs.yaml'), false);
  });
});
