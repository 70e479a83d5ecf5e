import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readHeadCommit, readRepository } from '../../../src/core/workspace/gitDirectory';
import { gitIn } from '../../helpers/git';

/** The commit sent as `builds/?commit=`: read from real repositories the git CLI makes. */
describe('readHeadCommit: a ref stays under the git directory', () => {
  let dir: string;

  function repo(name: string): { path: string; git: (...args: string[]) => string } {
    const path = join(dir, name);
    mkdirSync(path, { recursive: true });
    const git = gitIn(path);
    git('init', '-q', '-b', 'main');
    writeFileSync(join(path, 'README.md'), `# ${name}\n`);
    git('add', '.');
    git('commit', '-q', '-m', 'first');
    return { path, git };
  }

  async function headOf(folder: string): Promise<string | undefined> {
    const state = await readRepository(folder);
    assert.ok(state, folder);
    return readHeadCommit(state);
  }

  beforeEach(() => { dir = realpathSync(mkdtempSync(join(tmpdir(), 'rtd-head-'))); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the branch\'s commit, loose or packed, and a detached HEAD', async () => {
    const { path, git } = repo('widgets');
    const commit = git('rev-parse', 'HEAD').trim();
    assert.equal(await headOf(path), commit);
    git('pack-refs', '--all');
    assert.equal(await headOf(path), commit, 'from packed-refs');
    git('checkout', '-q', '--detach');
    assert.equal(await headOf(path), commit);
  });

  it('refuses a HEAD whose ref climbs out of refs/ to a file with a hash in it', async () => {
    const { path } = repo('widgets');
    const outside = 'f'.repeat(40);
    writeFileSync(join(dir, 'secret'), `${outside}\n`);
    writeFileSync(join(path, 'inside-worktree'), `${outside}\n`);
    for (const ref of ['refs/../../../secret', 'refs/../../inside-worktree', 'refs/heads/../../../../secret']) {
      writeFileSync(join(path, '.git', 'HEAD'), `ref: ${ref}\n`);
      assert.equal(await headOf(path), undefined, ref);
    }
  });

  it('keeps following gitdir pointers: a linked worktree and a submodule', async () => {
    const main = repo('widgets');
    const linked = join(dir, 'widgets-docs');
    main.git('worktree', 'add', '-q', '-b', 'docs-refresh', linked);
    gitIn(linked)('commit', '-q', '--allow-empty', '-m', 'docs');
    assert.equal(await headOf(linked), gitIn(linked)('rev-parse', 'HEAD').trim());
    assert.notEqual(await headOf(linked), await headOf(main.path));

    const theme = repo('theme');
    main.git('submodule', '-q', 'add', theme.path, 'vendor/theme');
    const submodule = join(main.path, 'vendor', 'theme');
    const sub = gitIn(submodule);
    sub('checkout', '-q', '-b', 'work');
    sub('commit', '-q', '--allow-empty', '-m', 'work');
    assert.equal(await headOf(submodule), sub('rev-parse', 'HEAD').trim());
  });

  it('follows a submodule-style .git file written by hand (relative gitdir into the parent\'s .git/modules)', async () => {
    const parent = repo('site');
    const moved = repo('theme');
    const commit = moved.git('rev-parse', 'HEAD').trim();
    const modules = join(parent.path, '.git', 'modules');
    mkdirSync(modules, { recursive: true });
    const child = join(parent.path, 'theme');
    mkdirSync(child);
    // Move theme's git directory under the parent, as `git submodule absorbgitdirs` does.
    rmSync(join(modules, 'theme'), { recursive: true, force: true });
    renameSync(join(moved.path, '.git'), join(modules, 'theme'));
    writeFileSync(join(child, '.git'), 'gitdir: ../.git/modules/theme\n');
    assert.equal(await headOf(child), commit);
  });
});
