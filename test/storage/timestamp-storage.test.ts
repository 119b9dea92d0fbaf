/**
 * Every Timestamp column storage on every engine that can hold it, against the reference (language
 * rule 6: the stored instant floored to the second, src/schema/stored-instant.ts): generated
 * instants (fractions of a second, before 1970, far future, around DST changes in the declared
 * zone), values that are no valid instant and NULLs, loaded into a table of the column's own
 * type with an index on it; generated filters select the same rows as the reference. Re-run a
 * failure with its seed: `TQL_STORAGE_SEED=<seed> npx vitest run test/storage`.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { defineSqlMapping } from '../../src/backends/sql/define-mapping.js';
import type { SqlColumnStorage } from '../../src/backends/sql/mapping.js';
import { selectSql } from '../../src/backends/sql/select-sql.js';
import { sortColumns } from '../../src/backends/sql/sort-sql.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { wholeSecondsReader } from '../../src/schema/stored-instant.js';
import type { TimestampStorage } from '../../src/schema/types.js';
import { isoUtc } from '../../src/validate/timestamp.js';
import { STORAGE_ENGINES, useStorageEngines, type StorageEngineName } from './storage-engines.js';

const SEED = Number(process.env.TQL_STORAGE_SEED) || Math.floor(Math.random() * 2 ** 31);

/** How one engine holds a storage: the column type, and the SQL value of a record's value (undefined: the engine cannot hold it, the record becomes null). */
interface EngineColumn {
  readonly type: string;
  readonly insert?: string;
  readonly value: (record: unknown) => unknown;
}

interface StorageCase {
  readonly name: string;
  readonly record: TimestampStorage;
  readonly column: SqlColumnStorage;
  readonly records: fc.Arbitrary<unknown>;
  readonly engines: Partial<Record<StorageEngineName, EngineColumn>>;
}

const MS_YEAR_1 = Date.UTC(1, 0, 1);
const MS_YEAR_9999 = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Wall-clock times (as UTC readings, in ms) around the DST changes of Berlin and New York, and anywhere in 0001–9999. */
const arbWallMs: fc.Arbitrary<number> = fc.oneof(
  fc.tuple(
    fc.constantFrom(
      Date.UTC(2024, 2, 31, 2), Date.UTC(2024, 9, 27, 2), Date.UTC(1980, 3, 6, 2), Date.UTC(2099, 9, 25, 2),
      Date.UTC(2024, 2, 10, 2), Date.UTC(2024, 10, 3, 1), Date.UTC(1969, 11, 31, 23), Date.UTC(1970, 0, 1),
    ),
    fc.integer({ min: -4 * 3600, max: 4 * 3600 }),
    fc.integer({ min: 0, max: 999 }),
  ).map(([base, s, ms]) => base + s * 1000 + ms),
  fc.integer({ min: Date.UTC(1, 0, 1), max: MS_YEAR_9999 }),
);

const withNulls = <T,>(a: fc.Arbitrary<T>, ...invalid: unknown[]) => fc.oneof({ weight: 8, arbitrary: a as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: fc.constantFrom(null, ...invalid) });

const finiteOr = (v: unknown, fallback: unknown = null) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** ISO-8601 texts of the grammar in every form, and texts just outside it. */
const arbIsoText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(arbWallMs, fc.constantFrom('T', ' '), fc.integer({ min: 0, max: 11 }), fc.constantFrom('', '', 'Z', 'z', '+hh:mm', '-hh:mm', '+hhmm', '-hh', 'date'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 999_999_999 }))
      .map(([ms, sep, precision, offset, hh, mm, nanos]) => {
        const iso = new Date(ms).toISOString();
        if (offset === 'date') return iso.slice(0, 10);
        const time = precision === 0 ? iso.slice(11, 16) : precision === 1 ? iso.slice(11, 19) : `${iso.slice(11, 19)}.${String(nanos).padStart(9, '0').slice(0, precision - 1)}`;
        const h = String(hh).padStart(2, '0');
        const m = String(mm).padStart(2, '0');
        const off = offset.replace('hh', h).replace('mm', m);
        return `${iso.slice(0, 10)}${sep}${time}${off}`;
      }) },
  { weight: 1, arbitrary: fc.constantFrom('2023-02-30', '2023-02-29T10:00', '2024-02-29T10:00', '2024-13-01', '2024-01-01T24:00', '2024-01-01T10:60', ' 2024-01-01', '2024-01-01 ', '2024-01-01t10:00',
    '２０２４-01-01', 'now', '2460000.5', '', '2024-1-01', '2024-01-01T10:00:00.1234567890', '2024-01-01T10:00+2400', '2024-01-01T10:00+05:60', '0000-01-01', '1900-02-29', '2000-02-29', '2024-01-01T10', '2024-01-01T10:00:00.', '2024-01-01T10:00:00Z ', '2024-01-01T10:00+05:', '2024-01-01T10:00+5', '+2024-01-01', '2024-01-01T10:00:00+05:00:00') },
);

