/**
 * A `date` column read as a wall-clock `timestamp` (Drizzle's `date()`): each date is the midnight
 * that starts it in the mapping's zone, as an ISO date text in the same zone is (language rule 6).
 * Dates around DST changes, including one whose midnight does not exist (São Paulo, 2018-11-04),
 * every operator with bounds at and near those midnights, on every engine that holds dates.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/compile-predicate.js';
import { defineSqlMapping } from '../../src/backends/sql/define-mapping.js';
import { selectSql } from '../../src/backends/sql/select-sql.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { wholeSecondsReader } from '../../src/schema/stored-instant.js';
import { isoUtc } from '../../src/validate/timestamp.js';
import { STORAGE_ENGINES, useStorageEngines, type StorageEngineName } from './storage-engines.js';

const DATES = ['1969-12-31', '1970-01-01', '2018-11-03', '2018-11-04', '2018-11-05', '2024-03-30', '2024-03-31', '2024-04-01', '2024-10-26', '2024-10-27', '2024-10-28', '2099-12-31'];
const OPERATORS = ['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE'] as const;
const NUDGES = [-3 * 3600, -3600, -1, 0, 1, 3600, 3 * 3600];

/** The zones each engine can read wall-clock times in (MariaDB loads no zone rules). */
const ZONES: Record<StorageEngineName, readonly string[]> = {
  sqlite: [],
  pglite: ['UTC', 'Europe/Berlin', 'America/Sao_Paulo'],
  'postgres-server': ['UTC', 'Europe/Berlin', 'America/Sao_Paulo'],
  duckdb: ['UTC', 'Europe/Berlin', 'America/Sao_Paulo'],
  mariadb: ['UTC'],
};

const engineOf = useStorageEngines();

