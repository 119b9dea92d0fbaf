/**
 * diagnoseRecords: the attributes whose stored values do not fit the declared type and storage
 * (each missing to every filter, language rule 3), with counts, examples and the fix; the
 * schema of a Prisma generator's JSON Schema over Prisma Client's Dates named with its fix;
 * bounded work and TqlErrors for bad arguments.
 */
import { describe, expect, test } from 'vitest';
import { fc, test as property } from '../support/property.js';
import { isTqlError } from '../../src/errors/tql-error.js';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { diagnoseRecords, recordsDiagnoser } from '../../src/diagnose/diagnose-records.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { schemaFromJsonSchema } from '../../src/schema/from-json-schema.js';
import type { AttributeDefinition } from '../../src/schema/types.js';
import { tqlErrorOf } from '../support/tql-error.js';

/** The one attribute `p` of entity `t`, declared as `attribute`. */
const schemaOf = (attribute: AttributeDefinition) => defineSchema({ entities: { t: { attributes: { p: attribute } } } });
/** What the diagnosis finds for records holding `values` under `p`: [found, fix] per mismatch. */
const found = (attribute: AttributeDefinition, values: readonly unknown[]) =>
  diagnoseRecords(schemaOf(attribute), 't', values.map((p, id) => ({ id, p }))).mismatches.map((m) => [m.found, m.fix]);

describe('values that do not fit, and what to declare', () => {
  test.for<[string, AttributeDefinition, unknown, string, RegExp]>([
    ['a Date under ISO text', { type: 'Timestamp', storage: 'iso_text' }, new Date(0), 'a Date', /^declare storage: 'date' on the attribute: the records hold Dates/],
    ['ISO text under a Date', { type: 'Timestamp', storage: 'date' }, '2024-05-01T09:30:00Z', 'ISO-8601 text', /^declare storage: 'iso_text'/],
    ['ISO text of another form under toISOString text', { type: 'Timestamp', storage: 'iso_canonical' }, '2024-05-01T09:30:00Z', 'ISO-8601 text', /^declare storage: 'iso_text'/],
    ['a Date under toISOString text', { type: 'Timestamp', storage: 'iso_canonical' }, new Date(0), 'a Date', /^declare storage: 'date'/],
    ['a Date under Unix seconds', { type: 'Timestamp' }, new Date(0), 'a Date', /^declare storage: 'date'/],
    ['numbers under a Date', { type: 'Timestamp', storage: 'date' }, 1714555800, 'a number', /^declare storage: 'unix_seconds'/],
    ['an invalid Date', { type: 'Timestamp', storage: 'date' }, new Date(NaN), 'an invalid Date (its time is NaN)', /^store values of the declared type/],
    ['decimal text under a Number', { type: 'Number' }, '9.99', 'a number written as text', /^declare storage: 'decimal_text'/],
    ['a BigInt under a Number', { type: 'Number' }, 12n, 'a BigInt', /^convert the BigInt values with Number\(\)/],
    ['a decimal object under a Number', { type: 'Number' }, { toNumber: () => 1 }, 'a decimal object (Prisma.Decimal, decimal.js)', /toNumber\(\)/],
    ['numbers under decimal text', { type: 'Number', storage: 'decimal_text' }, 9.5, 'a number', /^remove storage: 'decimal_text'/],
    ['0/1 under a Boolean', { type: 'Boolean' }, 1, 'the number 0 or 1', /^declare storage: 'zero_one'/],
    ['"true" under a Boolean', { type: 'Boolean' }, 'true', 'the text "true" or "false"', /^convert the texts/],
    ['booleans under zero_one', { type: 'Boolean', storage: 'zero_one' }, true, 'a boolean', /^remove storage: 'zero_one'/],
    ['numbers under a String', { type: 'String' }, 42, 'a number', /^the records hold numbers: declare type: 'Number'/],
    ['an array under a String', { type: 'String' }, ['a'], 'an array', /^the records hold arrays: declare source: \{ kind: 'element', arrays: \["p"\] \}/],
    ['an object under a String', { type: 'String' }, { a: 1 }, 'an object', /^tql compares scalar values/],
    ['text ids under integer ids', { type: 'ID', id: { kind: 'integer' } }, '42', 'a number written as text', /^the records hold ids as text/],
    ['number ids under uuids', { type: 'ID', id: { kind: 'uuid' } }, 1, 'a number', /^the records hold numbers: declare id: \{ kind: 'integer' \}/],
    ['milliseconds under Unix seconds', { type: 'Timestamp' }, 1714555800123, 'a number of seconds past the year 5000: Unix milliseconds?', /^declare storage: 'unix_milliseconds'/],
    ['seconds under Unix milliseconds', { type: 'Timestamp', storage: 'unix_milliseconds' }, 1714555800, 'a number of milliseconds in the first years of 1970: Unix seconds?', /^declare storage: 'unix_seconds'/],
  ])('%s', ([, attribute, value, kind, fix]) => {
    const mismatches = found(attribute, [value]);
    expect(mismatches).toHaveLength(1);
    expect(mismatches[0]![0]).toBe(kind);
    expect(mismatches[0]![1]).toMatch(fix);
  });

  test.for<[string, AttributeDefinition, unknown]>([
    ['ISO text', { type: 'Timestamp', storage: 'iso_text' }, '2024-05-01T09:30:00.000Z'],
    ['toISOString text', { type: 'Timestamp', storage: 'iso_canonical' }, '2024-05-01T09:30:00.000Z'],
    ['a Date', { type: 'Timestamp', storage: 'date' }, new Date(0)],
    ['Unix seconds', { type: 'Timestamp' }, 1714555800],
    ['Unix milliseconds', { type: 'Timestamp', storage: 'unix_milliseconds' }, 1714555800123],
    ['decimal text', { type: 'Number', storage: 'decimal_text' }, '-12.50'],
    ['0 and 1', { type: 'Boolean', storage: 'zero_one' }, 0],
    ['a uuid', { type: 'ID', id: { kind: 'uuid' } }, '0b5c1f5e-8d2a-4c1e-9f3b-2a6d7e8f9a0b'],
    ['null', { type: 'String', nullable: true }, null],
  ])('%s fits its storage: nothing to say', ([, attribute, value]) => {
    expect(found(attribute, [value])).toEqual([]);
  });
});