/** toISOString's texts, and the same texts one change away from that form (each no value). */
const arbCanonicalText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: arbWallMs.map((ms) => new Date(ms).toISOString()) },
  {
    weight: 3,
    arbitrary: fc.tuple(arbWallMs, fc.integer({ min: 0, max: 6 })).map(([ms, change]) => {
      const t = new Date(ms).toISOString();
      return [`${t.slice(0, 10)}t${t.slice(11, 23)}z`, t.replace('T', ' '), `${t}\n`, ` ${t}`, `${t.slice(0, 19)}Z`, `${t.slice(0, 22)}Z`, `${t.slice(0, 5)}02-30${t.slice(10)}`][change]!;
    }),
  },
  { weight: 1, arbitrary: arbIsoText },
  { weight: 1, arbitrary: fc.constantFrom('2023-02-29T10:00:00.000Z', '2024-02-29T10:00:00.000Z', '1900-02-29T00:00:00.000Z', '2000-02-29T00:00:00.000Z', '2024-04-31T00:00:00.000Z', '2024-01-01T24:00:00.000Z', '2024-01-01T10:60:00.000Z', '0000-01-01T00:00:00.000Z', '+010000-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z', '0001-01-01T00:00:00.000Z') },
);

const pgTimestamptz = (d: unknown) => (d instanceof Date ? (Number.isNaN(d.getTime()) ? 'infinity' : d.toISOString()) : null);

