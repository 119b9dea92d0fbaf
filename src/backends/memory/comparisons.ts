/**
 * One handler per TQL operator for the in-memory backend (docs/language.md, What a filter matches). Each operator
 * builds a value test for the attribute's source (a {@link ComparisonPlan}; `build.ts` makes its
 * closure). A `NOT_*` operator builds the same test as its positive operator with the answer
 * flipped, so the complement law holds on every record by construction, null, missing and
 * wrong-typed values included.
 */
import type { ComparisonHandlers } from '../backend.js';
import type { Attribute, AttributeType } from '../../schema/types.js';
import { TqlError } from '../../errors/tql-error.js';
import type { AnyComparison, Scalar } from '../../validate/validated-query.js';
import { likeMatcher } from './like.js';
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
      return test.matcher.kind === 'any' ? 4 : test.matcher.kind === 'regex' ? 24 : 40;
  }
}

/** `want`: true for "some value passes `test`", false for its exact complement. */
function planOf(c: AnyComparison, test: ValueTest, want: boolean): ComparisonPlan {
  return { kind: 'Comparison', comparison: c, test, want, cost: costOnSource(testCost(test), c.attribute.source) };
}

/** The JS type of each attribute type's values; keyed by type, so a new type does not compile without one. */
const VALUE_KINDS: { readonly [T in AttributeType]: (a: Attribute) => ValueKind | undefined } = {
  String: () => 'string',
  Timestamp: () => 'number',
  Boolean: () => 'boolean',
  // A string such as "18" in a record is no number (language rule 6): typeof decides.
  Number: () => 'number',
  ID: (a) => (a.id?.kind === 'integer' ? 'number' : a.id?.kind === 'prefixed' ? 'string' : undefined),
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

/** `EQ value` (`want` true) or `NOT_EQ value`; `EQ null` is the complement of "has a value". */
function equality(c: AnyComparison, value: unknown, want: boolean, ctx: CompileContext): ComparisonPlan {
  if (value === null) return planOf(c, { kind: 'present', valueKind: valueKind(c, ctx) }, !want);
  return planOf(c, { kind: 'equals', value: internalized(scalar(c, value, ctx)) }, want);
}

function range(c: AnyComparison, operator: RangeOperator, bound: unknown, ctx: CompileContext): ComparisonPlan {
  if (valueKind(c, ctx) !== 'number' || !Number.isFinite(bound)) {
    throw malformed(c, ctx, `${operator} needs a number on a number attribute`);
  }
  return planOf(c, { kind: 'range', operator, bound: bound as number }, true);
}

function like(c: AnyComparison, needle: unknown, want: boolean, ctx: CompileContext): ComparisonPlan {
  if (valueKind(c, ctx) !== 'string' || typeof needle !== 'string') {
    throw malformed(c, ctx, 'LIKE needs text on a text attribute');
  }
  return planOf(c, { kind: 'like', matcher: likeMatcher(needle) }, want);
}

function oneOf(c: AnyComparison, list: unknown, want: boolean, ctx: CompileContext): ComparisonPlan {
  if (!Array.isArray(list)) throw malformed(c, ctx, 'IN needs a list');
  // The kind once for the list: a long list would look it up for every value.
  const kind = valueKind(c, ctx);
  const values = list.map((v: unknown) => scalarOf(c, v, kind, ctx));
  const test: ValueTest =
    values.length <= FEW_VALUES
      ? { kind: 'oneOfFew', values: values.map(internalized) }
      : { kind: 'oneOfSet', values: new Set(values) };
  return planOf(c, test, want);
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
};
