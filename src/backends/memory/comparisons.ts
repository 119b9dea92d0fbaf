/**
 * One handler per TQL operator for the in-memory backend (docs/language.md, What a filter matches). Each operator
 * builds a value test for the attribute's source (a {@link ComparisonPlan}; `build.ts` makes its
 * closure). A `NOT_*` operator builds the same test as its positive operator with the answer
 * flipped, so the complement law holds on every record by construction, null, missing and
 * wrong-typed values included.
 */
import type { ComparisonHandlers } from '../backend.js';
import type { Attribute, AttributeType, IdKind, TimestampStorage, ValueStorage } from '../../schema/types.js';
import { holdsInstants } from '../../schema/type-facts.js';
import { asciiLowerCase } from './caseless.js';
import { TqlError } from '../../errors/tql-error.js';
import type { AnyComparison, Scalar } from '../../validate/validated-query.js';
import { affixMatcher, likeMatcher, type LikeMatcher } from './like.js';
import type { ComparisonPlan } from './plan.js';
import { costOnSource } from './sources.js';
import { FEW_VALUES, internalized, type RangeOperator, type ValueKind, type ValueTest } from './value-test.js';

export interface CompileContext {
  /** The query text, for error messages. */
  readonly text: string;
}

/**
 * Relative cost of each test on a plain field, in quarters of an equality test (a LIKE allocates
 * or scans; a lookup hashes). Whole numbers on purpose: a fractional cost would make V8 change
 * the representation of every plan's `cost` field, and the compiler's own code deoptimize.
 */
function testCost(test: ValueTest): number {
  switch (test.kind) {
    case 'equals':
    case 'range':
    case 'present':
      return 4;
    case 'oneOfFew':
      return 4 + test.values.length;
    case 'oneOfSet':
      return 12;
    case 'like':
      return MATCHER_COSTS[test.matcher.kind];
    case 'instant':
      return INSTANT_COST[test.storage.kind];
    case 'caselessEquals':
      // A text compared but for case: after the plain comparisons, before any LIKE.
      return 16;
    case 'stored':
      return testCost(test.test) + STORED_COST[test.storage];
  }
}

/** Reading a stored value first: a comparison of a number, or a text matched and parsed. */
const STORED_COST: { readonly [K in ValueStorage]: number } = { zero_one: 4, decimal_text: 40 };

/** A regex scans the text; the others allocate a lower-cased copy of it first. */
const MATCHER_COSTS: { readonly [K in LikeMatcher['kind']]: number } = { any: 4, regex: 24, includes: 40, affix: 40 };

/** A number read is a plain range test; a Date is read through a call; a text is parsed. */
const INSTANT_COST: { readonly [K in TimestampStorage['kind']]: number } = {
  unix_seconds: 4,
  unix_milliseconds: 4,
  date: 8,
  iso_text: 40,
  iso_canonical: 12,
};

/** `positive`: true for "some value passes `test`", false for its exact complement. */
function planOf(c: AnyComparison, test: ValueTest, positive: boolean): ComparisonPlan {
  // A declared value storage is read first (1 → true, "9.99" → 9.99), then tested as the type's values are.
  const storage = c.attribute.valueStorage;
  const read: ValueTest = storage === undefined ? test : { kind: 'stored', storage, test };
  return { kind: 'Comparison', comparison: c, test: read, positive, cost: costOnSource(testCost(read), c.attribute.source) };
}

/** The JS type of each attribute type's values; keyed by type, so a new type does not compile without one. */
const VALUE_KINDS: { readonly [T in AttributeType]: (a: Attribute) => ValueKind | undefined } = {
  String: () => 'string',
  Timestamp: () => 'number',
  Boolean: () => 'boolean',
  // A string such as "18" in a record is no number (language rule 6): typeof decides.
  Number: () => 'number',
  ID: (a) => (a.id !== undefined && Object.hasOwn(ID_VALUE_KINDS, a.id.kind) ? ID_VALUE_KINDS[a.id.kind] : undefined),
};

/** The JS type of each id format's values. */
const ID_VALUE_KINDS: { readonly [K in IdKind]: ValueKind } = {
  prefixed: 'string',
  integer: 'number',
  uuid: 'string',
  text: 'string',
};

/** The JS type of the attribute's values, which the query's values must have too. */
function valueKind(c: AnyComparison, ctx: CompileContext): ValueKind {
  const a: Attribute = c.attribute;
  const kind = Object.hasOwn(VALUE_KINDS, a.type) ? VALUE_KINDS[a.type](a) : undefined;
  if (kind === undefined) throw malformed(c, ctx, `the attribute ${String(a.path)} has no usable type`);
  return kind;
}

function isKind(value: unknown, kind: ValueKind): value is Scalar {
  return kind === 'number' ? Number.isFinite(value) : typeof value === kind;
}

function scalar(c: AnyComparison, value: unknown, ctx: CompileContext): Scalar {
  return scalarOf(c, value, valueKind(c, ctx), ctx);
}

function scalarOf(c: AnyComparison, value: unknown, kind: ValueKind, ctx: CompileContext): Scalar {
  if (!isKind(value, kind)) throw malformed(c, ctx, `${JSON.stringify(value) ?? String(value)} is not a ${kind}`);
  return value;
}

function malformed(c: AnyComparison, ctx: CompileContext, why: string): TqlError {
  return TqlError.of(ctx.text, {
    code: 'invalid_input',
    message: `The in-memory backend got a malformed predicate (${why}). Build queries with check() or validate().`,
    span: c.span ?? { start: 0, end: 0 },
  });
}

