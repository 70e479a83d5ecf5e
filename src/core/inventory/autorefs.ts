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
export function autorefsOnLine(line: string, limit = Infinity): CrossReference[] {
  const spans = codeSpans(line);
  const found: CrossReference[] = [];
  let span = 0;
  for (const match of line.matchAll(AUTOREF)) {
    if (found.length >= limit) break;
    const start = match.index;
    // Matches and spans both come in order: one pointer walks the spans.
    while (span < spans.length && spans[span][1] <= start) span++;
    if (span < spans.length && spans[span][0] <= start) continue;
    const [whole, text, identifier, closing] = match;
    const closed = closing === ']';
    // `[id][]` names its target in the first bracket; `[text][` still being typed names it in the second.
    const inFirst = identifier === '' && closed;
    const written = inFirst ? text : identifier;
    const offset = start + 1 + (inFirst ? 0 : text.length + 2);
    const { inner, innerStart } = withoutBackticks(written);
    const target = inner.trim();
    const targetStart = offset + innerStart + inner.indexOf(target);
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

/** An identifier without the backticks around it (`` `a.b` ``), and where what is left starts. */
function withoutBackticks(written: string): { inner: string; innerStart: number } {
  let from = 0;
  while (written[from] === '`') from++;
  let to = written.length;
  while (to > from && written[to - 1] === '`') to--;
  return { inner: written.slice(from, to), innerStart: from };
}

const BACKTICK = 0x60;

/**
 * `[from, to)` of each inline code span on the line, in order (CommonMark): a backtick run opens a
 * span that the next run of the same length closes; a run that nothing closes is literal. The runs
 * are read in one pass into typed arrays sized first (growing arrays of many thousands of runs,
 * as a long line holds, cost more than linear time in garbage collection).
 */
export function codeSpans(line: string): [number, number][] {
  let backticks = 0;
  for (let at = line.indexOf('`'); at >= 0; at = line.indexOf('`', at + 1)) backticks++;
  const starts = new Int32Array(backticks);
  const ends = new Int32Array(backticks);
  let runs = 0;
  for (let at = line.indexOf('`'); at >= 0; at = line.indexOf('`', ends[runs - 1])) {
    let end = at + 1;
    while (line.charCodeAt(end) === BACKTICK) end++;
    starts[runs] = at;
    ends[runs++] = end;
  }
  // The next run of the same length after each run (-1: none), walking back once.
  const closer = new Int32Array(runs);
  const laterOfLength = new Map<number, number>();
  for (let i = runs - 1; i >= 0; i--) {
    const length = ends[i] - starts[i];
    closer[i] = laterOfLength.get(length) ?? -1;
    laterOfLength.set(length, i);
  }
  const spans: [number, number][] = [];
  for (let i = 0; i < runs; i++) {
    if (closer[i] < 0) continue;
    spans.push([starts[i], ends[closer[i]]]);
    i = closer[i];
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
