/**
 * Timestamps of each storage and uuid ids through the Mongo backend, run by mingo: each title is
 * the query, each table the stored values with whether the document is selected. Generated
 * instants against the reference reading are in test/storage/mongo-storage.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compileMongo } from '../../../src/backends/mongo/index.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import { storedWholeSeconds } from '../../../src/schema/stored-instant.js';
import type { TimestampStorageDefinition } from '../../../src/schema/types.js';
import { mingoIds } from '../../support/mongo.js';

// ---- helpers ----

const MISSING = Symbol('missing');

const schemaWith = (storage: TimestampStorageDefinition) =>
  defineSchema({
    entities: {
      event: {
        attributes: {
          at: { type: 'Timestamp', nullable: true, storage },
          id: { type: 'ID', id: { kind: 'uuid' } },
          ref: { type: 'ID', id: { kind: 'text' } },
        },
      },
    },
  });

/** Whether the document `{ at: value }` is selected by each of `queries` on a Timestamp stored as `storage`. */
function selections(storage: TimestampStorageDefinition, queries: readonly string[], value: unknown): boolean[] {
  const doc = value === MISSING ? { id: 'x' } : { id: 'x', at: value };
  return queries.map((q) => mingoIds(compileMongo(check(q, schemaWith(storage), 'event')), [doc]).length === 1);
}

/** {@link selections} for one query. */
const selects = (storage: TimestampStorageDefinition, query: string, value: unknown): boolean => selections(storage, [query], value)[0]!;

const docs = (field: string, values: readonly unknown[]) => values.map((v, i) => ({ id: `d${i}`, [field]: v }));

// ---- tests ----

describe('unix_seconds: an instant with a fraction counts as its whole second', () => {
  test.for([
    // stored, EQ 1700000000, NOT_EQ 1700000000, EQ null
    [1_700_000_000, true, false, false],
    [1_700_000_000.999, true, false, false],
    [1_700_000_001, false, true, false],
    [1_699_999_999.5, false, true, false],
    [NaN, false, true, true],
    [Infinity, false, true, true],
    ['1700000000', false, true, true],
    [[1_700_000_000], false, true, true],
    [null, false, true, true],
    [MISSING, false, true, true],
  ] as const)('%s: event.at EQ 1700000000 → %s, NOT_EQ → %s, EQ null → %s', ([stored, eq, notEq, isNull]) => {
    expect(selections('unix_seconds', ['event.at EQ 1700000000', 'event.at NOT_EQ 1700000000', 'event.at EQ null'], stored)).toEqual([eq, notEq, isNull]);
  });

  test('event.at LTE 1700000000 and event.at GT 1700000000: the bounds are t+1', () => {
    expect(compileMongo(check('event.at LTE 1700000000 OR event.at GT 1700000000', schemaWith('unix_seconds'), 'event'))).toMatchInlineSnapshot(`
      {
        "$or": [
          {
            "at": {
              "$gt": -1.7976931348623157e+308,
              "$lt": 1700000001,
              "$not": {
                "$type": "array",
              },
            },
          },
          {
            "at": {
              "$gte": 1700000001,
              "$lt": 1.7976931348623157e+308,
              "$not": {
                "$type": "array",
              },
            },
          },
        ],
      }
    `);
  });
});

describe('unix_milliseconds: bounds ×1000, within the range of a Date', () => {
  test.for([
    // stored, EQ 1700000000, LT 1700000000, GTE 1700000001
    [1_700_000_000_000, true, false, false],
    [1_700_000_000_999.5, true, false, false],
    [1_699_999_999_999, false, true, false],
    [1_700_000_001_000, false, false, true],
    [8.64e15, false, false, true],
    [8.64e15 + 1, false, false, false],
    [-8.64e15, false, true, false],
    [NaN, false, false, false],
    [new Date(1_700_000_000_000), false, false, false],
    ['1700000000000', false, false, false],
  ] as const)('%s: event.at EQ 1700000000 → %s, LT → %s, GTE 1700000001 → %s', ([stored, eq, lt, gte]) => {
    expect(selections('unix_milliseconds', ['event.at EQ 1700000000', 'event.at LT 1700000000', 'event.at GTE 1700000001'], stored)).toEqual([eq, lt, gte]);
  });

  test('event.at GTE 1700000000: the open side closes at the largest millisecond of a Date, which $eq keeps', () => {
    expect(compileMongo(check('event.at GTE 1700000000', schemaWith('unix_milliseconds'), 'event'))).toMatchInlineSnapshot(`
      {
        "$or": [
          {
            "at": {
              "$gte": 1700000000000,
              "$lt": 8640000000000000,
              "$not": {
                "$type": "array",
              },
            },
          },
          {
            "at": {
              "$eq": 8640000000000000,
              "$not": {
                "$type": "array",
              },
            },
          },
        ],
      }
    `);
  });
});

