/**
 * Generators for the in-memory property tests: TQL texts that are valid for an entity of
 * `schedulingSchema` (values drawn from what the records hold, plus hostile text), and loose
 * records: the right fields with values of any JSON type, missing fields, junk elements.
 */
import fc from 'fast-check';
import { text } from '../../../src/ast/builders.js';
import { printValue } from '../../../src/ast/print.js';
import { schedulingSchema, type SchedulingEntityName } from '../../../src/models/scheduling/schema.js';
import type { Attribute, Entity } from '../../../src/schema/types.js';
import { recordsOf, sampleData } from '../../../src/models/scheduling/sample.js';
import { numberText } from '../../../src/testing/query-values.js';
import { arbNumber } from '../../../src/testing/value-pools.js';
import { valuesOf } from './reference.js';

// ---- query texts ----

/** A value written as the printer writes it, so the parser reads it back exactly. */
const written = (value: string): string => printValue(text(value));

const HOSTILE_TEXT = ['', 'a', 'john', 'JOHN', 'Zoë', 'ö', 'İ', 'i', 'k', 'ß', '%', '_', '"', '\\', '~', ',', '.', '*', '#', '#1', '@example.com', 'example', 'T2024', '1', 'Support', 'User', 'Administrator', '王'];

/** Text values for an attribute: ones the data holds (so queries match), hostile ones, random ones. */
function arbText(a: Attribute, known: readonly string[]): fc.Arbitrary<string> {
  if (a.values !== undefined) return fc.constantFrom(...a.values);
  const fromData = known.length > 0 ? [fc.constantFrom(...known)] : [];
  return fc.oneof(...fromData, fc.constantFrom(...HOSTILE_TEXT), fc.string({ maxLength: 4 }), fc.string({ unit: 'grapheme', maxLength: 3 }));
}

/** One written value of the attribute's type. */
function arbValue(a: Attribute, known: KnownValues): fc.Arbitrary<string> {
  switch (a.type) {
    case 'String':
      return arbText(a, known.texts).map(written);
    case 'Boolean':
      return fc.constantFrom('true', 'false');
    case 'Number':
      return fc.oneof(known.numbers.length > 0 ? fc.constantFrom(...known.numbers) : fc.constant(0), arbNumber).chain(numberText);
    case 'Timestamp':
      return fc.oneof(
        known.numbers.length > 0 ? fc.constantFrom(...known.numbers) : fc.constant(1700000000),
        fc.integer({ min: 1672000000, max: 1770000000 }),
      ).map(String);
    case 'ID':
      if (a.id?.kind === 'integer') {
        return fc.oneof(known.numbers.length > 0 ? fc.constantFrom(...known.numbers) : fc.constant(5), fc.nat({ max: 60000 })).map(String);
      }
      return fc.oneof(
        known.texts.length > 0 ? fc.constantFrom(...known.texts) : fc.constant(`${prefixOf(a)}x`),
        fc.stringMatching(/^[A-Za-z0-9]{1,21}$/).map((body) => prefixOf(a) + body),
      );
  }
}

function prefixOf(a: Attribute): string {
  return a.id?.kind === 'prefixed' ? a.id.prefix : '';
}

/** Values seen in the data for one attribute, so generated queries match something. */
export interface KnownValues {
  readonly texts: readonly string[];
  readonly numbers: readonly number[];
}

/** One predicate on the attribute, as text. */
function arbPredicate(a: Attribute, known: KnownValues): fc.Arbitrary<string> {
  return fc.constantFrom(...a.operators).chain((op) => {
    const value = arbValue(a, known);
    if (op === 'IN' || op === 'NOT_IN') {
      return fc.array(value, { minLength: 1, maxLength: 12 }).map((vs) => `${a.path} ${op} ${vs.join(',')}`);
    }
    if ((op === 'EQ' || op === 'NOT_EQ') && a.nullable) {
      return fc.oneof(value, fc.constant('null')).map((v) => `${a.path} ${op} ${v}`);
    }
    return value.map((v) => `${a.path} ${op} ${v}`);
  });
}

const COMPLEMENT = { EQ: 'NOT_EQ', LIKE: 'NOT_LIKE', IN: 'NOT_IN' } as const;

/** A positive predicate on some attribute of the entity and the same predicate with its NOT_ operator. */
export function arbComplementPair(
  entity: SchedulingEntityName,
  known: (attribute: Attribute) => KnownValues,
): fc.Arbitrary<{ readonly positive: string; readonly negative: string }> {
  const e: Entity = schedulingSchema.entities[entity];
  const pairs = e.attributeNames.flatMap((n) => {
    const a: Attribute = e.attributes[n]!;
    return (['EQ', 'LIKE', 'IN'] as const)
      .filter((op) => a.operators.includes(op))
      .map((op) =>
        (op === 'IN'
          ? fc.array(arbValue(a, known(a)), { minLength: 1, maxLength: 12 }).map((vs) => vs.join(','))
          : op === 'EQ' && a.nullable
            ? fc.oneof(arbValue(a, known(a)), fc.constant('null'))
            : arbValue(a, known(a))
        ).map((v) => ({ positive: `${a.path} ${op} ${v}`, negative: `${a.path} ${COMPLEMENT[op]} ${v}` })),
      );
  });
  return fc.oneof(...pairs);
}

