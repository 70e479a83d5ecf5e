import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRepository, repositoryFiles } from '../../../src/core/workspace/gitDirectory';
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

  it('gives undefined outside any repository', async () => {
    const plain = join(dir, 'plain');
    mkdirSync(plain);
    // tmpdir() itself is in no repository on a test machine; the walk up stops at the root.
    assert.equal(await readRepository(plain), undefined);
  });
});
