/**
 * A validated query written back as a syntax tree, so the printer can show its normalized form:
 * typed values as text (timestamps as Unix seconds), groups only where precedence needs them.
 * Checking the printed form again gives the same condition: the normalized form is a fixpoint.
 */
import { NO_SPAN } from '../ast/builders.js';
import type { Conjunct, Disjunct, Expr, Query, Value } from '../ast/nodes.js';
import type { Attribute, AttributeType } from '../schema/types.js';
import { readSteps, storedForms } from '../schema/stored-form.js';
import { relativeText, UNIT_SECONDS } from './relative-time.js';
import type { Condition, Scalar } from './validated-query.js';

/**
 * The normalized syntax tree of a validated query (or of one of its conditions, with its text).
 *
 * @example
 * ```ts
 * print(toAst(check('agent.created_at GTE 2023-07-01', schedulingSchema, 'agent')));
 * // 'agent.created_at~GTE~1688169600'
 * print(toAst(check('agent.created_at GTE now-7d', schedulingSchema, 'agent')));
 * // 'agent.created_at~GTE~now-7d'
 * ```
 */
export function toAst(query: { readonly condition: Condition; readonly text: string }): Query {
  return { kind: 'Query', expression: expression(query.condition, query.text), text: query.text, span: { start: 0, end: query.text.length } };
}

function expression(c: Condition, text: string): Expr {
  switch (c.kind) {
    case 'Comparison': {
      const [entity, property] = [c.attribute.entity, c.attribute.name];
      const raw: readonly (Scalar | null)[] = Array.isArray(c.value) ? c.value : [c.value as Scalar | null];
      // A relative time is written as one, in the unit it was written in (`now-7d`): the
      // normalized form keeps the clock out.
      const values = (c.fromNow === true ? [{ kind: 'Text', text: relativeAsWritten(c.value as number, text.slice(c.span.start, c.span.end)), span: NO_SPAN }] : raw.map((v) => value(c.attribute, v))) as unknown as readonly [Value, ...Value[]];
      return {
        kind: 'Predicate',
        attribute: { kind: 'Attribute', entity, property, span: NO_SPAN },
        operator: { kind: 'Operator', name: c.operator, span: NO_SPAN },
        values,
        span: NO_SPAN,
      };
    }
    case 'And':
      return nary('And', c.operands.map((o) => conjunct(expression(o, text))));
    case 'Or':
      return nary('Or', c.operands.map((o) => expression(o, text) as Disjunct));
    case 'Not':
      return { kind: 'Not', expression: expression(c.operand, text), span: NO_SPAN };
  }
}

/**
 * The relative time `offset` in the unit the predicate's text `written` gave it (`now-7d` stays
 * `now-7d`, `now-120m` stays `now-120m`, without leading zeros); in the largest unit that divides
 * it when the text does not show it (a query built without text).
 */
function relativeAsWritten(offset: number, written: string): string {
  let found: RegExpExecArray | null = null;
  for (const m of written.matchAll(/now([+-])(\d+)([smhdw])/g)) found = m;
  if (found !== null) {
    const [, sign, count, unit] = found;
    const magnitude = Number(count) * UNIT_SECONDS[unit!]!;
    if (magnitude === Math.abs(offset) && (offset === 0 || (sign === '-') === offset < 0)) return magnitude === 0 ? 'now' : `now${sign}${Number(count)}${unit}`;
  }
  return relativeText(offset);
}

function nary(kind: 'And' | 'Or', operands: readonly Expr[]): Expr {
  if (operands.length === 1) return operands[0]!;
  return { kind, operands, span: NO_SPAN } as unknown as Expr;
}

/** An `OR` inside an `AND` needs parentheses. */
function conjunct(e: Expr): Conjunct {
  return e.kind === 'Or' || e.kind === 'And' ? { kind: 'Group', expression: e, span: NO_SPAN } : e;
}

function value(a: Attribute, v: Scalar | null): Value {
  return v === null ? { kind: 'Null', span: NO_SPAN } : { kind: 'Text', text: written(a, v), span: NO_SPAN };
}

/** The text that reads back as `v`. */
function written(a: Attribute, v: Scalar): string {
  return WRITERS[a.type](a, v);
}

/** How a value of each type is written; keyed by type, so a new type does not compile until decided. */
const WRITERS: { readonly [T in AttributeType]: (a: Attribute, v: Scalar) => string } = {
  // Unix seconds are written without a sign, so an instant before 1970 is written as a UTC date-time.
  Timestamp: (_a, v) => (typeof v === 'number' && v < 0 ? `${new Date(v * 1000).toISOString().slice(0, 19)}Z` : String(v)),
  // An integer beyond 2^53 written out in digits would be refused when read back; the shortest
  // exponent form reads back as the same double. An exponent is written without `+`, which a
  // URL's query string reads as a space.
  Number: (_a, v) => (typeof v === 'number' ? (Math.abs(v) > 2 ** 53 ? v.toExponential() : String(v)).replace('e+', 'e') : String(v)),
  String: (a, v) => withIgnoredPrefix(a, v),
  ID: (a, v) => withIgnoredPrefix(a, v),
  Boolean: (_a, v) => String(v),
};

/**
 * The validator drops one leading ignored prefix (`#`), so a value that still starts with it
 * (`#77`, written `##77`) needs it written twice to read back the same: the first of its stored
 * forms, which is `v` itself otherwise.
 */
function withIgnoredPrefix(a: Attribute, v: Scalar): string {
  const steps = readSteps(a.source);
  return steps !== undefined && typeof v === 'string' ? storedForms(v, steps)[0]! : String(v);
}
