import { type Editions } from '../core/session/editions';
import { type LogFeatures } from './logs';
import { type LazyDocs } from './lazy/docs';
import { type PollingBuildWatcher } from '../core/builds/pollingWatcher';
import { type TokenStore } from './auth/tokenStore';
import { type ProjectsTree } from './tree/projectsTree';
import { type Ui } from './ui/ui';
import { type LazyWorkspace } from './lazy/workspace';

/**
 * Hooks for the extension-host tests, returned from `activate` only in test mode: replace the
 * prompts with scripted answers, read the log lines, reach the live objects.
 */
export interface TestingApi {
  readonly editions: Editions;
  /** Everything written to the log channel, after redaction. */
  readonly logLines: readonly string[];
  setUi(ui: Ui): void;
  /** The projects view's provider (getChildren/getParent/getTreeItem as VS Code calls them) and TreeController. */
  readonly tree: ProjectsTree;
  /** The build watcher (running builds, whether one is being polled). */
  readonly builds: PollingBuildWatcher;
  /** The token store (what sign-in stored). */
  readonly tokens: TokenStore;
  /** The hover registration; `feature()` loads the hover provider, preview panel (its last rendered HTML), section cache, documentation-domain index. */
  readonly embed: LazyDocs;
  /** Loads build log documents and the Problems panel (`followBoundProjects` takes a workspace binding). */
  readonly logs: () => Promise<LogFeatures>;
  /** The "This Workspace" view; `feature()` loads the workspace binding, the view's rows and the current-branch status bar item. */
  readonly workspace: LazyWorkspace;
}

export function testingApi(api: TestingApi): TestingApi {
  return api;
}
