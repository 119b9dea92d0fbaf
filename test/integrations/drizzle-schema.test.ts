/**
 * schemaFromDrizzle: the schema definition and SQL mapping derived from Drizzle tables of the
 * three dialects, column type by column type, as the table of drizzle-schema.ts says.
 */
import { relations } from 'drizzle-orm';
import { bigint as mysqlBigint, boolean as mysqlBoolean, datetime, decimal, int, json as mysqlJson, mysqlEnum, mysqlTable, timestamp as mysqlTimestamp, varchar } from 'drizzle-orm/mysql-core';
import {
  bigint,
  boolean as pgBoolean,
  date,
  doublePrecision,
  integer as pgInteger,
  interval,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text as pgText,
  time,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { blob, integer, numeric as sqliteNumeric, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { diagnoseRecords } from '../../src/diagnose/diagnose-records.js';
import { schemaFromDrizzle, tqlWhere } from '../../src/integrations/drizzle.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { compileSql } from '../../src/backends/sql/compile-sql.js';
import { defineSqlMapping } from '../../src/backends/sql/define-mapping.js';
import { tqlErrorOf } from '../support/tql-error.js';

const field = (f: string) => ({ source: { kind: 'field', field: f } });

describe('SQLite tables', () => {
  const tickets = sqliteTable('tickets', {
    id: text('id').primaryKey(),
    subject: text('subject').notNull(),
    priority: text('priority', { enum: ['low', 'high'] }).notNull(),
    escalated: integer('escalated', { mode: 'boolean' }).notNull(),
    openedAt: integer('opened_at', { mode: 'timestamp' }).notNull(),
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
    accountId: integer('account_id'),
    score: real('score'),
    amount: sqliteNumeric('amount'),
    avatar: blob('avatar'),
  });

  test('one attribute per property, in snake case, read from the property; the mapping says the columns and what the timestamps hold', () => {
    const { definition, mapping, skipped, notes } = schemaFromDrizzle({ ticket: tickets });
    expect(definition.entities['ticket']?.attributes).toEqual({
      id: { type: 'String' },
      subject: { type: 'String' },
      priority: { type: 'String', values: ['low', 'high'] },
      escalated: { type: 'Boolean' },
      opened_at: { type: 'Timestamp', storage: 'date', ...field('openedAt') },
      closed_at: { type: 'Timestamp', storage: 'date', nullable: true, ...field('closedAt') },
      account_id: { type: 'ID', id: { kind: 'integer' }, nullable: true, ...field('accountId') },
      score: { type: 'Number', nullable: true },
      amount: { type: 'Number', storage: 'decimal_text', nullable: true, description: 'A numeric column, compared as a double (IEEE-754): values with more than 15 significant digits may compare differently from the exact column.' },
    });
    expect(mapping).toEqual({
      ticket: {
        table: 'tickets',
        key: 'id',
        columns: { openedAt: 'opened_at', closedAt: 'closed_at', accountId: 'account_id' },
        storage: { openedAt: { kind: 'unix_seconds' }, closedAt: { kind: 'unix_milliseconds' } },
      },
    });
    expect(skipped).toEqual([{ path: 'ticket.avatar', reason: 'binary data (blob): no tql type compares as it does' }]);
    expect(notes.map((n) => n.path)).toEqual(['ticket.amount']);
    // The definition is one defineSchema accepts as it is.
    expect(defineSchema(definition).entities.ticket?.attributeNames).toHaveLength(9);
  });

  // Drizzle maps the column's 0 and 1 to false and true: zero_one would make its rows' values missing.
  test('a boolean-mode integer stays a Boolean: Drizzle’s rows hold true and false; rows read without Drizzle, 0 and 1', () => {
    const flags = sqliteTable('flags', { id: text('id').primaryKey(), escalated: integer('escalated', { mode: 'boolean' }).notNull(), amount: sqliteNumeric('amount').notNull() });
    const { definition, mapping } = schemaFromDrizzle({ flag: flags });
    const schema = defineSchema(definition);
    const sqlite = new Database(':memory:');
    sqlite.exec("CREATE TABLE flags (id TEXT PRIMARY KEY, escalated INTEGER NOT NULL, amount NUMERIC NOT NULL); INSERT INTO flags VALUES ('a', 1, 9.99), ('b', 0, 12), ('c', 1, 10.5)");
    const db = drizzle(sqlite);
    const rows = db.select().from(flags).all();
    expect(rows.map((r) => [typeof r.escalated, typeof r.amount])).toEqual([['boolean', 'string'], ['boolean', 'string'], ['boolean', 'string']]);
    for (const text of ['flag.escalated EQ true', 'flag.escalated NOT_EQ true', 'flag.amount LT 10', 'flag.amount GTE 10.5']) {
      const query = check(text, schema, 'flag');
      const inSql = db.select({ id: flags.id }).from(flags).where(tqlWhere(query, { mapping, dialect: 'sqlite' })).all().map((r) => r.id);
      expect([text, filterRecords(query, rows).map((r) => r.id)]).toEqual([text, inSql]);
    }
    expect(diagnoseRecords(schema, 'flag', rows).mismatches).toEqual([]);
    // The same table read by better-sqlite3 alone: the diagnosis names the storage those rows need.
    const raw = sqlite.prepare('SELECT * FROM flags').all();
    expect(diagnoseRecords(schema, 'flag', raw).mismatches.map((m) => [m.attribute, m.fix.split(' (')[0]])).toEqual([
      ['flag.escalated', "declare storage: 'zero_one' on the attribute"],
      ['flag.amount', 'remove storage: \'decimal_text\': the records hold numbers, which is the type\'s own storage'],
    ]);
    sqlite.close();
  });
});

describe('PostgreSQL tables', () => {
  const mood = pgEnum('mood', ['calm', 'busy']);
  const people = pgTable('people', {
    id: uuid('id').primaryKey().defaultRandom(),
    legacyId: bigint('legacy_id', { mode: 'number' }),
    name: pgText('name').notNull(),
    mood: mood('mood'),
    active: pgBoolean('active').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }),
    seenAt: timestamp('seen_at'),
    seenText: timestamp('seen_text', { mode: 'string' }),
    birthday: date('birthday'),
    hiredOn: date('hired_on', { mode: 'date' }),
    balance: numeric('balance', { precision: 12, scale: 2 }),
    rate: numeric('rate', { mode: 'number' }),
    score: doublePrecision('score'),
    visits: serial('visits'),
    teamId: pgInteger('team_id'),
    settings: jsonb('settings'),
    tags: pgText('tags').array(),
    total: bigint('total', { mode: 'bigint' }),
    wakeUp: time('wake_up'),
    notice: interval('notice'),
  });

  const { definition, mapping, skipped, notes } = schemaFromDrizzle({ person: people });
  const attributes = definition.entities['person']!.attributes;

  test.for<[string, unknown, unknown]>([
    ['id', { type: 'ID', id: { kind: 'uuid' } }, { kind: 'uuid' }],
    ['legacy_id', { type: 'ID', id: { kind: 'integer' }, nullable: true, ...field('legacyId') }, undefined],
    ['name', { type: 'String' }, undefined],
    ['mood', { type: 'String', values: ['calm', 'busy'], operators: ['EQ', 'NOT_EQ', 'IN', 'NOT_IN'], nullable: true }, undefined],
    ['active', { type: 'Boolean' }, undefined],
    ['created_at', { type: 'Timestamp', storage: 'date', ...field('createdAt') }, { kind: 'timestamptz' }],
    ['updated_at', { type: 'Timestamp', storage: 'iso_text', nullable: true, ...field('updatedAt') }, { kind: 'timestamptz' }],
    ['seen_at', { type: 'Timestamp', storage: 'date', nullable: true, ...field('seenAt') }, { kind: 'timestamp' }],
    ['seen_text', { type: 'Timestamp', storage: 'iso_text', nullable: true, ...field('seenText') }, { kind: 'timestamp' }],
    ['birthday', { type: 'Timestamp', storage: 'iso_text', nullable: true }, { kind: 'timestamp' }],
    ['hired_on', { type: 'Timestamp', storage: 'date', nullable: true, ...field('hiredOn') }, { kind: 'timestamp' }],
    ['balance', { type: 'Number', storage: 'decimal_text', nullable: true, description: expect.stringMatching(/^A numeric\(12, 2\) column, compared as a double/) }, undefined],
    ['rate', { type: 'Number', nullable: true, description: expect.stringMatching(/^A numeric column, compared as a double/) }, undefined],
    ['score', { type: 'Number', nullable: true }, undefined],
    ['visits', { type: 'Number' }, { kind: 'integer' }],
    ['team_id', { type: 'ID', id: { kind: 'integer' }, nullable: true, ...field('teamId') }, undefined],
  ])('%s', ([name, attribute, storage]) => {
    expect(attributes[name]).toEqual(attribute);
    const property = Object.entries(people).find(([, c]) => (c as { name?: string }).name === name)?.[0] ?? name;
    expect(mapping['person']!.storage?.[property]).toEqual(storage);
  });

  test('what cannot be filtered is skipped with a reason that is true', () => {
    expect(skipped).toMatchInlineSnapshot(`
      [
        {
          "path": "person.settings",
          "reason": "a JSON column: tql filters scalar columns",
        },
        {
          "path": "person.total",
          "reason": "a bigint column in mode "bigint": rows hold BigInt values, which tql does not compare; use { mode: 'number' } where values stay below 2^53",
        },
        {
          "path": "person.wakeUp",
          "reason": "a time column: no tql type compares as it does",
        },
        {
          "path": "person.notice",
          "reason": "an interval column: no tql type compares as it does",
        },
      ]
    `);
  });

  test('numeric columns are Numbers with the caveat declared', () => {
    expect(notes).toMatchInlineSnapshot(`
      [
        {
          "note": "an exact decimal column compared as a double (IEEE-754); checkSqlMapping accepts the column with { acceptDecimal: true }; in mode "string" Drizzle gives rows its values as text ("9.99"), which storage "decimal_text" reads by value in memory",
          "path": "person.balance",
        },
        {
          "note": "an exact decimal column compared as a double (IEEE-754); checkSqlMapping accepts the column with { acceptDecimal: true }",
          "path": "person.rate",
        },
      ]
    `);
  });

  test('no attribute of a column that is not text takes LIKE', () => {
    const schema = defineSchema(definition);
    const withLike = schema.entities.person!.attributeNames.filter((n) => schema.entities.person!.attributes[n]!.operators.includes('LIKE'));
    expect(withLike).toEqual(['name', 'tags']);
  });

  test('a schema module as it is: enums and relations are skipped, table keys named in snake case', () => {
    const posts = pgTable('posts', { id: serial('id').primaryKey(), authorId: uuid('author_id') });
    const peopleRelations = relations(people, ({ many }) => ({ posts: many(posts) }));
    const { definition: d, skipped: s } = schemaFromDrizzle({ mood, people, blogPosts: posts, peopleRelations });
    expect(Object.keys(d.entities)).toEqual(['people', 'blog_posts']);
    expect(s.filter((x) => !x.path.includes('.'))).toEqual([
      { path: 'mood', reason: 'not a table but an enum: tql derives an entity from each table' },
      { path: 'peopleRelations', reason: 'not a table but a Relations: tql derives an entity from each table' },
    ]);
  });

  test('columns named by the casing given to drizzle()', () => {
    const events = pgTable('events', { id: serial().primaryKey(), startsAt: timestamp({ withTimezone: true }).notNull(), roomId: pgInteger() });
    expect(schemaFromDrizzle({ event: events }, { casing: 'snake_case' }).mapping['event']).toEqual({
      table: 'events',
      key: 'id',
      columns: { startsAt: 'starts_at', roomId: 'room_id' },
      storage: { startsAt: { kind: 'timestamptz' } },
    });
    expect(schemaFromDrizzle({ event: events }).mapping['event']!.columns).toBeUndefined();
  });
});

