/**
 * tql/knex: `tqlWhere` in real Knex 3 queries: the whole backend contract on SQLite
 * (better-sqlite3), on a PostgreSQL server (pg) and on a MariaDB server (mysql2), composed with
 * Knex's own conditions, with every value a binding of Knex's query, and tables and columns named
 * with `?` that Knex must not read as bindings.
 */
import Database from 'better-sqlite3';
import knexFactory, { type Knex } from 'knex';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import type { SqlDialectName } from '../../src/backends/sql/dialects.js';
import type { SqlMapping } from '../../src/backends/sql/mapping.js';
import { registerTqlFunctions } from '../../src/backends/sql/sqlite-functions.js';
import { knexDialect } from '../../src/integrations/knex-dialect.js';
import { tqlWhere, type KnexWhereOptions } from '../../src/integrations/knex.js';
import type { Agent } from '../../src/models/scheduling/records.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { createSchedulingTables, loadSchedulingData } from '../../src/models/scheduling/sql/load.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { CONTRACT_DATA, describeBackendContract, type ContractOptions, type ContractRecord } from '../backends/contract/cases.js';
import { CONTRACT_INPUT, engineDivergences } from '../backends/sql/engines.js';
import { sortedIds } from '../support/ids.js';
import { mariadbAvailable, startLoadedMariadb, type MariadbServer } from '../support/mariadb-server.js';
import { postgresAvailable, startLoadedPostgres, type PostgresServer } from '../support/postgres-server.js';

/** Tickets whose tables, columns and tags are named with `?`: Knex must read none of them as a binding. */
const MARKED_SCHEMA = defineSchema({
  entities: {
    ticket: {
      attributes: {
        subject: { type: 'String', nullable: true },
        tag: { type: 'String', source: { kind: 'element', arrays: ['tags'], where: { field: 'kind', oneOf: ['la?bel'] }, value: 'name' } },
      },
    },
  },
});
const MARKED_MAPPING: SqlMapping = {
  ticket: {
    table: 'ticket',
    key: 'id',
    columns: { subject: 'sub?ject' },
    collections: { tags: { table: 'ticket?tag', foreignKey: 'ticket??id', discriminator: { column: 'ar?ray', value: 'ta?gs' }, columns: { kind: 'ki?nd', name: 'na?me' } } },
  },
};

/** The marked tables, with identifiers quoted by `quote`: t1's subject and t2's label match, t3's tags are of another kind or array. */
function markedTables(quote: (name: string) => string): string[] {
  const tags = quote('ticket?tag');
  return [
    `CREATE TABLE ticket (id VARCHAR(20) PRIMARY KEY, ${quote('sub?ject')} VARCHAR(20))`,
    `CREATE TABLE ${tags} (${['ticket??id', 'ar?ray', 'ki?nd', 'na?me'].map((c) => `${quote(c)} VARCHAR(20)`).join(', ')})`,
    "INSERT INTO ticket VALUES ('t1', 'a?b'), ('t2', 'plain'), ('t3', NULL)",
    `INSERT INTO ${tags} VALUES ('t2', 'ta?gs', 'la?bel', 'ur?gent'), ('t3', 'ta?gs', 'other', 'ur?gent'), ('t3', 'other', 'la?bel', 'ur?gent')`,
  ];
}
const doubleQuoted = (name: string) => `"${name}"`;

/**
 * The contract and the integration tests on one engine: tqlWhere reads the engine from the
 * instance (`{ knex }`).
 */
