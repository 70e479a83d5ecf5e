import * as assert from 'node:assert/strict';
import { MAX_CHECKED_PATHS, checkedPaths, serverRuleFindings } from '../../../src/core/readthedocsYaml/serverRules';

const installs = (paths: readonly string[]) => ({
  version: '2', build: { os: 'ubuntu-24.04', tools: { python: '3.12' } }, sphinx: { configuration: 'docs/conf.py' },
  python: { install: paths.map((requirements) => ({ requirements })) },
});

describe('readthedocsYaml/serverRules: the paths the rules stat', () => {
  it('each path once, inside the folder only, the folder itself never', () => {
    const config = { ...installs(['docs/requirements.txt', './docs/requirements.txt', '../outside.txt', 'docs/requirements.txt']), python: { install: [{ requirements: 'docs/requirements.txt' }, { requirements: 'docs/requirements.txt' }, { path: '.' }, { requirements: '../x.txt' }] } };
    assert.deepEqual(checkedPaths(config), ['docs/conf.py', 'docs/requirements.txt']);
  });

  it(`at most ${MAX_CHECKED_PATHS}: thousands of install entries cost that many stats, and the paths after them are not reported`, () => {
    const named = Array.from({ length: 5000 }, (_, i) => `docs/requirements-${i % 1000}.txt`);
    const paths = checkedPaths(installs(named));
    assert.equal(paths.length, MAX_CHECKED_PATHS);
    assert.deepEqual(paths.slice(0, 3), ['docs/conf.py', 'docs/requirements-0.txt', 'docs/requirements-1.txt']);

    const asked: string[] = [];
    const findings = serverRuleFindings(installs(named), (path) => { asked.push(path); return false; });
    assert.deepEqual(new Set(asked), new Set(paths), 'only the checked paths are asked about');
    const missing = findings.filter((f) => f.id === 'config:validation:invalid-path').map((f) => f.key);
    // Each entry naming one of the first 31 requirement files (5 of each in 5,000), and conf.py.
    assert.equal(missing.length, 1 + 5 * (MAX_CHECKED_PATHS - 1));
    assert.equal(missing.includes('python.install.31.requirements'), false, 'requirements-31.txt was not checked');
  });
});
