/**
 * A query checked against an entity: the only input backends accept. Values are typed and
 * normalized (timestamps as integer Unix seconds, booleans, integer ids as numbers, psa_b ticket
 * numbers without their `#`), groups are gone and nested `AND`/`OR` are flattened.
 */
import type { Operator, Span } from '../ast/nodes.js';
import type { Attribute, Entity } from '../schema/types.js';

/** A typed value: text, an integer id or timestamp, or a boolean. */
export type Scalar = string | number | boolean;

/** The value each operator carries after validation. */
export interface OperatorValue {
  EQ: Scalar | null;
  NOT_EQ: Scalar | null;
  LT: number;
  LTE: number;
  GT: number;
  GTE: number;
  LIKE: string;
  NOT_LIKE: string;
  IN: readonly Scalar[];
  NOT_IN: readonly Scalar[];
}

/** One predicate with operator `Op`. */
export interface Comparison<Op extends Operator = Operator> {
  readonly kind: 'Comparison';
  readonly operator: Op;
  readonly attribute: Attribute;
  readonly value: OperatorValue[Op];
  /** Where the predicate is in the query text. */
  readonly span: Span;
}

/** Any predicate: a union discriminated by `operator`. */
export type AnyComparison = { [Op in Operator]: Comparison<Op> }[Operator];

/** All operands must hold. Nested `AND`s are flattened into one. */
export interface AndCondition {
  readonly kind: 'And';
  readonly operands: readonly Condition[];
}

/** One operand must hold. Nested `OR`s are flattened into one. */
export interface OrCondition {
  readonly kind: 'Or';
  readonly operands: readonly Condition[];
}

/**
 * The condition tree a backend compiles: comparisons joined by `And` and `Or`, without groups.
 * Walk it with {@link foldCondition}.
 *
 * @example
 * ```ts
 * check('agent.name EQ ada AND (agent.role EQ Owner OR agent.role EQ User)', schedulingSchema, 'agent').condition;
 * // { kind: 'And', operands: [{ kind: 'Comparison', operator: 'EQ', value: 'ada', … },
 * //                           { kind: 'Or', operands: [ … ] }] }
 * ```
 */
export type Condition = AnyComparison | AndCondition | OrCondition;

declare const validated: unique symbol;

/** The output of `validate` / `check`. Only they make one, so a backend never sees raw input. */
export interface ValidatedQuery {
  readonly kind: 'ValidatedQuery';
  readonly entity: Entity;
  readonly condition: Condition;
  /** The query text it came from. */
  readonly text: string;
  readonly [validated]: true;
}