describe('a schema derived from a Prisma generator’s JSON Schema, over Prisma Client’s rows', () => {
  // What prisma-json-schema-generator writes for a model with DateTime fields.
  const document = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    definitions: {
      Invoice: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          total: { type: 'number' },
          issuedAt: { type: 'string', format: 'date-time' },
          paidAt: { type: ['string', 'null'], format: 'date-time' },
        },
      },
    },
  };
  const schema = defineSchema(schemaFromJsonSchema(document).definition);
  // Prisma Client gives DateTime fields as Dates.
  const rows = [
    { id: 1, total: 120, issuedAt: new Date('2025-06-02T10:00:00Z'), paidAt: null },
    { id: 2, total: 80, issuedAt: new Date('2025-06-03T10:00:00Z'), paidAt: new Date('2025-06-10T08:00:00Z') },
    { id: 3, total: 15, issuedAt: new Date('2025-06-04T10:00:00Z'), paidAt: null },
  ];

  test('every timestamp is missing to the filters', () => {
    expect(filterRecords(check('invoice.issued_at GTE 2025-01-01', schema, 'invoice'), rows)).toEqual([]);
  });

  test('the diagnosis names both attributes, with counts, examples and the fix', () => {
    expect(diagnoseRecords(schema, 'invoice', rows)).toEqual({
      entity: 'invoice',
      records: 3,
      unreadable: 0,
      mismatches: [
        {
          attribute: 'invoice.issued_at',
          reads: 'issuedAt',
          declared: 'ISO-8601 text (storage "iso_text")',
          found: 'a Date',
          values: 3,
          records: 3,
          examples: [
            { record: 0, id: 1, path: 'issuedAt', value: '2025-06-02T10:00:00.000Z' },
            { record: 1, id: 2, path: 'issuedAt', value: '2025-06-03T10:00:00.000Z' },
            { record: 2, id: 3, path: 'issuedAt', value: '2025-06-04T10:00:00.000Z' },
          ],
          fix: expect.stringMatching(/^declare storage: 'date'/),
        },
        expect.objectContaining({ attribute: 'invoice.paid_at', found: 'a Date', values: 1, records: 1 }),
      ],
    });
  });

  test('the fix, as it reads', () => {
    expect(diagnoseRecords(schema, 'invoice', rows).mismatches[0]!.fix).toMatchInlineSnapshot(
      `"declare storage: 'date' on the attribute: the records hold Dates, as Prisma Client, TypeORM, Drizzle and the MongoDB driver give date-times. JSON Schema can only say that a date-time is text, so a schema derived from one (a Prisma JSON Schema generator, an OpenAPI document) reads it as ISO text, and every one of these values is missing"`,
    );
  });

  test('with the fix declared, the diagnosis is empty and the filters see the timestamps', () => {
    const { definition } = schemaFromJsonSchema(document);
    const attributes = definition.entities['invoice']!.attributes;
    const fixed = defineSchema({
      entities: { invoice: { attributes: { ...attributes, issued_at: { ...attributes['issued_at']!, storage: 'date' }, paid_at: { ...attributes['paid_at']!, storage: 'date' } } } },
    });
    expect(diagnoseRecords(fixed, 'invoice', rows).mismatches).toEqual([]);
    expect(filterRecords(check('invoice.issued_at GTE 2025-06-03', fixed, 'invoice'), rows).map((r) => r.id)).toEqual([2, 3]);
  });
});