describe('MySQL tables', () => {
  test('datetime is a wall-clock time, timestamp an instant; decimal a Number with the caveat', () => {
    const people = mysqlTable('people', {
      id: int('id').primaryKey(),
      name: varchar('name', { length: 100 }).notNull(),
      mood: mysqlEnum('mood', ['calm', 'busy']),
      active: mysqlBoolean('active').notNull(),
      seen: datetime('seen'),
      seenText: datetime('seen_text', { mode: 'string' }),
      loggedAt: mysqlTimestamp('logged_at'),
      loggedText: mysqlTimestamp('logged_text', { mode: 'string' }),
      price: decimal('price', { precision: 10, scale: 2 }),
      teamId: int('team_id'),
      big: mysqlBigint('big', { mode: 'bigint' }),
      extra: mysqlJson('extra'),
    });
    const { definition, mapping, skipped, notes } = schemaFromDrizzle({ person: people });
    expect(definition.entities['person']?.attributes).toEqual({
      id: { type: 'ID', id: { kind: 'integer' } },
      name: { type: 'String' },
      mood: { type: 'String', values: ['calm', 'busy'], nullable: true },
      active: { type: 'Boolean' },
      seen: { type: 'Timestamp', storage: 'date', nullable: true },
      seen_text: { type: 'Timestamp', storage: 'iso_text', nullable: true, ...field('seenText') },
      logged_at: { type: 'Timestamp', storage: 'date', nullable: true, ...field('loggedAt') },
      logged_text: { type: 'Timestamp', storage: 'iso_text', nullable: true, ...field('loggedText') },
      price: { type: 'Number', storage: 'decimal_text', nullable: true, description: expect.stringMatching(/^A decimal\(10,2\) column/) },
      team_id: { type: 'ID', id: { kind: 'integer' }, nullable: true, ...field('teamId') },
    });
    expect(mapping['person']!.storage).toEqual({ seen: { kind: 'timestamp' }, seenText: { kind: 'timestamp' }, loggedAt: { kind: 'timestamptz' }, loggedText: { kind: 'timestamptz' } });
    expect(skipped.map((s) => s.path)).toEqual(['person.big', 'person.extra']);
    expect(notes.map((n) => n.path)).toEqual(['person.loggedAt', 'person.loggedText', 'person.price']);
  });
});

