/**
 * The MongoDB backend: a validated query becomes one filter document over API-shaped records,
 * with the semantics of docs/language.md (What a filter matches), and the in-memory backend's answers.
 *
 * - Each negative operator is `$nor` of its positive filter, the exact complement for every
 *   document, so `NOT_EQ` matches null, missing and wrong-typed values (rule 2); `NOT ( … )` is
 *   `$nor` of its operand's filter, for the same reason (rule 8).
 * - `EQ null` is the complement of "a value of the attribute's type is present".
 * - LIKE is a `$regex` made only from the escaped, case-expanded literal (`like-pattern.ts`).
 * - Values only ever stand where MongoDB reads a value; field names come from the schema.
 */
import { TqlError } from '../../errors/tql-error.js';
import type { Attribute } from '../../schema/types.js';
import { readSteps, storedForms as readForms } from '../../schema/stored-form.js';
import { TYPE_FACTS } from '../../schema/type-facts.js';
import type { Comparison, Scalar, ValidatedQuery } from '../../validate/validated-query.js';
import type { Operator } from '../../ast/nodes.js';
import type { Backend, ComparisonHandlers } from '../backend.js';
import { foldCondition } from '../backend.js';
import { compileValidated } from '../compile-validated.js';
import type { Clock } from '../../validate/relative-time.js';
import { scopeEntries, type Scope } from '../scope.js';
import { FINITE, valuePresent, whereAnyValue, whereValue, type QuerySpan, type ValueCondition } from './attribute-filter.js';
import { allOf, anyOf, noneOf, type MongoFilter } from './filter.js';
import { affixIgnoringCase, afterPrefix, containsIgnoringCase, equalIgnoringCase } from './like-pattern.js';
import { ALL_INSTANTS, SECONDS_RANGE, wholeSeconds, type OrderingOperator } from './seconds-range.js';
import { instantIn } from './timestamp-filter.js';


/**
 * The stored texts equal to a value once read as the source declares (stored-form.ts). The
 * validator has read the query's value the same way, so with a prefix `1234` stands for `1234`
 * and `#1234`, and `#77` (written `##77`) only for `##77`.
 */
function storedForms(attribute: Attribute, values: readonly Scalar[]): Scalar[] {
  const steps = readSteps(attribute.source);
  if (steps === undefined) return [...values];
  return [...new Set(values.flatMap((v): Scalar[] => (typeof v === 'string' ? readForms(v, steps) : [v])))];
}

function equalTo(attribute: Attribute, value: Scalar): ValueCondition {
  const forms = storedForms(attribute, [value]);
  return forms.length === 1 ? { $eq: forms[0]! } : { $in: forms };
}

/**
 * A stored text equal to one of `forms` (lower case) once lower-cased: each letter stands for
 * every character that lowercases to it, so `0B5C…` and `0b5c…` both match a uuid, and
 * `ADA@example.com` the e-mail `ada@example.com`. Anchored at both ends (like-pattern.ts).
 */
function sameIgnoringCase(forms: readonly string[], site: QuerySpan): ValueCondition {
  return textPattern(equalIgnoringCase(forms), 'EQ', site);
}

/** Documents where the attribute equals `value`: for timestamps its second, for uuids and sources that ignore case in any case. */
function whereEqual(c: { readonly attribute: Attribute; readonly value: Scalar }, site: QuerySpan): MongoFilter {
  if (TYPE_FACTS[c.attribute.type].instants) return instantIn(c.attribute, [SECONDS_RANGE.EQ(c.value as number)], site);
  return whereIn(c.attribute, [c.value], site);
}

/** Documents where the attribute equals one of `values` (as {@link whereEqual}). */
function whereIn(attribute: Attribute, values: readonly Scalar[], site: QuerySpan): MongoFilter {
  if (TYPE_FACTS[attribute.type].instants) return instantIn(attribute, wholeSeconds(values as readonly number[]), site);
  const steps = readSteps(attribute.source);
  // A uuid and a source that ignores case compare lower-cased: an anchored pattern per value.
  if (attribute.id?.kind === 'uuid' || steps?.ignoreCase === true) {
    const each = [...new Set(values)].map((v): ValueCondition => (typeof v !== 'string' ? { $eq: v } : sameIgnoringCase(steps === undefined ? [v] : readForms(v, steps), site)));
    return whereAnyValue(attribute, each, site);
  }
  return whereValue(attribute, values.length === 1 ? equalTo(attribute, values[0]!) : { $in: storedForms(attribute, values) }, site);
}

