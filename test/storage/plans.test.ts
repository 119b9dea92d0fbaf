/**
 * The comparisons of every column storage are sargable: on PostgreSQL (the server when one can
 * start, else PGlite) and SQLite, EXPLAIN shows the index on the column serving them. 5,000
 * rows a minute apart, ANALYZE after loading; PostgreSQL with enable_seqscan off, as the
 * question is whether the index can serve the statement, not whether it is cheaper on this data.
 */
import { PGlite } from '@electric-sql/pglite';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { compileSql } from '../../src/backends/sql/compile-sql.js';
import { sqlDatabase, type SqlDatabase } from '../../src/backends/sql/database.js';
import { defineSqlMapping } from '../../src/backends/sql/define-mapping.js';
import { indexAdvice } from '../../src/backends/sql/index-advice.js';
import type { SqlColumnStorage } from '../../src/backends/sql/mapping.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import type { AttributeDefinition } from '../../src/schema/types.js';
import { postgresAvailable, startPostgres, type PostgresServer } from '../support/postgres-server.js';

/** The instant the filters look at: row 2,500. */
const T = 1_700_000_000 + 2_500 * 60;
const T_TEXT = new Date(T * 1000).toISOString().replace('.000Z', 'Z');
const ROWS = 5_000;

interface PlanCase {
  readonly name: string;
  readonly attribute: AttributeDefinition;
  readonly storage?: SqlColumnStorage['kind'] | SqlColumnStorage;
  readonly filters: readonly string[];
  /** Column type and the value of row `g` as SQL over `g`, per engine that holds it. */
  readonly postgres: readonly [string, string];
  readonly sqlite?: readonly [string, string];
}

const seconds = (g: string) => `(CAST(1700000000 AS BIGINT) + ${g} * 60)`;
const UUID = '0B5C2A8E-4F1D-4C3B-9A7E-2D6F8E1C09C4';

const CASES: readonly PlanCase[] = [
  {
    name: 'unix_seconds',
    attribute: { type: 'Timestamp' },
    filters: [`EQ ${T_TEXT}`, `LT ${T_TEXT}`],
    postgres: ['bigint', seconds('g')],
    sqlite: ['INTEGER', seconds('g')],
  },
  {
    // The complement of the range is the column's NULL or a failed bound, not NOT COALESCE(…),
    // which hides the column: `EQ null` is a seek for the NULLs (and SQLite's texts above Infinity).
    name: 'unix_seconds, a null test',
    attribute: { type: 'Timestamp', nullable: true },
    storage: { kind: 'unix_seconds', integers: true },
    filters: ['EQ null'],
    postgres: ['bigint', `CASE WHEN g % 100 = 0 THEN NULL ELSE ${seconds('g')} END`],
    sqlite: ['INTEGER', `CASE WHEN g % 100 = 0 THEN NULL ELSE ${seconds('g')} END`],
  },
  {
    // PostgreSQL only: the complement matches nearly every row, which SQLite rightly scans for.
    name: 'unix_seconds, a negated range',
    attribute: { type: 'Timestamp' },
    storage: { kind: 'unix_seconds', integers: true },
    filters: [`NOT_EQ ${T_TEXT}`],
    postgres: ['bigint', seconds('g')],
  },
  {
    name: 'unix_milliseconds',
    attribute: { type: 'Timestamp', storage: 'unix_milliseconds', nullable: true },
    filters: [`EQ ${T_TEXT}`, `GTE ${T_TEXT}`, 'EQ null'],
    postgres: ['bigint', `${seconds('g')} * 1000`],
    sqlite: ['INTEGER', `${seconds('g')} * 1000`],
  },
  {
    name: 'timestamptz',
    attribute: { type: 'Timestamp', storage: 'date', nullable: true },
    filters: [`EQ ${T_TEXT}`, `GT ${T_TEXT}`, 'EQ null'],
    postgres: ['timestamptz', `to_timestamp(${seconds('g')})`],
  },
  {
    name: 'timestamp in UTC, a null test',
    attribute: { type: 'Timestamp', nullable: true },
    storage: { kind: 'timestamp', timeZone: 'UTC' },
    filters: ['EQ null', `NOT_EQ ${T_TEXT}`],
    postgres: ['timestamp', `CASE WHEN g % 100 = 0 THEN NULL ELSE to_timestamp(${seconds('g')}) AT TIME ZONE 'UTC' END`],
  },
  {
    name: 'timestamp in Europe/Berlin',
    attribute: { type: 'Timestamp' },
    storage: { kind: 'timestamp', timeZone: 'Europe/Berlin' },
    filters: [`EQ ${T_TEXT}`, `LTE ${T_TEXT}`],
    postgres: ['timestamp', `to_timestamp(${seconds('g')}) AT TIME ZONE 'Europe/Berlin'`],
  },
  {
    name: 'iso_text in UTC',
    attribute: { type: 'Timestamp', storage: 'iso_text' },
    filters: [`EQ ${T_TEXT}`, `LT ${T_TEXT}`],
    postgres: ['text', `to_char(to_timestamp(${seconds('g')}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`],
    sqlite: ['TEXT', `strftime('%Y-%m-%dT%H:%M:%SZ', ${seconds('g')}, 'unixepoch')`],
  },
  {
    name: 'iso_text in Europe/Berlin',
    attribute: { type: 'Timestamp', storage: { kind: 'iso_text', timeZone: 'Europe/Berlin' } },
    filters: [`EQ ${T_TEXT}`],
    postgres: ['text', `to_char(to_timestamp(${seconds('g')}) AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD HH24:MI:SS')`],
  },
  {
    name: 'iso_canonical',
    attribute: { type: 'Timestamp', storage: 'iso_canonical' },
    filters: [`EQ ${T_TEXT}`, `GT ${T_TEXT}`],
    postgres: ['text', `to_char(to_timestamp(${seconds('g')}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`],
    sqlite: ['TEXT', `strftime('%Y-%m-%dT%H:%M:%fZ', ${seconds('g')}, 'unixepoch')`],
  },
  {
    name: 'uuid',
    attribute: { type: 'ID', id: { kind: 'uuid' } },
    storage: 'uuid',
    filters: [`EQ ${UUID}`],
    postgres: ['uuid', `CAST(lpad(to_hex(g), 32, '0b5c2a8e4f1d4c3b9a7e2d6f8e1c0000') AS uuid)`],
  },
  {
    name: 'uuid in a text column',
    attribute: { type: 'ID', id: { kind: 'uuid' } },
    filters: [`EQ ${UUID}`],
    postgres: ['text', `upper(CAST(CAST(lpad(to_hex(g), 32, '0b5c2a8e4f1d4c3b9a7e2d6f8e1c0000') AS uuid) AS text))`],
    sqlite: ['TEXT', `printf('0B5C2A8E-4F1D-4C3B-9A7E-2D6F8E1C%04X', g)`],
  },
];

