import { type CrossReference } from './crossReference';
import { AUTOREFS_ROLE } from './roles';

// [text][identifier] and [identifier][], the second bracket possibly still open (being typed).
const AUTOREF = /(?<![\\!])\[([^[\]]*)\]\[([^[\]]*)(\]?)/g;

/**
 * The mkdocs-autorefs references of a Markdown line (FACTS.md §19): `[text][identifier]`,
 * `[identifier][]`, identifiers possibly in backticks. None inside an inline code span. An
 * identifier without a dot may be a heading anchor of the site, which autorefs resolves and no
 * inventory lists: it is `anchorOnly` (no hint when unknown).
 */
export function autorefsOnLine(line: string): CrossReference[] {
  const spans = codeSpans(line);
  const found: CrossReference[] = [];
  for (const match of line.matchAll(AUTOREF)) {
    const start = match.index;
    if (spans.some(([from, to]) => start >= from && start < to)) continue;
    const [whole, text, identifier, closing] = match;
    const closed = closing === ']';
    // `[id][]` names its target in the first bracket; `[text][` still being typed names it in the second.
    const inFirst = identifier === '' && closed;
    const written = inFirst ? text : identifier;
    const offset = start + 1 + (inFirst ? 0 : text.length + 2);
    const ticks = /^(`*)(.*?)(`*)$/s.exec(written)!;
    const target = ticks[2].trim();
    const targetStart = offset + ticks[1].length + ticks[2].indexOf(target);
    found.push({
      role: AUTOREFS_ROLE,
      target,
      targetStart,
      targetEnd: targetStart + target.length,
      start,
      end: start + whole.length,
      closed,
      ...(target.includes('.') ? {} : { anchorOnly: true as const }),
    });
  }
  return found;
}

/** `[from, to)` of each inline code span on the line (backtick runs of equal length). */
function codeSpans(line: string): [number, number][] {
  const spans: [number, number][] = [];
  const runs = [...line.matchAll(/`+/g)];
  for (let i = 0; i < runs.length; i++) {
    const open = runs[i];
    const close = runs.findIndex((run, j) => j > i && run[0].length === open[0].length);
    if (close < 0) continue;
    spans.push([open.index, runs[close].index + runs[close][0].length]);
    i = close;
  }
  return spans;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const DEFINITION = /^ {0,3}\[([^\]]+)\]:\s*\S/;

/**
 * What of a Markdown page is no place for autorefs references: the lines of fenced code blocks,
 * and the labels the page defines as ordinary links (`[label]: url`), which Markdown resolves
 * before autorefs sees them (lowercased, as Markdown matches them).
 */
export function markdownPageFacts(lineAt: (line: number) => string, lineCount: number): { readonly fenced: ReadonlySet<number>; readonly defined: ReadonlySet<string> } {
  const fenced = new Set<number>();
  const defined = new Set<string>();
  let fence: string | undefined;
  for (let line = 0; line < lineCount; line++) {
    const text = lineAt(line);
    const marker = FENCE.exec(text)?.[1];
    if (fence !== undefined) {
      fenced.add(line);
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && text.trim() === marker) fence = undefined;
      continue;
    }
    if (marker) {
      fence = marker;
      fenced.add(line);
      continue;
    }
    const definition = DEFINITION.exec(text);
    if (definition) defined.add(definition[1].trim().toLowerCase());
  }
  return { fenced, defined };
}
