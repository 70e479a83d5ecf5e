import * as vscode from 'vscode';
import { errorDetail } from '../../core/api/describeError';
import { CommandIds } from '../../core/commandIds';
import { type EmbedService } from '../../core/embed/embedService';
import { webUrlAt } from '../../core/embed/linkAt';
import { type ProjectDocsIndex } from '../../core/embed/projectDocs';
import { type SectionHover } from '../../core/embed/sectionHover';
import { type Logger } from '../../core/log';
import { type Editions } from '../../core/editions/editions';
import { abortSignalOf } from '../cancellation';

export interface EmbedHoverDeps {
  readonly service: Pick<EmbedService, 'linkAt'>;
  /** The section's hover, shared with the cross-reference hover. */
  readonly sections: SectionHover;
  readonly projectDocs: ProjectDocsIndex;
  readonly editions: Pick<Editions, 'ensureTokens'>;
  readonly logger: Logger;
}

/**
 * The section behind the docs link under the pointer. Text that is not a docs link costs a scan
 * of the line and nothing else; a docs link costs one embed request (none when cached), aborted
 * when VS Code cancels the hover.
 */
export class EmbedHoverProvider implements vscode.HoverProvider {
  constructor(private readonly deps: EmbedHoverDeps) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const line = document.lineAt(position.line).text;
    const { service, projectDocs } = this.deps;
    let link = service.linkAt(line, position.character);
    const cancel = abortSignalOf(token);
    try {
      const onWebUrl = webUrlAt(line, position.character);
      // The pointer rests on a link: the first time, the tokens are read (which editions are signed
      // in). A keyring that cannot be read leaves the hover to the built-in docs hosts.
      if (onWebUrl) await this.deps.editions.ensureTokens().catch((error: unknown) => this.deps.logger.warn(`could not read the tokens: ${errorDetail(error)}`));
      // A URL the built-in rules do not know may be one of the user's custom domains: learn those
      // once (one list request per signed-in edition), then look again.
      if (!link && projectDocs.pending.length > 0 && onWebUrl) {
        await projectDocs.ensureLoaded(cancel.signal);
        link = service.linkAt(line, position.character);
      }
      if (!link || token.isCancellationRequested) return undefined;
      const markdown = await this.deps.sections.markdown(link.url, link.host.edition, cancel.signal);
      if (markdown === undefined || token.isCancellationRequested) return undefined;
      return new vscode.Hover(hoverMarkdown(markdown), new vscode.Range(position.line, link.start, position.line, link.end));
    } finally {
      cancel.dispose();
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