describe('date: BSON dates compared as dates; an invalid Date has no value', () => {
  test.for([
    // stored, EQ 1700000000, GT 1699999999, EQ null
    [new Date(1_700_000_000_000), true, true, false],
    [new Date(1_700_000_000_999), true, true, false],
    [new Date(1_699_999_999_999), false, false, false],
    [new Date(8.64e15), false, true, false],
    [new Date(-8.64e15), false, false, false],
    [new Date(NaN), false, false, true],
    [1_700_000_000, false, false, true],
    ['2023-11-14T22:13:20Z', false, false, true],
    [[new Date(1_700_000_000_000)], false, false, true],
    [MISSING, false, false, true],
  ] as const)('%s: event.at EQ 1700000000 → %s, GT 1699999999 → %s, EQ null → %s', ([stored, eq, gt, isNull]) => {
    expect(selections('date', ['event.at EQ 1700000000', 'event.at GT 1699999999', 'event.at EQ null'], stored)).toEqual([eq, gt, isNull]);
  });

  test('event.at EQ 1700000000', () => {
    expect(compileMongo(check('event.at EQ 1700000000', schemaWith('date'), 'event'))).toMatchInlineSnapshot(`
      {
        "at": {
          "$gte": 2023-11-14T22:13:20.000Z,
          "$lt": 2023-11-14T22:13:21.000Z,
          "$not": {
            "$type": "array",
          },
        },
      }
    `);
  });

  test('event.at NOT_EQ null: every valid date, the last one by $eq (an invalid Date passes $gte and $lte in mingo, not $lt or $eq)', () => {
    expect(compileMongo(check('event.at NOT_EQ null', schemaWith('date'), 'event'))).toMatchInlineSnapshot(`
      {
        "$or": [
          {
            "at": {
              "$gte": -271821-04-20T00:00:00.000Z,
              "$lt": +275760-09-13T00:00:00.000Z,
              "$not": {
                "$type": "array",
              },
            },
          },
          {
            "at": {
              "$eq": +275760-09-13T00:00:00.000Z,
              "$not": {
                "$type": "array",
              },
            },
          },
        ],
      }
    `);
  });

  test('event.at GT 9000000000000: beyond the last Date, nothing', () => {
    expect(mingoIds(compileMongo(check('event.at GT 9000000000000', schemaWith('date'), 'event')), docs('at', [new Date(8.64e15)]))).toEqual([]);
  });
});

describe('iso_text: the grammar of stored-instant.ts, read in the declared zone', () => {
  const BERLIN = { kind: 'iso_text', timeZone: 'Europe/Berlin' } as const;
  test.for([
    // stored, in Berlin, EQ 2024-03-31T01:30:00Z
    ['2024-03-31T01:30:00Z', true],
    ['2024-03-31T01:30:00.999999999z', true],
    ['2024-03-31 03:30:00+02:00', true],
    ['2024-03-31T03:30+0200', true],
    ['2024-03-31T02:30:00-00', false],
    // 02:30 does not exist that night: read with the offset from before, +01:00.
    ['2024-03-31T02:30', true],
    ['2024-03-31 02:30:00.5', true],
    // 03:30 is summer time, +02:00.
    ['2024-03-31T03:30:00', true],
    ['2024-03-31T01:30', false],
    ['2024-03-31T02:30\n', false],
    ['2024-03-31T02:30:60', false],
    ['2024-02-30T02:30', false],
    [new Date('2024-03-31T01:30:00Z'), false],
    [MISSING, false],
  ] as const)('%j: event.at EQ 2024-03-31T01:30:00Z → %s', ([stored, eq]) => {
    expect(selects(BERLIN, 'event.at EQ "2024-03-31T01:30:00Z"', stored)).toBe(eq);
    // The reference reading agrees, row by row.
    expect(storedWholeSeconds(stored === MISSING ? undefined : stored, BERLIN) === Date.UTC(2024, 2, 31, 1, 30) / 1000).toBe(eq);
  });

  test('in the fall-back overlap a wall time is the earlier instant: 2024-10-27T02:30 is 00:30Z, never 01:30Z', () => {
    const stored = docs('at', ['2024-10-27T02:30', '2024-10-27T02:30+01:00']);
    const ids = (q: string) => mingoIds(compileMongo(check(q, schemaWith(BERLIN), 'event')), stored);
    expect([ids('event.at EQ "2024-10-27T00:30:00Z"'), ids('event.at EQ "2024-10-27T01:30:00Z"')]).toEqual([['d0'], ['d1']]);
  });

  test('leap days: 2024-02-29 and 2000-02-29 are days, 1900-02-29 and 2100-02-29 are not', () => {
    const stored = docs('at', ['2024-02-29', '2000-02-29', '1900-02-29', '2100-02-29']);
    expect(mingoIds(compileMongo(check('event.at NOT_EQ null', schemaWith('iso_text'), 'event')), stored)).toEqual(['d0', 'd1']);
  });

  test('the filter is plain JSON: printed and read back, it selects the same documents', () => {
    const filter = compileMongo(check('event.at GTE 1969-12-31T23:00:00Z', schemaWith(BERLIN), 'event'));
    const stored = docs('at', ['1970-01-01T00:00', '1969-12-31T23:59', '1969-12-31T22:59:59Z', '1970-01-01 00:00:00+01']);
    expect(mingoIds(JSON.parse(JSON.stringify(filter)), stored)).toEqual(mingoIds(filter, stored));
    expect(mingoIds(filter, stored)).toEqual(['d0', 'd3']);
  });
});

