import { sectionTitle } from './cleanNode';
import { cleanTree } from './cleanTree';
import { assemble } from './markdown/assemble';
import { blocks, newBlockContext } from './markdown/blocks';
import { escapeMarkdown } from './markdown/escape';
import { parseUntrusted, rejectionMessage, type Rejection } from './parseUntrusted';

export const DEFAULT_MAX_MARKDOWN_CHARS = 1500;

export interface MarkdownOptions {
  /** The page the HTML came from: relative links resolve against it. */
  pageUrl: string;
  maxChars?: number;
}

export interface HoverMarkdown {
  /** Text of the first heading, else of the first term; plain text, not Markdown. */
  title?: string;
  /** Markdown without raw HTML, with http(s) links and https images only; render it untrusted. */
  markdown: string;
  truncated: boolean;
  rejected?: Rejection;
}

/** Remote HTML as a short, safe Markdown summary for a hover. */
export function htmlToMarkdown(html: string, options: MarkdownOptions): HoverMarkdown {
  const parsed = parseUntrusted(html);
  if (!parsed.ok) {
    return { markdown: escapeMarkdown(rejectionMessage(parsed.rejection)), truncated: false, rejected: parsed.rejection };
  }
  const nodes = cleanTree(parsed.fragment, options.pageUrl);
  const maxChars = options.maxChars ?? DEFAULT_MAX_MARKDOWN_CHARS;
  const { markdown, truncated } = assemble(blocks(nodes, newBlockContext(maxChars)), maxChars);
  return { title: sectionTitle(nodes), markdown, truncated };
}
