import * as vscode from 'vscode';
import { type Edition } from '../../core/api/client';
import { embedFailureReason, type EmbedService } from '../../core/embed/embedService';
import { failureHoverMarkdown, sectionHoverMarkdown } from '../../core/embed/hoverContent';
import { htmlToMarkdown } from '../../core/html';
import { resolvedTitleMarkdown, unresolvedHoverMarkdown } from '../../core/inventory/hoverText';
import { referenceAt } from '../../core/inventory/referenceAt';
import { isCrossReferenceRole, resolveReference } from '../../core/inventory/resolve';
import { type Logger } from '../../core/log';
import { type Editions } from '../../core/session/editions';
import { hoverMarkdown } from '../hover/embedHover';
import { authoringLanguageOf, type DocumentInventories } from './documentInventories';
import { errorDetail } from '../../core/api/describeError';

export interface ReferenceHoverDeps {
  readonly inventoriesOf: (document: vscode.TextDocument, signal: AbortSignal) => Promise<DocumentInventories>;
  readonly embed: EmbedService;
  readonly editions: Pick<Editions, 'client'>;
  readonly logger: Logger;
}

/**
 * What a cross-reference points at, as published: the target's title and the rendered section
 * (the embed pipeline and its cache, like docs links), or "in no inventory" with the nearest names.
 */
export class ReferenceHoverProvider implements vscode.HoverProvider {
  constructor(private readonly deps: ReferenceHoverDeps) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const language = authoringLanguageOf(document);
    if (!language) return undefined;
    const reference = referenceAt(document.lineAt(position.line).text, position.character, language);
    if (!reference || !isCrossReferenceRole(reference.role)) return undefined;
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    try {
      const { set, bound, docName } = await this.deps.inventoriesOf(document, controller.signal);
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
      const edition: Edition = this.deps.embed.hostOf(resolution.url)?.edition ?? bound?.edition ?? 'community';
      try {
        const { section } = await this.deps.embed.section(resolution.url, edition, controller.signal);
        const markdown = htmlToMarkdown(section.contentHtml, { pageUrl: resolution.url });
        return new vscode.Hover(hoverMarkdown(`${title}\n\n${sectionHoverMarkdown(resolution.url, markdown)}`), range);
      } catch (error) {
        const reason = embedFailureReason(error, this.deps.editions.client(edition)?.host);
        if (reason === undefined || token.isCancellationRequested) return undefined;
        this.deps.logger.debug(`cross-reference: no section for ${resolution.url}: ${errorDetail(error)}`);
        return new vscode.Hover(hoverMarkdown(`${title}\n\n${failureHoverMarkdown(resolution.url, reason)}`), range);
      }
    } finally {
      subscription.dispose();
    }
  }
}