describe('uuid ids: the stored text in any case equals the query value', () => {
  const stored = docs('id', [
    '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a',
    '0B5C2A8E-4F1D-4C3B-9A7E-2D6F8E1C4B3A',
    '0b5C2a8E-4f1D-4C3b-9A7e-2d6F8e1C4b3A',
    '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a\n',
    '{0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a}',
    '0b5c2a8e4f1d4c3b9a7e2d6f8e1c4b3a',
    '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3b',
  ]).map((d, i) => ({ ...d, n: i }));
  const ids = (q: string) => stored.filter((d) => mingoIds(compileMongo(check(q, schemaWith('unix_seconds'), 'event')), [d]).length === 1).map((d) => d.n);

  test.for([
    ['event.id EQ 0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a', [0, 1, 2]],
    ['event.id EQ 0B5C2A8E-4F1D-4C3B-9A7E-2D6F8E1C4B3A', [0, 1, 2]],
    ['event.id NOT_EQ 0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a', [3, 4, 5, 6]],
  ] as const)('%s', ([query, want]) => {
    expect(ids(query)).toEqual(want);
  });

  test('event.id EQ 0B5C2A8E-4F1D-4C3B-9A7E-2D6F8E1C4B3A: an anchored pattern of both cases, made from the validated value', () => {
    expect(compileMongo(check('event.id EQ 0B5C2A8E-4F1D-4C3B-9A7E-2D6F8E1C4B3A', schemaWith('unix_seconds'), 'event'))).toMatchInlineSnapshot(`
      {
        "id": {
          "$not": {
            "$type": "array",
          },
          "$regex": "^0[bB]5[cC]2[aA]8[eE]-4[fF]1[dD]-4[cC]3[bB]-9[aA]7[eE]-2[dD]6[fF]8[eE]1[cC]4[bB]3[aA](?![\\s\\S])",
        },
      }
    `);
  });

  test('event.ref EQ AbC: text ids compare exactly', () => {
    const refs = docs('ref', ['AbC', 'abc', 'ABC']);
    expect(mingoIds(compileMongo(check('event.ref EQ AbC', schemaWith('unix_seconds'), 'event')), refs)).toEqual(['d0']);
  });
});

describe('declared: what mingo cannot read as the reference does', () => {
  test('a bigint is an instant of unix_seconds to the reference, but mingo compares it with no number: it counts as missing', () => {
    expect(storedWholeSeconds(1_700_000_000n, { kind: 'unix_seconds' })).toBe(1_700_000_000);
    expect(selections('unix_seconds', ['event.at EQ 1700000000', 'event.at EQ null'], 1_700_000_000n)).toEqual([false, true]);
  });

  test('the largest double counts as missing in unix_seconds (the open side is closed at it, see FINITE)', () => {
    expect(selects('unix_seconds', 'event.at NOT_EQ null', Number.MAX_VALUE)).toBe(false);
  });
});

describe('the farthest values a query can write compile and select as the reference says, in every storage', () => {
  const STORED = [new Date(8.64e15), new Date(-8.64e15), 8.64e15, -8.64e15, 9e15, Number.MAX_SAFE_INTEGER, '9999-12-31T23:59:59-23:59', '0001-01-01T00:00+23:59', '9999-12-31T23:59:59', '0001-01-01', '0100-01-01'];
  const STORAGES: readonly TimestampStorageDefinition[] = ['unix_seconds', 'unix_milliseconds', 'date', 'iso_text', { kind: 'iso_text', timeZone: 'Pacific/Kiritimati' }];
  test.for(
    STORAGES.flatMap((storage) =>
      ['GT 9007199254740991', 'LT 9007199254740991', 'GTE 0100-01-01', 'LT 0100-01-01T00:00:01Z', 'EQ 8640000000000'].map((q) => [JSON.stringify(storage), q] as const),
    ),
  )('%s: event.at %s', ([storageJson, q]) => {
    const storage = JSON.parse(storageJson) as TimestampStorageDefinition;
    const query = check(`event.at ${q}`, schemaWith(storage), 'event');
    const [op, text] = q.split(' ') as [string, string];
    const t = /^[0-9]+$/.test(text) ? Number(text) : Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text) / 1000;
    const resolved = schemaWith(storage).entities.event.attributes.at!.storage!;
    const want = STORED.map((v, i) => ({ v, i })).filter(({ v }) => {
      const w = storedWholeSeconds(v, resolved);
      return w !== undefined && (op === 'GT' ? w > t : op === 'LT' ? w < t : op === 'GTE' ? w >= t : w === t);
    });
    expect(mingoIds(compileMongo(query), docs('at', STORED))).toEqual(want.map(({ i }) => `d${i}`));
  });
});
