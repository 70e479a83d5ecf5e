import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { realPathInside } from '../../../src/core/util/paths';

describe('realPathInside: a folder file through symbolic links', () => {
  let dir: string;
  let folder: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rtd-real-'));
    folder = join(dir, 'project');
    mkdirSync(join(folder, 'docs'), { recursive: true });
    writeFileSync(join(folder, 'docs', 'conf.py'), 'project = "x"\n');
    mkdirSync(join(dir, 'outside'));
    writeFileSync(join(dir, 'outside', 'conf.py'), 'secret = 1\n');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('takes a file of the folder, through links that stay inside', () => {
    symlinkSync(join(folder, 'docs'), join(folder, 'sources'));
    return Promise.all([
      realPathInside(folder, join(folder, 'docs', 'conf.py')).then((p) => assert.equal(p, 'docs/conf.py')),
      realPathInside(folder, join(folder, 'sources', 'conf.py')).then((p) => assert.equal(p, 'docs/conf.py')),
    ]);
  });

  it('refuses a file reached through a symlinked parent folder that leads outside', async () => {
    symlinkSync(join(dir, 'outside'), join(folder, 'theme'));
    assert.equal(await realPathInside(folder, join(folder, 'theme', 'conf.py')), undefined);
  });

  it('refuses a symlinked file that leads outside, and a missing file', async () => {
    symlinkSync(join(dir, 'outside', 'conf.py'), join(folder, 'docs', 'linked.py'));
    assert.equal(await realPathInside(folder, join(folder, 'docs', 'linked.py')), undefined);
    assert.equal(await realPathInside(folder, join(folder, 'docs', 'missing.py')), undefined);
  });

  it('a folder opened through a link is read at its real place', async () => {
    const alias = join(dir, 'alias');
    symlinkSync(folder, alias);
    assert.equal(await realPathInside(alias, join(alias, 'docs', 'conf.py')), 'docs/conf.py');
    assert.equal(await realPathInside(alias, join(folder, 'docs', 'conf.py')), 'docs/conf.py');
  });
});