/** `EQ value` (`positive` true) or `NOT_EQ value`; `EQ null` is the complement of "has a value". */
function equality(c: AnyComparison, value: unknown, positive: boolean, ctx: CompileContext): ComparisonPlan {
  const storage = c.attribute.storage;
  if (holdsInstants(c.attribute.type) && storage !== undefined) {
    return value === null ? instant(c, storage, -Infinity, Infinity, !positive) : instantFrom(c, storage, value, 0, 1, positive, ctx);
  }
  if (value === null) return planOf(c, { kind: 'present', valueKind: valueKind(c, ctx) }, !positive);
  // Uuids compare canonically; the validator gave the lower-case form, which is made sure of here.
  if (c.attribute.id?.kind === 'uuid') return planOf(c, { kind: 'caselessEquals', value: asciiLowerCase(scalarOf(c, value, 'string', ctx) as string) }, positive);
  return planOf(c, { kind: 'equals', value: internalized(scalar(c, value, ctx)) }, positive);
}

/**
 * The window of whole seconds each order operator takes (`[t + from, t + to)`, docs/language.md
 * rule 6): a stored instant counts as its second floored, so `LTE t` is `x < t+1`.
 */
const ORDER_WINDOWS: { readonly [Op in RangeOperator]: readonly [from: number, to: number] } = {
  LT: [-Infinity, 0],
  LTE: [-Infinity, 1],
  GT: [1, Infinity],
  GTE: [0, Infinity],
};

/** `[t + from, t + to)` for a whole second `t`, as a test of the stored instant. */
function instantFrom(c: AnyComparison, storage: TimestampStorage, t: unknown, from: number, to: number, positive: boolean, ctx: CompileContext): ComparisonPlan {
  if (!Number.isSafeInteger(t)) throw malformed(c, ctx, `${JSON.stringify(t) ?? String(t)} is not a whole number of seconds`);
  return instant(c, storage, (t as number) + from, (t as number) + to, positive);
}

function instant(c: AnyComparison, storage: TimestampStorage, low: number, high: number, positive: boolean): ComparisonPlan {
  return planOf(c, { kind: 'instant', storage, low, high }, positive);
}

function range(c: AnyComparison, operator: RangeOperator, bound: unknown, ctx: CompileContext): ComparisonPlan {
  const storage = c.attribute.storage;
  if (holdsInstants(c.attribute.type) && storage !== undefined) {
    const [from, to] = ORDER_WINDOWS[operator];
    return instantFrom(c, storage, bound, from, to, true, ctx);
  }
  if (valueKind(c, ctx) !== 'number' || !Number.isFinite(bound)) {
    throw malformed(c, ctx, `${operator} needs a number on a number attribute`);
  }
  return planOf(c, { kind: 'range', operator, bound: bound as number }, true);
}

function like(c: AnyComparison, needle: unknown, positive: boolean, ctx: CompileContext): ComparisonPlan {
  return planOf(c, { kind: 'like', matcher: likeMatcher(textNeedle(c, needle, ctx)) }, positive);
}

/** STARTS_WITH (`start`) and ENDS_WITH (`end`): LIKE's test, anchored. */
function affix(c: AnyComparison, needle: unknown, place: 'start' | 'end', ctx: CompileContext): ComparisonPlan {
  return planOf(c, { kind: 'like', matcher: affixMatcher(textNeedle(c, needle, ctx), place) }, true);
}

function textNeedle(c: AnyComparison, needle: unknown, ctx: CompileContext): string {
  if (valueKind(c, ctx) !== 'string' || typeof needle !== 'string') {
    throw malformed(c, ctx, `${c.operator} needs text on a text attribute`);
  }
  return needle;
}

function oneOf(c: AnyComparison, list: unknown, positive: boolean, ctx: CompileContext): ComparisonPlan {
  if (!Array.isArray(list)) throw malformed(c, ctx, 'IN needs a list');
  // Neither compares by plain equality, and neither type takes a list (schema/operators.ts).
  if (holdsInstants(c.attribute.type) || c.attribute.id?.kind === 'uuid') throw malformed(c, ctx, `${c.attribute.path} takes no list`);
  // The kind once for the list: a long list would look it up for every value.
  const kind = valueKind(c, ctx);
  const values = list.map((v: unknown) => scalarOf(c, v, kind, ctx));
  const test: ValueTest =
    values.length <= FEW_VALUES
      ? { kind: 'oneOfFew', values: values.map(internalized) }
      : { kind: 'oneOfSet', values: new Set(values) };
  return planOf(c, test, positive);
}

/**
 * The operator table. Each handler checks that the value it was given has the JS type the
 * attribute's values have, so a hand-made query cannot make the backend compare apples with
 * pears.
 */
export const COMPARISONS: ComparisonHandlers<ComparisonPlan, CompileContext> = {
  EQ: (c, ctx) => equality(c, c.value, true, ctx),
  NOT_EQ: (c, ctx) => equality(c, c.value, false, ctx),
  LT: (c, ctx) => range(c, 'LT', c.value, ctx),
  LTE: (c, ctx) => range(c, 'LTE', c.value, ctx),
  GT: (c, ctx) => range(c, 'GT', c.value, ctx),
  GTE: (c, ctx) => range(c, 'GTE', c.value, ctx),
  LIKE: (c, ctx) => like(c, c.value, true, ctx),
  NOT_LIKE: (c, ctx) => like(c, c.value, false, ctx),
  IN: (c, ctx) => oneOf(c, c.value, true, ctx),
  NOT_IN: (c, ctx) => oneOf(c, c.value, false, ctx),
  STARTS_WITH: (c, ctx) => affix(c, c.value, 'start', ctx),
  ENDS_WITH: (c, ctx) => affix(c, c.value, 'end', ctx),
};