/** Documents where the attribute has a value (a valid instant, for timestamps): what `NOT_EQ null` selects. */
function present(attribute: Attribute, site: QuerySpan): MongoFilter {
  return TYPE_FACTS[attribute.type].instants ? instantIn(attribute, [ALL_INSTANTS], site) : valuePresent(attribute, site);
}

/**
 * `LT`, `LTE`, `GT`, `GTE`: timestamps by their whole second, in their storage; numbers as
 * numbers, the open side closed at the largest finite double so that only finite numbers match
 * (see FINITE).
 */
function ordered(op: Exclude<OrderingOperator, 'EQ'>, c: { readonly attribute: Attribute; readonly value: number }, site: QuerySpan): MongoFilter {
  if (TYPE_FACTS[c.attribute.type].instants) return instantIn(c.attribute, [SECONDS_RANGE[op](c.value)], site);
  return whereValue(c.attribute, NUMBER_RANGE[op](c.value), site);
}

const NUMBER_RANGE: { readonly [Op in Exclude<OrderingOperator, 'EQ'>]: (n: number) => ValueCondition } = {
  LT: (n) => ({ $gt: FINITE.$gt, $lt: n }),
  LTE: (n) => ({ $gt: FINITE.$gt, $lte: n }),
  GT: (n) => ({ $gt: n, $lt: FINITE.$lt }),
  GTE: (n) => ({ $gte: n, $lt: FINITE.$lt }),
};

/**
 * MongoDB refuses a `$regex` pattern longer than this many bytes ("pattern string is longer than
 * the limit set by the application", error 51091). V8, which runs the pattern in mingo, refuses
 * only longer ones.
 */
export const MAX_MONGO_PATTERN_BYTES = 16_384;

const UTF8 = new TextEncoder();

function contains(attribute: Attribute, needle: string, site: QuerySpan): ValueCondition {
  const pattern = containsIgnoringCase(needle);
  const steps = readSteps(attribute.source);
  return textPattern(steps?.prefix === undefined ? pattern : afterPrefix(steps.prefix, pattern, undefined, steps.ignoreCase), 'LIKE', site);
}

/** STARTS_WITH (`start`) and ENDS_WITH (`end`): an anchored pattern of the escaped needle. */
function affix(c: Comparison<'STARTS_WITH' | 'ENDS_WITH'>, place: 'start' | 'end', site: QuerySpan): ValueCondition {
  const steps = readSteps(c.attribute.source);
  return textPattern(affixIgnoringCase(c.value, place, steps?.prefix, steps?.ignoreCase), c.operator, site);
}

/** `{ $regex: source }`, unless the source is longer than MongoDB takes. */
function textPattern(source: string, operator: Operator, site: QuerySpan): ValueCondition {
  // Each letter becomes a class of its cases: up to 13 bytes a character (İ), so no value within
  // the default 1,024 characters gets here (compile-mongo.test.ts).
  const bytes = UTF8.encode(source).length;
  if (bytes > MAX_MONGO_PATTERN_BYTES) {
    throw TqlError.of(site.text, {
      code: 'unsupported',
      message:
        `This ${operator} value makes a MongoDB pattern of ${bytes} bytes, and MongoDB takes at most ${MAX_MONGO_PATTERN_BYTES}: ` +
        'shorten it (letters cost a class of their cases each; digits and punctuation one character).',
      span: site.span,
    });
  }
  return { $regex: source };
}

/** The query text, for errors that point into it. */
interface QueryText {
  readonly text: string;
}

function at(ctx: QueryText, c: { readonly span: QuerySpan['span'] }): QuerySpan {
  return { text: ctx.text, span: c.span };
}