function describeKnex(name: string, engine: SqlDialectName, options: Pick<KnexWhereOptions, 'caseFolding'>, open: () => Promise<Knex>, divergences?: ContractOptions['divergences']) {
  describe(`Knex on ${name}`, () => {
    let knex: Knex;
    beforeAll(async () => {
      knex = await open();
    }, 120_000);
    afterAll(() => knex?.destroy());

    test(`the instance's client says ${engine}`, () => {
      expect(knexDialect(knex)).toBe(engine);
    });

    describeBackendContract(`knex (${name})`, async (query, entity) => {
      const rows: { id: string }[] = await knex(entity).select('id').where(tqlWhere(query, { knex, mapping: schedulingSqlMapping, ...options }));
      return rows.map((r) => r.id);
    }, divergences === undefined ? undefined : { divergences });

    test('agent.name LIKE a OR agent.schedulable EQ false, after a where of Knex’s own, in a transaction', async () => {
      const q = check('agent.name LIKE a OR agent.schedulable EQ false', schedulingSchema, 'agent');
      const rows: { id: string }[] = await knex.transaction((trx) => trx('agent').select('id').where('role', 'User').where(tqlWhere(q, { knex: trx, ...options })).orderBy('id'));
      // Knex's own = follows the column's collation: on MySQL's default one, 'user' is 'User' too.
      const isUser = engine === 'mysql' ? (role: string | undefined | null) => role?.toLowerCase() === 'user' : (role: string | undefined | null) => role === 'User';
      const expected = sortedIds(filterRecords<ContractRecord<Agent>>(q, CONTRACT_DATA.agent).filter((a) => isUser(a.role)));
      expect(expected.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.id)).toEqual(expected);
    });

    test('ticket.subject EQ "a?b" OR ticket.tag EQ "ur?gent", on tables and columns named with ?', async () => {
      const q = check('ticket.subject EQ "a?b" OR ticket.tag EQ "ur?gent"', MARKED_SCHEMA, 'ticket');
      const rows: { id: string }[] = await knex('ticket').select('id').where(tqlWhere(q, { knex, mapping: MARKED_MAPPING })).orderBy('id');
      expect(rows.map((r) => r.id)).toEqual(['t1', 't2']);
    });
  });
}

describeKnex('SQLite (better-sqlite3)', 'sqlite', { caseFolding: 'unicode' }, async () =>
  knexFactory({
    client: 'better-sqlite3',
    connection: { filename: ':memory:' },
    useNullAsDefault: true,
    // Each connection is a database of its own: the pool's one gets the functions and the data.
    pool: {
      afterCreate: (raw: Database.Database, done: (error: unknown, raw?: Database.Database) => void) => {
        registerTqlFunctions(raw);
        raw.exec(markedTables(doubleQuoted).join(';\n'));
        createSchedulingTables(raw)
          .then(() => loadSchedulingData(raw, CONTRACT_INPUT))
          .then(() => done(null, raw), done);
      },
    },
  }),
);

describe.runIf(postgresAvailable())('a PostgreSQL server', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startLoadedPostgres(CONTRACT_INPUT);
    const client = new pg.Client({ connectionString: server.connectionString });
    await client.connect();
    await client.query(markedTables(doubleQuoted).join(';\n'));
    await client.end();
  }, 120_000);
  afterAll(() => server?.stop());

  describeKnex('a PostgreSQL server (pg)', 'postgres', {}, async () => knexFactory({ client: 'pg', connection: server.connectionString, pool: { min: 0, max: 2 } }));
});

describe.runIf(mariadbAvailable())('a MariaDB server', () => {
  let server: MariadbServer;
  beforeAll(async () => {
    server = await startLoadedMariadb(CONTRACT_INPUT);
    const connection = await mysql.createConnection(server.url);
    for (const statement of markedTables((name) => `\`${name}\``)) await connection.query(statement);
    await connection.end();
  }, 120_000);
  afterAll(() => server?.stop());

  // The default collation (utf8mb4_general_ci) folds LIKE by MariaDB's own table (engines.ts).
  describeKnex('a MariaDB server (mysql2)', 'mysql', {}, async () => knexFactory({ client: 'mysql2', connection: server.url, pool: { min: 0, max: 2 } }), engineDivergences('mariadb'));
});

