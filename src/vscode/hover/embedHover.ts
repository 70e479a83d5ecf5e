import * as vscode from 'vscode';
import { CommandIds } from '../../core/commandIds';
import { type EmbedService, embedFailureReason } from '../../core/embed/embedService';
import { SectionHoverCache, failureHoverMarkdown } from '../../core/embed/hoverContent';
import { webUrlAt } from '../../core/embed/linkAt';
import { type ProjectDocsIndex } from '../../core/embed/projectDocs';
import { type Logger, componentLogger } from '../../core/log';
import { type Editions } from '../../core/session/editions';
import { errorDetail } from '../../core/api/describeError';

export interface EmbedHoverDeps {
  readonly service: EmbedService;
  readonly projectDocs: ProjectDocsIndex;
  readonly editions: Pick<Editions, 'client' | 'ensureTokens'>;
  readonly logger: Logger;
  /** The stored tokens, never repeated in a hover. */
  readonly secrets: () => readonly string[];
}

/**
 * The section behind the docs link under the pointer. Text that is not a docs link costs a scan
 * of the line and nothing else; a docs link costs one embed request (none when cached), aborted
 * when VS Code cancels the hover.
 */
export class EmbedHoverProvider implements vscode.HoverProvider {
  private readonly texts = new SectionHoverCache();

  constructor(private readonly deps: EmbedHoverDeps) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const line = document.lineAt(position.line).text;
    const { service, projectDocs } = this.deps;
    let link = service.linkAt(line, position.character);
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    try {
      const onWebUrl = webUrlAt(line, position.character);
      // The pointer rests on a link: the first time, the tokens are read (which editions are signed
      // in). A keyring that cannot be read leaves the hover to the built-in docs hosts.
      if (onWebUrl) await this.deps.editions.ensureTokens().catch((error: unknown) => this.deps.logger.warn(`could not read the tokens: ${errorDetail(error)}`));
      // A URL the built-in rules do not know may be one of the user's custom domains: learn those
      // once (one list request per signed-in edition), then look again.
      if (!link && projectDocs.pending.length > 0 && onWebUrl) {
        await projectDocs.ensureLoaded(controller.signal);
        link = service.linkAt(line, position.character);
      }
      if (!link || token.isCancellationRequested) return undefined;
      const range = new vscode.Range(position.line, link.start, position.line, link.end);
      try {
        const { section } = await service.section(link.url, link.host.edition, controller.signal);
        return new vscode.Hover(hoverMarkdown(this.texts.textOf(link.url, section)), range);
      } catch (error) {
        const reason = embedFailureReason(error, this.deps.editions.client(link.host.edition)?.host, this.deps.secrets());
        if (reason === undefined || token.isCancellationRequested) return undefined;
        componentLogger(this.deps.logger, 'embed').debug(`no section for ${link.url}: ${errorDetail(error)}`);
        return new vscode.Hover(hoverMarkdown(failureHoverMarkdown(link.url, reason)), range);
      }
    } finally {
      subscription.dispose();
    }
  }
}

/** Untrusted Markdown: no raw HTML, no theme icons, and of all commands only "Open preview". */
export function hoverMarkdown(value: string): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(value, false);
  markdown.supportHtml = false;
  markdown.isTrusted = { enabledCommands: [CommandIds.previewDocs] };
  return markdown;
}
