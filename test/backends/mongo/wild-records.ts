/**
 * Records that do not keep to the API shape, for the Mongo backend only (a typed SQL column
 * cannot hold them): every field the schema reads may hold a value of the right type, null, a
 * value of another type, NaN or ±Infinity, an object, or an array (which MongoDB would match
 * elementwise). Both backends must read all of it as the in-memory backend does: a value of the
 * wrong type is no value.
 *
 * Not generated, and declared in docs/backends.md: an element of a collection array that is
 * itself an array (MongoDB looks inside it; the in-memory backend does not).
 */
import fc from 'fast-check';
import type { Attribute, Entity } from '../../../src/schema/types.js';
import { arbHostileText, arbNumber, arbSecond } from '../../../src/testing/value-pools.js';
import { arbIntegerId, arbPrefixedId, PLAIN, TICKET_NUMBERS, type DataRecord } from '../../properties/arbitraries/data.js';

const MISSING = Symbol('missing');

/** A value of the attribute's type. */
function typed(a: Attribute): fc.Arbitrary<unknown> {
  switch (a.type) {
    case 'String':
      return a.values !== undefined ? fc.constantFrom(...a.values) : fc.oneof(arbHostileText, fc.constantFrom(...TICKET_NUMBERS));
    case 'Timestamp':
      return arbSecond;
    case 'Boolean':
      return fc.boolean();
    case 'Number':
      return arbNumber;
    case 'ID':
      return a.id?.kind === 'prefixed' ? arbPrefixedId(a.id.prefix) : arbIntegerId;
  }
}

/** `good`, or anything a careless writer could have stored instead. */
function wild(good: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: good },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(MISSING, null) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(NaN, Infinity, -Infinity) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(true, false, 0, 5, '', '5', 'agent') },
    { weight: 1, arbitrary: fc.array(good, { maxLength: 2 }) },
    { weight: 1, arbitrary: fc.record({ value: good }, PLAIN) },
  );
}

/** One record of `entity` whose fields, wherever the schema looks, are wild. */
function arbWildFields(entity: Entity): fc.Arbitrary<Record<string, unknown>> {
  const parts: fc.Arbitrary<Record<string, unknown>>[] = [];
  /** Element kinds by array name: several attributes read one array (`associated_entities`). */
  const elements = new Map<string, fc.Arbitrary<unknown>[]>();
  for (const name of entity.attributeNames) {
    const a = entity.attributes[name]!;
    const source = a.source;
    switch (source.kind) {
      case 'field':
        parts.push(wild(typed(a)).map((v) => ({ [source.field]: v })));
        break;
      case 'variant':
        parts.push(
          fc
            .tuple(wild(fc.constantFrom(...Object.keys(source.fields), 'bot')), ...Object.values(source.fields).map((f) => wild(typed(a)).map((v) => [f, v] as const)))
            .map(([tag, ...fields]) => ({ [source.tag]: tag, ...Object.fromEntries(fields) })),
        );
        break;
      case 'element':
        for (const array of source.arrays) {
          const { where, value } = source;
          const element =
            value === undefined
              ? wild(typed(a))
              : fc.record({ ...(where === undefined ? {} : { [where.field]: wild(fc.constantFrom(...where.oneOf, 'other/type')) }), [value]: wild(typed(a)) }, PLAIN);
          elements.set(array, [...(elements.get(array) ?? []), element]);
        }
    }
  }
  for (const [array, kinds] of elements) {
    // Elements that are not objects count as no element; arrays inside arrays are not generated (see above).
    const item = fc.oneof({ weight: 5, arbitrary: fc.oneof(...kinds) }, { weight: 1, arbitrary: fc.constantFrom<unknown>(null, 5, 'agent') });
    parts.push(
      fc
        .oneof({ weight: 6, arbitrary: fc.array(item, { maxLength: 4 }) }, { weight: 1, arbitrary: fc.constantFrom<unknown>(MISSING, null, 'x') }, { weight: 1, arbitrary: fc.oneof(...kinds) })
        .map((v) => ({ [array]: v })),
    );
  }
  return fc.tuple(...parts).map((ps) => {
    const merged: Record<string, unknown> = {};
    // Two variant attributes share the tag: the later one wins, which is still a wild record.
    for (const p of ps) for (const [k, v] of Object.entries(p)) if (v !== MISSING) merged[k] = v;
    return merged;
  });
}

/**
 * Up to 12 wild records of `entity`, with ids `w0`, `w1`, …
 *
 * @example
 * ```ts
 * fc.sample(arbWildRecords(schedulingSchema.entities.agent), 1);
 * ```
 */
export function arbWildRecords(entity: Entity): fc.Arbitrary<DataRecord[]> {
  return fc.array(arbWildFields(entity), { minLength: 1, maxLength: 12 }).map((list) => list.map((fields, i) => ({ id: `w${i}`, ...fields })));
}
