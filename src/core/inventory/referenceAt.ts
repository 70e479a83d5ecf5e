import { autorefsOnLine, markdownPageFacts } from './autorefs';
import { type CrossReference } from './crossReference';
import { lineWindow } from '../util/lineWindow';

export type { CrossReference } from './crossReference';

/** `mkdocs`: the Markdown of an MkDocs page, whose cross-references are mkdocs-autorefs' (`[text][id]`). */
export type AuthoringLanguage = 'restructuredtext' | 'markdown' | 'mkdocs';

// :role:`content` and :domain:role:`content`, also :external+python:ref:`x`.
const RST_ROLE = /(?<![\w`\\]):((?:[A-Z][\w.+-]*:)?[A-Z][\w.+-]*):`([^`]*)(`?)/gi;
// {role}`content` (MyST).
const MYST_ROLE = /\{([A-Z][\w.+-]*(?::[A-Z][\w.+-]*)?)\}`([^`]*)(`?)/gi;
// [text](#label), [text](<project:#label>) is handled below.
const MD_ANCHOR_LINK = /\]\((#[^)\s]*)(\)?)/g;
// <project:path#label>, <inv:key:domain:type#name>, and [text](project:…) / [text](inv:…).
const MD_SCHEME_LINK = /(<|\]\()((?:project|inv):[^>)\s]*)([>)]?)/g;

/**
 * The cross-references on the line (roles in both languages; Markdown links only in Markdown),
 * at most `limit`: the line is read no further once that many are found.
 */
export function referencesOnLine(line: string, language: AuthoringLanguage, limit = Infinity): CrossReference[] {
  if (language === 'mkdocs') return autorefsOnLine(line, limit);
  const found: CrossReference[] = [];
  for (const match of line.matchAll(language === 'markdown' ? MYST_ROLE : RST_ROLE)) {
    if (found.length >= limit) return found;
    found.push(fromRole(match));
  }
  if (language === 'markdown') {
    for (const match of line.matchAll(MD_ANCHOR_LINK)) {
      if (found.length >= limit) return found;
      const start = match.index + 2;
      const label = match[1].slice(1);
      found.push({ role: 'ref', target: decodeSafely(label), targetStart: start + 1, targetEnd: start + match[1].length,
        start, end: match.index + match[0].length, closed: match[2] === ')', anchorOnly: true });
    }
    for (const match of line.matchAll(MD_SCHEME_LINK)) {
      if (found.length >= limit) return found;
      const reference = fromSchemeLink(match);
      if (reference) found.push(reference);
    }
  }
  return found;
}

/** The cross-reference whose text contains `character` (a cursor between two characters touches both). */
export function referenceAt(line: string, character: number, language: AuthoringLanguage): CrossReference | undefined {
  return referencesNear(line, character, language).find((r) => character >= r.start && character <= r.end);
}

/**
 * The reference being typed at `character`: the cursor is inside the target part of a role or
 * link (closed or not). Completion replaces `targetStart..character`.
 */
export function referenceForCompletion(line: string, character: number, language: AuthoringLanguage): CrossReference | undefined {
  return referencesNear(line, character, language).find((r) => character >= r.targetStart && character <= r.targetEnd);
}

/** The references within `SCAN_RADIUS` of the cursor, placed on the whole line. */
function referencesNear(line: string, character: number, language: AuthoringLanguage): CrossReference[] {
  const { text, offset } = lineWindow(line, character);
  const found = referencesOnLine(text, language);
  return offset === 0 ? found : found.map((r) => ({
    ...r, start: r.start + offset, end: r.end + offset, targetStart: r.targetStart + offset, targetEnd: r.targetEnd + offset,
  }));
}

/** The dialects a VS Code language may turn out to be, before the docs layout is known (a quick look under the cursor). */
export function dialectsOf(language: AuthoringLanguage): readonly AuthoringLanguage[] {
  return language === 'markdown' ? ['markdown', 'mkdocs'] : [language];
}

/** A document as the reference finders read it. */
export interface DocumentText {
  readonly lineAt: (line: number) => string;
  readonly lineCount: number;
}

/**
 * The cross-references of a document with their lines, at most `limit` read (the rest of the
 * document is not read). On an MkDocs page, none in fenced code and none whose identifier the
 * page defines as an ordinary link (`[id]: url`).
 */
export function* documentReferences(text: DocumentText, language: AuthoringLanguage, limit = Infinity): Generator<{ readonly line: number; readonly reference: CrossReference }> {
  const page = language === 'mkdocs' ? markdownPageFacts(text.lineAt, text.lineCount) : undefined;
  let read = 0;
  for (let line = 0; line < text.lineCount && read < limit; line++) {
    if (page?.fenced.has(line)) continue;
    const references = referencesOnLine(text.lineAt(line), language, limit - read);
    read += references.length;
    for (const reference of references) {
      if (!page?.defined.has(reference.target.toLowerCase())) yield { line, reference };
    }
  }
}

/**
 * The reference at a position of a document: touching the cursor (hover), or with the cursor in its
 * target (`completion`, closed or not). Same rules as `documentReferences`; the page is read only
 * when the line has an MkDocs reference there.
 */
export function documentReferenceAt(text: DocumentText, line: number, character: number, language: AuthoringLanguage, completion = false): CrossReference | undefined {
  const lineText = text.lineAt(line);
  const reference = completion ? referenceForCompletion(lineText, character, language) : referenceAt(lineText, character, language);
  if (!reference || language !== 'mkdocs') return reference;
  const page = markdownPageFacts(text.lineAt, text.lineCount);
  return page.fenced.has(line) || page.defined.has(reference.target.toLowerCase()) ? undefined : reference;
}

function fromRole(match: RegExpMatchArray): CrossReference {
  const [whole, rawRole, content, closing] = match;
  const start = match.index ?? 0;
  const contentStart = start + whole.length - content.length - closing.length;
  // `:external+python:ref:` is Sphinx's explicit intersphinx role: the inventory name goes to the target.
  let role = rawRole;
  let inventory: string | undefined;
  const external = /^external(?:\+([\w.-]+))?:(.+)$/.exec(rawRole);
  if (external) {
    inventory = external[1];
    role = external[2];
  }
  const { target, offset } = splitTarget(content);
  return {
    role,
    target,
    ...(inventory ? { inventory } : {}),
    targetStart: contentStart + offset,
    targetEnd: contentStart + offset + target.length,
    start,
    end: start + whole.length,
    closed: closing === '`',
  };
}

