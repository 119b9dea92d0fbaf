/**
 * tql/drizzle: `tqlWhere` in real Drizzle queries: the whole backend contract on SQLite
 * (better-sqlite3), on PGlite and on a MariaDB server (mysql2), composed with Drizzle's own
 * conditions, with every value a parameter of Drizzle's query. (drizzle-schema.test.ts tests
 * schemaFromDrizzle, drizzle-real-schemas.test.ts filters app-shaped tables with it.)
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Database from 'better-sqlite3';
import { and, eq } from 'drizzle-orm';
import { drizzle as sqliteDrizzle } from 'drizzle-orm/better-sqlite3';
import { drizzle as mysqlDrizzle, type MySql2Database } from 'drizzle-orm/mysql2';
import { mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import mysql from 'mysql2/promise';
import { pgTable, text as pgText } from 'drizzle-orm/pg-core';
import { drizzle as pgliteDrizzle } from 'drizzle-orm/pglite';
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { registerTqlFunctions } from '../../src/backends/sql/sqlite-functions.js';
import { tqlWhere } from '../../src/integrations/drizzle.js';
import type { Agent } from '../../src/models/scheduling/records.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { createSchedulingTables, loadSchedulingData } from '../../src/models/scheduling/sql/load.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import { CONTRACT_DATA, describeBackendContract, type ContractRecord } from '../backends/contract/cases.js';
import { CONTRACT_INPUT, engineDivergences } from '../backends/sql/engines.js';
import { sortedIds } from '../support/ids.js';
import { mariadbAvailable, startLoadedMariadb, type MariadbServer } from '../support/mariadb-server.js';

/** The scheduling tables as Drizzle sees them: only the key, which these tests select. */
const SQLITE_TABLES = Object.fromEntries(schedulingSchema.entityNames.map((e) => [e, sqliteTable(e, { id: text('id').primaryKey() })]));
const PG_TABLES = Object.fromEntries(schedulingSchema.entityNames.map((e) => [e, pgTable(e, { id: pgText('id').primaryKey() })]));
const MYSQL_TABLES = Object.fromEntries(schedulingSchema.entityNames.map((e) => [e, mysqlTable(e, { id: varchar('id', { length: 64 }).primaryKey() })]));

describe('Drizzle on SQLite (better-sqlite3)', () => {
  const raw = new Database(':memory:');
  registerTqlFunctions(raw);
  const db = sqliteDrizzle(raw);
  beforeAll(async () => {
    await createSchedulingTables(raw);
    await loadSchedulingData(raw, CONTRACT_INPUT);
  });
  afterAll(() => raw.close());

  describeBackendContract('drizzle (SQLite)', async (query, entity) => {
    const table = SQLITE_TABLES[entity]!;
    return db.select({ id: table.id }).from(table).where(tqlWhere(query, { mapping: schedulingSqlMapping, dialect: 'sqlite', caseFolding: 'unicode' })).all().map((r) => r.id);
  });

  test('after a condition of Drizzle’s own', () => {
    const agent = sqliteTable('agent', { id: text('id').primaryKey(), role: text('role') });
    const q = check('agent.name LIKE a OR agent.schedulable EQ false', schedulingSchema, 'agent');
    const rows = db.select({ id: agent.id }).from(agent).where(and(eq(agent.role, 'User'), tqlWhere(q, { mapping: schedulingSqlMapping, dialect: 'sqlite', caseFolding: 'unicode' }))).orderBy(agent.id).all();
    const expected = sortedIds(filterRecords<ContractRecord<Agent>>(q, CONTRACT_DATA.agent).filter((a) => a.role === 'User'));
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.id)).toEqual(expected);
  });

  test('values are parameters, booleans the literals TRUE / FALSE', () => {
    const agent = SQLITE_TABLES['agent']!;
    const q = check('agent.name EQ "x\'); DROP TABLE agent;--" AND agent.schedulable EQ true AND agent.role IN a,b', schedulingSchema, 'agent');
    const { sql, params } = db.select({ id: agent.id }).from(agent).where(tqlWhere(q, { mapping: schedulingSqlMapping, dialect: 'sqlite' })).toSQL();
    expect(sql).toBe('select "id" from "agent" where ("name" = ? AND "schedulable" = TRUE AND "role" IN (?, ?))');
    expect(params).toEqual(["x'); DROP TABLE agent;--", 'a', 'b']);
  });
});

