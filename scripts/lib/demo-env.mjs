// The pieces `npm run demo` and `npm run screenshots` share: serve the workbench (code-server) with the extension under development pointed at a running sandbox
// and signed in with the sandbox owner's token.
import { execFile } from 'node:child_process';
import { cp, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { basename, join } from 'node:path';
import { ensureOfflineVSCode, makeRunDir } from './install.mjs';
import { startCodeServer, workbenchUrl } from './code-server.mjs';
import { fixtureWorkspace, root } from './paths.mjs';
import { onCleanup } from './processes.mjs';

/** User settings pointing the extension at the sandbox (community edition only), the workspace building `widgets`. */
export function sandboxSettings(sandbox) {
  return {
    'readthedocs.communityUrl': sandbox.origin,
    'readthedocs.businessUrl': '',
    'readthedocs.projects': ['community/widgets'],
  };
}

/** Environment for VS Code / code-server: READTHEDOCS_TOKEN signs the demo in at once, on the sandbox (READTHEDOCS_API_URL) only. */
export function sandboxEnv(sandbox) {
  return { READTHEDOCS_TOKEN: sandbox.tokens.owner, READTHEDOCS_API_URL: sandbox.origin };
}

/**
 * Starts code-server serving the fixture workspace with the extension under development
 * (ExtensionMode.Development) against `sandbox`; `settings` adds user settings, `files` (relative path →
 * text) adds files to the demo clone's first commit; `withMkDocs` opens the clones of mk-demo and
 * zen-demo beside it (`mkDocsWorkspace`, `zensicalWorkspace`, in a multi-root workspace). Returns the URL a browser must open: only a
 * browser that opens this URL loads the extension.
 */
export async function startDemoWorkbench({ sandbox, settings = {}, files = {}, onPullRequest = false, withMkDocs = false, verbose = false, log = (m) => console.log(m) }) {
  const install = await ensureOfflineVSCode({ log });
  const runDir = await makeRunDir('readthedocs-vscode-demo');
  onCleanup('demo run folder', () => rm(runDir, { recursive: true, force: true }));
  const workspace = await copyDemoWorkspace(runDir, files, { onPullRequest });
  const server = await startCodeServer({ install, runDir, env: sandboxEnv(sandbox), settings: { ...sandboxSettings(sandbox), ...settings }, verbose, log });
  const mkDocsWorkspace = withMkDocs ? await copyMkDemoWorkspace(runDir) : undefined;
  const zensicalWorkspace = withMkDocs ? await copyZenDemoWorkspace(runDir) : undefined;
  const opened = mkDocsWorkspace ? { workspace: await demoWorkspaceFile(runDir, workspace, mkDocsWorkspace, zensicalWorkspace) } : { folder: workspace };
  const url = workbenchUrl(server.origin, { ...opened, extensionDevelopmentPath: root });
  return { install, server, url, runDir, workspace, mkDocsWorkspace, zensicalWorkspace };
}

/** A throwaway copy of the fixture workspace (in a folder named `name`), so edits in a demo never touch the clone. */
export async function copyFixtureWorkspace(runDir, name = basename(fixtureWorkspace)) {
  const workspace = join(runDir, 'workspace', name);
  await cp(fixtureWorkspace, workspace, { recursive: true });
  return workspace;
}

/** The sandbox project the demo workspace is a clone of (its `repository.url`); the log's warnings point at `docs/conf.py` and `docs/links.md`. */
export const DEMO_PROJECT = { slug: 'widgets', repositoryUrl: 'https://github.com/example-org/widgets.git' };

const DEMO_READTHEDOCS_YAML = `# Read the Docs configuration of the demo clone of widgets.
version: 2
build:
  os: ubuntu-24.04
  tools:
    python: "3.13"
sphinx:
  configuration: docs/conf.py
`;

/**
 * The fixture workspace as a git clone of the sandbox's \`widgets\` (remote \`origin\` =
 * its repository URL), on \`main\` (built by \`latest\`) with two commits and a branch
 * \`docs/new-guide\` that has no version until Sync Versions, plus a \`.readthedocs.yaml\`; in a
 * folder named after the project, as a clone would be. `files` (relative path → text) joins the first commit.
 * \`docs/new-guide\` is checked out from the sandbox's pull request #1234 (the git config key the GitHub Pull
 * Requests extension writes); `onPullRequest` checks it out, so This Workspace shows the pull request.
 */
export async function copyDemoWorkspace(runDir, files = {}, { onPullRequest = false } = {}) {
  const workspace = await copyFixtureWorkspace(runDir, DEMO_PROJECT.slug);
  for (const [relative, text] of Object.entries(files)) await writeFile(join(workspace, relative), text);
  const git = (...args) => promisify(execFile)('git', ['-c', 'user.name=Demo Owner', '-c', 'user.email=demo-owner@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: workspace });
  await git('init', '-q', '-b', 'main');
  await git('remote', 'add', 'origin', DEMO_PROJECT.repositoryUrl);
  await git('add', 'README.md', 'docs', ...Object.keys(files));
  await git('commit', '-q', '-m', 'Documentation skeleton');
  await writeFile(join(workspace, '.readthedocs.yaml'), DEMO_READTHEDOCS_YAML);
  await git('add', '.readthedocs.yaml');
  await git('commit', '-q', '-m', 'Build the docs on Read the Docs');
  await git('branch', 'docs/new-guide');
  await git('config', 'branch.docs/new-guide.github-pr-owner-number', 'example-org#widgets#1234');
  if (onPullRequest) await git('checkout', '-q', 'docs/new-guide');
  return workspace;
}

/** The sandbox's MkDocs project (its site, objects.inv and build logs come from a real `mkdocs build`, scripts/sandbox-mkdocs/). */
export const MKDOCS_DEMO_PROJECT = { slug: 'mk-demo', repositoryUrl: 'https://github.com/example-org/mk-demo.git' };

/**
 * test/fixtures/mkdocs-demo as a git clone of the sandbox's \`mk-demo\` on \`main\` (built by \`latest\`, whose
 * log has MkDocs, griffe and autorefs warnings): its remote binds it, with a \`.readthedocs.yaml\` naming \`mkdocs.yml\`.
 */
export async function copyMkDemoWorkspace(runDir) {
  const workspace = join(runDir, 'workspace', MKDOCS_DEMO_PROJECT.slug);
  await cp(join(root, 'test', 'fixtures', 'mkdocs-demo'), workspace, { recursive: true });
  await writeFile(join(workspace, '.readthedocs.yaml'), 'version: 2\nbuild:\n  os: ubuntu-24.04\n  tools:\n    python: "3.12"\nmkdocs:\n  configuration: mkdocs.yml\n');
  const git = (...args) => promisify(execFile)('git', ['-c', 'user.name=Demo Owner', '-c', 'user.email=demo-owner@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: workspace });
  await git('init', '-q', '-b', 'main');
  await git('remote', 'add', 'origin', MKDOCS_DEMO_PROJECT.repositoryUrl);
  await git('add', '.');
  await git('commit', '-q', '-m', 'MkDocs site with mkdocstrings');
  return workspace;
}

/** The sandbox's Zensical project (built with build.jobs; its log and site reconstructed, test/fixtures/zensical-demo/README.md). */
export const ZENSICAL_DEMO_PROJECT = { slug: 'zen-demo', repositoryUrl: 'https://github.com/example-org/zen-demo.git' };

/**
 * test/fixtures/zensical-demo (without its README) as a git clone of the sandbox's \`zen-demo\` on \`main\`
 * (built by \`latest\`, whose newest build failed on Zensical's reports with \`--strict\`): its remote binds it.
 */
export async function copyZenDemoWorkspace(runDir) {
  const workspace = join(runDir, 'workspace', ZENSICAL_DEMO_PROJECT.slug);
  await cp(join(root, 'test', 'fixtures', 'zensical-demo'), workspace, { recursive: true });
  await rm(join(workspace, 'README.md'), { force: true });
  const git = (...args) => promisify(execFile)('git', ['-c', 'user.name=Demo Owner', '-c', 'user.email=demo-owner@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: workspace });
  await git('init', '-q', '-b', 'main');
  await git('remote', 'add', 'origin', ZENSICAL_DEMO_PROJECT.repositoryUrl);
  await git('add', '.');
  await git('commit', '-q', '-m', 'Zensical site with mkdocstrings');
  return workspace;
}

/** A multi-root workspace file opening the clones side by side (Sphinx, MkDocs, Zensical). */
export async function demoWorkspaceFile(runDir, ...folders) {
  const file = join(runDir, 'workspace', 'demo.code-workspace');
  await writeFile(file, `${JSON.stringify({ folders: folders.map((path) => ({ path })) }, null, 2)}\n`);
  return file;
}
