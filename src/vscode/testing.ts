import type * as vscode from 'vscode';
import { type BuildWatcher } from '../core/builds/watcher';
import { runningBuildsStatus } from '../core/builds/statusText';
import { type BuildKnowledge } from '../core/builds/buildRow';
import { type DocsNode } from '../core/tree/nodes';
import { type EmbedFeatures } from './preview';
import { type WorkspaceFeatures } from './workspace';
import { type PreviewEntry, type PreviewRender } from './preview/previewPanel';
import { type Ui } from './ui/ui';
import { type BuildTimesFeatures } from './buildTimes';
import { type BuildTimesRender } from './buildTimes/buildTimesPanel';
import { type StatusBarPresentation } from '../core/workspace/workspaceWords';
import { type WorkspaceRow } from '../core/workspace/section';

/** What a tree view shows that VS Code's API lets only its owner read. */
export type ViewState<T> = Pick<vscode.TreeView<T>, 'visible' | 'description' | 'selection' | 'reveal' | 'onDidExpandElement' | 'badge'>;

/** What a status bar item shows (VS Code has no API to read one back). */
export interface StatusReading {
  readonly text: string;
  readonly tooltip: string;
  readonly accessibilityLabel: string;
}

/**
 * What the extension-host tests cannot reach through VS Code itself, returned from `activate`
 * only in test mode. Everything else (commands, settings, sign-in, hovers, documents, Problems)
 * the tests reach the way a person or another extension does.
 */
export interface TestingApi {
  /** Everything written to the log channel, after redaction (the Output view cannot be read). */
  readonly logLines: readonly string[];
  /** Replaces the prompts with scripted answers (the quick input cannot be typed into from the extension host). */
  setUi(ui: Ui): void;
  /** The Projects view: its provider as VS Code calls it, and the view's state (no API reads another extension's tree). */
  readonly projects: { readonly provider: vscode.TreeDataProvider<DocsNode>; readonly view: ViewState<DocsNode> };
  /** The running-builds status bar item as it reads now (made by the same function from the same watcher), undefined while hidden. */
  readonly runningBuildsStatus: () => StatusReading | undefined;
  /** The docs-link hover provider, to call with a cancellation token (`vscode.executeHoverProvider` takes none). */
  readonly hoverProvider: vscode.HoverProvider;
  /** The preview panel, as far as only its owner can see and drive it. */
  readonly preview: PreviewReach;
  /** The "This Workspace" view: its provider as VS Code calls it, and the view's state. */
  readonly workspaceView: { readonly provider: vscode.TreeDataProvider<WorkspaceRow>; readonly view: ViewState<WorkspaceRow> };
  /** The Build Times panel: the page it holds (no API reads another extension's webview). */
  readonly buildTimes: { panel(): vscode.WebviewPanel | undefined; lastRender(): BuildTimesRender | undefined };
  /** The current-branch status bar item as it reads now (made by the same function from the same workspace model), undefined while hidden. */
  readonly currentBranchStatus: () => StatusBarPresentation | undefined;
  /** The extension's global storage folder (no API tells another extension where it is): tests walk it for private bytes. */
  readonly globalStorage: vscode.Uri;
}

/** What of the preview panel VS Code shows only to the extension that made it. */
export interface PreviewReach {
  /** The open panel (title, webview options and HTML): no API reaches another extension's webview. */
  panel(): vscode.WebviewPanel | undefined;
  /** The last page given to the webview: URL, title, HTML, failure. */
  lastRender(): PreviewRender | undefined;
  /** Delivers a message as the page's own script posts it (a link clicked, Back): the page cannot be clicked from the extension host. */
  fromPage(message: unknown): Promise<void>;
  /** Gives a panel and the page's saved state to the preview as VS Code does after a window reload, which a test cannot cause. */
  restore(panel: vscode.WebviewPanel, state: PreviewEntry): Promise<PreviewRender | undefined>;
}

export interface TestingParts {
  readonly logLines: readonly string[];
  readonly setUi: (ui: Ui) => void;
  readonly tree: vscode.TreeDataProvider<DocsNode> & { readonly view: vscode.TreeView<DocsNode> };
  readonly builds: Pick<BuildWatcher, 'running'>;
  readonly known: Pick<BuildKnowledge, 'of'>;
  readonly docs: EmbedFeatures;
  readonly workspace: WorkspaceFeatures;
  readonly buildTimes: BuildTimesFeatures;
  readonly globalStorage: vscode.Uri;
}

export function testingApi(parts: TestingParts): TestingApi {
  const { tree, builds, docs, workspace } = parts;
  const { preview } = docs;
  return {
    logLines: parts.logLines,
    setUi: parts.setUi,
    projects: { provider: tree, view: tree.view },
    runningBuildsStatus: () => runningBuildsStatus(builds.running, (w) => parts.known.of(w.edition, w.projectSlug, w.build)),
    hoverProvider: docs.hoverProvider,
    preview: {
      panel: () => preview.webviewPanel,
      lastRender: () => preview.lastRender,
      fromPage: (message) => preview.receive(message),
      restore: (panel, state) => preview.restore(panel, state),
    },
    workspaceView: { provider: workspace.rows, view: workspace.view },
    currentBranchStatus: () => workspace.statusReading(Date.now()),
    buildTimes: { panel: () => parts.buildTimes.panel.webviewPanel, lastRender: () => parts.buildTimes.panel.lastRender },
    globalStorage: parts.globalStorage,
  };
}
