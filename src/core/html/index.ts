export { htmlToMarkdown, DEFAULT_MAX_MARKDOWN_CHARS, type HoverMarkdown, type MarkdownOptions } from './htmlToMarkdown';
export { MAX_INPUT_CHARS, type Rejection } from './parseUntrusted';
export { sanitizeHtml, DEFAULT_MAX_OUTPUT_CHARS, type SafeHtml, type SanitizeOptions } from './sanitizeHtml';
export { resolveImageUrl, resolveLinkUrl } from './urls';
