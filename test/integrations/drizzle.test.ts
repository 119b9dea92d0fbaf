/**
 * tql/drizzle: a schema and SQL mapping derived from Drizzle tables, and `tqlWhere` in real Drizzle
 * queries: the whole backend contract on SQLite (better-sqlite3), on PGlite and on a MariaDB
 * server (mysql2), composed with Drizzle's own conditions, with every value a parameter of
 * Drizzle's query.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Database from 'better-sqlite3';
import { and, eq } from 'drizzle-orm';
import { drizzle as sqliteDrizzle } from 'drizzle-orm/better-sqlite3';
import { drizzle as mysqlDrizzle, type MySql2Database } from 'drizzle-orm/mysql2';
import { boolean as mysqlBoolean, datetime, int, mysqlEnum, mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import mysql from 'mysql2/promise';
import { pgEnum, pgTable, boolean as pgBoolean, bigint, text as pgText, timestamp } from 'drizzle-orm/pg-core';
import { drizzle as pgliteDrizzle } from 'drizzle-orm/pglite';
import { integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { registerTqlFunctions } from '../../src/backends/sql/sqlite-functions.js';
import { schemaFromDrizzle, tqlWhere } from '../../src/integrations/drizzle.js';
import type { Agent } from '../../src/models/scheduling/records.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { createSchedulingTables, loadSchedulingData } from '../../src/models/scheduling/sql/load.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { CONTRACT_DATA, describeBackendContract, type ContractRecord } from '../backends/contract/cases.js';
import { CONTRACT_INPUT, MARIADB_FOLDING_REASON } from '../backends/sql/engines.js';
import { sortedIds } from '../support/ids.js';
import { mariadbAvailable, startLoadedMariadb, type MariadbServer } from '../support/mariadb-server.js';
import { tqlErrorOf } from '../support/tql-error.js';

describe('schemaFromDrizzle', () => {
  const tickets = sqliteTable('tickets', {
    id: text('id').primaryKey(),
    subject: text('subject').notNull(),
    priority: text('priority', { enum: ['low', 'high'] }).notNull(),
    escalated: integer('escalated', { mode: 'boolean' }).notNull(),
    openedAt: integer('opened_at', { mode: 'timestamp' }).notNull(),
    closedAt: integer('closed_at', { mode: 'timestamp' }),
    accountId: integer('account_id'),
    score: real('score'),
  });

  test('one attribute per column, named as the column and read from the row property', () => {
    const { definition, mapping, skipped } = schemaFromDrizzle({ ticket: tickets });
    expect(definition.entities['ticket']?.attributes).toEqual({
      id: { type: 'String' },
      subject: { type: 'String' },
      priority: { type: 'String', values: ['low', 'high'] },
      escalated: { type: 'Boolean' },
      opened_at: { type: 'Timestamp', source: { kind: 'field', field: 'openedAt' } },
      closed_at: { type: 'Timestamp', nullable: true, source: { kind: 'field', field: 'closedAt' } },
      account_id: { type: 'ID', id: { kind: 'integer' }, nullable: true, source: { kind: 'field', field: 'accountId' } },
      score: { type: 'Number', nullable: true },
    });
    expect(mapping).toEqual({ ticket: { table: 'tickets', key: 'id', columns: { openedAt: 'opened_at', closedAt: 'closed_at', accountId: 'account_id' } } });
    expect(skipped).toEqual([]);
    // The definition is one defineSchema accepts as it is.
    expect(defineSchema(definition).entities.ticket?.attributeNames).toHaveLength(8);
  });

  test('PostgreSQL tables: enums, booleans, numbers; SQL timestamps are skipped with the reason', () => {
    const mood = pgEnum('mood', ['calm', 'busy']);
    const people = pgTable('people', {
      id: bigint('id', { mode: 'number' }).primaryKey(),
      name: pgText('name').notNull(),
      mood: mood('mood'),
      active: pgBoolean('active').notNull(),
      seen: timestamp('seen'),
      score: bigint('score', { mode: 'number' }),
    });
    const { definition, skipped } = schemaFromDrizzle({ person: people });
    expect(definition.entities['person']?.attributes).toEqual({
      id: { type: 'ID', id: { kind: 'integer' } },
      name: { type: 'String' },
      mood: { type: 'String', values: ['calm', 'busy'], nullable: true },
      active: { type: 'Boolean' },
      score: { type: 'Number', nullable: true },
    });
    expect(skipped.map((s) => s.path)).toEqual(['person.seen']);
  });

  test('MySQL tables: enums, booleans, integers; SQL timestamps are skipped with the reason', () => {
    const people = mysqlTable('people', {
      id: int('id').primaryKey(),
      name: varchar('name', { length: 100 }).notNull(),
      mood: mysqlEnum('mood', ['calm', 'busy']),
      active: mysqlBoolean('active').notNull(),
      seen: datetime('seen'),
      teamId: int('team_id'),
    });
    const { definition, mapping, skipped } = schemaFromDrizzle({ person: people });
    expect(definition.entities['person']?.attributes).toEqual({
      id: { type: 'ID', id: { kind: 'integer' } },
      name: { type: 'String' },
      mood: { type: 'String', values: ['calm', 'busy'], nullable: true },
      active: { type: 'Boolean' },
      team_id: { type: 'ID', id: { kind: 'integer' }, nullable: true, source: { kind: 'field', field: 'teamId' } },
    });
    expect(mapping).toEqual({ person: { table: 'people', key: 'id', columns: { teamId: 'team_id' } } });
    expect(skipped.map((s) => s.path)).toEqual(['person.seen']);
  });

  test('the derived mapping and a row-shaped record give the same answer in memory and in SQL', () => {
    const { definition, mapping } = schemaFromDrizzle({ ticket: tickets });
    const schema = defineSchema(definition);
    const sqlite = new Database(':memory:');
    sqlite.exec('CREATE TABLE tickets (id TEXT PRIMARY KEY, subject TEXT NOT NULL, priority TEXT NOT NULL, escalated INTEGER NOT NULL, opened_at INTEGER NOT NULL, closed_at INTEGER, account_id INTEGER, score REAL)');
    const db = sqliteDrizzle(sqlite);
    db.insert(tickets).values([
      { id: 't1', subject: 'Printer', priority: 'high', escalated: true, openedAt: new Date(1_000_000_000), closedAt: null, accountId: 7 },
      { id: 't2', subject: 'Paper', priority: 'low', escalated: false, openedAt: new Date(2_000_000_000), closedAt: new Date(2_100_000_000), accountId: null },
    ]).run();
    // What the API would return: Unix seconds under the row properties.
    const records = [
      { id: 't1', subject: 'Printer', priority: 'high', escalated: true, openedAt: 1_000_000, closedAt: null, accountId: 7 },
      { id: 't2', subject: 'Paper', priority: 'low', escalated: false, openedAt: 2_000_000, closedAt: 2_100_000, accountId: null },
    ];
    for (const filter of ['ticket.opened_at GT 1500000 AND ticket.closed_at NOT_EQ null', 'ticket.account_id EQ 7 OR ticket.subject LIKE PAP', 'ticket.escalated EQ false']) {
      const q = check(filter, schema, 'ticket');
      const inSql = db.select({ id: tickets.id }).from(tickets).where(tqlWhere(q, { mapping, dialect: 'sqlite' })).orderBy(tickets.id).all();
      expect(inSql.map((r) => r.id), filter).toEqual(filterRecords(q, records).map((r) => r.id));
    }
    sqlite.close();
  });

  test('something that is not a table', () => {
    expect(tqlErrorOf(() => schemaFromDrizzle({ ticket: {} as never })).message).toMatchInlineSnapshot(`"invalid_schema: ticket is not a Drizzle table: pass the result of pgTable(…), mysqlTable(…) or sqliteTable(…)."`);
  });
});

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
    { divergences: { 'unicode-case-folding': MARIADB_FOLDING_REASON } },
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
