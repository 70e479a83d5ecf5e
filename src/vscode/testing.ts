import { type Editions } from '../core/session/editions';
import { type LogFeatures } from './logs';
import { type EmbedFeatures } from './preview';
import { type Services } from './services';
import { type ProjectsTree } from './tree/projectsTree';
import { type Ui } from './ui/ui';

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
  /** Everything features get (builds watcher, reporter, ...). */
  readonly services: Services;
  /** Hover provider, preview panel (its last rendered HTML), section cache, documentation-domain index. */
  readonly embed: EmbedFeatures;
  /** Build log documents and the Problems panel (`followBoundProjects` takes a workspace binding). */
  readonly logs: LogFeatures;
}

export function testingApi(api: TestingApi): TestingApi {
  return api;
}
