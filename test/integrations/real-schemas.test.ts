/**
 * Schemas derived from descriptions shaped as apps write them (a Drizzle sqlite-core table with
 * integer timestamps, a pg-core table with timestamptz, date, uuid and numeric columns, an
 * OpenAPI 3.0 document, a zod schema) load with defineSchema and answer every filter alike in
 * memory, over the records as the app holds them (Drizzle's rows with Dates, the API's JSON), and
 * in SQL (better-sqlite3, PGlite, a MariaDB server), tables made from Drizzle's own column types or
 * by hand.
 */
import { PGlite } from '@electric-sql/pglite';
import Database from 'better-sqlite3';
import { getTableConfig as pgTableConfig } from 'drizzle-orm/pg-core';
import { drizzle as sqliteDrizzle } from 'drizzle-orm/better-sqlite3';
import { boolean, date, numeric, pgEnum, pgTable, text as pgText, timestamp, uuid } from 'drizzle-orm/pg-core';
import { drizzle as mysqlDrizzle, type MySql2Database } from 'drizzle-orm/mysql2';
import { datetime, decimal, getTableConfig as mysqlTableConfig, int, mysqlEnum, mysqlTable, timestamp as mysqlTimestamp, varchar } from 'drizzle-orm/mysql-core';
import { drizzle as pgliteDrizzle } from 'drizzle-orm/pglite';
import mysql from 'mysql2/promise';
import { integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import * as z from 'zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { checkSqlMapping } from '../../src/backends/sql/check-mapping.js';
import { compileSql } from '../../src/backends/sql/compile-sql.js';
import { sqlDatabase } from '../../src/backends/sql/database.js';
import { defineSqlMapping } from '../../src/backends/sql/define-mapping.js';
import { schemaFromDrizzle, tqlWhere } from '../../src/integrations/drizzle.js';
import { schemaFromZod } from '../../src/integrations/zod.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { schemaFromJsonSchema } from '../../src/schema/from-json-schema.js';
import { mariadbAvailable, startMariadb, type MariadbServer } from '../support/mariadb-server.js';

const ids = (rows: readonly { id: unknown }[]) => rows.map((r) => String(r.id)).sort();

describe('a Drizzle sqlite-core table: integer timestamps in seconds and milliseconds, camelCase properties', () => {
  const tickets = sqliteTable('tickets', {
    id: text('id').primaryKey(),
    subject: text('subject').notNull(),
    priority: text('priority', { enum: ['low', 'normal', 'high'] }).notNull(),
    escalated: integer('escalated', { mode: 'boolean' }).notNull(),
    openedAt: integer('opened_at', { mode: 'timestamp' }).notNull(),
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
    accountId: integer('account_id'),
    satisfaction: real('satisfaction'),
  });
  const derived = schemaFromDrizzle({ ticket: tickets });
  const schema = defineSchema(derived.definition);
  const mapping = defineSqlMapping(schema, derived.mapping);
  const sqlite = new Database(':memory:');
  const db = sqliteDrizzle(sqlite);
  let rows: (typeof tickets.$inferSelect)[] = [];

  beforeAll(() => {
    sqlite.exec(
      'CREATE TABLE tickets (id TEXT PRIMARY KEY, subject TEXT NOT NULL, priority TEXT NOT NULL, escalated INTEGER NOT NULL, opened_at INTEGER NOT NULL, closed_at INTEGER, account_id INTEGER, satisfaction REAL)',
    );
    db.insert(tickets)
      .values([
        { id: 't1', subject: 'Printer on fire', priority: 'high', escalated: true, openedAt: new Date('2024-05-01T09:30:00Z'), closedAt: new Date('2024-05-01T10:00:00.750Z'), accountId: 7, satisfaction: 4.5 },
        { id: 't2', subject: 'Paper', priority: 'low', escalated: false, openedAt: new Date('1969-12-31T23:59:59Z'), closedAt: null, accountId: null, satisfaction: null },
        { id: 't3', subject: 'VPN', priority: 'normal', escalated: false, openedAt: new Date('2024-05-01T09:30:01Z'), closedAt: new Date('2024-05-01T09:59:59.999Z'), accountId: 8, satisfaction: 2 },
      ])
      .run();
    // The records as the app holds them: what Drizzle returns, with Dates.
    rows = db.select().from(tickets).all();
  });
  afterAll(() => sqlite.close());

  test('Drizzle gives Dates, which the derived schema reads', () => {
    expect(rows[0]!.openedAt).toBeInstanceOf(Date);
  });

  test('the catalog check accepts the derived mapping', async () => {
    await expect(checkSqlMapping(sqlDatabase(sqlite), schema, mapping)).resolves.toBeUndefined();
  });

  test.for<[string, string[]]>([
    ['ticket.opened_at GTE 2024-05-01T09:30:00Z', ['t1', 't3']],
    ['ticket.opened_at EQ 2024-05-01T09:30:00Z', ['t1']],
    ['ticket.opened_at LT 1970-01-01', ['t2']],
    ['ticket.closed_at EQ 2024-05-01T10:00:00Z', ['t1']],
    ['ticket.closed_at LTE 2024-05-01T09:59:59Z OR ticket.closed_at EQ null', ['t2', 't3']],
    ['ticket.closed_at NOT_EQ 2024-05-01T10:00:00Z', ['t2', 't3']],
    ['ticket.account_id EQ 7 OR ticket.subject LIKE PAP', ['t1', 't2']],
    ['ticket.satisfaction LT 3 AND ticket.escalated EQ false', ['t3']],
  ])('%s → %j', ([filter, expected]) => {
    const q = check(filter, schema, 'ticket');
    expect(ids(filterRecords(q, rows))).toEqual(expected);
    expect(ids(db.select({ id: tickets.id }).from(tickets).where(tqlWhere(q, { mapping, dialect: 'sqlite' })).all())).toEqual(expected);
  });
});

describe('a Drizzle pg-core table on PGlite: timestamptz, timestamp, date, uuid, numeric', () => {
  const plan = pgEnum('plan', ['free', 'pro']);
  const accounts = pgTable('accounts', {
    id: uuid('id').primaryKey(),
    ownerName: pgText('owner_name').notNull(),
    plan: plan('plan').notNull(),
    verified: boolean('verified').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    trialEndsAt: timestamp('trial_ends_at', { mode: 'string' }),
    renewsOn: date('renews_on'),
    balance: numeric('balance', { mode: 'number' }),
  });
  const derived = schemaFromDrizzle({ account: accounts });
  const schema = defineSchema(derived.definition);
  const mapping = defineSqlMapping(schema, derived.mapping);
  let pg: PGlite;
  let db: ReturnType<typeof pgliteDrizzle>;
  let rows: (typeof accounts.$inferSelect)[] = [];

  beforeAll(async () => {
    pg = await PGlite.create();
    // The table as Drizzle's own DDL makes it.
    const { columns } = pgTableConfig(accounts);
    await pg.exec(`CREATE TYPE plan AS ENUM ('free', 'pro');
      CREATE TABLE accounts (${columns.map((c) => `"${c.name}" ${c.getSQLType()}${c.notNull ? ' NOT NULL' : ''}${c.primary ? ' PRIMARY KEY' : ''}`).join(', ')})`);
    db = pgliteDrizzle(pg);
    await db.insert(accounts).values([
      { id: '0B5C2A8E-4F1D-4C3B-9A7E-2D6F8E1C4B3A', ownerName: 'Ana', plan: 'pro', verified: true, createdAt: new Date('2024-03-31T01:30:00.400Z'), trialEndsAt: '2024-04-14 12:00:00', renewsOn: '2025-03-31', balance: 12.5 },
      { id: '1c6e8f3a-2b4d-4e5f-8a9b-0c1d2e3f4a5b', ownerName: 'Bo', plan: 'free', verified: false, createdAt: new Date('1965-06-01T00:00:00Z'), trialEndsAt: null, renewsOn: null, balance: null },
      { id: '2d7f9a4b-3c5e-4f6a-9b0c-1d2e3f4a5b6c', ownerName: 'Cy', plan: 'free', verified: true, createdAt: new Date('2024-03-31T01:30:00Z'), trialEndsAt: '2024-04-14 11:59:59.9', renewsOn: '2024-12-31', balance: -3 },
    ]);
    rows = await db.select().from(accounts);
  }, 120_000);
  afterAll(() => pg?.close());

  test('the rows are what the derived schema says: Dates, texts, lower-case uuids', () => {
    expect(rows.map((r) => [r.createdAt instanceof Date, typeof r.trialEndsAt, typeof r.renewsOn, r.id])).toContainEqual([true, 'string', 'string', '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a']);
  });

  test.for<[string, string[]]>([
    ['account.id EQ 0B5C2A8E-4F1D-4C3B-9A7E-2D6F8E1C4B3A', ['Ana']],
    ['account.id NOT_EQ 0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a', ['Bo', 'Cy']],
    ['account.created_at EQ 2024-03-31T01:30:00Z', ['Ana', 'Cy']],
    ['account.created_at LT 1970-01-01 OR account.created_at GT 2024-03-31T01:30:00Z', ['Bo']],
    ['account.trial_ends_at GTE 2024-04-14T12:00:00Z', ['Ana']],
    ['account.trial_ends_at LTE 2024-04-14T11:59:59Z', ['Cy']],
    ['account.trial_ends_at EQ null', ['Bo']],
    ['account.renews_on GTE 2025-01-01', ['Ana']],
    ['account.renews_on EQ 2024-12-31', ['Cy']],
    ['account.balance GT 0 OR account.balance EQ null', ['Ana', 'Bo']],
    ['account.plan IN pro AND account.owner_name LIKE an', ['Ana']],
    ['account.verified EQ true AND account.plan NOT_EQ pro', ['Cy']],
  ])('%s → %j', async ([filter, expected]) => {
    const q = check(filter, schema, 'account');
    const byName = (rs: readonly { ownerName: string }[]) => rs.map((r) => r.ownerName).sort();
    expect(byName(filterRecords(q, rows))).toEqual(expected);
    expect(byName(await db.select({ ownerName: accounts.ownerName }).from(accounts).where(tqlWhere(q, { mapping, dialect: 'postgres' })))).toEqual(expected);
  });
});

describe('an OpenAPI 3.0 document and the API’s JSON records, and the same rows in SQLite', () => {
  const document = {
    openapi: '3.0.3',
    info: { title: 'Wiki', version: '1.0' },
    paths: {},
    components: {
      schemas: {
        ContentModel: { type: 'string', enum: ['wikitext', 'json', 'css'] },
        Timestamped: { type: 'object', required: ['latestAt'], properties: { latestAt: { type: 'string', format: 'date-time' } } },
        Page: {
          allOf: [
            { $ref: '#/components/schemas/Timestamped' },
            {
              type: 'object',
              required: ['id', 'title', 'contentModel'],
              properties: {
                id: { type: 'integer', format: 'int64' },
                title: { type: 'string' },
                contentModel: { $ref: '#/components/schemas/ContentModel' },
                protectedUntil: { type: 'string', format: 'date-time', nullable: true },
                createdOn: { type: 'string', format: 'date' },
                wordCount: { type: 'integer' },
                license: { type: 'object', properties: { url: { type: 'string' } } },
              },
            },
          ],
        },
      },
    },
  };
  const records = [
    { id: 1, title: 'Main Page', contentModel: 'wikitext', latestAt: '2024-03-01T10:00:00.250Z', protectedUntil: '2030-01-01T00:00:00+01:00', createdOn: '2002-01-15', wordCount: 812 },
    { id: 2, title: 'Style', contentModel: 'css', latestAt: '2023-12-31T23:59:59.999Z', createdOn: '2023-12-31' },
    { id: 3, title: 'Data', contentModel: 'json', latestAt: '2024-01-01T01:00:00+02:00', protectedUntil: null, createdOn: 'not a date', wordCount: 0 },
  ];
  const { definition, skipped } = schemaFromJsonSchema(document);
  const schema = defineSchema(definition);
  const mapping = defineSqlMapping(schema, { page: { table: 'pages', key: 'id' } });
  const sqlite = new Database(':memory:');
  beforeAll(() => {
    sqlite.exec('CREATE TABLE pages (id INTEGER PRIMARY KEY, title TEXT NOT NULL, "contentModel" TEXT NOT NULL, "latestAt" TEXT NOT NULL, "protectedUntil" TEXT, "createdOn" TEXT, "wordCount" INTEGER)');
    const insert = sqlite.prepare('INSERT INTO pages VALUES (@id, @title, @contentModel, @latestAt, @protectedUntil, @createdOn, @wordCount)');
    for (const r of records) insert.run({ protectedUntil: null, wordCount: null, ...r });
  });
  afterAll(() => sqlite.close());

  test('the entity is the object schema; the shared schemas are used through $ref; the nested object is skipped', () => {
    expect(Object.keys(definition.entities)).toEqual(['timestamped', 'page']);
    expect(skipped.map((s) => s.path)).toEqual(['page.license']);
  });

  test.for<[string, string[]]>([
    ['page.latest_at GTE 2024-01-01', ['1']],
    ['page.latest_at LT 2023-12-31T23:59:59Z', ['3']],
    ['page.latest_at EQ 2023-12-31T23:59:59Z', ['2']],
    ['page.protected_until EQ null', ['2', '3']],
    ['page.protected_until EQ 2029-12-31T23:00:00Z', ['1']],
    ['page.created_on LT 2023-12-31 OR page.created_on EQ null', ['1', '3']],
    ['page.content_model IN css,json AND page.word_count NOT_EQ 0', ['2']],
    ['page.title LIKE page', ['1']],
  ])('%s → %j', ([filter, expected]) => {
    const q = check(filter, schema, 'page');
    const { text: where, values } = compileSql(q, { dialect: 'sqlite', mapping });
    expect(ids(filterRecords(q, records))).toEqual(expected);
    expect(ids(sqlite.prepare(`SELECT id FROM pages WHERE ${where}`).all(...values) as { id: number }[])).toEqual(expected);
  });
});

describe('a zod schema and the records it parses, and the same rows in PGlite', () => {
  const Invoice = z.object({
    id: z.uuid(),
    status: z.enum(['draft', 'sent', 'paid']),
    totalCents: z.int(),
    createdAt: z.date(),
    paidAt: z.date().nullable(),
    sentAt: z.iso.datetime().optional(),
  });
  const { definition } = schemaFromZod({ invoice: Invoice });
  const schema = defineSchema(definition);
  // Dates live in timestamptz columns (the default for a Date); the uuid column has PostgreSQL's uuid type.
  const mapping = defineSqlMapping(schema, { invoice: { table: 'invoices', key: 'id', storage: { id: 'uuid' } } });
  const records = [
    { id: 'A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D', status: 'paid', totalCents: 1250, createdAt: new Date('2024-01-31T23:59:59.500Z'), paidAt: new Date('2024-02-01T00:00:00Z'), sentAt: '2024-01-31T23:59:59Z' },
    { id: 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e', status: 'draft', totalCents: 0, createdAt: new Date('2024-02-01T00:00:00Z'), paidAt: null },
  ].map((r) => Invoice.parse(r));
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create();
    await pg.exec('CREATE TABLE invoices (id uuid PRIMARY KEY, status text NOT NULL, "totalCents" integer NOT NULL, "createdAt" timestamptz NOT NULL, "paidAt" timestamptz, "sentAt" text)');
    for (const r of records) {
      await pg.query('INSERT INTO invoices VALUES ($1, $2, $3, $4, $5, $6)', [r.id, r.status, r.totalCents, r.createdAt, r.paidAt, r.sentAt ?? null]);
    }
  }, 120_000);
  afterAll(() => pg?.close());

  test.for<[string, string[]]>([
    ['invoice.id EQ a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', ['paid']],
    ['invoice.created_at EQ 2024-01-31T23:59:59Z', ['paid']],
    ['invoice.created_at GTE 2024-02-01', ['draft']],
    ['invoice.paid_at EQ null OR invoice.sent_at LT 2024-02-01', ['draft', 'paid']],
    ['invoice.sent_at EQ null', ['draft']],
    ['invoice.status IN paid,sent AND invoice.total_cents GT 1000', ['paid']],
  ])('%s → %j', async ([filter, expected]) => {
    const q = check(filter, schema, 'invoice');
    const { text: where, values } = compileSql(q, { dialect: 'postgres', mapping });
    const byStatus = (rs: readonly { status: string }[]) => rs.map((r) => r.status).sort();
    expect(byStatus(filterRecords(q, records))).toEqual(expected);
    expect(byStatus((await pg.query<{ status: string }>(`SELECT status FROM invoices WHERE ${where}`, values as unknown[])).rows)).toEqual(expected);
  });
});