describe('sources', () => {
  const schema = defineSchema({
    entities: {
      post: {
        attributes: {
          created_at: { type: 'Timestamp', storage: 'date' },
          tag: { type: 'String', source: { kind: 'element', arrays: ['tags'] } },
          commenter_id: { type: 'ID', id: { kind: 'integer' }, source: { kind: 'element', arrays: ['comments'], value: 'author_id' } },
        },
      },
    },
  });

  test('a field no record has, named otherwise in the records (a record that is no object aside)', () => {
    const { mismatches } = diagnoseRecords(schema, 'post', [null, { id: 'a', createdAt: new Date(0), tags: [] }]);
    expect(mismatches).toEqual([
      {
        attribute: 'post.created_at',
        reads: 'created_at',
        declared: 'a JavaScript Date (storage "date")',
        found: 'no such field in any record',
        values: 0,
        records: 1,
        examples: [],
        fix: `the records name it "createdAt": declare source: { kind: 'field', field: "createdAt" }`,
      },
    ]);
  });

  test('elements: each that does not fit, by its place; an array field that holds no array', () => {
    const posts = [
      { id: 'a', created_at: new Date(0), tags: ['x', 5, null], comments: [{ author_id: '7' }, { author_id: 8 }, {}] },
      { id: 'b', created_at: new Date(0), tags: 'x', comments: [] },
    ];
    expect(diagnoseRecords(schema, 'post', posts).mismatches.map((m) => [m.attribute, m.found, m.examples.map((e) => `${e.id}:${e.path}=${e.value}`)])).toEqual([
      ['post.tag', 'a number', ['a:tags[1]=5']],
      ['post.tag', 'text where an array is read', ['b:tags="x"']],
      ['post.commenter_id', 'a number written as text', ['a:comments[0].author_id="7"']],
    ]);
  });
});

