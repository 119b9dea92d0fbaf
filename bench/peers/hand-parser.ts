/**
 * A small hand-written recursive-descent parser for the same TQL text: the "limit" the parse
 * benches measure tql against. It builds a plain tree (no spans, no validation) and throws a
 * plain Error on bad input; it exists only to show what reading the text costs at best.
 */

export type HandNode =
  | { readonly kind: 'pred'; readonly attribute: string; readonly operator: string; readonly values: readonly string[] }
  | { readonly kind: 'and' | 'or'; readonly operands: readonly HandNode[] };

const OPERATORS = new Set(['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE', 'LIKE', 'NOT_LIKE', 'IN', 'NOT_IN']);

/** Space, tab, newline, carriage return and `~` separate tokens. */
function isSeparator(c: number): boolean {
  return c === 0x20 || c === 0x7e || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** A bare value ends at a separator, `,`, `(`, `)` or `"`. */
function endsBare(c: number): boolean {
  return isSeparator(c) || c === 0x2c || c === 0x28 || c === 0x29 || c === 0x22;
}

class Reader {
  pos = 0;
  constructor(readonly text: string) {}

  skip(): void {
    while (this.pos < this.text.length && isSeparator(this.text.charCodeAt(this.pos))) this.pos++;
  }

  fail(what: string): never {
    throw new Error(`expected ${what} at ${this.pos}`);
  }

  /** A word made of letters, digits, `_` and `.` (attributes, operators, keywords). */
  word(): string {
    const start = this.pos;
    for (; this.pos < this.text.length; this.pos++) {
      const c = this.text.charCodeAt(this.pos);
      const lower = c | 0x20;
      const isWordChar = (lower >= 0x61 && lower <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2e;
      if (!isWordChar) break;
    }
    return this.text.slice(start, this.pos);
  }

  /** Reads `keyword` if it comes next as a whole word. */
  keyword(keyword: string): boolean {
    const end = this.pos + keyword.length;
    if (!this.text.startsWith(keyword, this.pos)) return false;
    if (end < this.text.length && !isSeparator(this.text.charCodeAt(end)) && this.text.charCodeAt(end) !== 0x28) return false;
    this.pos = end;
    return true;
  }

  value(): string {
    if (this.text.charCodeAt(this.pos) === 0x22) return this.quoted();
    const start = this.pos;
    while (this.pos < this.text.length && !endsBare(this.text.charCodeAt(this.pos))) this.pos++;
    if (this.pos === start) this.fail('a value');
    return this.text.slice(start, this.pos);
  }

  quoted(): string {
    let out = '';
    let from = ++this.pos;
    for (; this.pos < this.text.length; this.pos++) {
      const c = this.text.charCodeAt(this.pos);
      if (c === 0x22) {
        out += this.text.slice(from, this.pos++);
        return out;
      }
      if (c === 0x5c) {
        out += this.text.slice(from, this.pos++);
        from = this.pos;
      }
    }
    return this.fail('a closing quote');
  }
}

function or(r: Reader): HandNode {
  const first = and(r);
  const operands = [first];
  for (;;) {
    const at = r.pos;
    r.skip();
    if (!r.keyword('OR')) {
      r.pos = at;
      break;
    }
    r.skip();
    operands.push(and(r));
  }
  return operands.length === 1 ? first : { kind: 'or', operands };
}

function and(r: Reader): HandNode {
  const first = primary(r);
  const operands = [first];
  for (;;) {
    const at = r.pos;
    r.skip();
    if (!r.keyword('AND')) {
      r.pos = at;
      break;
    }
    r.skip();
    operands.push(primary(r));
  }
  return operands.length === 1 ? first : { kind: 'and', operands };
}

function primary(r: Reader): HandNode {
  if (r.text.charCodeAt(r.pos) === 0x28) {
    r.pos++;
    r.skip();
    const inner = or(r);
    r.skip();
    if (r.text.charCodeAt(r.pos) !== 0x29) r.fail('")"');
    r.pos++;
    return inner;
  }
  const attribute = r.word();
  if (attribute.indexOf('.') <= 0) r.fail('an attribute');
  r.skip();
  const operator = r.word();
  if (!OPERATORS.has(operator)) r.fail('an operator');
  r.skip();
  const values = [r.value()];
  while (r.text.charCodeAt(r.pos) === 0x2c) {
    r.pos++;
    while (r.text.charCodeAt(r.pos) === 0x20) r.pos++;
    values.push(r.value());
  }
  return { kind: 'pred', attribute, operator, values };
}

/**
 * Parses TQL text into a plain tree.
 *
 * @example
 * ```ts
 * handParse('agent.name~LIKE~john');
 * // { kind: 'pred', attribute: 'agent.name', operator: 'LIKE', values: ['john'] }
 * ```
 */
export function handParse(text: string): HandNode {
  const r = new Reader(text);
  r.skip();
  const tree = or(r);
  r.skip();
  if (r.pos !== text.length) r.fail('the end of the query');
  return tree;
}
