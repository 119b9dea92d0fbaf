/**
 * sqlTarget on the engines that run as servers or files: a PostgreSQL server, a MariaDB server
 * and a DuckDB file. On each, checkAgreement agrees with the in-memory backend on the scheduling
 * entities and a generated schema, inside the engine's LIKE folding as measured over every code
 * point; and a column whose type breaks a rule is caught, shrunk to one query and one record
 * with the rule named.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import fc from 'fast-check';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { foldingDiffers } from '../../src/backends/sql/case-folding.js';
import { sqlDatabase, type SqlDatabase } from '../../src/backends/sql/database.js';
import { measureFolding } from '../../src/backends/sql/measure-folding.js';
import { check } from '../../src/api/check.js';
import { schedulingSchema, schedulingSqlMapping } from '../../src/models/scheduling/index.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import type { Condition } from '../../src/validate/validated-query.js';
import { assertAgreement, checkAgreement, sqlTarget, type AgreementReport, type ColumnTypeChoice, type DeclaredDivergence } from '../../src/testing/index.js';
import { mariadbAvailable, startMariadb, type MariadbServer } from '../support/mariadb-server.js';
import { postgresAvailable, startPostgres, type PostgresServer } from '../support/postgres-server.js';
import { arbGeneratedSchema } from './generated-schemas.js';

const SEED = fc.readConfigureGlobal().seed ?? 0;
const PG_SERVER = postgresAvailable();
const MARIADB = mariadbAvailable();

/** An engine under test: its database and the LIKE folding it declares, measured. */
interface Engine {
  readonly db: SqlDatabase;
  readonly declared: DeclaredDivergence;
}

const engines = new Map<string, Engine>();
const closing: (() => Promise<unknown>)[] = [];

async function measured(db: SqlDatabase): Promise<Engine> {
  const folding = await measureFolding(db);
  return { db, declared: (needle, haystack, place) => foldingDiffers(folding, needle, haystack, place) };
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tql-sql-target-'));
  closing.push(async () => rmSync(dir, { recursive: true, force: true }));
  const duck = await DuckDBInstance.create(join(dir, 'prove.duckdb'));
  const connection = await duck.connect();
  closing.unshift(async () => (connection.closeSync(), duck.closeSync()));
  engines.set('duckdb file', await measured(sqlDatabase(connection)));
  await Promise.all([
    PG_SERVER &&
      startPostgres().then(async (server: PostgresServer) => {
        closing.unshift(() => server.stop());
        const client = new pg.Client({ connectionString: server.connectionString });
        await client.connect();
        closing.unshift(() => client.end());
        engines.set('postgres server', await measured(sqlDatabase(client)));
      }),
    MARIADB &&
      startMariadb().then(async (server: MariadbServer) => {
        closing.unshift(() => server.stop());
        const c = await mysql.createConnection(server.url);
        closing.unshift(() => c.end());
        engines.set('mariadb', await measured(sqlDatabase(c)));
      }),
  ]);
}, 120_000);

afterAll(async () => {
  for (const close of closing) await close();
});

const NAMES = ['duckdb file', ...(PG_SERVER ? ['postgres server'] : []), ...(MARIADB ? ['mariadb'] : [])];
const engine = (name: string) => engines.get(name)!;

describe.each(NAMES)(`%s agrees (seed ${SEED}; replay with TQL_FC_SEED=${SEED})`, (name) => {
  test.for(schedulingSchema.entityNames)('scheduling: %s', async (entity) => {
    const { db, declared } = engine(name);
    const target = sqlTarget({ db, schema: schedulingSchema, entity, mapping: schedulingSqlMapping });
    try {
      const report = await assertAgreement({ schema: schedulingSchema, entity, ...target, runs: 20, seed: SEED, declared });
      expect(report.queries).toBeGreaterThan(20);
    } finally {
      await target.drop();
    }
  });

  test.for(fc.sample(arbGeneratedSchema, { seed: SEED, numRuns: 2 }).map((schema, i) => ({ i, schema })))('generated schema $i, default tables', async ({ schema }) => {
    const { db, declared } = engine(name);
    const target = sqlTarget({ db, schema, entity: 'thing' });
    try {
      await assertAgreement({ schema, entity: 'thing', ...target, runs: 20, seed: SEED, declared });
    } finally {
      await target.drop();
    }
  });
});

/** The operators that compare text exactly (rule 5). */
const EQUALITY = ['EQ', 'NOT_EQ', 'IN', 'NOT_IN'] as const;

/** The one disagreement of a failed report. */
function theDisagreement(report: AgreementReport) {
  expect(report.agreed).toBe(false);
  expect(report.disagreements).toHaveLength(1);
  return report.disagreements[0]!;
}

/** A type for every String column of the agents table. */
const textColumns =
  (type: string): ColumnTypeChoice =>
  ({ attribute }) =>
    attribute?.type === 'String' ? type : undefined;

