/**
 * The fast path: a hand-written scanner and recursive-descent parser for the language of
 * grammar/tql.ohm, about a hundred times faster than Ohm. It builds exactly the tree Ohm's
 * semantics build (same nodes, same spans) for every text it accepts, and gives up with
 * `undefined` on anything else, so that Ohm, the reference, produces the error message.
 *
 * It follows the grammar rule by rule. Where the grammar is a PEG that could backtrack, this
 * parser commits instead; that accepts the same texts because in each such place the
 * alternative Ohm would backtrack to cannot succeed either (after `sep AND sep` only a primary
 * can follow, after a list comma only a value, after `NOT` and a separator only a group).
 * test/properties/parse-fast-path.test.ts checks
 * the equality on generated, mutated and random texts.
 */
import { OPERATORS, type AttributeRef, type Conjunct, type Disjunct, type Expr, type Operator, type OperatorRef, type Predicate, type Query, type Value } from '../ast/nodes.js';
import { checkAfterParsing } from './limits.js';
import type { Limits } from './options.js';
import { isBareChar, isIdentChar, isSepChar, skipSeps, wordAt } from './text-scan.js';
import { spanAcross } from '../ast/span.js';

/** No limit at all: the fast path as the grammar alone defines it. */
const UNLIMITED: Limits = Object.freeze({
  maxLength: Infinity,
  maxPredicates: Infinity,
  maxDepth: Infinity,
  maxListValues: Infinity,
  maxValueLength: Infinity,
});

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN = 40;
const CLOSE = 41;
const DOT = 46;
const N = 78;

/**
 * The tree of `text` if the fast path accepts it, else `undefined` (Ohm then decides).
 *
 * With `limits`, the parser checks the limits that need the tree while it builds it, so that a
 * query within them is not walked again: it gives up on a group nested deeper than
 * `maxDepth` (the caller's scan of the raw text then reports it, as for any text the fast path
 * rejects), and throws {@link checkAfterParsing}'s error when the query has more predicates,
 * list values or value characters than allowed. `maxLength` is the caller's to check.
 *
 * @example
 * ```ts
 * fastParse('agent.name~LIKE~john')?.expression.kind; // 'Predicate'
 * fastParse('agent.name eq john'); // undefined: not TQL, Ohm will say why
 * fastParse('((a.b EQ 1))', { ...DEFAULT_LIMITS, maxDepth: 1 }); // undefined: too deep
 * ```
 */