describe('PostgreSQL array columns', () => {
  const articles = pgTable('articles', {
    id: serial('id').primaryKey(),
    tags: pgText('tags').array().notNull(),
    reviewerIds: uuid('reviewer_ids').array(),
    ratings: pgInteger('ratings').array(),
    seenAt: timestamp('seen_at', { withTimezone: true }).array(),
    prices: numeric('prices').array(),
    grid: pgText('grid').array().array(),
  });
  const { definition, mapping, skipped } = schemaFromDrizzle({ article: articles });

  test('each array is its element’s attribute over the array, held in its column', () => {
    const element = (array: string) => ({ source: { kind: 'element', arrays: [array] } });
    expect(definition.entities['article']!.attributes).toEqual({
      id: { type: 'ID', id: { kind: 'integer' } },
      tags: { type: 'String', ...element('tags') },
      reviewer_ids: { type: 'ID', id: { kind: 'uuid' }, ...element('reviewerIds') },
      ratings: { type: 'Number', ...element('ratings') },
    });
    expect(mapping['article']!.collections).toEqual({
      tags: { column: 'tags', holds: 'array' },
      reviewerIds: { column: 'reviewer_ids', holds: 'array', storage: { kind: 'uuid' } },
      ratings: { column: 'ratings', holds: 'array', storage: { kind: 'integer' } },
    });
  });

  test('arrays of instants, of decimal texts and of arrays are skipped with the reason', () => {
    expect(skipped).toMatchInlineSnapshot(`
      [
        {
          "path": "article.seenAt",
          "reason": "an array column (timestamp with time zone[]): tql's SQL backend reads such elements from a table of their own (the mapping's collections), not from an array column",
        },
        {
          "path": "article.prices",
          "reason": "an array column (numeric[]): tql's SQL backend reads such elements from a table of their own (the mapping's collections), not from an array column",
        },
        {
          "path": "article.grid",
          "reason": "an array of arrays (text[][]): tql reads one level of arrays",
        },
      ]
    `);
  });

  test('the derived mapping is checked, and compiles EQ on the array as a GIN index on it serves', () => {
    const schema = defineSchema(definition);
    const defined = defineSqlMapping(schema, mapping);
    expect(compileSql(check('article.tags EQ news', schema, 'article'), { dialect: 'postgres', mapping: defined }).text).toBe('(array_ndims("articles"."tags") = 1 AND "articles"."tags" @> ARRAY[$1])');
  });
});

