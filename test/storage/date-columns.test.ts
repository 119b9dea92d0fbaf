/**
 * A `date` column read as a wall-clock `timestamp` (Drizzle's `date()`): each date is the midnight
 * that starts it in the mapping's zone, as an ISO date text in the same zone is (language rule 6).
 * Dates around DST changes, including one whose midnight does not exist (São Paulo, 2018-11-04),
 * every operator with bounds at and near those midnights, on every engine that holds dates.
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
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
