import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GIT_FILE_MAX_BYTES, folderRepositoryFromDisk, readGitFile, readHeadCommit, readRepository, repositoryFiles } from '../../../src/core/workspace/gitDirectory';
import { repositoryKey } from '../../../src/core/workspace/remoteUrl';
import { gitIn } from '../../helpers/git';

/** Real repositories made with the git CLI: a clone, a linked worktree, a submodule, a detached HEAD. */
describe('readRepository (.git read directly) on real repositories', () => {
  let dir: string;
  const git = (cwd: string, ...args: string[]) => gitIn(cwd)(...args);

  function repo(name: string, origin?: string): string {
    const path = join(dir, name);
    mkdirSync(path, { recursive: true });
    git(path, 'init', '-q', '-b', 'main');
    if (origin) git(path, 'remote', 'add', 'origin', origin);
    writeFileSync(join(path, 'README.md'), `# ${name}\n`);
    git(path, 'add', '.');
    git(path, 'commit', '-q', '-m', 'first');
    return path;
  }

  beforeEach(() => { dir = realpathSync(mkdtempSync(join(tmpdir(), 'rtd-git-'))); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the branch and the remotes of a plain repository, also from a subfolder', async () => {
    const path = repo('widgets', 'git@github.com:example-org/widgets.git');
    git(path, 'remote', 'add', 'upstream', 'https://github.com/upstream/widgets');
    mkdirSync(join(path, 'docs'));
    for (const folder of [path, join(path, 'docs')]) {
      const state = await readRepository(folder);
      assert.ok(state);
      assert.equal(state.root, path);
      assert.equal(state.branch, 'main');
      assert.deepEqual(state.remotes.map((r) => [r.name, repositoryKey(r.fetchUrl!)]), [['origin', 'github.com/example-org/widgets'], ['upstream', 'github.com/upstream/widgets']]);
    }
  });

  it('follows a checkout and a detached HEAD', async () => {
    const path = repo('widgets', 'https://github.com/example-org/widgets');
    git(path, 'checkout', '-q', '-b', 'feature/dark-mode');
    assert.equal((await readRepository(path))?.branch, 'feature/dark-mode');
    git(path, 'checkout', '-q', '--detach');
    assert.equal((await readRepository(path))?.branch, undefined);
  });

  it('reads a linked worktree: its own HEAD, the main repository\'s config (commondir)', async () => {
    const path = repo('widgets', 'https://github.com/example-org/widgets.git');
    const linked = join(dir, 'widgets-docs');
    git(path, 'worktree', 'add', '-q', '-b', 'docs-refresh', linked);
    const state = await readRepository(linked);
    assert.ok(state);
    assert.equal(state.root, linked);
    assert.equal(state.branch, 'docs-refresh');
    assert.deepEqual(state.remotes.map((r) => r.fetchUrl), ['https://github.com/example-org/widgets.git']);
    assert.deepEqual(repositoryFiles(state), [join(path, '.git', 'worktrees', 'widgets-docs', 'HEAD'), join(path, '.git', 'config')]);
    assert.equal((await readRepository(path))?.branch, 'main', 'the main work tree keeps its own branch');
  });

  it('reads a submodule as its own repository (gitdir in .git/modules)', async () => {
    const upstream = repo('theme', 'https://github.com/example-org/theme.git');
    const path = repo('widgets', 'https://github.com/example-org/widgets.git');
    git(path, 'submodule', '-q', 'add', upstream, 'vendor/theme');
    const state = await readRepository(join(path, 'vendor', 'theme'));
    assert.ok(state);
    assert.equal(state.root, join(path, 'vendor', 'theme'));
    assert.equal(state.gitDir, join(path, '.git', 'modules', 'vendor', 'theme'));
    // A submodule's origin is where it was cloned from.
    assert.deepEqual(state.remotes.map((r) => r.fetchUrl), [upstream]);
  });

  it('a .git that is a symbolic link to another repository is no repository: its branch, commit and remotes are not this folder\'s', async () => {
    const other = repo('private', 'https://github.com/example-org/private.git');
    git(other, 'checkout', '-q', '-b', 'secret-branch');
    const folder = join(dir, 'downloaded');
    mkdirSync(folder);
    symlinkSync(join(other, '.git'), join(folder, '.git'));
    assert.equal(await readRepository(folder), undefined);
    assert.equal((await readRepository(other))?.branch, 'secret-branch', 'the other repository is read as itself');
    assert.deepEqual(await folderRepositoryFromDisk(folder), { folderPath: folder, branch: undefined, remoteUrls: [] });
    // Nor through a relative link, nor from a subfolder (the walk up stops at the refused .git).
    rmSync(join(folder, '.git'));
    symlinkSync(join('..', 'private', '.git'), join(folder, '.git'));
    mkdirSync(join(folder, 'docs'));
    assert.equal(await readRepository(join(folder, 'docs')), undefined);
  });

  it('a .git that is a symbolic link to a git directory inside its own folder is read', async () => {
    const path = repo('widgets', 'https://github.com/example-org/widgets.git');
    renameSync(join(path, '.git'), join(path, 'git-store'));
    symlinkSync('git-store', join(path, '.git'));
    const state = await readRepository(path);
    assert.equal(state?.branch, 'main');
    assert.equal(await readHeadCommit(state!), git(path, 'rev-parse', 'HEAD').trim());
  });

  it('gives undefined outside any repository', async () => {
    const plain = join(dir, 'plain');
    mkdirSync(plain);
    // tmpdir() itself is in no repository on a test machine; the walk up stops at the root.
    assert.equal(await readRepository(plain), undefined);
  });

  describe('only regular files of bounded size are read', function () {
    if (process.platform === 'win32') return;

    it('a FIFO at .git/HEAD does not hang the reading: the branch is unknown, the remotes are read', async () => {
      const path = repo('widgets', 'https://github.com/example-org/widgets.git');
      rmSync(join(path, '.git', 'HEAD'));
      execFileSync('mkfifo', [join(path, '.git', 'HEAD')]);
      const state = await readRepository(path);
      assert.equal(state?.branch, undefined);
      assert.deepEqual(state?.remotes.map((r) => r.fetchUrl), ['https://github.com/example-org/widgets.git']);
    });

    it('a config that is a symlink to /dev/zero, or larger than the cap, is not read', async () => {
      const path = repo('widgets', 'https://github.com/example-org/widgets.git');
      const config = join(path, '.git', 'config');
      rmSync(config);
      symlinkSync('/dev/zero', config);
      assert.deepEqual((await readRepository(path))?.remotes, []);
      assert.equal((await readRepository(path))?.branch, 'main');
      rmSync(config);
      writeFileSync(config, `[remote "origin"]\n\turl = https://github.com/example-org/widgets.git\n#${'x'.repeat(GIT_FILE_MAX_BYTES)}\n`);
      assert.deepEqual((await readRepository(path))?.remotes, []);
    });

    it('a .git file that points nowhere readable, and a file just under the cap', async () => {
      const plain = join(dir, 'linked');
      mkdirSync(plain);
      symlinkSync('/dev/zero', join(plain, '.git'));
      assert.equal(await readRepository(plain), undefined, 'a .git symlink to a device is no repository');
      const file = join(dir, 'just-under');
      writeFileSync(file, 'y'.repeat(1000));
      assert.equal((await readGitFile(file, 1000))?.length, 1000);
      assert.equal(await readGitFile(file, 999), undefined);
    });
  });
});