/** An agent target on `name` whose String columns are `type`, and its drop. */
async function agentsWithText(name: string, type: string, runs: number) {
  const { db, declared } = engine(name);
  const target = sqlTarget({ db, schema: schedulingSchema, entity: 'agent', mapping: schedulingSqlMapping, columnType: textColumns(type) });
  try {
    return await checkAgreement({ schema: schedulingSchema, entity: 'agent', ...target, runs, seed: SEED, operators: EQUALITY, declared });
  } finally {
    await target.drop();
  }
}

/**
 * The record of a rule-5 disagreement holds a text equal to the query's value but for trailing
 * spaces, and spaces trail one of them: the record's (`x ` stored as `x`, then equal to `x`), or
 * the value's (`x ` stored as `x`, then no longer equal to `x `).
 */
function expectTrailingSpaces(query: string, record: Record<string, unknown>) {
  const compared = check(query, schedulingSchema, 'agent').condition as Condition & { kind: 'Comparison' };
  const values = (Array.isArray(compared.value) ? compared.value : [compared.value]).map(String);
  const stored = Object.values(record).filter((v): v is string => typeof v === 'string');
  const unpadded = (t: string) => t.replace(/ +$/, '');
  expect(stored.some((v) => values.some((x) => unpadded(x) === unpadded(v) && (unpadded(x) !== x || unpadded(v) !== v)))).toBe(true);
}

/**
 * The disagreement on an entity of one attribute, `value` of `type`, stored in a column of
 * `sqlType` on engine `name` that rounds it: one record, rule 6.
 */
async function roundingColumn(name: string, type: 'Timestamp' | 'Number', sqlType: string) {
  const schema = defineSchema({ entities: { thing: { attributes: { value: { type } } } } });
  const target = sqlTarget({ db: engine(name).db, schema, entity: 'thing', columnType: ({ attribute }) => (attribute === undefined ? undefined : sqlType) });
  try {
    const d = theDisagreement(await checkAgreement({ schema, entity: 'thing', ...target, runs: 200, seed: SEED }));
    expect(d.records).toHaveLength(1);
    expect(d.rules.map((r) => r.rule)).toContain(6);
    return d;
  } finally {
    await target.drop();
  }
}

describe.runIf(MARIADB)(`MariaDB columns (seed ${SEED})`, () => {
  test('a case-insensitive, accent-insensitive collation agrees: EQ and IN compare bytes on MariaDB', async () => {
    const report = await agentsWithText('mariadb', 'VARCHAR(200) COLLATE utf8mb4_unicode_ci', 30);
    expect(report.disagreements).toEqual([]);
    expect(report.agreed).toBe(true);
  });

  test('CHAR(64), which drops trailing spaces when it stores: rule 5, one record', async () => {
    const d = theDisagreement(await agentsWithText('mariadb', 'CHAR(64)', 500));
    expect(d.records).toHaveLength(1);
    expect(d.query).toMatch(/^agent\.\w+[ ~](EQ|NOT_EQ|IN|NOT_IN)[ ~]/);
    expect(d.rules.map((r) => r.rule)).toContain(5);
    expectTrailingSpaces(d.query, d.records[0]!);
  });
});

describe.runIf(PG_SERVER)(`PostgreSQL server columns (seed ${SEED})`, () => {
  test('character(64), padded with trailing spaces: rule 5, one record', async () => {
    const d = theDisagreement(await agentsWithText('postgres server', 'character(64)', 500));
    expect(d.records).toHaveLength(1);
    expect(d.rules.map((r) => r.rule)).toContain(5);
    expectTrailingSpaces(d.query, d.records[0]!);
  });

  test('a Unix-seconds Timestamp in a bigint column, which rounds fractions: rule 6, one record', async () => {
    const d = await roundingColumn('postgres server', 'Timestamp', 'bigint');
    expect(Number.isInteger(d.records[0]!['value'])).toBe(false);
  });
});

describe(`DuckDB file columns (seed ${SEED})`, () => {
  // Shrinking refills the file's tables at every step: past 30 s on some seeds in a busy suite.
  test('a Number in a FLOAT column, which rounds doubles to single precision: rule 6, one record', async () => {
    await roundingColumn('duckdb file', 'Number', 'FLOAT');
  }, 120_000);

  test('reading.value EQ 1e21: a whole number beyond BIGINT binds as a double', async () => {
    const schema = defineSchema({ entities: { reading: { attributes: { value: { type: 'Number' } } } } });
    const target = sqlTarget({ db: engine('duckdb file').db, schema, entity: 'reading' });
    try {
      await target.load([
        { id: 'a', value: 1e21 },
        { id: 'b', value: 1 },
      ]);
      expect(await target.run(check('reading.value EQ 1e21', schema, 'reading'))).toEqual(['a']);
    } finally {
      await target.drop();
    }
  });
});