function timestampCases(): StorageCase[] {
  const arbDate = withNulls(fc.integer({ min: MS_YEAR_1, max: MS_YEAR_9999 }).map((ms) => new Date(ms)), new Date(NaN));
  const wallCases = (zone: string, mariadb: boolean): StorageCase => ({
    name: `timestamp in ${zone}`,
    record: { kind: 'iso_text', timeZone: zone },
    column: { kind: 'timestamp', timeZone: zone },
    // 'infinity' is no ISO text, and PostgreSQL's and DuckDB's infinite timestamp no instant.
    records: withNulls(arbWallMs.map((ms) => new Date(ms).toISOString().slice(0, 23)), 'infinity', '-infinity'),
    engines: {
      pglite: { type: 'timestamp(3)', insert: 'CAST($2 AS timestamp)', value: (r) => r },
      'postgres-server': { type: 'timestamp(3)', insert: 'CAST($2 AS timestamp)', value: (r) => r },
      duckdb: { type: 'TIMESTAMP', insert: 'CAST($2 AS TIMESTAMP)', value: (r) => r },
      ...(mariadb ? { mariadb: { type: 'DATETIME(3) NULL', value: (r: unknown) => (typeof r !== 'string' ? r : r.endsWith('infinity') ? undefined : r.replace('T', ' ')) } } : {}),
    },
  });
  const textCases = (zone: string, everywhere: boolean): StorageCase => ({
    name: `iso_text in ${zone}`,
    record: { kind: 'iso_text', timeZone: zone },
    column: { kind: 'iso_text', timeZone: zone },
    records: withNulls(arbIsoText),
    engines: {
      pglite: { type: 'text', value: (r) => r },
      'postgres-server': { type: 'text', value: (r) => r },
      duckdb: { type: 'VARCHAR', value: (r) => r },
      ...(everywhere ? { sqlite: { type: 'TEXT', value: (r: unknown) => r }, mariadb: { type: 'VARCHAR(64)', value: (r: unknown) => r } } : {}),
    },
  });
  return [
    {
      name: 'unix_seconds',
      record: { kind: 'unix_seconds' },
      column: { kind: 'unix_seconds' },
      records: withNulls(fc.oneof(fc.double({ min: -1e11, max: 1e11, noNaN: true }), fc.integer({ min: -1e6, max: 1e6 }).map((n) => 1_700_000_000 + n / 4), fc.constantFrom(1e300, -1e300, -0.5, 0)), NaN, Infinity, -Infinity),
      engines: {
        sqlite: { type: 'REAL', value: (r) => finiteOr(r, typeof r === 'number' && !Number.isNaN(r) ? r : null) },
        pglite: { type: 'double precision', value: (r) => r },
        'postgres-server': { type: 'double precision', value: (r) => r },
        mariadb: { type: 'DOUBLE', value: (r) => finiteOr(r) },
        // As text: the driver binds an integral number as a BIGINT, which 1e300 is not.
        duckdb: { type: 'DOUBLE', insert: 'CAST($2 AS DOUBLE)', value: (r) => (typeof r === 'number' ? String(r) : r) },
      },
    },
    {
      name: 'unix_milliseconds',
      record: { kind: 'unix_milliseconds' },
      column: { kind: 'unix_milliseconds' },
      records: withNulls(fc.oneof(fc.double({ min: -9e15, max: 9e15, noNaN: true }), fc.integer({ min: -1e7, max: 1e7 }).map((n) => 1_700_000_000_000 + n), fc.constantFrom(8.64e15, -8.64e15, 8.64e15 + 2, -8.64e15 - 2, -1, -1000, -1001)), NaN, Infinity),
      engines: {
        sqlite: { type: 'REAL', value: (r) => finiteOr(r, typeof r === 'number' && !Number.isNaN(r) ? r : null) },
        pglite: { type: 'double precision', value: (r) => r },
        'postgres-server': { type: 'double precision', value: (r) => r },
        mariadb: { type: 'DOUBLE', value: (r) => finiteOr(r) },
        duckdb: { type: 'DOUBLE', value: (r) => r },
      },
    },
    {
      name: 'timestamptz (records hold Dates)',
      record: { kind: 'date' },
      column: { kind: 'timestamptz' },
      records: arbDate,
      engines: {
        pglite: { type: 'timestamptz', insert: 'CAST($2 AS timestamptz)', value: pgTimestamptz },
        'postgres-server': { type: 'timestamptz', insert: 'CAST($2 AS timestamptz)', value: pgTimestamptz },
        duckdb: { type: 'TIMESTAMPTZ', insert: 'CAST($2 AS TIMESTAMPTZ)', value: pgTimestamptz },
        // TIMESTAMP holds 1970-01-01 00:00:01 to 2038-01-19 03:14:07 UTC; the session is at +05:00.
        mariadb: {
          type: 'TIMESTAMP(3) NULL',
          // Second 0 (an invalid Date) and NULL go in as the zero date, which is no instant either.
          insert: "COALESCE(FROM_UNIXTIME(NULLIF(?, 0)), '0000-00-00 00:00:00')",
          value: (r) => (!(r instanceof Date) ? r : Number.isNaN(r.getTime()) ? 0 : r.getTime() >= 1000 && r.getTime() < 2_147_483_648_000 ? r.getTime() / 1000 : undefined),
        },
      },
    },
    wallCases('UTC', true),
    wallCases('Etc/GMT-2', true),
    wallCases('Europe/Berlin', false),
    wallCases('America/New_York', false),
    textCases('UTC', true),
    textCases('Etc/GMT+5', true),
    textCases('Europe/Berlin', false),
    {
      name: 'iso_canonical',
      record: { kind: 'iso_canonical' },
      column: { kind: 'iso_canonical' },
      records: withNulls(arbCanonicalText),
      // Collations that ignore case on SQLite and MariaDB (its default): the form is still exact.
      engines: {
        pglite: { type: 'text', value: (r) => r },
        'postgres-server': { type: 'varchar(40)', value: (r) => r },
        duckdb: { type: 'VARCHAR', value: (r) => r },
        sqlite: { type: 'TEXT COLLATE NOCASE', value: (r) => r },
        mariadb: { type: 'VARCHAR(64) COLLATE utf8mb4_general_ci', value: (r) => r },
      },
    },
  ];
}

const OPERATORS = ['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE'] as const;
type Op = (typeof OPERATORS)[number];

/** Language rule 6 on the stored whole second `x` (undefined: no value). */
function matches(op: Op, t: number | null, x: number | undefined): boolean {
  if (t === null) return op === 'EQ' ? x === undefined : x !== undefined;
  if (x === undefined) return op === 'NOT_EQ';
  switch (op) {
    case 'EQ': return x === t;
    case 'NOT_EQ': return x !== t;
    case 'LT': return x < t;
    case 'LTE': return x <= t;
    case 'GT': return x > t;
    case 'GTE': return x >= t;
  }
}

