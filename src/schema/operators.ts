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
};

/** Operators that take a comma-separated list. */
export const LIST_OPERATORS: ReadonlySet<Operator> = new Set<Operator>(['IN', 'NOT_IN']);

/** Operators that accept `null` as their value. */
export const NULL_OPERATORS: ReadonlySet<Operator> = new Set<Operator>(['EQ', 'NOT_EQ']);

/** Operators in their canonical order. */
export function sortOperators(ops: Iterable<Operator>): Operator[] {
  const set = new Set(ops);
  return OPERATORS.filter((o) => set.has(o));
}
