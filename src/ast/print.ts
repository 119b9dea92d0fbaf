/**
 * Writes a syntax tree back as TQL text. Parsing the result gives back the same tree (spans
 * aside), with parentheses where the tree needs them: the types rule out an `And` directly
 * inside an `And` or an `Or` inside an `And` or an `Or`, but JavaScript callers can build them,
 * and printing them bare would give text that parses with another meaning (`p1 AND p2 OR p3`).
 */
import { inputError, isTqlError, optionError } from '../errors/tql-error.js';
import { isBareChar } from '../parser/text-scan.js';
import type { And, Expr, Group, Not, Or, Predicate, Query, Value } from './nodes.js';

/** `url`: `~` between tokens, safe in a query string unescaped. `readable`: single spaces. */
export type PrintStyle = 'url' | 'readable';

/** Options of {@link print}. */
export interface PrintOptions {
  /** Default `readable`. */
  readonly style?: PrintStyle | undefined;
}

interface Layout {
  /** Between an attribute, its operator and its value, and around AND / OR. */
  readonly sep: string;
  /** Between the values of a list. */
  readonly comma: string;
}

const LAYOUTS: { readonly [S in PrintStyle]: Layout } = {
  url: { sep: '~', comma: ',' },
  readable: { sep: ' ', comma: ', ' },
};

type Printers = { readonly [K in Expr['kind']]: (node: Extract<Expr, { kind: K }>, layout: Layout) => string };

/**
 * An operand in parentheses where its operator binds looser than, or as loosely as, the one
 * around it: `AND` binds tighter than `OR`, and a group of the same operator must stay a group.
 */
function operand(node: Expr, around: 'And' | 'Or', layout: Layout): string {
  const text = printExpr(node, layout);
  return node.kind === 'Or' || (node.kind === 'And' && around === 'And') ? `(${text})` : text;
}

const PRINTERS: Printers = {
  Or: (node: Or, layout) => operands(node).map((o) => operand(o, 'Or', layout)).join(`${layout.sep}OR${layout.sep}`),
  And: (node: And, layout) => operands(node).map((o) => operand(o, 'And', layout)).join(`${layout.sep}AND${layout.sep}`),
  Group: (node: Group, layout) => `(${printExpr(node.expression, layout)})`,
  // `NOT` is a keyword: a separator after it, as after AND and OR, before its parentheses.
  Not: (node: Not, layout) => `NOT${layout.sep}(${printExpr(node.expression, layout)})`,
  Predicate: (node: Predicate, layout) =>
    [
      `${node.attribute.entity}.${node.attribute.property}`,
      node.operator.name,
      node.values.map(printValue).join(layout.comma),
    ].join(layout.sep),
};

function printExpr(node: Expr, layout: Layout): string {
  // A tree from plain JavaScript may hold anything: refuse what no printer is for.
  const kind: unknown = typeof node === 'object' && node !== null ? node.kind : undefined;
  if (typeof kind !== 'string' || !Object.hasOwn(PRINTERS, kind)) throw notATree();
  return (PRINTERS[kind as Expr['kind']] as (n: Expr, l: Layout) => string)(node, layout);
}

function operands(node: And | Or): readonly Expr[] {
  if (!Array.isArray(node.operands) || node.operands.length === 0) throw notATree();
  return node.operands;
}

function notATree() {
  return inputError('print takes a syntax tree (a Query, Or, And, Group, Not or Predicate, as parse or the builders make them).');
}

/**
 * A value as TQL text: bare when it can be, else in double quotes with `"` and `\` escaped.
 *
 * @example
 * ```ts
 * printValue(text('john')); // 'john'
 * printValue(text('Pat Smith')); // '"Pat Smith"'
 * printValue(text('null')); // '"null"'
 * ```
 */
export function printValue(value: Value): string {
  if (value.kind === 'Null') return 'null';
  return needsQuotes(value.text) ? `"${value.text.replace(/["\\]/g, '\\$&')}"` : value.text;
}

function needsQuotes(text: string): boolean {
  if (text === '' || text === 'null') return true;
  for (let i = 0; i < text.length; i++) if (!isBareChar(text.charCodeAt(i))) return true;
  return false;
}

/**
 * Writes a query or expression as TQL text.
 *
 * @example
 * ```ts
 * const query = parse('agent.name LIKE john AND (a.b EQ 1 OR a.c IN x, "y z")');
 * print(query, { style: 'url' }); // 'agent.name~LIKE~john~AND~(a.b~EQ~1~OR~a.c~IN~x,"y z")'
 * print(query); // 'agent.name LIKE john AND (a.b EQ 1 OR a.c IN x, "y z")'
 * ```
 */
export function print(node: Query | Expr, options?: PrintOptions): string {
  const style: unknown = options?.style ?? 'readable';
  if (style !== 'url' && style !== 'readable') {
    throw optionError('The print style is "url" or "readable".');
  }
  const layout = LAYOUTS[style];
  try {
    if (typeof node !== 'object' || node === null) throw notATree();
    return printExpr(node.kind === 'Query' ? node.expression : node, layout);
  } catch (error) {
    // A malformed tree ends in a TypeError, a cyclic or very deep one in a RangeError.
    throw isTqlError(error) ? error : notATree();
  }
}
