import * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { type EmbedService } from '../../core/embed/embedService';
import { type SectionHover } from '../../core/embed/sectionHover';
import { pageLinkTitleMarkdown, resolvedTitleMarkdown, unresolvedHoverMarkdown } from '../../core/inventory/hoverText';
import { pageLinkAt, publishedPageUrl } from '../../core/inventory/pageLinks';
import { dialectsOf, documentReferenceAt, referenceAt } from '../../core/inventory/referenceAt';
import { isCrossReferenceRole, resolveReference } from '../../core/inventory/resolve';
import { hoverMarkdown } from '../hover/embedHover';
import { authoringLanguageOf, type DocumentInventories, documentTextOf } from './documentInventories';
import { abortSignalOf } from '../cancellation';

export interface ReferenceHoverDeps {
  readonly inventoriesOf: (document: vscode.TextDocument, signal: AbortSignal) => Promise<DocumentInventories>;
  readonly embed: Pick<EmbedService, 'hostOf'>;
  /** The section's hover, shared with the docs-link hover (one cache, the same words and links). */
  readonly sections: SectionHover;
}

/**
 * What a cross-reference points at, as published: the target's title and the rendered section
 * (shown as the docs-link hover shows it), or "in no inventory" with the nearest names. A
 * relative link to another page of the docs (`guide.md#install`) shows that page's published
 * section; VS Code's Markdown support already completes and checks the file itself.
 */
export class ReferenceHoverProvider implements vscode.HoverProvider {
  constructor(private readonly deps: ReferenceHoverDeps) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const language = authoringLanguageOf(document);
    if (!language) return undefined;
    const lineText = document.lineAt(position.line).text;
    const pageLink = language === 'markdown' ? pageLinkAt(lineText, position.character) : undefined;
    if (!pageLink && !dialectsOf(language).some((dialect) => isCrossReferenceRole(referenceAt(lineText, position.character, dialect)?.role ?? ''))) return undefined;
    const cancel = abortSignalOf(token);
    try {
      const { set, bound, docName, language: dialect, pages } = await this.deps.inventoriesOf(document, cancel.signal);
      const reference = documentReferenceAt(documentTextOf(document), position.line, position.character, dialect);
      if (pageLink && !reference) {
        const url = pages && publishedPageUrl(pageLink, pages.sourcePath, pages.layout, pages.docsRoot);
        if (!url || token.isCancellationRequested) return undefined;
        const section = await this.deps.sections.markdown(url, this.deps.embed.hostOf(url)?.edition ?? bound?.edition ?? 'community', cancel.signal);
        if (section === undefined || token.isCancellationRequested) return undefined;
        const range = new vscode.Range(position.line, pageLink.start, position.line, pageLink.end);
        return new vscode.Hover(hoverMarkdown(`${pageLinkTitleMarkdown(pageLink.path, pageLink.anchor)}\n\n${section}`), range);
      }
      if (!reference || !isCrossReferenceRole(reference.role)) return undefined;
      if (token.isCancellationRequested || (!set.own && set.named.size === 0)) return undefined;
      const range = new vscode.Range(position.line, reference.start, position.line, reference.end);
      const resolution = resolveReference(reference, set, docName);
      if (!resolution) return undefined;
      if (resolution.kind === 'unresolved') {
        if (reference.anchorOnly) return undefined;
        const searched = [...(set.own ? [set.own.project] : []), ...set.named.keys()];
        return new vscode.Hover(hoverMarkdown(unresolvedHoverMarkdown(resolution, searched)), range);
      }
      const title = resolvedTitleMarkdown(resolution);
      if (resolution.url === undefined) return new vscode.Hover(hoverMarkdown(title), range);
      const edition: Edition = this.deps.embed.hostOf(resolution.url)?.edition ?? bound?.edition ?? 'community';
      const section = await this.deps.sections.markdown(resolution.url, edition, cancel.signal);
      if (section === undefined || token.isCancellationRequested) return undefined;
      return new vscode.Hover(hoverMarkdown(`${title}\n\n${section}`), range);
    } finally {
      cancel.dispose();
    }
  }
}
