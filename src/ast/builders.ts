/**
 * Builders for syntax trees written by hand (tests, generators, programs that compose
 * queries). Built nodes carry the empty span `NO_SPAN`: they were not parsed from any text.
 */
import type {
  And,
  AttributeRef,
  Conjunct,
  Disjunct,
  Expr,
  Group,
  Not,
  NullValue,
  Operator,
  Or,
  Predicate,
  Query,
  Span,
  TextValue,
  Value,
} from './nodes.js';

/** The span of a node that was built, not parsed. */
export const NO_SPAN: Span = Object.freeze({ start: 0, end: 0 });

/**
 * `object.property` as an attribute node.
 *
 * @example
 * ```ts
 * attribute('agent.name'); // { kind: 'Attribute', entity: 'agent', property: 'name', span: NO_SPAN }
 * ```
 */
export function attribute(path: `${string}.${string}`): AttributeRef {
  const dot = path.indexOf('.');
  return { kind: 'Attribute', entity: path.slice(0, dot), property: path.slice(dot + 1), span: NO_SPAN };
}

/** A text value. @example text('john') */
export function text(value: string): TextValue {
  return { kind: 'Text', text: value, span: NO_SPAN };
}

/** The bare `null`. @example nullValue() */
export function nullValue(): NullValue {
  return { kind: 'Null', span: NO_SPAN };
}

/** A JavaScript string becomes a text value, `null` the Null value. */
export type ValueInput = string | null | Value;

function toValue(input: ValueInput): Value {
  if (input === null) return nullValue();
  return typeof input === 'string' ? text(input) : input;
}

/**
 * A predicate; several values make a list.
 *
 * @example
 * ```ts
 * predicate('agent.name', 'LIKE', 'john');
 * predicate('agent.role', 'IN', 'admin', 'owner');
 * predicate('agent.url_slug', 'EQ', null);
 * ```
 */
export function predicate(
  path: `${string}.${string}`,
  operator: Operator,
  first: ValueInput,
  ...rest: ValueInput[]
): Predicate {
  return {
    kind: 'Predicate',
    attribute: attribute(path),
    operator: { kind: 'Operator', name: operator, span: NO_SPAN },
    values: [toValue(first), ...rest.map(toValue)],
    span: NO_SPAN,
  };
}

/** `a AND b AND …`. @example and(predicate('a.b', 'EQ', '1'), predicate('a.c', 'EQ', '2')) */
export function and(first: Conjunct, second: Conjunct, ...rest: Conjunct[]): And {
  return { kind: 'And', operands: [first, second, ...rest], span: NO_SPAN };
}

/** `a OR b OR …`. @example or(predicate('a.b', 'EQ', '1'), predicate('a.c', 'EQ', '2')) */
export function or(first: Disjunct, second: Disjunct, ...rest: Disjunct[]): Or {
  return { kind: 'Or', operands: [first, second, ...rest], span: NO_SPAN };
}

/** `( … )`. @example group(or(predicate('a.b', 'EQ', '1'), predicate('a.c', 'EQ', '2'))) */
export function group(expression: Expr): Group {
  return { kind: 'Group', expression, span: NO_SPAN };
}

/**
 * `NOT ( … )`: the complement of `expression`. The parentheses are part of the negation, so
 * `expression` needs no `group` around it.
 *
 * @example
 * ```ts
 * print(not(or(predicate('agent.role', 'EQ', 'User'), predicate('agent.schedulable', 'EQ', 'true'))));
 * // 'NOT (agent.role EQ User OR agent.schedulable EQ true)'
 * ```
 */
export function not(expression: Expr): Not {
  return { kind: 'Not', expression, span: NO_SPAN };
}

/**
 * A query root around `expression`; `source` is the text it claims to come from.
 *
 * @example
 * ```ts
 * print(query(and(predicate('agent.role', 'EQ', 'User'), predicate('agent.schedulable', 'EQ', 'true'))));
 * // 'agent.role EQ User AND agent.schedulable EQ true'
 * ```
 */
export function query(expression: Expr, source = ''): Query {
  return { kind: 'Query', expression, text: source, span: NO_SPAN };
}
