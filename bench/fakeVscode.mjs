// A minimal stand-in for the `vscode` module, for timing `activate()` in plain Node (benchmark
// only). What activation touches is stubbed by name; anything else resolves to an inert stub
// (callable, constructible, any property), so new features do not break the benchmark.

import { readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';

const noop = () => undefined;
const disposable = () => ({ dispose: noop });

/** Callable, constructible, every property another stub; never a thenable, never a primitive. */
function inert(name = 'vscode') {
  const target = function () {};
  return new Proxy(target, {
    get(_t, key) {
      if (key === 'then') return undefined;
      if (key === Symbol.toPrimitive) return () => `[${name}]`;
      if (key === Symbol.iterator) return undefined;
      if (key === 'dispose') return noop;
      return inert(`${name}.${String(key)}`);
    },
    apply: () => inert(`${name}()`),
    construct: () => inert(`new ${name}`),
  });
}

/** An object whose missing properties are inert stubs. */
function withFallback(name, known) {
  return new Proxy(known, {
    get(target, key) {
      if (key in target) return target[key];
      if (key === 'then' || typeof key === 'symbol') return undefined;
      return inert(`${name}.${String(key)}`);
    },
  });
}

class EventEmitter {
  listeners = new Set();
  event = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };
  fire(value) { for (const listener of [...this.listeners]) listener(value); }
  dispose() { this.listeners.clear(); }
}

class Disposable {
  constructor(fn) { this.fn = fn; }
  static from(...items) { return new Disposable(() => items.forEach((d) => d?.dispose?.())); }
  dispose() { this.fn?.(); this.fn = undefined; }
}

const event = () => disposable();

const fileUri = (path) => ({ fsPath: path, path, scheme: 'file', toString: () => `file://${path}` });

/**
 * `settings`: flat `section.key` → value, e.g. `{ 'readthedocs.communityUrl': 'http://…' }`;
 * `folder`: the path of the one workspace folder (its files are read from disk), else none.
 */
export function createFakeVscode({ settings = {}, registered = [], folder = undefined } = {}) {
  const workspaceFolders = folder ? [{ uri: fileUri(folder), name: basename(folder), index: 0 }] : undefined;
  const outputChannel = () => withFallback('OutputChannel', {
    trace: noop, debug: noop, info: noop, warn: noop, error: noop, append: noop, appendLine: noop, replace: noop,
    clear: noop, show: noop, hide: noop, dispose: noop, logLevel: 2, onDidChangeLogLevel: event,
  });
  const treeView = () => withFallback('TreeView', {
    visible: true, selection: [], onDidChangeVisibility: event, onDidChangeSelection: event, onDidExpandElement: event,
    onDidCollapseElement: event, onDidChangeCheckboxState: event, reveal: async () => undefined, dispose: noop,
  });
  const statusBarItem = () => withFallback('StatusBarItem', { show: noop, hide: noop, dispose: noop });
  const configuration = (section) => withFallback('WorkspaceConfiguration', {
    get: (key, fallback) => {
      const full = section ? `${section}.${key}` : key;
      return full in settings ? settings[full] : fallback;
    },
    has: (key) => (section ? `${section}.${key}` : key) in settings,
    inspect: () => undefined,
    update: async () => undefined,
  });
  const enums = {
    ExtensionMode: { Production: 1, Development: 2, Test: 3 },
    TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
    StatusBarAlignment: { Left: 1, Right: 2 },
    ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
    QuickPickItemKind: { Separator: -1, Default: 0 },
    InputBoxValidationSeverity: { Info: 1, Warning: 2, Error: 3 },
    ConfigurationTarget: { Global: 1, Workspace: 2, WorkspaceFolder: 3 },
    ViewColumn: { Active: -1, Beside: -2, One: 1 },
    FileType: { Unknown: 0, File: 1, Directory: 2, SymbolicLink: 64 },
  };
  const vscode = {
    version: '1.95.0',
    ...enums,
    EventEmitter,
    Disposable,
    Uri: withFallback('Uri', {
      parse: (value) => ({ toString: () => value, scheme: value.split(':')[0] }),
      from: (parts) => ({ ...parts, toString: () => `${parts.scheme}:${parts.path ?? ''}` }),
      file: fileUri,
      joinPath: (base, ...parts) => fileUri(join(base.fsPath, ...parts)),
    }),
    window: withFallback('window', {
      createOutputChannel: outputChannel,
      createTreeView: treeView,
      createStatusBarItem: statusBarItem,
      registerTreeDataProvider: disposable,
      registerUriHandler: disposable,
      registerWebviewPanelSerializer: disposable,
      onDidChangeActiveTextEditor: event,
      onDidChangeWindowState: event,
      setStatusBarMessage: disposable,
      activeTextEditor: undefined,
      visibleTextEditors: [],
      state: { focused: true },
    }),
    commands: withFallback('commands', {
      registerCommand: (id) => { registered.push(id); return disposable(); },
      registerTextEditorCommand: (id) => { registered.push(id); return disposable(); },
      executeCommand: async () => undefined,
    }),
    workspace: withFallback('workspace', {
      getConfiguration: configuration,
      onDidChangeConfiguration: event,
      onDidCloseTextDocument: event,
      onDidOpenTextDocument: event,
      onDidChangeTextDocument: event,
      onDidChangeWorkspaceFolders: event,
      registerTextDocumentContentProvider: disposable,
      createFileSystemWatcher: () => withFallback('FileSystemWatcher', { onDidCreate: event, onDidChange: event, onDidDelete: event, dispose: noop }),
      fs: withFallback('fs', {
        stat: async (uri) => { const s = await stat(uri.fsPath); return { type: s.isDirectory() ? 2 : 1, size: s.size, ctime: s.ctimeMs, mtime: s.mtimeMs }; },
        readFile: async (uri) => new Uint8Array(await readFile(uri.fsPath)),
      }),
      getWorkspaceFolder: (uri) => workspaceFolders?.find((f) => uri.fsPath?.startsWith(f.uri.fsPath)),
      workspaceFolders,
      textDocuments: [],
    }),
    languages: withFallback('languages', {
      registerHoverProvider: disposable,
      registerDocumentLinkProvider: disposable,
    }),
    env: withFallback('env', { openExternal: async () => true, clipboard: { writeText: async () => undefined, readText: async () => '' }, language: 'en' }),
    extensions: withFallback('extensions', { getExtension: () => undefined, onDidChange: event }),
    authentication: withFallback('authentication', {
      registerAuthenticationProvider: disposable, getSession: async () => undefined, onDidChangeSessions: event,
    }),
  };
  // The bundle reads `vscode` through esbuild's ESM interop, which copies the module's own keys:
  // every top-level name must exist up front (a Proxy fallback would not be seen).
  for (const name of TOP_LEVEL_NAMES) if (!(name in vscode)) vscode[name] = inert(`vscode.${name}`);
  return withFallback('vscode', vscode);
}

