import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writableInside } from '../../../src/core/util/paths';

describe('writableInside: where a new file of the folder would really be written', () => {
  let dir: string;
  let folder: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rtd-writable-'));
    folder = join(dir, 'project');
    mkdirSync(join(folder, 'docs'), { recursive: true });
    mkdirSync(join(dir, 'outside'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a new file in the folder, in an existing or a missing subfolder, or through a link that stays inside', async () => {
    symlinkSync(join(folder, 'docs'), join(folder, 'sources'));
    assert.equal(await writableInside(folder, join(folder, '.readthedocs.yaml')), true);
    assert.equal(await writableInside(folder, join(folder, 'docs', '.readthedocs.yaml')), true);
    assert.equal(await writableInside(folder, join(folder, 'new', 'deeper', '.readthedocs.yaml')), true);
    assert.equal(await writableInside(folder, join(folder, 'sources', '.readthedocs.yaml')), true);
  });

  it('refuses a parent folder that is a link out of the folder, even below missing folders', async () => {
    symlinkSync(join(dir, 'outside'), join(folder, 'config'));
    assert.equal(await writableInside(folder, join(folder, 'config', '.readthedocs.yaml')), false);
    assert.equal(await writableInside(folder, join(folder, 'config', 'missing', '.readthedocs.yaml')), false);
  });

  it('refuses a link that leads out or nowhere at the file or a parent, a file where a folder should be, and a path outside as written', async () => {
    symlinkSync(join(dir, 'outside', 'config.yaml'), join(folder, '.readthedocs.yaml'));
    symlinkSync(join(dir, 'nowhere'), join(folder, 'gone'));
    writeFileSync(join(folder, 'README.md'), 'x\n');
    assert.equal(await writableInside(folder, join(folder, '.readthedocs.yaml')), false, 'a dangling link out');
    assert.equal(await writableInside(folder, join(folder, 'gone', '.readthedocs.yaml')), false, 'a dangling parent');
    assert.equal(await writableInside(folder, join(folder, 'README.md', '.readthedocs.yaml')), false, 'a file as a parent');
    assert.equal(await writableInside(folder, join(folder, '..', 'outside', '.readthedocs.yaml')), false, 'outside as written');
  });
});
