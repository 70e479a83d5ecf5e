import { l10n } from '../l10n';
import { CommandIds } from '../commandIds';
import { type HoverMarkdown, htmlToMarkdown } from '../html';
import { type EmbedSection } from '../models/embed';
import { escapeMarkdown, linkDestination } from '../html/markdown/escape';
import { webUrlOf } from '../validation/urls';

/**
 * The hover for a docs link: the section (already safe Markdown from `htmlToMarkdown`), a rule,
 * then "Open preview" (the one command link the hover's MarkdownString enables) and "Open in
 * browser" (a plain https link, opened by VS Code's own link handling).
 */
export function sectionHoverMarkdown(pageUrl: string, section: HoverMarkdown): string {
  const body = section.markdown.trim() || l10n.t('*This section is empty.*');
  const links = hoverLinks(pageUrl, true);
  return links ? `${body}\n\n---\n\n${links}` : body;
}

/** Turns a section's HTML into safe Markdown (`htmlToMarkdown`, resolving links against the page). */
export type SectionConverter = (html: string, pageUrl: string) => HoverMarkdown;

/**
 * A hover shows at most `DEFAULT_MAX_MARKDOWN_CHARS` of Markdown, which this much of a section's
 * HTML gives many times over: a longer section (a private page's main content) is converted from
 * its start only, and its end marked as cut.
 */
export const MAX_HOVER_SECTION_HTML_CHARS = 64 * 1024;
/**
 * A longer section is converted from this much of its start first, which most HTML fills the hover
 * from; only one that is mostly markup is converted again from four times as much, up to the cap
 * (at most 4 + 16 + 64 KB in all).
 */
export const FIRST_HOVER_SECTION_HTML_CHARS = 4 * 1024;

const convertSection: SectionConverter = (html, pageUrl) => {
  for (let chars = FIRST_HOVER_SECTION_HTML_CHARS; html.length > chars; chars = Math.min(4 * chars, MAX_HOVER_SECTION_HTML_CHARS)) {
    const shown = htmlToMarkdown(html.slice(0, chars), { pageUrl });
    if (shown.truncated || shown.rejected) return shown;
    if (chars >= MAX_HOVER_SECTION_HTML_CHARS) return { ...shown, markdown: `${shown.markdown}\n\n…`, truncated: true };
  }
  return htmlToMarkdown(html, { pageUrl });
};

/**
 * The hover text of a section, converted once per cached section: the EmbedService hands out the
 * same section object while it keeps it, so a warm hover converts nothing, and the text is
 * forgotten with the section.
 */
export class SectionHoverCache {
  private readonly texts = new WeakMap<EmbedSection, { readonly pageUrl: string; readonly text: string }>();

  constructor(private readonly convert: SectionConverter = convertSection) {}

  textOf(pageUrl: string, section: EmbedSection): string {
    const known = this.texts.get(section);
    if (known?.pageUrl === pageUrl) return known.text;
    const text = sectionHoverMarkdown(pageUrl, this.convert(section.contentHtml, pageUrl));
    this.texts.set(section, { pageUrl, text });
    return text;
  }
}

/** The hover when no section can be shown: one line saying why, and the browser link. */
export function failureHoverMarkdown(pageUrl: string, reason: string): string {
  const sentence = l10n.t('**Read the Docs preview:** {0}', escapeMarkdown(reason));
  const links = hoverLinks(pageUrl, false);
  return links ? `${sentence}\n\n${links}` : sentence;
}

/**
 * `command:` URI with JSON arguments, as VS Code's Markdown renderer expects them; parentheses
 * and the other characters `encodeURIComponent` keeps are encoded too, so no argument can end
 * the Markdown link early.
 */
export function commandUri(command: string, args: readonly unknown[]): string {
  const query = encodeURIComponent(JSON.stringify(args)).replace(/[()'!*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `command:${command}?${query}`;
}

/** "Open preview" and "Open in browser", only for a web address: anything else makes no link at all. */
function hoverLinks(written: string, withPreview: boolean): string {
  const pageUrl = webUrlOf(written)?.href;
  if (!pageUrl) return '';
  const browser = `[${l10n.t('Open in browser')}](${linkDestination(pageUrl)} "${escapeTitle(pageUrl)}")`;
  if (!withPreview) return browser;
  const preview = `[${l10n.t('Open preview')}](${commandUri(CommandIds.previewDocs, [pageUrl])} "${escapeTitle(l10n.t('Show this section in a preview panel'))}")`;
  return `${preview} · ${browser}`;
}

function escapeTitle(text: string): string {
  return text.replace(/["\\]/g, '\\$&');
}