export function fastParse(text: string, limits: Limits = UNLIMITED, notes?: ParseNotes): Query | undefined {
  let parser: FastParser;
  let expression: Expr | undefined;
  try {
    parser = new FastParser(text, limits);
    expression = parser.query();
  } catch (error) {
    // Only nesting far beyond the default limit can exhaust the stack; Ohm reports it.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
  if (expression === undefined) return undefined;
  const query: Query = { kind: 'Query', expression, text, span: { start: 0, end: text.length } };
  if (parser.overLimit) checkAfterParsing(query, limits);
  if (notes !== undefined) notes.plainValues = parser.valueCodes >= 0 && parser.valueCodes <= 0x7fff;
  return query;
}

/** What the fast path noticed while reading a query, for a caller that validates it next. */
export interface ParseNotes {
  /**
   * True when every character of every value is in U+0001–U+8000, so that no value holds a
   * character validation rejects (NUL, a surrogate) and none needs to be scanned for one.
   * Left as the caller set it (false) when the fast path did not parse the text.
   */
  plainValues: boolean;
}

/**
 * Where the fast path stood when it gave up: the last place from which Ohm, run on a short
 * window of the text, fails exactly as it does on the whole (see error-window.ts).
 */
export interface Rejection {
  /** The start of the last predicate begun or value completed before the failure. */
  readonly resumeAt: number;
  /** Groups open at `resumeAt`. */
  readonly depth: number;
  /** The completed value at `resumeAt`: its end and its form; undefined at a predicate start. */
  readonly value: { readonly end: number; readonly form: 'quoted' | 'null' | 'bare' } | undefined;
  /** A quoted value that is not closed or holds a bad escape: its `"` and where it went wrong. */
  readonly badQuote: { readonly start: number; readonly stop: number } | undefined;
}

/**
 * Runs the fast path on a text it rejects and says where it stood when it gave up; undefined
 * when it accepts the text or the nesting exhausts the stack.
 *
 * @example
 * ```ts
 * locateRejection('a.b EQ x AND c.d EQ "open')?.badQuote; // { start: 20, stop: 25 }
 * ```
 */
export function locateRejection(text: string): Rejection | undefined {
  const parser = new FastParser(text, UNLIMITED);
  try {
    if (parser.query() !== undefined) return undefined;
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
  return parser.rejection();
}

/**
 * The predicate written at `start` of `text`, if one is (what follows it does not matter), for
 * the syntax errors that show how to rewrite it.
 *
 * @example
 * ```ts
 * predicateAt('NOT a.b EQ 1 AND c.d EQ 2', 4)?.span; // { start: 4, end: 12 }
 * ```
 */
export function predicateAt(text: string, start: number): Predicate | undefined {
  return new FastParser(text, UNLIMITED).predicateFrom(start);
}

class FastParser {
  private pos = 0;
  // The resume point of a rejection (see Rejection); a few stores per predicate and value.
  private resumeAt = 0;
  private resumeDepth = 0;
  private resumeValueEnd = -1;
  private badQuoteAt = -1;
  private badQuoteStop = -1;
  /** Groups open around the current position. */
  private depth = 0;
  private predicates = 0;
  /** True once a predicate, list or value exceeds its limit: checkAfterParsing then says which. */
  overLimit = false;
  /**
   * The bitwise OR of (code - 1) over every character of every value: within 0–0x7fff exactly
   * when every one is in U+0001–U+8000 (a NUL makes it -1). See {@link ParseNotes}.
   */
  valueCodes = 0;

  constructor(
    private readonly text: string,
    private readonly limits: Limits,
  ) {}

  /** query = sep? disjunction sep? end */
  query(): Expr | undefined {
    this.skipSeps();
    const expr = this.disjunction();
    if (expr === undefined) return undefined;
    this.skipSeps();
    return this.pos === this.text.length ? expr : undefined;
  }

  /** disjunction = conjunction (sep or sep conjunction)* */
  private disjunction(): Expr | undefined {
    const first = this.conjunction();
    if (first === undefined) return undefined;
    let after = this.keywordEnd('OR');
    if (after < 0) return first;
    const operands: Disjunct[] = [first as Disjunct];
    do {
      this.pos = skipSeps(this.text, after);
      const next = this.conjunction();
      if (next === undefined) return undefined;
      operands.push(next as Disjunct);
      after = this.keywordEnd('OR');
    } while (after >= 0);
    return { kind: 'Or', operands: operands as [Disjunct, Disjunct, ...Disjunct[]], span: spanAcross(operands) };
  }

  /** conjunction = primary (sep and sep primary)* */
  private conjunction(): Expr | undefined {
    const first = this.primary();
    if (first === undefined) return undefined;
    let after = this.keywordEnd('AND');
    if (after < 0) return first;
    const operands: Conjunct[] = [first];
    do {
      this.pos = skipSeps(this.text, after);
      const next = this.primary();
      if (next === undefined) return undefined;
      operands.push(next);
      after = this.keywordEnd('AND');
    } while (after >= 0);
    return { kind: 'And', operands: operands as [Conjunct, Conjunct, ...Conjunct[]], span: spanAcross(operands) };
  }

  /**
   * When one or more separators, then `keyword`, then a separator character follow: the offset
   * just after the keyword. Otherwise -1.
   */
  private keywordEnd(keyword: 'AND' | 'OR'): number {
    const { text } = this;
    const at = skipSeps(text, this.pos);
    const end = at + keyword.length;
    return at > this.pos && end < text.length && wordAt(text, at, keyword) && isSepChar(text.charCodeAt(end)) ? end : -1;
  }

  /** primary = negation | group | predicate;  negation = not sep group */
  private primary(): Conjunct | undefined {
    const start = this.pos;
    const { text } = this;
    const c = text.charCodeAt(start);
    if (c === OPEN) {
      const expression = this.group();
      return expression === undefined ? undefined : { kind: 'Group', expression, span: { start, end: this.pos } };
    }
    // `NOT` and a separator cannot begin an attribute (it has no dot), so this commits.
    if (c === N && wordAt(text, start, 'NOT') && isSepChar(text.charCodeAt(start + 3))) {
      this.pos = skipSeps(text, start + 3);
      if (text.charCodeAt(this.pos) !== OPEN) return undefined;
      const expression = this.group();
      return expression === undefined ? undefined : { kind: 'Not', expression, span: { start, end: this.pos } };
    }
    return this.predicate();
  }

  /** group = "(" sep? disjunction sep? ")", at a `(`: what it encloses, with the position after its `)`. */
  private group(): Expr | undefined {
    // The scan of the raw text reports the first `(` too deep: the one found here, since every
    // `(` outside quotes in an accepted text opens a group.
    if (this.depth >= this.limits.maxDepth) return undefined;
    this.depth++;
    this.pos++;
    this.skipSeps();
    const expression = this.disjunction();
    if (expression === undefined) return undefined;
    this.skipSeps();
    if (this.text.charCodeAt(this.pos) !== CLOSE) return undefined;
    this.pos++;
    this.depth--;
    return expression;
  }

  predicateFrom(start: number): Predicate | undefined {
    this.pos = start;
    return this.predicate();
  }

  rejection(): Rejection {
    const end = this.resumeValueEnd;
    const start = this.resumeAt;
    const c = this.text.charCodeAt(start);
    const form = c === QUOTE ? 'quoted' : end - start === 4 && wordAt(this.text, start, 'null') ? 'null' : 'bare';
    return {
      resumeAt: start,
      depth: this.resumeDepth,
      value: end < 0 ? undefined : { end, form },
      badQuote: this.badQuoteAt < 0 ? undefined : { start: this.badQuoteAt, stop: this.badQuoteStop },
    };
  }

  /** A completed value (or, with `end` -1, a predicate begun) at `start`: the resume point so far. */
  private resumeFrom(start: number, end: number): void {
    this.resumeAt = start;
    this.resumeValueEnd = end;
    this.resumeDepth = this.depth;
  }

  /** predicate = attribute sep operator sep values */
  private predicate(): Predicate | undefined {
    this.resumeFrom(this.pos, -1);
    const attribute = this.attribute();
    if (attribute === undefined || !this.requireSeps()) return undefined;
    const operator = this.operator();
    if (operator === undefined || !this.requireSeps()) return undefined;
    const first = this.value();
    if (first === undefined) return undefined;
    const values: [Value, ...Value[]] = [first];
    // values = value ("," listSpace* value)*
    // Most queries end with a value: test the length first, so that reading past the end does
    // not make V8 throw away its optimized code.
    while (this.pos < this.text.length && this.text.charCodeAt(this.pos) === COMMA) {
      this.pos++;
      this.skipListSpace();
      const next = this.value();
      if (next === undefined) return undefined;
      values.push(next);
    }
    if (++this.predicates > this.limits.maxPredicates || values.length > this.limits.maxListValues) this.overLimit = true;
    return { kind: 'Predicate', attribute, operator, values, span: { start: attribute.span.start, end: this.pos } };
  }

  /** attribute = ident "." ident */
  private attribute(): AttributeRef | undefined {
    const start = this.pos;
    const dot = this.identEnd(start);
    if (dot === start || this.text.charCodeAt(dot) !== DOT) return undefined;
    const end = this.identEnd(dot + 1);
    if (end === dot + 1) return undefined;
    this.pos = end;
    const { text } = this;
    return { kind: 'Attribute', entity: text.slice(start, dot), property: text.slice(dot + 1, end), span: { start, end } };
  }

  /** operator = one of the ten names, not followed by an identifier character */
  private operator(): OperatorRef | undefined {
    const { text } = this;
    const start = this.pos;
    let end = start;
    while (end < text.length && isIdentChar(text.charCodeAt(end))) end++;
    const name = operatorAt(text, start, end);
    if (name === undefined) return undefined;
    this.pos = end;
    return { kind: 'Operator', name, span: { start, end } };
  }

  /** value = quoted | nullWord | bare */
  private value(): Value | undefined {
    const start = this.pos;
    const { text } = this;
    if (text.charCodeAt(start) === QUOTE) return this.quoted();
    const end = this.bareEnd(start);
    if (end === start) return undefined;
    this.pos = end;
    this.resumeFrom(start, end);
    const raw = text.slice(start, end);
    if (raw === 'null') return { kind: 'Null', span: { start, end } };
    this.checkLength(raw);
    return { kind: 'Text', text: raw, span: { start, end } };
  }

  /** quoted = "\"" (escape | anything but `"` and `\`)* "\"", escapes `\"` and `\\` only */
  private quoted(): Value | undefined {
    const { text } = this;
    const start = this.pos;
    let out = '';
    let chunk = start + 1;
    let codes = this.valueCodes;
    for (let i = start + 1; i < text.length; i++) {
      const c = text.charCodeAt(i);
      codes |= c - 1;
      if (c === QUOTE) {
        this.valueCodes = codes;
        this.pos = i + 1;
        this.resumeFrom(start, i + 1);
        const value = out + text.slice(chunk, i);
        this.checkLength(value);
        return { kind: 'Text', text: value, span: { start, end: i + 1 } };
      }
      if (c === BACKSLASH) {
        const next = text.charCodeAt(i + 1);
        if (next !== QUOTE && next !== BACKSLASH) return this.quoteFailed(start, i);
        out += text.slice(chunk, i);
        chunk = i + 1; // the escaped character starts the next chunk
        i++;
      }
    }
    return this.quoteFailed(start, text.length);
  }

  private quoteFailed(start: number, stop: number): undefined {
    this.badQuoteAt = start;
    this.badQuoteStop = stop;
    return undefined;
  }

  /** The end of the bare value at `from` (text-scan's `bareWordEnd`), noting its characters in {@link valueCodes}. */
  private bareEnd(from: number): number {
    const { text } = this;
    let codes = this.valueCodes;
    let i = from;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (!isBareChar(c)) break;
      codes |= c - 1;
    }
    this.valueCodes = codes;
    return i;
  }

  private checkLength(value: string): void {
    if (value.length > this.limits.maxValueLength) this.overLimit = true;
  }

  private identEnd(from: number): number {
    const { text } = this;
    const c = text.charCodeAt(from);
    // An identifier starts with a letter or `_`, not a digit.
    if (!isIdentChar(c) || (c >= 48 && c <= 57)) return from;
    let i = from + 1;
    while (i < text.length && isIdentChar(text.charCodeAt(i))) i++;
    return i;
  }

  private requireSeps(): boolean {
    const start = this.pos;
    this.skipSeps();
    return this.pos > start;
  }

  private skipSeps(): void {
    this.pos = skipSeps(this.text, this.pos);
  }

  private skipListSpace(): void {
    const { text } = this;
    for (let c = text.charCodeAt(this.pos); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(this.pos)) {
      this.pos++;
    }
  }
}

/** The operators by their length, so a word is compared only with those as long as it. */
const OPERATORS_BY_LENGTH: readonly (readonly Operator[])[] = Array.from({ length: 1 + Math.max(...OPERATORS.map((o) => o.length)) }, (_, n) =>
  OPERATORS.filter((o) => o.length === n),
);

/** The operator spelled by `text` from `start` to `end`, without cutting the text. */
function operatorAt(text: string, start: number, end: number): Operator | undefined {
  const names = OPERATORS_BY_LENGTH[end - start];
  if (names === undefined) return undefined;
  // Two to four names share a length at most; their first letters tell most apart.
  const first = text.charCodeAt(start);
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    if (name.charCodeAt(0) === first && wordAt(text, start, name)) return name;
  }
  return undefined;
}

