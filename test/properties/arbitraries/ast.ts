/**
 * fast-check arbitraries of TQL syntax trees and of texts that spell them: valid by
 * construction (the node types only allow printable shapes), with values drawn from the
 * characters that are hardest to print and parse back.
 */
import fc from 'fast-check';
import { and, group, not, nullValue, or, predicate, query, text } from '../../../src/ast/builders.js';
import { OPERATORS, type Conjunct, type Disjunct, type Expr, type Operator, type Query, type Value } from '../../../src/ast/nodes.js';
import { printValue } from '../../../src/ast/print.js';

export interface ArbQueryOptions {
  /** Attribute paths to draw from; default: random identifiers on both sides of the dot. */
  readonly attributes?: readonly `${string}.${string}`[];
  /** Operators to draw from; default all ten. */
  readonly operators?: readonly Operator[];
  /** Text values; default {@link arbTrickyText}. */
  readonly values?: fc.Arbitrary<string>;
  /** Whether the bare `null` may appear. Default true. */
  readonly nulls?: boolean;
  /** How deep parentheses (of groups and of `NOT ( … )`) may nest. Default 3. */
  readonly maxDepth?: number;
  /** Whether `NOT ( … )` may appear, at every depth. Default true. */
  readonly negations?: boolean;
  /** Most operands of one AND / OR. Default 4. */
  readonly maxOperands?: number;
  /** Most values in one list. Default 4. */
  readonly maxValues?: number;
}

/** Characters with a meaning somewhere in TQL, SQL LIKE, regexes or JSON, plus non-ASCII. */
export const TRICKY_CHARS = [
  ...'%_*.?+^$[]{}|\\"\'~,() \t\n\r/@#:;-=<>!&',
  'a', 'n', 'Z', '0', '9',
  'é', 'ß', 'İ', 'Σ', '\u00a0', '\u200b', '\u2028', '\u0000', '\u007f',
  '😀', '𝔘', '\ud800', '\udfff',
];

/** Words that mean something in TQL when bare. */
export const KEYWORD_VALUES = ['null', 'NULL', 'AND', 'OR', 'EQ', 'NOT_IN', 'true', ''];

/** Relative times (`now-7d`), valid and not: bare tokens the parser reads as any other value. */
export const arbRelativeTimeText: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom('now', 'NOW', 'Now'), fc.constantFrom('', '-', '+'), fc.constantFrom('', '0', '7', '90', '99999999999'), fc.constantFrom('', 's', 'm', 'h', 'd', 'w', 'y', 'mo')).map((parts) => parts.join('')),
  fc.constantFrom('now', 'now-7d', 'now+90m', '"now-1d"'),
);

/** Text values that are hard to print: tricky characters, keywords, relative times, any Unicode. */
export const arbTrickyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: fc.constantFrom(...TRICKY_CHARS), maxLength: 8 }) },
  { weight: 2, arbitrary: fc.constantFrom(...KEYWORD_VALUES) },
  { weight: 1, arbitrary: arbRelativeTimeText },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z0-9@._-]{1,10}$/) },
);

const arbIdent = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,7}$/);
const arbPath = fc.tuple(arbIdent, arbIdent).map(([e, p]): `${string}.${string}` => `${e}.${p}`);

/**
 * A syntax tree: predicates joined by AND / OR, with parentheses and `NOT ( … )` up to
 * `maxDepth` deep (a negation can stand wherever a group can). Nodes
 * carry `NO_SPAN`; compare trees with `stripSpans`.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(arbExpr(), (e) => … ));
 * ```
 */
export function arbExpr(options: ArbQueryOptions = {}): fc.Arbitrary<Expr> {
  const maxDepth = options.maxDepth ?? 3;
  const maxOperands = options.maxOperands ?? 4;
  const path = options.attributes === undefined ? arbPath : fc.constantFrom(...options.attributes);
  const operator = fc.constantFrom(...(options.operators ?? OPERATORS));
  const textValue = (options.values ?? arbTrickyText).map(text);
  const value: fc.Arbitrary<Value> =
    options.nulls === false ? textValue : fc.oneof({ weight: 6, arbitrary: textValue }, { weight: 1, arbitrary: fc.constant(nullValue()) });
  const moreValues = fc.array(value, { maxLength: (options.maxValues ?? 4) - 1 });
  const arbPredicate = fc
    .tuple(path, operator, value, moreValues)
    .map(([p, op, first, rest]) => predicate(p, op, first, ...rest));

  // One arbitrary per remaining depth, built once: each level refers to the one below.
  const byDepth: fc.Arbitrary<Expr>[] = [];
  for (let depth = 0; depth <= maxDepth; depth++) {
    const below = byDepth[depth - 1];
    const groups: fc.Arbitrary<Conjunct>[] = below === undefined ? [] : [below.map(group)];
    if (below !== undefined && options.negations !== false) groups.push(below.map(not));
    const arbGroup = groups.length === 0 ? undefined : fc.oneof(...groups);
    const conjunct: fc.Arbitrary<Conjunct> =
      arbGroup === undefined ? arbPredicate : fc.oneof({ weight: 3, arbitrary: arbPredicate }, { weight: 1, arbitrary: arbGroup });
    const arbAnd = fc
      .tuple(conjunct, conjunct, fc.array(conjunct, { maxLength: maxOperands - 2 }))
      .map(([a, b, rest]) => and(a, b, ...rest));
    const disjunct: fc.Arbitrary<Disjunct> = fc.oneof(conjunct, arbAnd);
    const arbOr = fc
      .tuple(disjunct, disjunct, fc.array(disjunct, { maxLength: maxOperands - 2 }))
      .map(([a, b, rest]) => or(a, b, ...rest));
    const choices: fc.Arbitrary<Expr>[] = [arbPredicate, arbAnd, arbOr];
    if (arbGroup !== undefined) choices.push(arbGroup);
    byDepth.push(fc.oneof(...choices));
  }
  return byDepth[maxDepth] ?? arbPredicate;
}

