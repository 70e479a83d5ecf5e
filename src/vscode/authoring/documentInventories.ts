import * as vscode from 'vscode';
import { intersphinxMappingOf } from '../../core/inventory/confPy';
import { docNameOf } from '../../core/inventory/docNames';
import { docsRootUrl } from '../../core/inventory/docsRoot';
import { AUTHORING_LANGUAGES, authoringLanguage } from '../../core/inventory/authoringLanguage';
import { type AuthoringLanguage, type DocumentText } from '../../core/inventory/referenceAt';
import { type InventorySet } from '../../core/inventory/resolve';
import { type InventorySources } from '../../core/inventory/sources';
import { mkdocsInventoriesIn } from '../../core/inventory/mkdocsInventories';
import { foldersUpTo, pathInside } from '../../core/util/paths';
import { type BoundProject } from '../../core/workspace/boundProject';
import { readFolderSettings } from '../config';
import { CONFIG_NAMES, buildTool, hasMarkdownPages } from '../../core/docsLayout/buildTools';
import { type DocsLayout } from '../../core/docsLayout/layout';
import { docsLayoutOf, relativePath } from '../docsLayout';
import { pathExists, readFolderFile } from '../folderFiles';
import { Disposable } from '../lifecycle';
import { type Settings, type SettingsSource } from '../../core/config';

/** What a document's cross-references resolve against. */
export interface DocumentInventories {
  readonly set: InventorySet;
  readonly bound: BoundProject | undefined;
  /** The document's Sphinx name (path under the folder of conf.py, no suffix), for relative `:doc:` targets. */
  readonly docName: string | undefined;
  /** How its references are written: `mkdocs` for the Markdown pages of an MkDocs layout (autorefs). */
  readonly language: AuthoringLanguage;
  /** Where its relative page links are published: the folder's docs layout, the document's path in the folder, the version's root. */
  readonly pages: { readonly layout: DocsLayout; readonly sourcePath: string; readonly docsRoot: string } | undefined;
}

/** Language ids read as Markdown besides `markdown` (`readthedocs.markdown.languages`), as `AuthoringRegistration` last read them. */
let markdownLanguages: ReadonlySet<string> = new Set();

export function authoringLanguageOf(document: vscode.TextDocument): AuthoringLanguage | undefined {
  return authoringLanguage(document.languageId, markdownLanguages);
}

/**
 * Keeps the authoring providers registered for `restructuredtext`, `markdown` and the languages of
 * `readthedocs.markdown.languages` (Zensical Studio maps `*.md` to `python-markdown`: a provider
 * for `markdown` alone would stop on those pages without a word), again when the setting changes.
 */
export class AuthoringRegistration extends Disposable {
  private registrations: vscode.Disposable[] = [];
  private registeredFor: string | undefined;

  constructor(settings: SettingsSource, private readonly registerFor: (selector: vscode.DocumentSelector) => vscode.Disposable[]) {
    super();
    this.update(settings.current);
    this.register(settings.onDidChange((next) => this.update(next)));
    this.register({ dispose: () => this.unregister() });
  }

  private update(settings: Settings): void {
    const extra = [...new Set(settings.markdownLanguages.filter((l) => typeof l === 'string' && l.trim() !== '' && !(AUTHORING_LANGUAGES as readonly string[]).includes(l)))];
    markdownLanguages = new Set(extra);
    const key = extra.join('\n');
    if (key === this.registeredFor) return;
    this.unregister();
    this.registrations = this.registerFor([...AUTHORING_LANGUAGES, ...extra].map((language) => ({ language })));
    this.registeredFor = key;
  }

  private unregister(): void {
    for (const registration of this.registrations) registration.dispose();
    this.registrations = [];
    this.registeredFor = undefined;
  }
}

/** The document's lines for the reference finders. */
export function documentTextOf(document: vscode.TextDocument): DocumentText {
  return { lineAt: (line) => document.lineAt(line).text, lineCount: document.lineCount };
}

/**
 * Finds each document's Sphinx source folder (the nearest conf.py above it) and the named
 * inventories of a workspace folder (the docs layout's conf.py's literal `intersphinx_mapping`, the inventories
 * the MkDocs or Zensical config makes mkdocstrings import, then the `readthedocs.intersphinx` setting). They are
 * read again when conf.py or mkdocs.yml changes.
 */
export class WorkspaceDocs extends Disposable {
  private readonly confDirs = new Map<string, Promise<string | undefined>>();
  private readonly mappings = new Map<string, Promise<ReadonlyMap<string, string>>>();

