/**
 * The one source of what an operator is (docs/language.md, Operators): its spelling, the types
 * that take it, one value or a list, `null`, what it compares, the index it wants, the profile
 * that has it, and the words hover and completion show. Every table is keyed by operator or by
 * type, so a new operator or type does not compile until each fact is decided here, and every
 * layer reads these facts instead of testing for an operator's name.
 */
import { OPERATORS, type Operator } from '../ast/nodes.js';
import type { Extension } from '../parser/profiles.js';
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
  String: ['EQ', 'NOT_EQ', 'LIKE', 'NOT_LIKE', 'IN', 'NOT_IN', 'STARTS_WITH', 'ENDS_WITH'],
  Timestamp: ['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE'],
  Boolean: ['EQ', 'NOT_EQ'],
  Number: ['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE', 'IN', 'NOT_IN'],
};

/**
 * Where a case-insensitive text test looks for its value in the stored text (language rules 4
 * and 9): anywhere (`LIKE`), at the start (`STARTS_WITH`) or at the end (`ENDS_WITH`).
 */
export type TextPlace = 'anywhere' | 'start' | 'end';

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

/**
 * The index that serves an operator in SQL: an ordinary B-tree on the column (`btree`), a
 * B-tree on the lower-cased text that a `LIKE 'x%'` can use (`prefix`), a trigram index
 * (`trigram`, PostgreSQL's `pg_trgm`), or none (a negated text test reads every row anyway).
 */
export type IndexKind = 'btree' | 'prefix' | 'trigram' | 'none';

/** Whether a bound admits the value itself. */
export type Bound = 'strict' | 'inclusive';

/** What the validator, the compilers and the tools need to know of an operator. */
export interface OperatorFacts {
  /** `one` value, or a comma-separated `list`. */
  readonly values: 'one' | 'list';
  /** Whether `null` can be its value. */
  readonly takesNull: boolean;
  /**
   * What it compares: equality (of one value or any of a list), order, or `text`: a
   * case-insensitive test where every character of the value is literal (`LIKE` and kin).
   */
  readonly compares: 'equality' | 'order' | 'text';
  /** For a `text` test: where the value must stand in the stored text. */
  readonly place?: TextPlace;
  /** Whether it matches the records its positive form does not (`NOT_EQ`, `NOT_LIKE`, `NOT_IN`). */
  readonly negated: boolean;
  /** The operator that takes a list of the values this one takes one of (`EQ` → `IN`). */
  readonly listForm?: Operator;
  /**
   * The operator that matches exactly the records this one does not, nulls and missing values
   * included (language rule 2), so `NOT (a EQ x)` can be written `a NOT_EQ x`. The order
   * operators have none: `NOT (a LT x)` also matches a record without a value, `a GTE x` does not.
   */
  readonly complement?: Operator;
  /**
   * The bounds it puts on one value, for EQ and the order operators: `GT x` a strict lower
   * bound, `EQ x` an inclusive lower and upper one. Warnings find predicates no value meets.
   */
  readonly bounds?: { readonly lower?: Bound; readonly upper?: Bound };
  /** The index an SQL engine needs to serve it. */
  readonly index: IndexKind;
  /** The profile extension it is, when the `timezest` profile leaves it out. */
  readonly extension?: Extension;
  /** What it means, for hover: in the words of docs/language.md. */
  readonly meaning: string;
  /** A few words for a completion list. */
  readonly detail: string;
}

/**
 * Every operator's facts, in one table keyed by operator: a new operator does not compile until
 * its facts are decided here, and the sets below follow from the table.
 *
 * @example
 * ```ts
 * OPERATOR_FACTS.NOT_IN.values; // 'list'
 * OPERATOR_FACTS.STARTS_WITH.place; // 'start'
 * ```
 */
export const OPERATOR_FACTS: { readonly [Op in Operator]: OperatorFacts } = {
  EQ: {
    values: 'one',
    takesNull: true,
    compares: 'equality',
    negated: false,
    listForm: 'IN',
    complement: 'NOT_EQ',
    bounds: { lower: 'inclusive', upper: 'inclusive' },
    index: 'btree',
    meaning: 'equals the value; EQ null: has no value',
    detail: 'equals; EQ null: has no value',
  },
  NOT_EQ: {
    values: 'one',
    takesNull: true,
    compares: 'equality',
    negated: true,
    listForm: 'NOT_IN',
    complement: 'EQ',
    index: 'btree',
    meaning: 'does not equal the value, including records without one; NOT_EQ null: has a value',
    detail: 'does not equal, or has no value',
  },
  LT: { values: 'one', takesNull: false, compares: 'order', negated: false, bounds: { upper: 'strict' }, index: 'btree', meaning: 'is less than the value', detail: 'less than' },
  LTE: { values: 'one', takesNull: false, compares: 'order', negated: false, bounds: { upper: 'inclusive' }, index: 'btree', meaning: 'is less than or equal to the value', detail: 'at most' },
  GT: { values: 'one', takesNull: false, compares: 'order', negated: false, bounds: { lower: 'strict' }, index: 'btree', meaning: 'is greater than the value', detail: 'greater than' },
  GTE: { values: 'one', takesNull: false, compares: 'order', negated: false, bounds: { lower: 'inclusive' }, index: 'btree', meaning: 'is greater than or equal to the value', detail: 'at least' },
  LIKE: {
    values: 'one',
    takesNull: false,
    compares: 'text',
    place: 'anywhere',
    negated: false,
    complement: 'NOT_LIKE',
    index: 'trigram',
    meaning: 'contains the value as a substring, ignoring case; % and _ are literal characters',
    detail: 'contains, ignoring case',
  },
  NOT_LIKE: {
    values: 'one',
    takesNull: false,
    compares: 'text',
    place: 'anywhere',
    negated: true,
    complement: 'LIKE',
    index: 'none',
    meaning: 'does not contain the value (ignoring case), including records without a value',
    detail: 'does not contain (ignoring case), or has no value',
  },
  IN: {
    values: 'list',
    takesNull: false,
    compares: 'equality',
    negated: false,
    complement: 'NOT_IN',
    index: 'btree',
    meaning: 'equals one of a comma-separated list of values',
    detail: 'equals one of a list',
  },
  NOT_IN: {
    values: 'list',
    takesNull: false,
    compares: 'equality',
    negated: true,
    complement: 'IN',
    index: 'btree',
    meaning: 'equals none of a comma-separated list of values, including records without a value',
    detail: 'equals none of a list, or has no value',
  },
  STARTS_WITH: {
    values: 'one',
    takesNull: false,
    compares: 'text',
    place: 'start',
    negated: false,
    index: 'prefix',
    extension: 'prefix_suffix',
    meaning: 'begins with the value, ignoring case; every character is literal',
    detail: 'begins with, ignoring case',
  },
  ENDS_WITH: {
    values: 'one',
    takesNull: false,
    compares: 'text',
    place: 'end',
    negated: false,
    index: 'trigram',
    extension: 'prefix_suffix',
    meaning: 'ends with the value, ignoring case; every character is literal',
    detail: 'ends with, ignoring case',
  },
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