describe('the compiled query', () => {
  const sqlite = knexFactory({ client: 'better-sqlite3', useNullAsDefault: true });
  const postgres = knexFactory({ client: 'pg' });
  const mariadb = knexFactory({ client: 'mysql2' });
  const q = check('agent.name EQ "x\'); DROP TABLE agent;--" AND agent.schedulable EQ true AND agent.role IN a,b', schedulingSchema, 'agent');

  test.for([
    ['better-sqlite3', sqlite, 'select `id` from `agent` where ("name" = ? AND "schedulable" = TRUE AND "role" IN (?, ?))'],
    ['pg', postgres, 'select "id" from "agent" where ("name" = $1 AND "schedulable" = TRUE AND "role" IN ($2, $3))'],
    ['mysql2', mariadb, 'select `id` from `agent` where (`name` = CAST(? AS BINARY) AND `schedulable` = TRUE AND `role` IN (CAST(? AS BINARY), CAST(? AS BINARY)))'],
  ] as const)('on %s, values are bindings, booleans the literals TRUE / FALSE', ([, knex, expected]) => {
    const compiled = knex('agent').select('id').where(tqlWhere(q, { knex })).toSQL().toNative();
    expect(compiled.sql).toBe(expected);
    expect(compiled.bindings).toEqual(["x'); DROP TABLE agent;--", 'a', 'b']);
  });

  test('placeholders follow Knex’s numbering after a where of its own', () => {
    const q = check('agent.name LIKE "50%" OR agent.role NOT_IN a,b', schedulingSchema, 'agent');
    const compiled = postgres('agent').select('id').whereNot('role', 'z').where(tqlWhere(q, { knex: postgres })).toSQL().toNative();
    expect(compiled.sql).toBe(`select "id" from "agent" where not "role" = $1 and (lower("name") LIKE $2 ESCAPE E'\\\\' OR ("role" IS NULL OR "role" NOT IN ($3, $4)))`);
    expect(compiled.bindings).toEqual(['z', '%50\\%%', 'a', 'b']);
  });

  test('a dialect named with knex wins: the SQL is its own, the placeholders Knex’s', () => {
    const like = check('agent.name LIKE jo', schedulingSchema, 'agent');
    expect(postgres('agent').where(tqlWhere(like, { knex: postgres, dialect: 'sqlite' })).toSQL().toNative().sql).toBe(`select * from "agent" where "name" LIKE $1 ESCAPE '\\'`);
  });

  test.for([
    ['pg', postgres, `select "id" from "ticket" where ("sub?ject" = $1 OR EXISTS (SELECT 1 FROM "ticket?tag" WHERE "ticket?tag"."ticket??id" = "ticket"."id" AND "ticket?tag"."ar?ray" = 'ta?gs' AND "ticket?tag"."ki?nd" = 'la?bel' AND "ticket?tag"."na?me" = $2))`],
    ['better-sqlite3', sqlite, `select \`id\` from \`ticket\` where ("sub?ject" = ? OR "ticket"."id" IN (SELECT "ticket?tag"."ticket??id" FROM "ticket?tag" WHERE "ticket?tag"."ar?ray" = 'ta?gs' AND "ticket?tag"."ki?nd" = 'la?bel' AND "ticket?tag"."na?me" = ?))`],
    ['mysql2', mariadb, "select `id` from `ticket` where (`sub?ject` = CAST(? AS BINARY) OR EXISTS (SELECT 1 FROM `ticket?tag` WHERE `ticket?tag`.`ticket??id` = `ticket`.`id` AND `ticket?tag`.`ar?ray` = CAST('ta?gs' AS BINARY) AND `ticket?tag`.`ki?nd` = CAST('la?bel' AS BINARY) AND `ticket?tag`.`na?me` = CAST(? AS BINARY)))"],
  ] as const)('on %s, a ? in the mapping’s names and constants stays text; only the values are bindings', ([, knex, expected]) => {
    const q = check('ticket.subject EQ "a?b" OR ticket.tag EQ "ur?gent"', MARKED_SCHEMA, 'ticket');
    const compiled = knex('ticket').select('id').where(tqlWhere(q, { knex, mapping: MARKED_MAPPING })).toSQL().toNative();
    expect(compiled.sql).toBe(expected);
    expect(compiled.bindings).toEqual(['a?b', 'ur?gent']);
  });

  test.for([
    ['pg', 'postgres'],
    ['postgres', 'postgres'],
    ['postgresql', 'postgres'],
    ['pgnative', 'postgres'],
    ['better-sqlite3', 'sqlite'],
    ['sqlite3', 'sqlite'],
    ['sqlite', 'sqlite'],
    ['mysql', 'mysql'],
    ['mysql2', 'mysql'],
    ['mariadb', 'mysql'],
  ] as const)('knex({ client: %j }) is %s', ([client, engine]) => {
    expect(knexDialect(knexFactory({ client, useNullAsDefault: true }))).toBe(engine);
  });

  test('a client class of one’s own (PGlite’s, say) is the engine of the built-in client it extends', () => {
    const ClientPg = postgres.client.constructor as typeof knexFactory.Client;
    expect(knexDialect(knexFactory({ client: class PgliteClient extends ClientPg {} }))).toBe('postgres');
  });

  test('every wrong option is a TqlError that says what to pass', () => {
    const messageOf = (options: unknown) => {
      try {
        tqlWhere(q, options as KnexWhereOptions);
        return 'no error';
      } catch (e) {
        return String(e);
      }
    };
    const withBackslash: SqlMapping = { agent: { table: 'agent', key: 'id', columns: { name: 'na\\?me' } } };
    expect({
      'no options': messageOf(undefined),
      '{}': messageOf({}),
      '{ dialect } alone': messageOf({ dialect: 'sqlite' }),
      'knex not a Knex': messageOf({ knex: new Database(':memory:') }),
      'knex on MSSQL': messageOf({ knex: knexFactory({ client: 'mssql' }) }),
      'knex on CockroachDB': messageOf({ knex: knexFactory({ client: 'cockroachdb' }) }),
      'knex on MSSQL, { dialect: sqlite }': messageOf({ knex: knexFactory({ client: 'mssql' }), dialect: 'sqlite' }),
      'an unknown dialect name': messageOf({ knex: postgres, dialect: 'oracle' }),
      'a backslash before ? on PostgreSQL': messageOf({ knex: postgres, mapping: withBackslash }),
      'a backslash before ? on SQLite': messageOf({ knex: sqlite, mapping: withBackslash }),
    }).toMatchInlineSnapshot(`
      {
        "a backslash before ? on PostgreSQL": "TqlError: invalid_option: Knex's postgresql client cannot pass a backslash before a ? in SQL text: rename the table or column of the mapping that holds one.",
        "a backslash before ? on SQLite": "no error",
        "an unknown dialect name": "TqlError: invalid_option: Unknown SQL dialect "oracle": use one of postgres, sqlite, mysql, duckdb.",
        "knex not a Knex": "TqlError: invalid_option: tqlWhere's knex is not a Knex instance (what knex(config) returns, or a transaction): pass the one the query runs on.",
        "knex on CockroachDB": "TqlError: invalid_option: tqlWhere cannot tell the SQL engine of this Knex instance from its client (cockroachdb): name the engine instead, { dialect: 'postgres' | 'sqlite' | 'mysql' } or a dialect object of your own.",
        "knex on MSSQL": "TqlError: invalid_option: tqlWhere cannot tell the SQL engine of this Knex instance from its client (mssql): name the engine instead, { dialect: 'postgres' | 'sqlite' | 'mysql' } or a dialect object of your own.",
        "knex on MSSQL, { dialect: sqlite }": "no error",
        "no options": "TqlError: invalid_option: tqlWhere needs the Knex instance the query runs on, which makes the knex.raw and tells the SQL engine: tqlWhere(query, { knex }), with { dialect: 'postgres' | 'sqlite' | 'mysql' } beside it to name the engine yourself.",
        "{ dialect } alone": "TqlError: invalid_option: tqlWhere needs the Knex instance the query runs on, which makes the knex.raw and tells the SQL engine: tqlWhere(query, { knex }), with { dialect: 'postgres' | 'sqlite' | 'mysql' } beside it to name the engine yourself.",
        "{}": "TqlError: invalid_option: tqlWhere needs the Knex instance the query runs on, which makes the knex.raw and tells the SQL engine: tqlWhere(query, { knex }), with { dialect: 'postgres' | 'sqlite' | 'mysql' } beside it to name the engine yourself.",
      }
    `);
  });
});