/** One handler per operator: a missing operator does not compile. */
const COMPARISONS: ComparisonHandlers<MongoFilter, QueryText> = {
  EQ: (c, ctx) => (c.value === null ? noneOf(present(c.attribute, at(ctx, c))) : whereEqual({ attribute: c.attribute, value: c.value }, at(ctx, c))),
  NOT_EQ: (c, ctx) =>
    c.value === null ? present(c.attribute, at(ctx, c)) : noneOf(whereEqual({ attribute: c.attribute, value: c.value }, at(ctx, c))),
  LT: (c, ctx) => ordered('LT', c, at(ctx, c)),
  LTE: (c, ctx) => ordered('LTE', c, at(ctx, c)),
  GT: (c, ctx) => ordered('GT', c, at(ctx, c)),
  GTE: (c, ctx) => ordered('GTE', c, at(ctx, c)),
  LIKE: (c, ctx) => whereValue(c.attribute, contains(c.attribute, c.value, at(ctx, c)), at(ctx, c)),
  NOT_LIKE: (c, ctx) => noneOf(whereValue(c.attribute, contains(c.attribute, c.value, at(ctx, c)), at(ctx, c))),
  IN: (c, ctx) => whereIn(c.attribute, c.value, at(ctx, c)),
  NOT_IN: (c, ctx) => noneOf(whereIn(c.attribute, c.value, at(ctx, c))),
  STARTS_WITH: (c, ctx) => whereValue(c.attribute, affix(c, 'start', at(ctx, c)), at(ctx, c)),
  ENDS_WITH: (c, ctx) => whereValue(c.attribute, affix(c, 'end', at(ctx, c)), at(ctx, c)),
};

/** Options of {@link compileMongo}. */
export interface CompileMongoOptions {
  /**
   * Field equalities ANDed with the filter at the top of the document, outside it:
   * `{ $and: [{ tenant_id: { $eq: 'acme' } }, <filter>] }`. A shard key here sends the query
   * to one shard.
   */
  readonly scope?: Scope | undefined;
  /**
   * The clock that relative times (`now-7d`) are resolved against: Unix seconds, a `Date`, or a
   * function returning either (called once per compile). Default: the real clock.
   */
  readonly now?: Clock | undefined;
}

/**
 * `{ field: { $eq: value } }` for each field of the scope: plain equalities, which MongoDB uses to
 * pick the shard. Undefined without a scope.
 *
 * @example
 * ```ts
 * mongoScope({ tenant_id: 'acme' }); // { tenant_id: { $eq: 'acme' } }
 * ```
 */
export function mongoScope(scope: Scope | undefined): MongoFilter | undefined {
  const entries = scopeEntries(scope);
  // The fields are plain identifiers (checked), so assignment cannot reach a prototype.
  return entries === undefined ? undefined : Object.fromEntries(entries.map(({ field, value }) => [field, { $eq: value }]));
}

/**
 * Compiles a validated query to a MongoDB filter document over API-shaped records, for
 * `collection.find(filter)` or a `$match` stage, as it is.
 *
 * @example
 * ```ts
 * import { check } from 'tql';
 * import { schedulingSchema } from 'tql/scheduling';
 * import { compileMongo } from 'tql/mongo';
 *
 * compileMongo(check('agent.name LIKE jo AND agent.url_slug NOT_EQ null', schedulingSchema, 'agent'));
 * // { $and: [
 * //   { name: { $not: { $type: 'array' }, $regex: '[jJ][oO]' } },
 * //   { url_slug: { $not: { $type: 'array' }, $type: 'string' } },
 * // ] }
 *
 * // A server-side scope (a tenant, a shard key) that no filter escapes:
 * compileMongo(check('agent.role EQ User', schedulingSchema, 'agent'), { scope: { tenant_id: 'acme' } });
 * // { $and: [{ tenant_id: { $eq: 'acme' } }, { role: { $not: { $type: 'array' }, $eq: 'User' } }] }
 * ```
 */
export function compileMongo(query: ValidatedQuery, options: CompileMongoOptions = {}): MongoFilter {
  return compileValidated(query, 'compileMongo', (q) => {
    const scope = mongoScope(typeof options === 'object' && options !== null ? options.scope : undefined);
    const filter = foldCondition(q.condition, { And: allOf, Or: anyOf, Not: noneOf, comparisons: COMPARISONS }, { text: q.text });
    // The scope first, then the whole filter as one operand: no $or of the filter can reach around it.
    return scope === undefined ? filter : { $and: [scope, filter] };
  }, typeof options === 'object' && options !== null ? options.now : undefined);
}

/**
 * The Mongo backend as a {@link Backend}.
 *
 * @example
 * ```ts
 * const filter = mongoBackend.compile(query);
 * const docs = await db.collection('agents').find(filter).toArray();
 * ```
 */
export const mongoBackend: Backend<MongoFilter> = {
  name: 'mongo',
  compile: (query) => compileMongo(query),
};
