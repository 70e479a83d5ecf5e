import assert from 'node:assert/strict';
import { orderedLike, usedConfigYaml } from '../../../src/core/notices/usedConfig';

describe('the configuration Read the Docs used, beside the local file (core/notices/usedConfig)', () => {
  const used = {
    version: 2,
    build: { os: 'ubuntu-24.04', tools: { python: '3.12' }, jobs: {}, apt_packages: [], commands: [] },
    sphinx: { builder: 'html', configuration: 'docs/conf.py', fail_on_warning: false },
    python: { install: [{ requirements: 'docs/requirements.txt' }, { path: '.', method: 'pip', extra_requirements: [] }] },
    formats: [],
  };

  it('writes the keys the local file has first, in its order at every depth, then what the server added', () => {
    const local = `# mine
sphinx:
  fail_on_warning: false
  configuration: docs/conf.py
version: 2
python:
  install:
    - requirements: docs/requirements.txt
    - method: pip
      path: .
build:
  tools: { python: "3.12" }
  os: ubuntu-24.04
`;
    assert.equal(usedConfigYaml(used, local), `sphinx:
  fail_on_warning: false
  configuration: docs/conf.py
  builder: html
version: 2
python:
  install:
    - requirements: docs/requirements.txt
    - method: pip
      path: .
      extra_requirements: []
build:
  tools:
    python: "3.12"
  os: ubuntu-24.04
  jobs: {}
  apt_packages: []
  commands: []
formats: []
`);
  });

  it('keeps the server\'s order where the local file does not parse or is not a mapping', () => {
    assert.deepEqual(Object.keys(orderedLike(used, undefined) as object), ['version', 'build', 'sphinx', 'python', 'formats']);
    assert.equal(usedConfigYaml(used, 'build: [unclosed'), usedConfigYaml(used, ''));
    assert.equal(usedConfigYaml({ a: 1 }, '- a list'), 'a: 1\n');
  });

  it('never takes a value from the local file, only the order', () => {
    assert.equal(usedConfigYaml({ version: 2 }, 'version: 1\nextra: yes\n'), 'version: 2\n');
  });
});
