/**
 * The TQL syntax tree: what the user wrote, with a source span on every node.
 *
 * The types encode the grammar's precedence: an `And` holds only predicates and groups, an `Or`
 * holds `And`s, groups, negations and predicates, so a tree that the printer could not write back
 * without extra parentheses cannot be built. `And` and `Or` are n-ary and always have two or more
 * operands; parentheses are kept as `Group` nodes because the `timezest` profile must see them.
 */
import { OPERATOR_FACTS, type Operator } from '../schema/operator-facts.js';

/** Half-open range `[start, end)` of UTF-16 code units in the query text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * The comparison operators of TQL, spelled as in the query text, in their canonical order: the
 * keys of `OPERATOR_FACTS` (src/schema/operator-facts.ts), where an operator is defined.
 */
export const OPERATORS: readonly Operator[] = Object.freeze(Object.keys(OPERATOR_FACTS) as Operator[]);

/**
 * One of the comparison operators: `EQ`, `NOT_EQ`, `LT`, `LTE`, `GT`, `GTE`, `LIKE`, `NOT_LIKE`,
 * `IN`, `NOT_IN`, and in the extended profile `STARTS_WITH`, `ENDS_WITH`.
 */
export type { Operator };

/** `object.property`, e.g. `agent.name`. */
export interface AttributeRef {
  readonly kind: 'Attribute';
  /** The part before the dot: the entity prefix (`agent`). */
  readonly entity: string;
  /** The part after the dot (`name`). */
  readonly property: string;
  readonly span: Span;
}

/** The operator of a predicate, where it was written. */
export interface OperatorRef {
  readonly kind: 'Operator';
  readonly name: Operator;
  readonly span: Span;
}

/**
 * A value as written: the text of a bare token or of a quoted string after unescaping.
 * Whether it was quoted does not matter, except for `null`, which is its own node.
 */
export interface TextValue {
  readonly kind: 'Text';
  readonly text: string;
  readonly span: Span;
}

/** The bare, unquoted word `null`. `"null"` is a `TextValue`. */
export interface NullValue {
  readonly kind: 'Null';
  readonly span: Span;
}

/** A value of a predicate: text (bare or quoted) or the bare word `null`. */
export type Value = TextValue | NullValue;

/** `attribute operator value[,value…]`. Lists are checked against the operator by the validator. */
export interface Predicate {
  readonly kind: 'Predicate';
  readonly attribute: AttributeRef;
  readonly operator: OperatorRef;
  readonly values: readonly [Value, ...Value[]];
  readonly span: Span;
}

/** `( … )`. */
export interface Group {
  readonly kind: 'Group';
  readonly expression: Expr;
  readonly span: Span;
}

/**
 * `NOT ( … )`: matches exactly the records that `expression` does not match. `NOT` applies only
 * to a parenthesized group, so the parentheses belong to this node: `expression` is what stands
 * inside them, and the span runs from `NOT` to the closing `)`.
 */
export interface Not {
  readonly kind: 'Not';
  readonly expression: Expr;
  readonly span: Span;
}

/** Operands that may stand next to `AND` without parentheses. */
export type Conjunct = Predicate | Group | Not;

/** Operands that may stand next to `OR` without parentheses. */
export type Disjunct = And | Conjunct;

/** `a AND b AND …`: two or more predicates or groups, all of which must hold. */
export interface And {
  readonly kind: 'And';
  readonly operands: readonly [Conjunct, Conjunct, ...Conjunct[]];
  readonly span: Span;
}

/** `a OR b OR …`: two or more operands, one of which must hold. `AND` binds tighter. */
export interface Or {
  readonly kind: 'Or';
  readonly operands: readonly [Disjunct, Disjunct, ...Disjunct[]];
  readonly span: Span;
}

/**
 * Any expression: what a query, a group or an operand of `AND`/`OR` holds.
 *
 * @example
 * ```ts
 * parse('agent.name EQ ada OR agent.role EQ Owner').expression.kind; // 'Or'
 * ```
 */
export type Expr = Or | And | Group | Not | Predicate;

/** The root: one expression and the text it was parsed from. */
export interface Query {
  readonly kind: 'Query';
  readonly expression: Expr;
  readonly text: string;
  readonly span: Span;
}

/** Every node of the syntax tree. */
export type Node = Query | Expr | AttributeRef | OperatorRef | Value;

/** The `kind` tag of each node: `'Query'`, `'Or'`, `'And'`, `'Group'`, `'Not'`, `'Predicate'`, `'Attribute'`, `'Operator'`, `'Text'`, `'Null'`. */
export type NodeKind = Node['kind'];