/** A query root around {@link arbExpr}; its `text` is empty (it was not parsed from text). */
export function arbQuery(options: ArbQueryOptions = {}): fc.Arbitrary<Query> {
  return arbExpr(options).map((e) => query(e));
}

// ---- texts with random layout ----

const SEP_UNITS = [' ', '~', '\t', '\n', '\r', '  ', '~~', ' ~ ', '\r\n'];
/** One separator: any non-empty run of spaces, tabs, newlines and `~`. */
export const arbSep = fc.array(fc.constantFrom(...SEP_UNITS), { minLength: 1, maxLength: 3 }).map((a) => a.join(''));
const arbOptionalSep = fc.oneof(fc.constant(''), arbSep);
const arbListSpace = fc.oneof(fc.constant(''), fc.constant(' '), fc.constant('\t'), fc.constant('\n '));

/**
 * Writes `expr` as TQL with a random separator wherever one may stand: between tokens, around
 * the query, inside parentheses and after list commas. Parsing it gives `expr` back.
 */
export function printWithLayout(expr: Expr, draw: fc.GeneratorValue): string {
  const sep = () => draw(() => arbSep);
  const optional = () => draw(() => arbOptionalSep);
  const write = (e: Expr): string => {
    switch (e.kind) {
      case 'Or':
        return e.operands.map(write).join(`${sep()}OR${sep()}`);
      case 'And':
        return e.operands.map(write).join(`${sep()}AND${sep()}`);
      case 'Group':
        return `(${optional()}${write(e.expression)}${optional()})`;
      case 'Not':
        return `NOT${sep()}(${optional()}${write(e.expression)}${optional()})`;
      case 'Predicate': {
        const list = e.values.map((v, i) => (i === 0 ? '' : `,${draw(() => arbListSpace)}`) + printValue(v)).join('');
        return `${e.attribute.entity}.${e.attribute.property}${sep()}${e.operator.name}${sep()}${list}`;
      }
    }
  };
  return `${optional()}${write(expr)}${optional()}`;
}

// ---- random and broken texts ----

// Pieces of TQL, so random concatenations reach deep into the grammar and its error paths.
export const TQL_TOKENS = [
  'a.b', 'agent.name', '_1.x', 'EQ', 'eq', 'IN', 'LTE', 'NOT_LIKE', 'AND', 'OR', 'and', ' AND ', '~OR~',
  'a.b EQ 1', '(', ')', 'NOT', 'NOT (', 'NOT~(', 'not', '"', '\\', '\\n', '"a\\"b"', '"\\\\"', ',', ', ', ' ', '~', '\t', '\n', 'null', 'nullx', 'x',
  '"x y"', '=', '.', '😀', '\ud800',
];
export const arbTokenSoup = fc.array(fc.constantFrom(...TQL_TOKENS), { maxLength: 30 }).map((t) => t.join(''));

/** A small edit of a text: what a person's typo, a truncated URL or a bad join would do. */
export type Mutation =
  | { readonly kind: 'drop' | 'duplicate' | 'truncate'; readonly at: number }
  | { readonly kind: 'insert'; readonly at: number; readonly text: string }
  | { readonly kind: 'swap'; readonly at: number }
  | { readonly kind: 'unsep' | 'lower'; readonly at: number }
  | { readonly kind: 'append'; readonly text: string };

export const arbMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constantFrom('drop', 'duplicate', 'truncate', 'swap', 'unsep', 'lower'), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert'), at: fc.nat(), text: fc.oneof(fc.constantFrom(...TQL_TOKENS), fc.string({ maxLength: 2 })) }),
  fc.record({ kind: fc.constant('append'), text: fc.constantFrom(' AND', '~OR~', ' AND ', ',', ')', '(', ' x', ' NOT', ' AND NOT ') }),
) as fc.Arbitrary<Mutation>;

export function mutate(text: string, m: Mutation): string {
  if (m.kind === 'append') return text + m.text;
  const at = m.at % (text.length + 1);
  switch (m.kind) {
    case 'drop':
      return text.slice(0, at) + text.slice(at + 1);
    case 'duplicate':
      return text.slice(0, at) + text.slice(at, at + 1) + text.slice(at);
    case 'truncate':
      return text.slice(0, at);
    case 'swap':
      return text.slice(0, at) + text.slice(at + 1, at + 2) + text.slice(at, at + 1) + text.slice(at + 2);
    case 'insert':
      return text.slice(0, at) + m.text + text.slice(at);
    case 'unsep':
      return editNthMatch(text, /[ \t\r\n~]+/g, m.at, () => '');
    case 'lower':
      return editNthMatch(text, /[A-Z_]{2,}/g, m.at, (word) => word.toLowerCase());
  }
}

/** Replaces the `n`-th match of `pattern` (counting round) with `edit(match)`. */
function editNthMatch(text: string, pattern: RegExp, n: number, edit: (match: string) => string): string {
  const matches = [...text.matchAll(pattern)];
  const chosen = matches[n % Math.max(1, matches.length)];
  if (chosen === undefined) return text;
  return text.slice(0, chosen.index) + edit(chosen[0]) + text.slice(chosen.index + chosen[0].length);
}
