/**
 * Which operators each attribute type takes (docs/language.md, Types). The table is keyed by
 * every type, so adding a type does not compile until its operators are decided.
 */
import { OPERATORS, type Operator } from '../ast/nodes.js';
import type { AttributeType } from './types.js';

/**
 * The operators an attribute of each type takes unless its definition narrows them.
 *
 * @example
 * ```ts
 * DEFAULT_OPERATORS.Timestamp; // ['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE']
 * ```
 */
export const DEFAULT_OPERATORS: { readonly [T in AttributeType]: readonly Operator[] } = {
  ID: ['EQ', 'NOT_EQ'],
  String: ['EQ', 'NOT_EQ', 'LIKE', 'NOT_LIKE', 'IN', 'NOT_IN'],
  Timestamp: ['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE'],
  Boolean: ['EQ', 'NOT_EQ'],
  Number: ['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE', 'IN', 'NOT_IN'],
};

/** What the validator, the compilers and the tools need to know of an operator. */
export interface OperatorFacts {
  /** `one` value, or a comma-separated `list`. */
  readonly values: 'one' | 'list';
  /** Whether `null` can be its value. */
  readonly takesNull: boolean;
  /** What it compares: equality (of one value or any of a list), order, or a substring. */
  readonly compares: 'equality' | 'order' | 'substring';
  /** The operator that takes a list of the values this one takes one of (`EQ` → `IN`). */
  readonly listForm?: Operator;
  /**
   * The operator that matches exactly the records this one does not, nulls and missing values
   * included (language rule 2), so `NOT (a EQ x)` can be written `a NOT_EQ x`. The order
   * operators have none: `NOT (a LT x)` also matches a record without a value, `a GTE x` does not.
   */
  readonly complement?: Operator;
}

/**
 * Every operator's facts, in one table keyed by operator: a new operator does not compile until
 * its facts are decided here, and the sets below follow from the table.
 *
 * @example
 * ```ts
 * OPERATOR_FACTS.NOT_IN.values; // 'list'
 * ```
 */
export const OPERATOR_FACTS: { readonly [Op in Operator]: OperatorFacts } = {
  EQ: { values: 'one', takesNull: true, compares: 'equality', listForm: 'IN', complement: 'NOT_EQ' },
  NOT_EQ: { values: 'one', takesNull: true, compares: 'equality', listForm: 'NOT_IN', complement: 'EQ' },
  LT: { values: 'one', takesNull: false, compares: 'order' },
  LTE: { values: 'one', takesNull: false, compares: 'order' },
  GT: { values: 'one', takesNull: false, compares: 'order' },
  GTE: { values: 'one', takesNull: false, compares: 'order' },
  LIKE: { values: 'one', takesNull: false, compares: 'substring', complement: 'NOT_LIKE' },
  NOT_LIKE: { values: 'one', takesNull: false, compares: 'substring', complement: 'LIKE' },
  IN: { values: 'list', takesNull: false, compares: 'equality', complement: 'NOT_IN' },
  NOT_IN: { values: 'list', takesNull: false, compares: 'equality', complement: 'IN' },
};

const where = (test: (facts: OperatorFacts) => boolean): ReadonlySet<Operator> => new Set(OPERATORS.filter((o) => test(OPERATOR_FACTS[o])));

/** Operators that take a comma-separated list. */
export const LIST_OPERATORS: ReadonlySet<Operator> = where((f) => f.values === 'list');

/** Operators that accept `null` as their value. */
export const NULL_OPERATORS: ReadonlySet<Operator> = where((f) => f.takesNull);

/** Operators an ordinary (B-tree) index serves: equality, lists and order, not substrings. */
export const INDEXED_OPERATORS: ReadonlySet<Operator> = where((f) => f.compares !== 'substring');

/** Operators in their canonical order. */
export function sortOperators(ops: Iterable<Operator>): Operator[] {
  const set = new Set(ops);
  return OPERATORS.filter((o) => set.has(o));
}