  constructor() {
    super();
    const watcher = this.register(vscode.workspace.createFileSystemWatcher(`**/{${CONFIG_NAMES.join(',')}}`));
    const forget = () => { this.confDirs.clear(); this.mappings.clear(); };
    this.register(watcher.onDidChange(forget));
    this.register(watcher.onDidCreate(forget));
    this.register(watcher.onDidDelete(forget));
    this.register(vscode.workspace.onDidChangeConfiguration((e) => { if (e.affectsConfiguration('readthedocs.intersphinx')) forget(); }));
  }

  /** The inventories a document reaches and its Sphinx document name. */
  async inventoriesOf(sources: InventorySources, document: vscode.TextDocument, signal?: AbortSignal, start = true): Promise<DocumentInventories> {
    const path = document.uri.scheme === 'file' ? document.uri.fsPath : undefined;
    const folder = vscode.workspace.getWorkspaceFolder(document.uri);
    const [{ set, bound, docsRoot }, sourceDir, layout] = await Promise.all([
      sources.forFile(path, signal, start),
      path ? this.sourceDirOf(document.uri) : undefined,
      folder ? docsLayoutOf(folder.uri) : undefined,
    ]);
    const sourcePath = folder && relativePath(folder.uri, document.uri);
    const mkdocsPage = hasMarkdownPages(layout) && sourcePath !== undefined && pathInside(layout!.root, sourcePath) !== undefined;
    const language = authoringLanguage(document.languageId, markdownLanguages, mkdocsPage) ?? 'markdown';
    return {
      set,
      bound,
      docName: path && sourceDir ? docNameOf(path, sourceDir) : undefined,
      language,
      pages: layout && sourcePath !== undefined && docsRoot ? { layout, sourcePath, docsRoot } : undefined,
    };
  }

  /** Named documentation roots of a workspace folder (undefined: the first folder, or none). */
  namedRoots = async (folderPath: string | undefined): Promise<ReadonlyMap<string, string>> => {
    const folder = folderPath ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    const key = folder ?? '';
    let mapping = this.mappings.get(key);
    if (!mapping) {
      mapping = this.readMappings(folder);
      this.mappings.set(key, mapping);
    }
    return mapping;
  };

  private async readMappings(folder: string | undefined): Promise<ReadonlyMap<string, string>> {
    const out = new Map<string, string>();
    const folderUri = folder ? vscode.Uri.file(folder) : undefined;
    const layout = folderUri && await docsLayoutOf(folderUri);
    const confPy = folderUri && layout?.tool === 'sphinx' && layout.configFile ? await readFolderFile(vscode.Uri.joinPath(folderUri, layout.configFile)) : undefined;
    if (confPy) for (const [name, url] of intersphinxMappingOf(confPy)) out.set(name, url);
    const tool = layout && buildTool(layout.tool);
    const configFile = layout?.configFile;
    const settingsText = folderUri && configFile && tool?.settings ? await readFolderFile(vscode.Uri.joinPath(folderUri, configFile), tool.configChars) : undefined;
    if (settingsText !== undefined) for (const [name, url] of mkdocsInventoriesIn(tool!.settings!({ path: configFile!, text: settingsText }))) out.set(name, url);
    for (const [name, url] of Object.entries(readFolderSettings(folderUri).intersphinx)) {
      const root = typeof url === 'string' ? docsRootUrl(url) : undefined;
      if (root) out.set(name, root);
    }
    return out;
  }

  /** The nearest folder above the file (inside its workspace folder) holding conf.py. */
  private sourceDirOf(uri: vscode.Uri): Promise<string | undefined> {
    const dir = vscode.Uri.joinPath(uri, '..');
    let found = this.confDirs.get(dir.fsPath);
    if (!found) {
      found = this.findConf(dir, vscode.workspace.getWorkspaceFolder(uri)?.uri);
      this.confDirs.set(dir.fsPath, found);
    }
    return found;
  }

  private async findConf(dir: vscode.Uri, root: vscode.Uri | undefined): Promise<string | undefined> {
    const folders = root ? foldersUpTo(root.fsPath, dir.fsPath).map((relative) => (relative ? vscode.Uri.joinPath(root, relative) : root)) : [dir];
    for (const folder of folders) if (await pathExists(vscode.Uri.joinPath(folder, 'conf.py'))) return folder.fsPath;
    return root?.fsPath;
  }
}