/**
 * A valid query text for the entity: predicates joined by AND / OR, nested in parentheses up to
 * `depth` levels.
 */
export function arbQueryText(
  entity: SchedulingEntityName,
  known: (attribute: Attribute) => KnownValues,
  depth = 2,
): fc.Arbitrary<string> {
  const e: Entity = schedulingSchema.entities[entity];
  const predicates = e.attributeNames.map((n) => arbPredicate(e.attributes[n]!, known(e.attributes[n]!)));
  const leaf = fc.oneof(...predicates);
  const { expr } = fc.letrec<{ expr: string }>((tie) => ({
    expr: fc.oneof(
      { depthSize: 'small', maxDepth: depth },
      leaf,
      fc
        .tuple(fc.constantFrom(' AND ', ' OR '), fc.array(tie('expr'), { minLength: 2, maxLength: 4 }))
        .map(([join, parts]) => parts.map((p) => `(${p})`).join(join)),
    ),
  }));
  return expr;
}

// ---- loose records ----

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.integer({ min: 1672000000, max: 1770000000 }),
  fc.integer({ min: -5, max: 60000 }),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 1.5),
  fc.string({ maxLength: 6 }),
  fc.constantFrom('john', 'JOHN SMITH', 'Zoë', 'İlkay', '#1234', '1234', '1700000000', 'true', 'agnt_x', 'team_x'),
  fc.constant([]),
  fc.constant({}),
);

/** Field names every source of the entity reads, with what an element's `where` field may say. */
function keysOf(entity: SchedulingEntityName): { fields: string[]; arrays: string[]; types: string[]; elementKeys: string[] } {
  const fields = new Set<string>();
  const arrays = new Set<string>();
  const types = new Set<string>();
  const elementKeys = new Set<string>();
  const e: Entity = schedulingSchema.entities[entity];
  for (const name of e.attributeNames) {
    const s = e.attributes[name]!.source;
    if (s.kind === 'field') fields.add(s.field);
    if (s.kind === 'variant') {
      fields.add(s.tag);
      for (const [tag, f] of Object.entries(s.fields)) {
        types.add(tag);
        fields.add(f);
      }
    }
    if (s.kind === 'element') {
      for (const a of s.arrays) arrays.add(a);
      for (const t of s.where?.oneOf ?? []) types.add(t);
      if (s.where !== undefined) elementKeys.add(s.where.field);
      if (s.value !== undefined) elementKeys.add(s.value);
    }
  }
  return { fields: [...fields], arrays: [...arrays], types: [...types, 'other', 'constructor'], elementKeys: [...elementKeys] };
}

/**
 * A record with some of the entity's fields, each holding a plausible value or junk; sometimes
 * with more of them on its prototype.
 */
export function arbLooseRecord(entity: SchedulingEntityName): fc.Arbitrary<unknown> {
  const { fields, arrays, types, elementKeys } = keysOf(entity);
  const tagLike = fc.constantFrom(...types);
  const value = fc.oneof(junk, tagLike);
  const element = fc.oneof(
    junk,
    fc.dictionary(fc.constantFrom('type', ...elementKeys), fc.oneof(tagLike, junk, fc.constantFrom('#77', '##77', 'T-1')), { maxKeys: 3 }),
  );
  const entries: Record<string, fc.Arbitrary<unknown>> = { id: fc.string({ maxLength: 4 }) };
  for (const f of fields) entries[f] = value;
  for (const a of arrays) entries[a] = fc.oneof(fc.array(element, { maxLength: 4 }), junk);
  const record = fc.record(entries, { requiredKeys: [] });
  return fc.oneof(
    { weight: 8, arbitrary: record },
    // Values on the prototype must not count: only own properties are the record's.
    { weight: 2, arbitrary: fc.tuple(record, record).map(([inherited, own]) => Object.assign(Object.create(inherited), own)) },
    { weight: 1, arbitrary: junk },
  );
}

/**
 * What the sample data holds for each attribute of `entity`, so that generated queries match
 * some records.
 *
 * @example
 * ```ts
 * arbQueryText('agent', sampleValues('agent'));
 * ```
 */
export function sampleValues(entity: SchedulingEntityName): (a: Attribute) => KnownValues {
  const records = recordsOf(SAMPLE, entity);
  return (a) => {
    const values = records.slice(0, 300).flatMap((r) => valuesOf(a, r));
    return {
      texts: [...new Set(values.filter((v): v is string => typeof v === 'string'))].slice(0, 50),
      numbers: [...new Set(values.filter((v): v is number => typeof v === 'number'))].slice(0, 50),
    };
  };
}

const SAMPLE = sampleData();
