/**
 * A DuckDB `TIMESTAMP_NS` column (`storage: { kind: 'timestamp', nanoseconds: true }`) holds
 * 1677-09-21 to 2262-04-11 only, and DuckDB converts a bound into that type, failing for one
 * outside it ("Could not convert Timestamp(US) to Timestamp(NS)"). Every operator at bounds
 * inside, at the edges and far outside that range, in UTC, a fixed-offset zone and a zone with
 * DST rules, answers what memory answers over the same wall-clock texts, never an engine error.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/compile-predicate.js';
import { sqlDatabase, type SqlDatabase } from '../../src/backends/sql/database.js';
import { checkSqlMapping } from '../../src/backends/sql/check-mapping.js';
import { defineSqlMapping } from '../../src/backends/sql/define-mapping.js';
import { selectSql } from '../../src/backends/sql/select-sql.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { isoUtc } from '../../src/validate/timestamp.js';

/** Wall-clock texts a TIMESTAMP_NS holds: fractions of a nanosecond's precision, both ends of its range. */
const VALUES = [
  '2024-05-01 09:30:00.123456789',
  '2024-05-01 09:30:00',
  '2024-03-31 02:30:00',
  '2024-10-27 02:30:00',
  '1677-09-22 00:00:00.000000001',
  '2262-04-11 23:47:16.000000001',
  '1970-01-01 00:00:00',
  null,
];
const BOUNDS = ['0100-01-01T00:00:00Z', '1600-01-01T00:00:00Z', '1677-09-21T12:00:00Z', '1970-01-01T00:00:00Z', '2024-05-01T09:30:00Z', '2024-10-27T00:30:00Z', '2262-04-11T23:47:16Z', '2300-01-01T00:00:00Z', '9999-12-31T23:59:59Z'];
const OPERATORS = ['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE'];

let duck: DuckDBInstance;
let db: SqlDatabase;
let close: () => void;

beforeAll(async () => {
  duck = await DuckDBInstance.create(':memory:');
  const connection = await duck.connect();
  close = () => (connection.closeSync(), duck.closeSync());
  db = sqlDatabase(connection);
  await db.exec('CREATE TABLE nano_event (id INTEGER PRIMARY KEY, "at" TIMESTAMP_NS)');
  for (const [i, value] of VALUES.entries()) await db.all({ text: 'INSERT INTO nano_event VALUES ($1, CAST($2 AS TIMESTAMP_NS))', values: [i + 1, value] });
});

afterAll(() => close());

describe.each(['UTC', 'Etc/GMT-2', 'Europe/Berlin'])('a TIMESTAMP_NS column in %s', (timeZone) => {
  const schema = defineSchema({ entities: { event: { attributes: { at: { type: 'Timestamp', storage: { kind: 'iso_text', timeZone }, nullable: true } } } } });
  const records = VALUES.map((at, i) => ({ id: i + 1, at }));
  const mapping = defineSqlMapping(schema, { event: { table: 'nano_event', key: 'id', storage: { at: { kind: 'timestamp', timeZone, nanoseconds: true } } } });

  test('every operator at every bound selects what memory selects', async () => {
    const filters = ['EQ null', 'NOT_EQ null', ...BOUNDS.flatMap((b) => OPERATORS.map((op) => `${op} ${b}`))];
    const answers: [string, number[]][] = [];
    for (const f of filters) {
      const rows = await db.all<{ id: number }>(selectSql(check(`event.at ${f}`, schema, 'event'), { dialect: 'duckdb', mapping }));
      answers.push([f, rows.map((r) => Number(r.id)).sort((a, b) => a - b)]);
    }
    expect(answers).toEqual(filters.map((f) => [f, filterRecords(check(`event.at ${f}`, schema, 'event'), records).map((r) => r.id)]));
  });

  test('checkSqlMapping accepts the column so declared, and asks for the declaration without it', async () => {
    await expect(checkSqlMapping(db, schema, mapping)).resolves.toBeUndefined();
    const undeclared = checkSqlMapping(db, schema, { event: { table: 'nano_event', key: 'id', storage: { at: { kind: 'timestamp', timeZone } } } });
    await expect(undeclared).rejects.toThrow(
      `event.at: column nano_event.at is TIMESTAMP_NS, which holds nanoseconds between 1677 and 2262 only; declare storage: { at: { kind: 'timestamp', nanoseconds: true } } in the mapping of event.`,
    );
  });
});

const SEED = Number(process.env.TQL_STORAGE_SEED) || Math.floor(Math.random() * 2 ** 31);

/** The seconds of 1678-01-01 and 2262-01-01: generated values lie between, with nanosecond fractions. */
const FIRST = -9_214_560_000;
const LAST = 9_183_110_400;

/** A wall-clock text of `seconds` (UTC) and `nanos`, as the column holds it and memory reads it. */
const wallText = (seconds: number, nanos: number) => `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')}.${String(nanos).padStart(9, '0')}`;

describe(`generated values and bounds on a TIMESTAMP_NS column (seed ${SEED}; re-run with TQL_STORAGE_SEED=${SEED})`, () => {
  test.each(['UTC', 'America/New_York'])('in %s, DuckDB answers as memory does', async (timeZone) => {
    const schema = defineSchema({ entities: { event: { attributes: { at: { type: 'Timestamp', storage: { kind: 'iso_text', timeZone }, nullable: true } } } } });
    const mapping = defineSqlMapping(schema, { event: { table: 'nano_generated', key: 'id', storage: { at: { kind: 'timestamp', timeZone, nanoseconds: true } } } });
    const values = fc.sample(fc.option(fc.tuple(fc.integer({ min: FIRST, max: LAST }), fc.integer({ min: 0, max: 999_999_999 })), { freq: 8 }), { seed: SEED, numRuns: 30 });
    const records = values.map((v, i) => ({ id: i + 1, at: v === null ? null : wallText(v[0], v[1]) }));
    await db.exec('CREATE OR REPLACE TABLE nano_generated (id INTEGER PRIMARY KEY, "at" TIMESTAMP_NS)');
    for (const r of records) await db.all({ text: 'INSERT INTO nano_generated VALUES ($1, CAST($2 AS TIMESTAMP_NS))', values: [r.id, r.at] });
    // Bounds near the stored values, and anywhere in the years queries take (0100–9999).
    const near = fc.constantFrom(...values.filter((v) => v !== null).map((v) => v![0])).chain((s) => fc.integer({ min: s - 2, max: s + 2 }));
    const anywhere = fc.integer({ min: -59_011_459_200, max: 253_402_300_799 });
    const arbFilter = fc.tuple(fc.constantFrom(...OPERATORS), fc.oneof(near, anywhere)).map(([op, s]) => `event.at ${op} ${isoUtc(s * 1000)}`);
    await fc.assert(
      fc.asyncProperty(arbFilter, async (filter) => {
        const query = check(filter, schema, 'event');
        const got = (await db.all<{ id: number }>(selectSql(query, { dialect: 'duckdb', mapping }))).map((r) => Number(r.id)).sort((a, b) => a - b);
        expect(got, filter).toEqual(filterRecords(query, records).map((r) => r.id));
      }),
      { seed: SEED, numRuns: 150 },
    );
  });
});