/** Year 0100, the first a query can name. */
const FIRST_QUERY_SECOND = Date.UTC(100, 0, 1) / 1000;
const LAST_QUERY_SECOND = Date.UTC(9999, 11, 31, 23, 59, 59) / 1000;

const cases = timestampCases();
const engine = useStorageEngines();

describe(`Timestamp storages on every engine (seed ${SEED}; re-run with TQL_STORAGE_SEED=${SEED})`, () => {
  const pairs = cases.flatMap((c) => STORAGE_ENGINES.filter((e) => c.engines[e] !== undefined).map((e) => [c, e] as const));
  test.for(pairs.map(([c, e]) => [`${c.name} on ${e}`, c, e] as const))('%s', async ([, storageCase, engineName]) => {
    const column = storageCase.engines[engineName]!;
    const e = engine(engineName);
    const schema = defineSchema({ entities: { event: { attributes: { happened_at: { type: 'Timestamp', storage: storageCase.record, nullable: true } } } } });
    const table = `ev_${storageCase.name.replace(/[^a-z]+/gi, '_')}`.toLowerCase().slice(0, 40);
    const mapping = defineSqlMapping(schema, { event: { table, key: 'id', storage: { happened_at: storageCase.column } } });
    const generated = fc.sample(storageCase.records, { seed: SEED, numRuns: 200 });
    // A value the engine cannot hold is stored as NULL, and the reference sees null too.
    const rows = generated.map((record, id) => {
      const value = column.value(record);
      return { id, record: value === undefined ? null : record, value: value === undefined ? null : value };
    });
    await e.load(table, column.type, rows, column.insert);
    const read = wholeSecondsReader(storageCase.record);
    const seconds = rows.map((r) => read(r.record));
    const near = seconds.filter((s): s is number => s !== undefined && s >= FIRST_QUERY_SECOND && s <= LAST_QUERY_SECOND - 1);
    const arbT = fc.oneof(
      { weight: 4, arbitrary: near.length === 0 ? fc.constant(0) : fc.tuple(fc.constantFrom(...near), fc.integer({ min: -1, max: 1 })).map(([s, d]) => s + d) },
      { weight: 1, arbitrary: fc.integer({ min: FIRST_QUERY_SECOND, max: LAST_QUERY_SECOND }) },
    );
    const arbFilter: fc.Arbitrary<readonly [Op, number | null]> = fc.oneof(
      { weight: 9, arbitrary: fc.tuple(fc.constantFrom(...OPERATORS), arbT) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom<Op>('EQ', 'NOT_EQ'), fc.constant(null)) },
    );
    await fc.assert(
      fc.asyncProperty(arbFilter, async ([op, t]) => {
        const text = `event.happened_at ${op} ${t === null ? 'null' : isoUtc(t * 1000)}`;
        const query = check(text, schema, 'event');
        const expected = rows.filter((_r, i) => matches(op, t, seconds[i])).map((r) => r.id);
        const got = (await e.db.all<{ id: unknown }>(selectSql(query, { dialect: e.db.dialect, mapping }))).map((r) => Number(r.id));
        expect(got, `${engineName}: ${text}`).toEqual(expected);
      }),
      { seed: SEED, numRuns: 60 },
    );
    // A list ordered by a text column sorts by the whole second filters read, NULL for no value.
    if (storageCase.column.kind !== 'iso_text' && storageCase.column.kind !== 'iso_canonical') return;
    const entity = mapping.event;
    const dialect = e.db.sqlDialect;
    const sorted = sortColumns([schema.entities.event!.attributes.happened_at!], entity, dialect);
    if ('refused' in sorted) throw new Error(`${engineName}: ${sorted.refused}`);
    const [key] = sorted.columns;
    const q = dialect.quoteIdentifier;
    const sortValues = await e.db.all<{ id: unknown; s: unknown }>({ text: `SELECT ${q('id')} AS id, ${key!.out(key!.expr)} AS s FROM ${q(table)} ORDER BY ${q('id')}`, values: [] });
    expect(sortValues.map((r) => { const s = key!.read(r.s); return s === null ? undefined : Number(s); }), `${engineName}: sort values`).toEqual(seconds);
  });
});
