const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text into HTML element content: `&`, `<` and `>` escaped (quotes are plain text there). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (char) => ENTITIES[char]!);
}

/** Text into a quoted attribute value (single or double quotes): quotes escaped too. */
export function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}
