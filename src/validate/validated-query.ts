/**
 * A query checked against an entity: the only input backends accept. Values are typed and
 * normalized (timestamps as integer Unix seconds, booleans, integer ids as numbers, psa_b ticket
 * numbers without their `#`), groups are gone and nested `AND`/`OR` are flattened; `NOT ( … )`
 * stays, as a `Not` around its operand.
 */
import type { Span } from '../ast/nodes.js';
import type { Attribute, Entity } from '../schema/types.js';
import type { ComparedOperator } from '../schema/operator-facts.js';

/** A typed value: text, an integer id or timestamp, or a boolean. */
export type Scalar = string | number | boolean;

/**
 * The value each operator carries after validation. `Comparison` indexes it by operator, so a new
 * operator does not compile until its value is decided here.
 */
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
  STARTS_WITH: string;
  ENDS_WITH: string;
}

/** One predicate with operator `Op`. */
export interface Comparison<Op extends ComparedOperator = ComparedOperator> {
  readonly kind: 'Comparison';
  readonly operator: Op;
  readonly attribute: Attribute;
  readonly value: OperatorValue[Op];
  /**
   * Set when the value was written relative to the clock (`now-7d`, a Timestamp): `value` is then
   * the offset in seconds (-604800), not an instant. Every compile function resolves it with its
   * own clock before a backend sees it (`compileValidated`), so a cached query never freezes `now`.
   */
  readonly fromNow?: true;
  /** Where the predicate is in the query text. */
  readonly span: Span;
}

/** Any predicate: a union discriminated by `operator`. */
export type AnyComparison = { [Op in ComparedOperator]: Comparison<Op> }[ComparedOperator];

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
 * `NOT ( … )`: matches exactly the records its operand does not match (two-valued: a record
 * with a null or missing attribute that the operand does not match matches the negation).
 */
export interface NotCondition {
  readonly kind: 'Not';
  readonly operand: Condition;
  /** Where `NOT ( … )` is in the query text. */
  readonly span: Span;
}

/**
 * The condition tree a backend compiles: comparisons joined by `And`, `Or` and `Not`, without groups.
 * Walk it with `foldCondition` (from `tql/backend`).
 *
 * @example
 * ```ts
 * check('agent.name EQ ada AND (agent.role EQ Owner OR agent.role EQ User)', schedulingSchema, 'agent').condition;
 * // { kind: 'And', operands: [{ kind: 'Comparison', operator: 'EQ', value: 'ada', … },
 * //                           { kind: 'Or', operands: [ … ] }] }
 * ```
 */
export type Condition = AnyComparison | AndCondition | OrCondition | NotCondition;

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

/**
 * What `validate` makes at run time: the fields of a {@link ValidatedQuery} and one private slot
 * in which backends keep what they compiled from it. Compiling the query object that `check`
 * hands out again from its cache then costs one read, and the compiled form lives exactly as
 * long as the query. (A `WeakMap` by query cost about 0.7 µs per new key on the machine of
 * docs/performance.md; a strong cache keeps queries alive and makes the collector copy them.)
 * The slot is private: it is not a key, not copied by a spread, and invisible to `JSON` and
 * deep equality.
 */
class ValidatedQueryObject {
  readonly kind: 'ValidatedQuery';
  readonly entity: Entity;
  readonly condition: Condition;
  readonly text: string;
  // One slot: only the in-memory backend keeps anything today. Two fields instead of a Map,
  // which would cost more to make than the whole rest of the query object.
  #keptBy: string | undefined;
  #kept: unknown;
  /** Whether a comparison holds a relative time, so compiling one without needs no walk. */
  readonly #fromNow: boolean;

  constructor(entity: Entity, condition: Condition, text: string, fromNow: boolean) {
    // Assigned in the order of a plain object's keys: kind, entity, condition, text.
    this.kind = 'ValidatedQuery';
    this.entity = entity;
    this.condition = condition;
    this.text = text;
    this.#fromNow = fromNow;
  }

  static fromNow(query: unknown): boolean | undefined {
    return madeByValidate(query) ? (query as ValidatedQueryObject).#fromNow : undefined;
  }

  static compiled(query: unknown, backend: string): unknown {
    return madeByValidate(query) && (query as ValidatedQueryObject).#keptBy === backend ? (query as ValidatedQueryObject).#kept : undefined;
  }

  static remember(query: unknown, backend: string, value: unknown): void {
    if (!(query instanceof ValidatedQueryObject)) return;
    query.#keptBy = backend;
    query.#kept = value;
  }
}

/**
 * A validated query of `entity`. Only `validate` calls this, after checking everything.
 *
 * @example
 * ```ts
 * validatedQuery(entity, { kind: 'And', operands: [...] }, 'agent.name EQ ada AND …');
 * validatedQuery(entity, { kind: 'Comparison', operator: 'GTE', value: -604800, fromNow: true, … }, '… GTE now-7d', true);
 * ```
 */
export function validatedQuery(entity: Entity, condition: Condition, text: string, fromNow = false): ValidatedQuery {
  return new ValidatedQueryObject(entity, condition, text, fromNow) as unknown as ValidatedQuery;
}

/**
 * Whether a query `validate` made holds a relative time (`now-7d`); undefined for anything else
 * (a copy), whose condition must be walked to know.
 *
 * @example
 * ```ts
 * holdsRelativeTime(check('agent.created_at GTE now-7d', schedulingSchema, 'agent')); // true
 * ```
 */
export function holdsRelativeTime(query: unknown): boolean | undefined {
  return ValidatedQueryObject.fromNow(query);
}

/**
 * What `backend` compiled from this query object and kept with {@link rememberCompiled}, if
 * anything. Queries not made by `validate` (copies, parsed JSON) never have anything kept.
 *
 * @example
 * ```ts
 * compiledFor(query, 'memory') ?? rememberCompiled(query, 'memory', compile(query));
 * ```
 */
export function compiledFor(query: ValidatedQuery, backend: string): unknown {
  return ValidatedQueryObject.compiled(query, backend);
}

/**
 * Keeps `value` with the query for {@link compiledFor}, and returns it. A query keeps one
 * backend's output: keeping another's replaces it.
 *
 * @example
 * ```ts
 * const predicate = rememberCompiled(query, 'memory', compileFresh(query));
 * ```
 */
export function rememberCompiled<T>(query: ValidatedQuery, backend: string, value: T): T {
  ValidatedQueryObject.remember(query, backend, value);
  return value;
}

/**
 * True for a query object that `validate` made (not a copy of one): its shape was right when it
 * was made, so a backend need not walk it again before compiling. Its fields are readonly; a
 * backend that trusts this still turns anything thrown by a query changed in place into a
 * `TqlError`.
 *
 * @example
 * ```ts
 * madeByValidate(check('agent.name EQ ada', schedulingSchema, 'agent')); // true
 * madeByValidate({ ...query }); // false
 * ```
 */
export function madeByValidate(query: unknown): boolean {
  try {
    return query instanceof ValidatedQueryObject;
  } catch {
    // A revoked proxy has no prototype to ask: not made by validate.
    return false;
  }
}
