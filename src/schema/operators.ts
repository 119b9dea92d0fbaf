/**
 * What follows from the operator facts (operator-facts.ts, the one definition of an operator):
 * each type's default operators, and the sets of operators each layer asks about, so that every
 * layer reads facts instead of testing for an operator's name.
 */
import { OPERATORS, type Operator } from '../ast/nodes.js';
import type { Extension } from '../parser/profiles.js';
import { ATTRIBUTE_TYPES, type AttributeType } from './attribute-types.js';
import { OPERATOR_FACTS, type OperatorFacts, type TextPlace } from './operator-facts.js';

export { OPERATOR_FACTS, type Bound, type IndexKind, type OperatorFacts, type TextPlace } from './operator-facts.js';

/**
 * The operators an attribute of each type takes unless its definition narrows them: those whose
 * facts name the type in `takenBy`, in the operators' canonical order.
 *
 * @example
 * ```ts
 * DEFAULT_OPERATORS.Timestamp; // ['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE']
 * ```
 */
export const DEFAULT_OPERATORS: { readonly [T in AttributeType]: readonly Operator[] } = Object.freeze(
  Object.fromEntries(ATTRIBUTE_TYPES.map((t) => [t, Object.freeze(OPERATORS.filter((o) => OPERATOR_FACTS[o].takenBy.includes(t)))])) as { [T in AttributeType]: readonly Operator[] },
);

/**
 * The test of each place on a lower-cased text and needle: what `LIKE`, `STARTS_WITH` and
 * `ENDS_WITH` mean (language rules 4 and 9), for the checks of declared divergences.
 *
 * @example
 * ```ts
 * TEXT_PLACE_TESTS.start('johnson', 'jo'); // true
 * ```
 */
export const TEXT_PLACE_TESTS: { readonly [P in TextPlace]: (lowerText: string, lowerNeedle: string) => boolean } = {
  anywhere: (t, n) => t.includes(n),
  start: (t, n) => t.startsWith(n),
  end: (t, n) => t.endsWith(n),
};

const where = (test: (facts: OperatorFacts) => boolean): ReadonlySet<Operator> => new Set(OPERATORS.filter((o) => test(OPERATOR_FACTS[o])));

/** Operators that take a comma-separated list. */
export const LIST_OPERATORS: ReadonlySet<Operator> = where((f) => f.values === 'list');

/** Operators that accept `null` as their value. */
export const NULL_OPERATORS: ReadonlySet<Operator> = where((f) => f.takesNull);

/** Operators an ordinary (B-tree) index on the column serves: equality, lists and order. */
export const INDEXED_OPERATORS: ReadonlySet<Operator> = where((f) => f.index === 'btree');

/** The case-insensitive text tests: `LIKE`, `NOT_LIKE`, `STARTS_WITH`, `ENDS_WITH`. */
export const TEXT_OPERATORS: ReadonlySet<Operator> = where((f) => f.compares === 'text');

/** Operators in their canonical order. */
export function sortOperators(ops: Iterable<Operator>): Operator[] {
  const set = new Set(ops);
  return OPERATORS.filter((o) => set.has(o));
}

/**
 * The operators a profile can write, from `allows`: those of no extension, and those of the
 * extensions it allows.
 *
 * @example
 * ```ts
 * operatorsAllowed({ prefix_suffix: false }, ['EQ', 'STARTS_WITH']); // ['EQ']
 * ```
 */
export function operatorsAllowed(allows: { readonly [E in Extension]?: boolean }, ops: readonly Operator[]): Operator[] {
  return ops.filter((o) => {
    const e = OPERATOR_FACTS[o].extension;
    return e === undefined || allows[e] === true;
  });
}

/**
 * For a text test of a profile extension, the text test of none that finds the value anywhere,
 * with the same negation and number of values: what to offer where a profile leaves `op` out
 * (`LIKE` for `STARTS_WITH`, a wider test). Undefined for any other operator.
 *
 * @example
 * ```ts
 * operatorInPlaceOf('ENDS_WITH'); // 'LIKE'
 * ```
 */
export function operatorInPlaceOf(op: Operator): Operator | undefined {
  const facts = OPERATOR_FACTS[op];
  return OPERATORS.find((o) => {
    const other = OPERATOR_FACTS[o];
    return other.extension === undefined && other.compares === facts.compares && other.negated === facts.negated && other.values === facts.values && facts.place !== undefined && other.place === 'anywhere';
  });
}