describe('names', () => {
  test('two properties with one name are both reported, neither kept', () => {
    const t = sqliteTable('t', { id: text('id').primaryKey(), userId: text('user_id'), user_id: text('uid'), ok: text('ok') });
    const { definition, skipped } = schemaFromDrizzle({ t });
    expect(Object.keys(definition.entities['t']!.attributes)).toEqual(['id', 'ok']);
    expect(skipped.map((s) => s.path)).toEqual(['t.userId', 't.user_id']);
  });
});

describe('bad input', () => {
  test.for<[string, unknown, unknown, string]>([
    ['something that is not a table', { ticket: {} }, undefined, 'invalid_schema: ticket is not a Drizzle table: pass the result of pgTable(…), mysqlTable(…) or sqliteTable(…).'],
    ['not an object', 42, undefined, 'invalid_schema: schemaFromDrizzle takes { entity: table, … }.'],
    ['an unknown casing', { t: sqliteTable('t', { id: text('id') }) }, { casing: 'kebab' }, 'invalid_schema: casing is "snake_case" or "camelCase", as given to drizzle(), not "kebab".'],
  ])('%s', ([, tables, options, message]) => {
    expect(tqlErrorOf(() => schemaFromDrizzle(tables as never, options as never)).message).toBe(message);
  });
});