let server: PostgresServer | undefined;
let postgres: SqlDatabase;
let sqlite: SqlDatabase;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  if (postgresAvailable()) {
    server = await startPostgres();
    const client = new pg.Client({ connectionString: server.connectionString });
    await client.connect();
    closers.push(async () => (await client.end(), await server!.stop()));
    postgres = sqlDatabase(client);
  } else {
    const lite = await PGlite.create();
    closers.push(() => lite.close());
    postgres = sqlDatabase(lite);
  }
  await postgres.exec('SET enable_seqscan = off');
  const raw = new Database(':memory:');
  closers.push(async () => raw.close());
  sqlite = sqlDatabase(raw);
}, 120_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** The table of one case on one engine, its advised indexes, and the plan of each filter. */
async function plans(c: PlanCase, dialect: 'postgres' | 'sqlite'): Promise<string[][]> {
  const db = dialect === 'postgres' ? postgres : sqlite;
  const [type, value] = dialect === 'postgres' ? c.postgres : c.sqlite!;
  const schema = defineSchema({ entities: { event: { attributes: { value: c.attribute } } } });
  const table = `plan_${c.name.replace(/[^a-z]+/gi, '_').toLowerCase()}`;
  const mapping = defineSqlMapping(schema, { event: { table, key: 'id', ...(c.storage === undefined ? {} : { storage: { value: c.storage } }) } });
  const rows = dialect === 'postgres' ? `SELECT g, ${value} FROM generate_series(1, ${ROWS}) AS g` : `WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < ${ROWS}) SELECT g, ${value} FROM s`;
  await db.exec(`DROP TABLE IF EXISTS ${table}; CREATE TABLE ${table} (id INTEGER PRIMARY KEY, value ${type}); INSERT INTO ${table} (id, value) ${rows};`);
  for (const statement of indexAdvice(schema, { dialect, mapping, listOrder: false })) await db.exec(statement);
  await db.exec(`ANALYZE ${table}`);
  const out: string[][] = [];
  for (const filter of c.filters) {
    const { text, values } = compileSql(check(`event.value ${filter}`, schema, 'event'), { dialect, mapping });
    const explain = dialect === 'postgres' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN';
    const plan = await db.all<Record<string, unknown>>({ text: `${explain} SELECT id FROM ${table} WHERE ${text}`, values });
    out.push(plan.map((row) => String(row['QUERY PLAN'] ?? row['detail'])));
  }
  return out;
}

describe('PostgreSQL: an index on the column serves each storage', () => {
  test.for(CASES.map((c) => [c.name, c] as const))('%s', async ([, c]) => {
    for (const plan of await plans(c, 'postgres')) {
      expect(plan.join('\n'), plan.join('\n')).toMatch(/(Index|Index Only|Bitmap Index) Scan (using|on) plan_\w+_value_idx/);
      expect(plan.join('\n')).not.toMatch(/Seq Scan/);
    }
  });
});

describe('SQLite: EXPLAIN QUERY PLAN searches the index', () => {
  test.for(CASES.filter((c) => c.sqlite !== undefined).map((c) => [c.name, c] as const))('%s', async ([, c]) => {
    for (const plan of await plans(c, 'sqlite')) expect(plan.join('\n')).toMatch(/^SEARCH plan_\w+ USING (COVERING )?INDEX plan_\w+_value_idx \(/m);
  });
});