describe.runIf(mariadbAvailable())('a Drizzle mysql-core table on a MariaDB server: datetime, timestamp, decimal', () => {
  const orders = mysqlTable('orders', {
    id: int('id').primaryKey(),
    state: mysqlEnum('state', ['open', 'shipped']).notNull(),
    placedAt: datetime('placed_at', { fsp: 3 }).notNull(),
    placedText: datetime('placed_text', { mode: 'string' }),
    shippedAt: mysqlTimestamp('shipped_at', { fsp: 3 }),
    total: decimal('total', { precision: 10, scale: 2, mode: 'number' }),
    customerRef: varchar('customer_ref', { length: 20 }),
  });
  const derived = schemaFromDrizzle({ order: orders });
  const schema = defineSchema(derived.definition);
  const mapping = defineSqlMapping(schema, derived.mapping);
  let server: MariadbServer;
  let connection: mysql.Connection;
  let db: MySql2Database;
  let rows: (typeof orders.$inferSelect)[] = [];

  beforeAll(async () => {
    server = await startMariadb();
    connection = await mysql.createConnection(server.url);
    // Drizzle writes and reads TIMESTAMP values as UTC texts: the session must be in UTC.
    await connection.query("SET time_zone = '+00:00'");
    const { columns } = mysqlTableConfig(orders);
    await connection.query(`CREATE TABLE orders (${columns.map((c) => `\`${c.name}\` ${c.getSQLType()}${c.notNull ? ' NOT NULL' : ''}${c.primary ? ' PRIMARY KEY' : ''}`).join(', ')})`);
    db = mysqlDrizzle(connection);
    await db.insert(orders).values([
      { id: 1, state: 'open', placedAt: new Date('2024-06-30T23:59:59.900Z'), placedText: '2024-06-30 23:59:59', shippedAt: null, total: 19.99, customerRef: 'C-1' },
      { id: 2, state: 'shipped', placedAt: new Date('2024-07-01T00:00:00Z'), placedText: '2024-07-01 00:00:00', shippedAt: new Date('2024-07-02T08:00:00.500Z'), total: 250, customerRef: null },
      { id: 3, state: 'shipped', placedAt: new Date('1999-12-31T12:00:00Z'), placedText: null, shippedAt: new Date('2000-01-01T00:00:00Z'), total: null, customerRef: 'C-3' },
    ]);
    rows = await db.select().from(orders);
  }, 120_000);
  afterAll(async () => {
    await connection?.end();
    await server?.stop();
  });

  test('the catalog check accepts the derived mapping once the decimal column is accepted as a double', async () => {
    await expect(checkSqlMapping(sqlDatabase(connection), schema, mapping, { acceptDecimal: true })).resolves.toBeUndefined();
  });

  test.for<[string, string[]]>([
    ['order.placed_at LT 2024-07-01', ['1', '3']],
    ['order.placed_at EQ 2024-06-30T23:59:59Z', ['1']],
    ['order.placed_text GTE 2024-07-01 OR order.placed_text EQ null', ['2', '3']],
    ['order.shipped_at EQ 2024-07-02T08:00:00Z', ['2']],
    ['order.shipped_at LT 2000-01-01T00:00:01Z OR order.shipped_at EQ null', ['1', '3']],
    ['order.total GT 100 OR order.total EQ null', ['2', '3']],
    ['order.state EQ shipped AND order.customer_ref LIKE c-', ['3']],
  ])('%s → %j', async ([filter, expected]) => {
    const q = check(filter, schema, 'order');
    expect(ids(filterRecords(q, rows))).toEqual(expected);
    expect(ids(await db.select({ id: orders.id }).from(orders).where(tqlWhere(q, { mapping, dialect: 'mysql' })))).toEqual(expected);
  });
});