const TOP_LEVEL_NAMES = [
  'authentication', 'chat', 'commands', 'comments', 'debug', 'env', 'extensions', 'l10n', 'languages', 'lm', 'notebooks', 'scm', 'tasks',
  'tests', 'window', 'workspace',
  'CancellationError', 'CancellationTokenSource', 'CodeAction', 'CodeActionKind', 'CodeLens', 'Color', 'ColorThemeKind', 'CompletionItem',
  'CompletionItemKind', 'DataTransfer', 'DataTransferItem', 'DecorationRangeBehavior', 'Diagnostic', 'DiagnosticSeverity', 'DocumentLink',
  'EndOfLine', 'ExtensionKind', 'FileDecoration', 'FileSystemError', 'FileType', 'Hover', 'LogLevel', 'MarkdownString', 'OverviewRulerLane',
  'Position', 'QuickInputButtons', 'Range', 'RelativePattern', 'Selection', 'SnippetString', 'TabInputText', 'TextEdit',
  'TextEditorRevealType', 'ThemeColor', 'ThemeIcon', 'TreeItem', 'TreeItemCheckboxState', 'UIKind', 'WorkspaceEdit',
  'AuthenticationSession', 'LanguageStatusSeverity', 'InlineCompletionItem', 'Location', 'SymbolKind', 'TextDocumentSaveReason',
  'WebviewPanel', 'ProgressLocation', 'QuickPickItemKind', 'InputBoxValidationSeverity', 'ConfigurationTarget', 'ViewColumn',
];

/** The ExtensionContext `activate` receives. `secrets`: key → value. */
export function createFakeContext({ packageJSON, secrets = {}, extensionPath }) {
  const store = new Map(Object.entries(secrets));
  const memento = () => ({ get: (_k, fallback) => fallback, update: async () => undefined, keys: () => [], setKeysForSync: noop });
  return withFallback('ExtensionContext', {
    subscriptions: [],
    extensionMode: 1,
    extensionPath,
    extensionUri: { fsPath: extensionPath, path: extensionPath, scheme: 'file', toString: () => `file://${extensionPath}` },
    extension: { id: `${packageJSON.publisher}.${packageJSON.name}`, packageJSON, extensionPath },
    secrets: {
      get: async (key) => store.get(key),
      store: async (key, value) => { store.set(key, value); },
      delete: async (key) => { store.delete(key); },
      onDidChange: event,
    },
    globalState: memento(),
    workspaceState: memento(),
    asAbsolutePath: (p) => `${extensionPath}/${p}`,
  });
}