describe.each(STORAGE_ENGINES.filter((e) => ZONES[e].length > 0))('%s', (name) => {
  test.each(ZONES[name])('dates read as midnight in %s', async (zone) => {
    const schema = defineSchema({ entities: { bill: { attributes: { happened_at: { type: 'Timestamp', storage: { kind: 'iso_text', timeZone: zone }, nullable: true } } } } });
    const mapping = defineSqlMapping(schema, { bill: { table: 'bill_dates', key: 'id', storage: { happened_at: { kind: 'timestamp', timeZone: zone } } } });
    const engine = engineOf(name);
    const rows = [...DATES.map((value, i) => ({ id: i + 1, value })), { id: DATES.length + 1, value: null }];
    await engine.load('bill_dates', 'DATE', rows);
    const read = wholeSecondsReader({ kind: 'iso_text', timeZone: zone });
    const midnights = DATES.map((d) => read(d)!);
    const wrong: string[] = [];
    for (const midnight of midnights) {
      for (const nudge of NUDGES) {
        const bound = midnight + nudge;
        for (const op of OPERATORS) {
          const filter = `bill.happened_at ${op} ${isoUtc(bound * 1000)}`;
          const expected = rows.filter((r) => {
            const x = r.value === null ? undefined : read(r.value);
            const matches = x !== undefined && { EQ: x === bound, NOT_EQ: x === bound, LT: x < bound, LTE: x <= bound, GT: x > bound, GTE: x >= bound }[op];
            return op === 'NOT_EQ' ? !matches : matches;
          }).map((r) => r.id);
          const statement = selectSql(check(filter, schema, 'bill'), { dialect: engine.db.dialect, mapping });
          const got = (await engine.db.all<{ id: number | bigint }>(statement)).map((r) => Number(r.id)).sort((a, b) => a - b);
          if (JSON.stringify(got) !== JSON.stringify(expected)) wrong.push(`${filter}: ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

/**
 * MariaDB's default sql_mode stores dates with a zero month or day (`2023-12-00`, `2024-00-10`)
 * and the zero date: they order among real dates, but name none, so they are no value in every
 * comparison, as NULL is, and as memory reads the same texts.
 */
describe.skipIf(!STORAGE_ENGINES.includes('mariadb'))('mariadb zero-in-date values', () => {
  const VALUES = ['2023-11-30', '2023-12-00', '2023-12-01', '2024-00-10', '2024-01-10', '0000-00-00', '0000-01-01', null];
  const BOUNDS = ['2023-11-01', '2023-11-30', '2023-12-01', '2024-01-01', '2024-01-10'];
  const schema = defineSchema({ entities: { bill: { attributes: { due: { type: 'Timestamp', storage: 'iso_text', nullable: true } } } } });
  const mapping = defineSqlMapping(schema, { bill: { table: 'bill_zero_dates', key: 'id', columns: { due: 'happened_at' }, storage: { due: 'timestamp' } } });

  test.each(['DATE', 'DATETIME', 'DATETIME(6)'])('in a %s column, every operator answers as memory does', async (type) => {
    const engine = engineOf('mariadb');
    const rows = VALUES.map((value, i) => ({ id: i + 1, value, due: value }));
    const [mode] = await engine.db.all<{ mode: string }>({ text: 'SELECT @@SESSION.sql_mode AS mode', values: [] });
    await engine.db.exec(`SET SESSION sql_mode = ''`);
    try {
      await engine.load('bill_zero_dates', type, rows);
    } finally {
      await engine.db.all({ text: 'SET SESSION sql_mode = ?', values: [mode!.mode] });
    }
    const filters = ['EQ null', 'NOT_EQ null', ...BOUNDS.flatMap((b) => OPERATORS.map((op) => `${op} ${b}`))];
    const answers = await Promise.all(
      filters.map(async (f) => {
        const query = check(`bill.due ${f}`, schema, 'bill');
        const got = (await engine.db.all<{ id: number }>(selectSql(query, { dialect: engine.db.dialect, mapping }))).map((r) => Number(r.id)).sort((a, b) => a - b);
        return [f, got];
      }),
    );
    const expected = filters.map((f) => [f, filterRecords(check(`bill.due ${f}`, schema, 'bill'), rows).map((r) => r.id)]);
    expect(answers).toEqual(expected);
    // EQ null: the zero-in-date rows (2, 4, 6), the year 0000, which ISO text has not (7), and NULL (8).
    expect(answers[0]).toEqual(['EQ null', [2, 4, 6, 7, 8]]);
  });

  const SEED = Number(process.env.TQL_STORAGE_SEED) || Math.floor(Math.random() * 2 ** 31);
  const two = (n: number) => String(n).padStart(2, '0');
  /** Dates of 2023–2024 with any month 0–12 and day 0–31 (a day the month lacks is stored as the zero date), and a time. */
  const arbText = fc
    .tuple(fc.integer({ min: 2023, max: 2024 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 31 }), fc.integer({ min: 0, max: 86_399 }))
    .map(([y, m, d, t]) => `${y}-${two(m)}-${two(d)} ${two(Math.floor(t / 3600))}:${two(Math.floor(t / 60) % 60)}:${two(t % 60)}`);

  test(`generated dates and bounds in a DATETIME column (seed ${SEED}; re-run with TQL_STORAGE_SEED=${SEED})`, async () => {
    const engine = engineOf('mariadb');
    const texts = fc.sample(fc.option(arbText, { freq: 10 }), { seed: SEED, numRuns: 40 });
    const [mode] = await engine.db.all<{ mode: string }>({ text: 'SELECT @@SESSION.sql_mode AS mode', values: [] });
    await engine.db.exec(`SET SESSION sql_mode = ''`);
    try {
      await engine.load('bill_zero_dates', 'DATETIME', texts.map((value, i) => ({ id: i + 1, value })));
    } finally {
      await engine.db.all({ text: 'SET SESSION sql_mode = ?', values: [mode!.mode] });
    }
    // What the column holds, read back: a day the month lacks was stored as 0000-00-00.
    const stored = await engine.db.all<{ id: number; value: string | null }>({ text: 'SELECT id, CAST(happened_at AS CHAR) AS value FROM bill_zero_dates ORDER BY id', values: [] });
    const records = stored.map((r) => ({ id: Number(r.id), due: r.value }));
    const arbBound = fc.tuple(fc.integer({ min: 2022, max: 2025 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 })).map(([y, m, d]) => `${y}-${two(m)}-${two(d)}`);
    const arbFilter = fc.oneof(fc.constantFrom('EQ null', 'NOT_EQ null'), fc.tuple(fc.constantFrom(...OPERATORS), arbBound).map(([op, b]) => `${op} ${b}`));
    await fc.assert(
      fc.asyncProperty(arbFilter, async (f) => {
        const query = check(`bill.due ${f}`, schema, 'bill');
        const got = (await engine.db.all<{ id: number }>(selectSql(query, { dialect: engine.db.dialect, mapping }))).map((r) => Number(r.id)).sort((a, b) => a - b);
        expect(got, f).toEqual(filterRecords(query, records).map((r) => r.id));
      }),
      { seed: SEED, numRuns: 100 },
    );
  });
});