describe('Drizzle on PGlite', () => {
  let raw: PGlite;
  let db: ReturnType<typeof pgliteDrizzle>;
  beforeAll(async () => {
    raw = await PGlite.create({ extensions: { pg_trgm } });
    await createSchedulingTables(raw);
    await loadSchedulingData(raw, CONTRACT_INPUT);
    db = pgliteDrizzle(raw);
  }, 120_000);
  afterAll(() => raw?.close());

  describeBackendContract('drizzle (PGlite)', async (query, entity) => {
    const table = PG_TABLES[entity]!;
    const rows = await db.select({ id: table.id }).from(table).where(tqlWhere(query, { mapping: schedulingSqlMapping, dialect: 'postgres', caseFolding: 'unicode' }));
    return rows.map((r) => r.id);
  });

  test('placeholders follow Drizzle’s numbering', () => {
    const agent = pgTable('agent', { id: pgText('id').primaryKey(), role: pgText('role') });
    const q = check('agent.name LIKE "50%" OR agent.role NOT_IN a,b', schedulingSchema, 'agent');
    const { sql, params } = db.select({ id: agent.id }).from(agent).where(and(eq(agent.role, 'z'), tqlWhere(q, { mapping: schedulingSqlMapping, dialect: 'postgres' }))).toSQL();
    expect(sql).toMatchInlineSnapshot(`"select "id" from "agent" where ("agent"."role" = $1 and (lower("name") LIKE $2 ESCAPE E'\\\\' OR ("role" IS NULL OR "role" NOT IN ($3, $4))))"`);
    expect(params).toEqual(['z', '%50\\%%', 'a', 'b']);
  });
});

describe.runIf(mariadbAvailable())('Drizzle on a MariaDB server (mysql2)', () => {
  let server: MariadbServer;
  let pool: mysql.Pool;
  let db: MySql2Database;
  beforeAll(async () => {
    server = await startLoadedMariadb(CONTRACT_INPUT);
    pool = mysql.createPool({ uri: server.url, connectionLimit: 2 });
    db = mysqlDrizzle(pool);
  }, 120_000);
  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  // The default collation (utf8mb4_general_ci) folds LIKE by MariaDB's own table (engines.ts).
  describeBackendContract(
    'drizzle (MariaDB)',
    async (query, entity) => {
      const table = MYSQL_TABLES[entity]!;
      const rows = await db.select({ id: table.id }).from(table).where(tqlWhere(query, { mapping: schedulingSqlMapping, dialect: 'mysql' }));
      return rows.map((r) => r.id);
    },
    { divergences: engineDivergences('mariadb') },
  );

  test('placeholders are ?, identifiers in backticks, exact text comparisons through BINARY', () => {
    const agent = mysqlTable('agent', { id: varchar('id', { length: 64 }).primaryKey(), role: varchar('role', { length: 64 }) });
    const q = check('agent.name EQ "x\'); DROP TABLE agent;--" OR agent.role NOT_IN a,b', schedulingSchema, 'agent');
    const { sql, params } = db.select({ id: agent.id }).from(agent).where(and(eq(agent.role, 'z'), tqlWhere(q, { mapping: schedulingSqlMapping, dialect: 'mysql' }))).toSQL();
    expect(sql).toMatchInlineSnapshot(`"select \`id\` from \`agent\` where (\`agent\`.\`role\` = ? and (\`name\` = CAST(? AS BINARY) OR (\`role\` IS NULL OR \`role\` NOT IN (CAST(? AS BINARY), CAST(? AS BINARY)))))"`);
    expect(params).toEqual(['z', "x'); DROP TABLE agent;--", 'a', 'b']);
  });

  test('after a condition of Drizzle’s own', async () => {
    const agent = mysqlTable('agent', { id: varchar('id', { length: 64 }).primaryKey(), role: varchar('role', { length: 64 }) });
    const q = check('agent.name LIKE a OR agent.schedulable EQ false', schedulingSchema, 'agent');
    const rows = await db.select({ id: agent.id }).from(agent).where(and(eq(agent.role, 'User'), tqlWhere(q, { mapping: schedulingSqlMapping, dialect: 'mysql' }))).orderBy(agent.id);
    // Drizzle's own eq follows the column's collation: on MariaDB's default one, 'user' is 'User' too.
    const expected = sortedIds(filterRecords<ContractRecord<Agent>>(q, CONTRACT_DATA.agent).filter((a) => a.role?.toLowerCase() === 'user'));
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.id)).toEqual(expected);
  });
});
