/**
 * Where an attribute's value lives in a document (its `AttributeSource`), turned into filters:
 * "the value satisfies this condition" and "a value of the attribute's type is there".
 */
import type { Span } from '../../ast/nodes.js';
import { TqlError } from '../../errors/tql-error.js';
import type { Attribute, AttributeType, ValueStorage } from '../../schema/types.js';
import {
  allOf,
  anyOf,
  onFields,
  scalar,
  type MongoExpression,
  type MongoFilter,
  type MongoScalarCondition,
} from './filter.js';

/** The query text and the predicate's span, for an error about the schema's field names. */
export interface QuerySpan {
  readonly text: string;
  readonly span: Span;
}

/** A condition on the value itself, before the array guard is added. */
export type ValueCondition = Omit<MongoScalarCondition, '$not'>;

/**
 * Any finite number: MongoDB compares numbers only with numbers, and NaN is outside every strict
 * bound (below every number in MongoDB's order, unordered in mingo's). The bounds are the
 * largest doubles rather than ±Infinity, which `JSON.stringify` writes as `null` (a filter
 * printed as JSON, by the CLI or the playground, would match nothing); the price is that the
 * two numbers ±1.7976931348623157e308 themselves count as missing, a declared divergence.
 */
export const FINITE = { $gt: -Number.MAX_VALUE, $lt: Number.MAX_VALUE } as const satisfies ValueCondition;

/**
 * "A value of the attribute's type": a string, a boolean, or a finite number. Numbers are
 * bracketed instead of tested with `$type: 'number'`, which also takes NaN and ±Infinity; the
 * in-memory backend counts those as missing (`Number.isFinite`), and so does this one.
 */
const PRESENT: { readonly [T in AttributeType]: (a: Attribute) => ValueCondition } = {
  String: () => ({ $type: 'string' }),
  Timestamp: () => FINITE,
  Boolean: (a) => (a.valueStorage === 'zero_one' ? { $in: [0, 1] } : { $type: 'bool' }),
  Number: () => FINITE,
  ID: (a) => (a.id?.kind === 'integer' ? FINITE : { $type: 'string' }),
};

/** A field name MongoDB reads as a plain top-level field: no `$`, no `.`, nothing odd. */
const SAFE_FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Documents where the attribute has a value that satisfies `condition`. For a collection
 * attribute: some element of one of its arrays has the right `where` field (if the source has
 * one) and such a value; for an array of scalars, some element is such a value.
 *
 * @example
 * ```ts
 * whereValue(agentName, { $eq: 'Ada' }, site);
 * // { name: { $not: { $type: 'array' }, $eq: 'Ada' } }
 * ```
 */
export function whereValue(attribute: Attribute, stated: ValueCondition, site: QuerySpan): MongoFilter {
  const condition = storedCondition(attribute, stated, site);
  const key = (name: string) => fieldName(attribute, name, site);
  const source = attribute.source;
  switch (source.kind) {
    case 'field':
      return onFields([[key(source.field), scalar(condition)]]);
    case 'variant':
      return anyOf(
        Object.entries(source.fields).map(([tagValue, field]) =>
          onFields([
            [key(source.tag), scalar({ $eq: tagValue })],
            [key(field), scalar(condition)],
          ]),
        ),
      );
    case 'element': {
      const { where, value } = source;
      // An array of scalars: `$elemMatch` holds the condition on the element itself.
      if (value === undefined) return anyOf(source.arrays.map((array) => onFields([[key(array), { $elemMatch: scalar(condition) }]])));
      // Without a tag every element counts.
      const kinds: readonly (readonly [string, MongoScalarCondition])[] =
        where === undefined ? [] : [[key(where.field), scalar(where.oneOf.length === 1 ? { $eq: where.oneOf[0] } : { $in: [...where.oneOf] })]];
      const element = onFields([...kinds, [key(value), scalar(condition)]]);
      return anyOf(source.arrays.map((array) => onFields([[key(array), { $elemMatch: element }]])));
    }
  }
}

/**
 * Documents where the attribute has a value that satisfies one of `conditions` (none: no
 * document). For a collection attribute, some element satisfies one of them.
 *
 * @example
 * ```ts
 * whereAnyValue(createdAt, [{ $lt: 5 }, { $gte: 9, $lt: 10 }], site); // { $or: [{ created_at: … }, { created_at: … }] }
 * ```
 */
export function whereAnyValue(attribute: Attribute, conditions: readonly ValueCondition[], site: QuerySpan): MongoFilter {
  return anyOf(conditions.map((condition) => whereValue(attribute, condition, site)));
}