/**
 * The target inside role content: `Title <target>` (explicit title), `~a.b.c` (shorten the shown
 * text), `!x` (no link). Returns the target and where it starts in the content.
 */
function splitTarget(content: string): { target: string; offset: number } {
  let offset = 0;
  let target = content;
  // The text after the last `<`, up to an optional final `>`, when it holds no other `>`.
  const open = content.lastIndexOf('<');
  const inner = open < 0 ? undefined : content.slice(open + 1, content.endsWith('>') ? -1 : undefined);
  if (inner !== undefined && !inner.includes('>')) {
    offset = open + 1;
    target = inner;
  }
  while (target.startsWith('~') || target.startsWith('!')) {
    target = target.slice(1);
    offset += 1;
  }
  return { target, offset };
}

function fromSchemeLink(match: RegExpMatchArray): CrossReference | undefined {
  const [whole, opening, body, closing] = match;
  const bodyStart = (match.index ?? 0) + opening.length;
  const start = bodyStart;
  const closed = closing === (opening === '<' ? '>' : ')');
  const end = (match.index ?? 0) + whole.length;
  if (body.startsWith('project:')) {
    const rest = body.slice('project:'.length);
    const hash = rest.indexOf('#');
    if (hash >= 0) {
      const targetStart = bodyStart + 'project:'.length + hash + 1;
      if (hash === 0) return { role: 'ref', target: decodeSafely(rest.slice(1)), targetStart, targetEnd: bodyStart + body.length, start, end, closed };
      // A path and an anchor: the anchor is a heading slug of that page, not an inventory label.
      return undefined;
    }
    const targetStart = bodyStart + 'project:'.length;
    return { role: 'doc', target: decodeSafely(rest.replace(/\.(md|rst|txt)$/, '')), targetStart, targetEnd: bodyStart + body.length, start, end, closed };
  }
  // inv:key:domain:type#name, any part before `#` may be missing or `*`.
  const rest = body.slice('inv:'.length);
  const hash = rest.indexOf('#');
  if (hash < 0) return undefined;
  const [key, domain, type] = rest.slice(0, hash).split(':');
  const wild = (part: string | undefined) => (part === undefined || part === '' || part === '*' ? undefined : part);
  const role = wild(domain) && wild(type) ? `${domain}:${type}` : 'any';
  const targetStart = bodyStart + 'inv:'.length + hash + 1;
  return {
    role: role === 'any' ? 'any' : `inv:${role}`,
    target: decodeSafely(rest.slice(hash + 1)),
    ...(wild(key) ? { inventory: key } : {}),
    targetStart,
    targetEnd: bodyStart + body.length,
    start,
    end,
    closed,
  };
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
