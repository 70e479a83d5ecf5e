import { docsRootUrl } from './docsRoot';

/**
 * `intersphinx_mapping` of a conf.py, when it is written as a literal dict: name → documentation
 * root URL. Nothing is executed; a value that is not a literal (a variable, a call) is skipped,
 * and a mapping that is not a dict literal yields an empty map.
 */
export function intersphinxMappingOf(source: string): Map<string, string> {
  const result = new Map<string, string>();
  const assignment = /^intersphinx_mapping\s*(?::[^=\n]*)?=\s*/m.exec(source);
  if (!assignment) return result;
  const parser = new LiteralParser(source, assignment.index + assignment[0].length);
  let value: PyValue;
  try {
    value = parser.value();
  } catch {
    return result;
  }
  if (!(value instanceof Map)) return result;
  for (const [key, entry] of value) {
    if (typeof key !== 'string') continue;
    // ('https://docs.python.org/3', None), a bare URL (Sphinx ≥ 8 accepts neither less nor more), or the old {url: inventory} form is ignored.
    const url = Array.isArray(entry) ? entry[0] : entry;
    const root = typeof url === 'string' ? docsRootUrl(url) : undefined;
    if (root) result.set(key, root);
  }
  return result;
}

type PyValue = string | number | boolean | null | PyValue[] | Map<PyValue, PyValue> | typeof NOT_LITERAL;
const NOT_LITERAL = Symbol('not a literal');

class LiteralParser {
  constructor(private readonly text: string, private pos: number) {}

  /** A literal, or NOT_LITERAL for an expression (`BASE + 'x'`), which is skipped up to the next `,` or closing bracket. */
  value(): PyValue {
    const primary = this.primary();
    this.skip();
    const next = this.text[this.pos];
    if (next === undefined || ',:)]}'.includes(next)) return primary;
    this.skipExpression();
    return NOT_LITERAL;
  }

  private skipExpression(): void {
    let depth = 0;
    while (this.pos < this.text.length) {
      const char = this.text[this.pos];
      if (char === '\'' || char === '"') { this.strings(); continue; }
      if ('([{'.includes(char)) depth++;
      else if (')]}'.includes(char)) { if (depth === 0) return; depth--; }
      else if ((char === ',' || char === ':') && depth === 0) return;
      this.pos++;
    }
  }

  private primary(): PyValue {
    this.skip();
    const char = this.text[this.pos];
    if (char === '{') return this.dict();
    if (char === '(' || char === '[') return this.sequence(char === '(' ? ')' : ']');
    const string = /^[rubf]{0,2}['"]/i.exec(this.text.slice(this.pos, this.pos + 3));
    if (string) return this.strings();
    const word = /^[\w.]+/.exec(this.text.slice(this.pos));
    if (!word) throw new SyntaxError(`unexpected ${char}`);
    this.pos += word[0].length;
    // A call or subscript after a name: skip its brackets.
    this.skip();
    if (this.text[this.pos] === '(' || this.text[this.pos] === '[') this.sequence(this.text[this.pos] === '(' ? ')' : ']');
    if (word[0] === 'None') return null;
    if (word[0] === 'True' || word[0] === 'False') return word[0] === 'True';
    return /^\d/.test(word[0]) ? Number(word[0]) : NOT_LITERAL;
  }

  private dict(): Map<PyValue, PyValue> {
    const map = new Map<PyValue, PyValue>();
    this.pos++;
    for (;;) {
      this.skip();
      if (this.text[this.pos] === '}') { this.pos++; return map; }
      const key = this.value();
      this.expect(':');
      const value = this.value();
      map.set(key, value);
      this.skip();
      if (this.text[this.pos] === ',') this.pos++;
      else if (this.text[this.pos] !== '}') throw new SyntaxError('expected , or }');
    }
  }

  private sequence(close: string): PyValue[] {
    const items: PyValue[] = [];
    this.pos++;
    for (;;) {
      this.skip();
      if (this.text[this.pos] === close) { this.pos++; return items; }
      items.push(this.value());
      this.skip();
      if (this.text[this.pos] === ',') this.pos++;
      else if (this.text[this.pos] !== close) throw new SyntaxError(`expected , or ${close}`);
    }
  }

  /** Adjacent string literals concatenate, as in Python. */
  private strings(): string {
    let out = '';
    for (;;) {
      this.skip();
      const prefix = /^([rubf]{0,2})('''|"""|'|")/i.exec(this.text.slice(this.pos, this.pos + 5));
      if (!prefix) return out;
      const raw = /r/i.test(prefix[1]);
      const quote = prefix[2];
      this.pos += prefix[0].length;
      const end = this.text.indexOf(quote, this.pos);
      if (end < 0) throw new SyntaxError('unterminated string');
      const body = this.text.slice(this.pos, end);
      out += raw ? body : body.replace(/\\(.)/g, '$1');
      this.pos = end + quote.length;
    }
  }

  private expect(char: string): void {
    this.skip();
    if (this.text[this.pos] !== char) throw new SyntaxError(`expected ${char}`);
    this.pos++;
  }

  /** Whitespace, line continuations and comments. */
  private skip(): void {
    const space = /(?:\s|\\\n|#[^\n]*)+/y;
    space.lastIndex = this.pos;
    if (space.test(this.text)) this.pos = space.lastIndex;
  }
}