/**
 * Documents where the attribute has a value for which `test` (an aggregation expression over the
 * value's path: `'$created_at'`, `'$$element.at'`) is true, as `$expr`. For a collection
 * attribute the elements are visited by `$map`, since `$elemMatch` cannot hold an `$expr`; an
 * element counts only if its `where` field has one of the kinds, and an array field that is not
 * an array has no elements.
 *
 * @example
 * ```ts
 * whereExpression(createdAt, (v) => ({ $eq: [{ $type: v }, 'string'] }), site);
 * // { $expr: { $eq: [{ $type: '$created_at' }, 'string'] } }
 * ```
 */
export function whereExpression(attribute: Attribute, test: (value: string) => MongoExpression, site: QuerySpan): MongoFilter {
  // Paths from checked field names only: no `$`, no `.`, so nothing but the field is read.
  const path = (name: string) => `$${fieldName(attribute, name, site)}`;
  const source = attribute.source;
  switch (source.kind) {
    case 'field':
      return { $expr: test(path(source.field)) };
    case 'variant':
      return anyOf(
        Object.entries(source.fields).map(([tagValue, field]) =>
          allOf([onFields([[fieldName(attribute, source.tag, site), scalar({ $eq: tagValue })]]), { $expr: test(path(field)) }]),
        ),
      );
    case 'element': {
      const { where, value } = source;
      const element = (name: string | undefined) => (name === undefined ? '$$element' : `$$element.${fieldName(attribute, name, site)}`);
      // Without a tag every element counts; without a value field, the element itself is the value.
      const passes = test(element(value));
      const counts: MongoExpression = where === undefined ? passes : { $and: [{ $in: [element(where.field), { $literal: [...where.oneOf] }] }, passes] };
      return anyOf(
        source.arrays.map((array) => ({
          $expr: {
            $anyElementTrue: [
              {
                $map: {
                  input: { $cond: [{ $isArray: path(array) }, path(array), []] },
                  as: 'element',
                  in: counts,
                },
              },
            ],
          },
        })),
      );
    }
  }
}

/**
 * Documents where the attribute has a value of its type: what `NOT_EQ null` selects. A null,
 * a missing field, a value of another type and an array all count as no value.
 *
 * @example
 * ```ts
 * valuePresent(agentUrlSlug, site); // { url_slug: { $not: { $type: 'array' }, $type: 'string' } }
 * valuePresent(agentCreatedAt, site); // { created_at: { $not: { $type: 'array' }, $gt: -1.7976931348623157e+308, $lt: 1.7976931348623157e+308 } }
 * ```
 */
export function valuePresent(attribute: Attribute, site: QuerySpan): MongoFilter {
  return whereValue(attribute, PRESENT[attribute.type](attribute), site);
}

/**
 * What a declared value storage holds for the condition's values, one entry per storage:
 * `zero_one` compares 1 and 0 for true and false (a document holding `true` then has no value, as
 * in memory); `decimal_text` is refused, since MongoDB orders texts as texts.
 */
const STORED_CONDITIONS: { readonly [K in ValueStorage]: (condition: ValueCondition, attribute: Attribute, site: QuerySpan) => ValueCondition } = {
  zero_one: (condition) => {
    const bit = (v: unknown) => (v === true ? 1 : v === false ? 0 : v);
    const mapped: Record<string, unknown> = {};
    for (const [op, v] of Object.entries(condition)) mapped[op] = Array.isArray(v) ? v.map(bit) : bit(v);
    return mapped as ValueCondition;
  },
  decimal_text: (_, attribute, site) => {
    throw TqlError.of(site.text, {
      code: 'unsupported',
      message:
        `${attribute.path} holds decimal text (storage "decimal_text"), which MongoDB compares as text, not by value: ` +
        'store the number as a number (a double or Decimal128) in MongoDB and drop the storage from the schema.',
      span: site.span,
    });
  },
};

function storedCondition(attribute: Attribute, condition: ValueCondition, site: QuerySpan): ValueCondition {
  const storage = attribute.valueStorage;
  return storage === undefined ? condition : STORED_CONDITIONS[storage](condition, attribute, site);
}

function fieldName(attribute: Attribute, name: string, site: QuerySpan): string {
  if (SAFE_FIELD.test(name)) return name;
  throw TqlError.of(site.text, {
    code: 'unsupported',
    message:
      `The schema maps ${attribute.path} to the MongoDB field ${JSON.stringify(name)}, which the Mongo backend does not ` +
      'use: name fields with letters, digits and underscores (not starting with a digit).',
    span: site.span,
  });
}
