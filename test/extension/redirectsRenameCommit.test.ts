// Renames found in a new commit through the vscode.git API offer "Add a redirect from the old
// page" (issue 16): the workspace folder (a copy of the fixture workspace) is a real git clone of
// widgets; `git mv` + `git commit` with the git CLI, outside VS Code (so no onDidRenameFiles), must
// bring one offer per commit with the old and new published paths, never twice for one commit,
// and none when a branch whose last commit renamed pages is merely checked out.

import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { gitIn, makeWidgetsClone } from '../helpers/git';
import { type GitRepository, gitApi, removeRepository } from './helpers/gitExtension';
import { waitFor } from './helpers/host';
import { useSignedInSandbox } from './helpers/manage';
import { ScriptedUi } from './helpers/scriptedUi';

const OFFER = /Add a redirect from the old page/;

describe('redirects: renames in a new commit (vscode.git)', function () {
  this.timeout(90_000);
  const ctx = useSignedInSandbox();
  const folderUri = () => vscode.workspace.workspaceFolders![0]!.uri;
  const folder = () => folderUri().fsPath;
  const git = (...args: string[]) => gitIn(folder())(...args).trim();
  /** Every move the test makes on disk, undone in reverse order in after(). */
  const moved: [from: string, to: string][] = [];
  let createdRepository = false;
  let start: { branch: string; commit: string } | undefined;
  let repository: GitRepository;

  const move = (from: string, to: string) => {
    mkdirSync(dirname(join(folder(), to)), { recursive: true });
    git('mv', from, to);
    moved.push([from, to]);
  };
  /** The git extension's repository once it knows `git`'s HEAD (so the next commit is a new one to it). */
  const repositoryAtHead = () => {
    const head = git('rev-parse', 'HEAD');
    return waitFor(async () => {
      const found = (await gitApi()).getRepository(folderUri());
      return found?.state.HEAD?.commit === head ? found : undefined;
    }, `the git extension to open the workspace repository at ${head}`, 30_000, 100);
  };

  before(async () => {
    createdRepository = !existsSync(join(folder(), '.git'));
    if (createdRepository) {
      makeWidgetsClone(folder());
    }
    start = { branch: git('rev-parse', '--abbrev-ref', 'HEAD'), commit: git('rev-parse', 'HEAD') };
    repository = await repositoryAtHead();
  });

  after(async () => {
    ctx.testing.setUi(new ScriptedUi());
    if (createdRepository) {
      for (const [from, to] of moved.reverse()) renameSync(join(folder(), to), join(folder(), from));
      rmSync(join(folder(), 'docs', 'setup'), { recursive: true, force: true });
      // Closed here, not during the next file (whose requests the workspace binding's reload would otherwise add to).
      await removeRepository(folderUri());
    } else if (start) {
      git('checkout', '-q', '-f', start.branch);
      git('reset', '-q', '--hard', start.commit);
      git('branch', '-q', '-D', 'elsewhere');
    }
  });

  it('offers one redirect per new commit between the published paths, one offer for several renames, none for a checkout, never a commit twice', async () => {
    const ui = new ScriptedUi();
    ctx.testing.setUi(ui);

    move('docs/usage.rst', 'docs/guide/using.rst');
    git('commit', '-q', '-m', 'Move usage into the guide');
    const first = await ui.waitForMessage(OFFER, 30_000);
    assert.equal(first.text, 'A documentation page moved. Add a redirect from the old page? /usage.html → /guide/using.html');
    assert.deepEqual(first.actions, ['Add to docs/redirects.yaml', 'Not Now']);

    // Repository state events for the same HEAD (a status run, as on window focus) offer nothing.
    await repository.status();

    move('docs/installation.rst', 'docs/setup/installation.rst');
    move('docs/guide/writing.rst', 'docs/guide/authoring.rst');
    git('commit', '-q', '-m', 'Reorganise');
    const second = await ui.waitForMessage(/2 documentation pages moved/, 30_000);
    const pairs = second.text.replace(/^.*\? /, '').split(', ').sort();
    assert.deepEqual(pairs, ['/guide/writing.html → /guide/authoring.html', '/installation.html → /setup/installation.html']);

    // A branch whose last commit renames a page, made elsewhere (another worktree), then checked
    // out and left again: a checkout renames nothing here, so nothing is offered.
    const main = git('rev-parse', 'HEAD');
    const elsewhere = mkdtempSync(join(tmpdir(), 'rename-elsewhere-'));
    rmSync(elsewhere, { recursive: true });
    git('worktree', 'add', '-q', '-b', 'elsewhere', elsewhere, 'HEAD~1');
    gitIn(elsewhere)('mv', 'docs/links.md', 'docs/references.md');
    gitIn(elsewhere)('commit', '-q', '-m', 'Renamed elsewhere');
    git('worktree', 'remove', '--force', elsewhere);
    git('checkout', '-q', 'elsewhere');
    await repositoryAtHead();
    git('checkout', '-q', start!.branch);
    await repositoryAtHead();
    assert.equal(git('rev-parse', 'HEAD'), main);

    move('docs/setup/installation.rst', 'docs/setup/install.rst');
    git('commit', '-q', '-m', 'Shorter name');
    const third = await ui.waitForMessage(/setup\/install\.html/, 30_000);
    assert.equal(third.text, 'A documentation page moved. Add a redirect from the old page? /setup/installation.html → /setup/install.html');

    // Another status run after all: still the same three offers.
    await repository.status();
    await repositoryAtHead();
    assert.deepEqual(ui.messages.filter((m) => OFFER.test(m.text)).map((m) => m.text), [first.text, second.text, third.text],
      'one offer per new commit; none for a checkout; the first commit was not offered again on later state events');
    assert.deepEqual(ui.prompts, [], 'an offer asks nothing until it is answered');
  });
});
