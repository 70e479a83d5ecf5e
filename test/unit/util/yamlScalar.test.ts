import * as assert from 'node:assert/strict';
import { loadYaml } from '../../../src/core/util/yaml';
import { yamlScalar } from '../../../src/core/util/yamlScalar';

const TRICKY = [
  'docs #2', '&x', '*y', ': z', '- a', '\'q\'', '"d"', ' docs', 'docs ', 'null', 'true', '1.0',
  'dócs/ünïcödé/文档/conf.py', 'yes', 'on', 'Y', '1_000', '1:20', '2024-01-01', '0o17', '~', '#x', 'a: b', '!tag', '%x',
  '@x', '`x', '|x', '>x', '[x', '{x', ',x', '? x', 'a\nb', 'tab\there', '',
];

describe('yamlScalar: a string written as YAML data', () => {
  it('each tricky string reads back as the same string, in YAML 1.2 and 1.1, as a value and as a list item', () => {
    const yaml = loadYaml();
    for (const value of TRICKY) {
      const written = yamlScalar(value);
      assert.doesNotMatch(written, /\n/, `${JSON.stringify(value)} stays on one line`);
      for (const version of ['1.1', '1.2'] as const) {
        assert.equal(yaml.parse(written, { version }), value, `${JSON.stringify(value)} as ${written} (YAML ${version})`);
        assert.deepEqual(yaml.parse(`key: ${written}\n`, { version }), { key: value }, `key: ${written}`);
        assert.deepEqual(yaml.parse(`- ${written}\n`, { version }), [value], `- ${written}`);
      }
    }
  });

  it('an ordinary path stays plain; one that would be read as something else is quoted', () => {
    assert.equal(yamlScalar('docs/conf.py'), 'docs/conf.py');
    assert.equal(yamlScalar('docs/requirements.txt'), 'docs/requirements.txt');
    assert.equal(yamlScalar('docs #2/conf.py'), '"docs #2/conf.py"');
    assert.equal(yamlScalar('&x'), '"&x"');
    assert.equal(yamlScalar('yes'), '"yes"');
  });
});
