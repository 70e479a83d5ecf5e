import * as vscode from 'vscode';
import { CommandIds } from '../../core/commandIds';
import { type BoundProjects } from '../../core/workspace/boundProject';
import { type AuthoringLanguage } from '../../core/inventory/referenceAt';
import { registerCommand } from '../commands/register';
import { Disposable } from '../lifecycle';
import { type EmbedFeatures } from '../preview';
import { type Services } from '../services';
import { loadOnce } from './load';

export const AUTHORING_LANGUAGES: readonly AuthoringLanguage[] = ['restructuredtext', 'markdown'];
/** What opens cross-reference completion (`:ref:` targets, `<…>` targets, anchors, paths). */
export const REFERENCE_TRIGGER_CHARACTERS = ['`', '<', '#', ':', '/', '.'];

/**
 * Writing docs (dist/features/docs.js, with the inventories and the search), loaded on first
 * use: the hover, completion and link providers are registered here and load it when VS Code
 * first asks them, as does "Search Documentation…" and an open reStructuredText or Markdown
 * document (its hints).
 */
export class LazyAuthoring extends Disposable {
  private readonly feature = loadOnce(async () => {
    const { AuthoringFeatures } = await import('../docs/index.js');
    return this.register(new AuthoringFeatures(this.services, await this.embed(), this.bound));
  });

  constructor(private readonly services: Services, private readonly embed: () => Promise<EmbedFeatures>, private readonly bound: BoundProjects) {
    super();
    const selector = AUTHORING_LANGUAGES.map((language) => ({ language }));
    this.register(vscode.languages.registerHoverProvider(selector, {
      provideHover: async (document, position, token) => (await this.feature()).hover.provideHover(document, position, token),
    }));
    this.register(vscode.languages.registerCompletionItemProvider(selector, {
      provideCompletionItems: async (document, position, token) => (await this.feature()).completion.provideCompletionItems(document, position, token),
    }, ...REFERENCE_TRIGGER_CHARACTERS));
    this.register(vscode.languages.registerDocumentLinkProvider(selector, {
      provideDocumentLinks: async (document, token) => (await this.feature()).links.provideDocumentLinks(document, token),
    }));
    this.register(registerCommand(CommandIds.searchDocs, async () => (await this.feature()).searchDocs(), services.reporter));
    const isAuthoring = (document: vscode.TextDocument): boolean => (AUTHORING_LANGUAGES as readonly string[]).includes(document.languageId);
    const load = (): void => { void this.feature().catch((error) => services.reporter.report(error)); };
    this.register(vscode.workspace.onDidOpenTextDocument((document) => { if (isAuthoring(document)) load(); }));
    if (vscode.workspace.textDocuments.some(isAuthoring)) setImmediate(load);
  }
}
