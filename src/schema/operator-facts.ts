/**
 * The one definition of TQL's operators (docs/language.md, Operators): each spelling with its
 * facts. The spellings (`OPERATORS`, `Operator`), each type's default operators
 * (`DEFAULT_OPERATORS`), the grammar's operator rule and the TextMate grammar's
 * (scripts/write-operator-grammar.ts, run by `npm run generate`) all follow from this table, so
 * an operator is added here and then in each handler table the compiler names.
 */
import type { Extension } from '../parser/profiles.js';
import type { AttributeType } from './attribute-types.js';

/**
 * Where a case-insensitive text test looks for its value in the stored text (language rules 4
 * and 9): anywhere (`LIKE`), at the start (`STARTS_WITH`) or at the end (`ENDS_WITH`).
 */
export type TextPlace = 'anywhere' | 'start' | 'end';

/**
 * The index that serves an operator in SQL: an ordinary B-tree on the column (`btree`), a
 * B-tree on the lower-cased text that a `LIKE 'x%'` can use (`prefix`), a trigram index
 * (`trigram`, PostgreSQL's `pg_trgm`), or none (a negated text test reads every row anyway).
 */
export type IndexKind = 'btree' | 'prefix' | 'trigram' | 'none';

/** Whether a bound admits the value itself. */
export type Bound = 'strict' | 'inclusive';

/**
 * What the validator, the compilers and the tools need to know of an operator. `Op` is the
 * spellings the table holds, so that a `listForm` or `complement` can only name one of them.
 */
export interface OperatorFacts<Op extends string = Operator> {
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
  readonly listForm?: Op;
  /**
   * The operator that matches exactly the records this one does not, nulls and missing values
   * included (language rule 2), so `NOT (a EQ x)` can be written `a NOT_EQ x`. The order
   * operators have none: `NOT (a LT x)` also matches a record without a value, `a GTE x` does not.
   */
  readonly complement?: Op;
  /**
   * Set on a negated text test compiled as `NOT (a X v)`, X its `complement`: every backend's
   * exact complement of a condition serves it, so the validator writes it so and no backend
   * needs a handler of its own (`ComparedOperator` leaves it out). `NOT_EQ`, `NOT_LIKE` and
   * `NOT_IN` have handlers of their own, cheaper than the complement on every engine.
   */
  readonly byComplement?: true;
  /**
   * The bounds it puts on one value, for EQ and the order operators: `GT x` a strict lower
   * bound, `EQ x` an inclusive lower and upper one. Warnings find predicates no value meets.
   */
  readonly bounds?: { readonly lower?: Bound; readonly upper?: Bound };
  /**
   * The types whose attributes take it unless their definition narrows them: what
   * `DEFAULT_OPERATORS` lists for each type, in the table's order.
   */
  readonly takenBy: readonly AttributeType[];
  /** The index an SQL engine needs to serve it. */
  readonly index: IndexKind;
  /** The profile extension it is, when the `timezest` profile leaves it out. */
  readonly extension?: Extension;
  /** What it means, for hover: in the words of docs/language.md. */
  readonly meaning: string;
  /** A few words for a completion list. */
  readonly detail: string;
}

/** The table as written, checked so that a `listForm` or `complement` names one of its own keys. */
const operatorTable = <const Facts extends { readonly [Op in keyof Facts]: OperatorFacts<keyof Facts & string> }>(facts: Facts): Facts => facts;

/**
 * The table as written, its literal type the source of `Operator`; read it as
 * {@link OPERATOR_FACTS}, where each entry has the type {@link OperatorFacts}.
 */
const FACTS = operatorTable({
  EQ: {
    values: 'one',
    takesNull: true,
    compares: 'equality',
    negated: false,
    listForm: 'IN',
    complement: 'NOT_EQ',
    bounds: { lower: 'inclusive', upper: 'inclusive' },
    takenBy: ['ID', 'String', 'Timestamp', 'Boolean', 'Number'],
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
    takenBy: ['ID', 'String', 'Timestamp', 'Boolean', 'Number'],
    index: 'btree',
    meaning: 'does not equal the value, including records without one; NOT_EQ null: has a value',
    detail: 'does not equal, or has no value',
  },
  LT: { values: 'one', takesNull: false, compares: 'order', negated: false, bounds: { upper: 'strict' }, takenBy: ['Timestamp', 'Number'], index: 'btree', meaning: 'is less than the value', detail: 'less than' },
  LTE: { values: 'one', takesNull: false, compares: 'order', negated: false, bounds: { upper: 'inclusive' }, takenBy: ['Timestamp', 'Number'], index: 'btree', meaning: 'is less than or equal to the value', detail: 'at most' },
  GT: { values: 'one', takesNull: false, compares: 'order', negated: false, bounds: { lower: 'strict' }, takenBy: ['Timestamp', 'Number'], index: 'btree', meaning: 'is greater than the value', detail: 'greater than' },
  GTE: { values: 'one', takesNull: false, compares: 'order', negated: false, bounds: { lower: 'inclusive' }, takenBy: ['Timestamp', 'Number'], index: 'btree', meaning: 'is greater than or equal to the value', detail: 'at least' },
  LIKE: {
    values: 'one',
    takesNull: false,
    compares: 'text',
    place: 'anywhere',
    negated: false,
    complement: 'NOT_LIKE',
    takenBy: ['String'],
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
    takenBy: ['String'],
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
    takenBy: ['String', 'Number'],
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
    takenBy: ['String', 'Number'],
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
    takenBy: ['String'],
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
    takenBy: ['String'],
    index: 'trigram',
    extension: 'prefix_suffix',
    meaning: 'ends with the value, ignoring case; every character is literal',
    detail: 'ends with, ignoring case',
  },
});

/** One of the comparison operators, spelled as in the query text: a key of {@link OPERATOR_FACTS}. */
export type Operator = keyof typeof FACTS & string;

/**
 * The operators a validated comparison carries, and so the keys of every backend's handler
 * table: all but those compiled as the complement of another (`byComplement`).
 */
export type ComparedOperator = { [Op in Operator]: (typeof FACTS)[Op] extends { readonly byComplement: true } ? never : Op }[Operator];

/**
 * Every operator's facts, in one table keyed by operator, in the operators' canonical order: a
 * new operator does not compile until its facts are decided here, and every set of operators
 * follows from the table.
 *
 * @example
 * ```ts
 * OPERATOR_FACTS.NOT_IN.values; // 'list'
 * OPERATOR_FACTS.STARTS_WITH.place; // 'start'
 * ```
 */
export const OPERATOR_FACTS: { readonly [Op in Operator]: OperatorFacts } = FACTS;