describe('bounded work', () => {
  const schema = schemaOf({ type: 'Boolean' });

  test('examples are capped; counts are not', () => {
    const records = Array.from({ length: 10_000 }, (_, id) => ({ id, p: id % 2 }));
    const [mismatch] = diagnoseRecords(schema, 't', records, { examples: 2 }).mismatches;
    expect([mismatch!.values, mismatch!.records, mismatch!.examples.length]).toEqual([10_000, 10_000, 2]);
  });

  test('one pass: each record’s field is read once per attribute', () => {
    let reads = 0;
    const records = Array.from({ length: 1000 }, (_, id) => ({
      id,
      get p() {
        reads++;
        return 1;
      },
    }));
    diagnoseRecords(schema, 't', records);
    expect(reads).toBe(1000);
  });

  test('a sparse sample or array of length 2^32 − 1 costs what its elements cost', () => {
    const sample: unknown[] = [];
    sample.length = 2 ** 32 - 1;
    sample[7] = { id: 7, p: 1 };
    expect(diagnoseRecords(schema, 't', sample).mismatches.map((m) => [m.records, m.examples])).toEqual([[1, [{ record: 0, id: 7, path: 'p', value: '1' }]]]);
    const tags: unknown[] = [];
    tags.length = 2 ** 32 - 1;
    tags[3] = 5;
    const tagged = defineSchema({ entities: { t: { attributes: { tag: { type: 'String', source: { kind: 'element', arrays: ['tags'] } } } } } });
    expect(diagnoseRecords(tagged, 't', [{ id: 1, tags }]).mismatches.map((m) => m.examples[0]!.path)).toEqual(['tags[3]']);
  });

  test('records that are not objects, or whose reading throws, are counted apart', () => {
    const throwing = new Proxy({}, { has: () => true, getOwnPropertyDescriptor: () => { throw new Error('no'); } });
    expect(diagnoseRecords(schema, 't', [42, null, 'x', [1], throwing, { id: 1, p: true }])).toEqual({ entity: 't', records: 6, unreadable: 5, mismatches: [] });
  });

  test('fed one record at a time, as the CLI streams a file', () => {
    const diagnoser = recordsDiagnoser(schema, 't');
    diagnoser.add({ id: 1, p: 0 });
    diagnoser.add({ id: 2, p: false });
    expect(diagnoser.result().mismatches.map((m) => [m.found, m.values])).toEqual([['the number 0 or 1', 1]]);
  });
});

describe('bad arguments are TqlErrors', () => {
  const schema = schemaOf({ type: 'String' });
  test.for<[string, () => unknown, string]>([
    ['a schema not made by defineSchema', () => diagnoseRecords({} as never, 't', []), 'invalid_option'],
    ['an entity the schema does not have', () => diagnoseRecords(schema, 'nope', []), 'invalid_option'],
    ['a sample that is no array', () => diagnoseRecords(schema, 't', { length: 1 } as never), 'invalid_option'],
    ['examples out of range', () => diagnoseRecords(schema, 't', [], { examples: 0 }), 'invalid_option'],
    ['examples not a whole number', () => diagnoseRecords(schema, 't', [], { examples: 2.5 }), 'invalid_option'],
    ['a key that is no text', () => diagnoseRecords(schema, 't', [], { key: 7 as never }), 'invalid_option'],
  ])('%s', ([, run, code]) => {
    expect(tqlErrorOf(run).code).toBe(code);
  });

  // Anything at all, in every place: a result, or a TqlError; never another exception.
  const arbAnyRecord = fc.oneof(fc.anything(), fc.dictionary(fc.constantFrom('id', 'p', 'tags', '__proto__', 'constructor'), fc.anything()));
  property.prop([fc.oneof(fc.constant(schema), fc.anything()), fc.oneof(fc.constant('t'), fc.anything()), fc.oneof(fc.array(arbAnyRecord, { maxLength: 5 }), fc.anything()), fc.oneof(fc.constant(undefined), fc.anything())], { numRuns: 300 })(
    'any arguments: a diagnosis or a TqlError',
    (s, e, sample, options) => {
      try {
        const diagnosis = diagnoseRecords(s as never, e as never, sample as never, options as never);
        expect(diagnosis.records).toBeGreaterThanOrEqual(diagnosis.unreadable);
      } catch (error) {
        expect(isTqlError(error)).toBe(true);
      }
    },
  );

  test('the message says what to pass', () => {
    expect(tqlErrorOf(() => diagnoseRecords(schema, 't', 'rows' as never)).message).toMatchInlineSnapshot(
      `"invalid_option: diagnoseRecords takes the sample as an array of records, such as the rows a query of your data layer returns."`,
    );
  });
});
