/**
 * Writes a syntax tree back as TQL text. Parsing the result gives back the same tree (spans
 * aside), for every tree the node types allow: the types already rule out an `And` directly
 * inside an `And` or an `Or` directly inside an `Or`, the only shapes that would need
 * parentheses the tree does not have.
 */
import { optionError } from '../errors/tql-error.js';
import { isBareChar } from '../parser/text-scan.js';
import type { And, Expr, Group, Or, Predicate, Query, Value } from './nodes.js';

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

const PRINTERS: Printers = {
  Or: (node: Or, layout) => node.operands.map((o) => printExpr(o, layout)).join(`${layout.sep}OR${layout.sep}`),
  And: (node: And, layout) => node.operands.map((o) => printExpr(o, layout)).join(`${layout.sep}AND${layout.sep}`),
  Group: (node: Group, layout) => `(${printExpr(node.expression, layout)})`,
  Predicate: (node: Predicate, layout) =>
    [
      `${node.attribute.entity}.${node.attribute.property}`,
      node.operator.name,
      node.values.map(printValue).join(layout.comma),
    ].join(layout.sep),
};

function printExpr(node: Expr, layout: Layout): string {
  return (PRINTERS[node.kind] as (n: Expr, l: Layout) => string)(node, layout);
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
  return printExpr(node.kind === 'Query' ? node.expression : node, layout);
}
