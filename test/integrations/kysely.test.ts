/**
 * `tqlWhere` in real Kysely queries, on Kysely 0.29 and 0.28 side by side: the whole backend
 * contract on SQLite (better-sqlite3 through SqliteDialect), on PGlite and on a PostgreSQL server
 * (PostgresDialect), on a MariaDB server (MysqlDialect), composed with Kysely's own conditions,
 * with every value a parameter of the compiled query.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Database from 'better-sqlite3';
import * as kysely029 from 'kysely';
import type { Kysely, MysqlPool, PostgresPool } from 'kysely';
import * as kysely028 from 'kysely-0.28';
import { createPool } from 'mysql2';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { registerTqlFunctions } from '../../src/backends/sql/sqlite-functions.js';
import type { SqlDialectName } from '../../src/backends/sql/dialects.js';
import { kyselyDialect } from '../../src/integrations/kysely-dialect.js';
import { tqlWhere, type TqlWhereOptions } from '../../src/integrations/kysely.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { createSchedulingTables, loadSchedulingData } from '../../src/models/scheduling/sql/load.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import { CONTRACT_DATA, describeBackendContract, type ContractOptions, type ContractRecord } from '../backends/contract/cases.js';
import type { Agent } from '../../src/models/scheduling/records.js';
import { CONTRACT_INPUT, engineDivergences } from '../backends/sql/engines.js';
import { sortedIds } from '../support/ids.js';
import { postgresAvailable, startLoadedPostgres, type PostgresServer } from '../support/postgres-server.js';
import { mariadbAvailable, startLoadedMariadb, type MariadbServer } from '../support/mariadb-server.js';

/** The tables as Kysely sees them: only what these tests select. */
interface Tables {
  agent: { id: string; name: string | null; role: string | null; schedulable: boolean | number | null };
  team: { id: string };
  resource: { id: string };
  scheduling_request: { id: string };
}

/**
 * The Kysely releases tql supports, each module as the app imports it. 0.28 is typed as 0.29's
 * API: the tests use only what the two share, and each release's classes are distinct at run time.
 */
const KYSELY_RELEASES = [
  ['0.29', kysely029],
  ['0.28', kysely028 as unknown as typeof kysely029],
] as const;
type KyselyModule = (typeof KYSELY_RELEASES)[number][1];

/** Kysely's PostgresDialect over PGlite: the pool interface it needs, answered by PGlite. */
function pglitePool(db: PGlite): PostgresPool {
  return {
    connect: async () => ({
      query: (async (sql: string, parameters: readonly unknown[]) => {
        const r = await db.query(sql, [...parameters]);
        return { command: 'SELECT', rowCount: r.affectedRows ?? r.rows.length, rows: r.rows };
      }) as never,
      release: () => undefined,
    }),
    end: async () => undefined,
    // 0.29 reads the pool's options (pg.Pool has them); PGlite has none to give.
    options: {},
  };
}

/**
 * The contract on one engine, for each Kysely release: tqlWhere reads the engine from the
 * instance (`{ db }`); the test after Kysely's own where names it, in the older form.
 */
function describeKysely(
  name: string,
  engine: SqlDialectName,
  options: Pick<TqlWhereOptions, 'caseFolding'>,
  open: (kysely: KyselyModule) => Promise<{ db: Kysely<Tables>; close(): Promise<void> }>,
  divergences?: ContractOptions['divergences'],
) {
  describe.each(KYSELY_RELEASES)(`Kysely %s on ${name}`, (release, kysely) => {
    let db: Kysely<Tables>;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ db, close } = await open(kysely));
    }, 120_000);
    afterAll(() => close?.());

    test(`the instance's adapter says ${engine}`, () => {
      expect(kyselyDialect(db)).toBe(engine);
    });

    describeBackendContract(`kysely ${release} (${name})`, async (query, entity) => {
      const rows = await db.selectFrom(entity).select('id').where(tqlWhere(query, { db, mapping: schedulingSqlMapping, ...options })).execute();
      return rows.map((r) => r.id);
    }, divergences === undefined ? undefined : { divergences });

    test('agent.name LIKE a OR agent.schedulable EQ false, after a where of Kysely’s own', async () => {
      const q = check('agent.name LIKE a OR agent.schedulable EQ false', schedulingSchema, 'agent');
      const rows = await db.selectFrom('agent').select('id').where('role', '=', 'User').where(tqlWhere(q, undefined, { dialect: engine, ...options })).orderBy('id').execute();
      // Kysely's own = follows the column's collation: on MySQL's default one, 'user' is 'User' too.
      const isUser = engine === 'mysql' ? (role: string | undefined | null) => role?.toLowerCase() === 'user' : (role: string | undefined | null) => role === 'User';
      const expected = sortedIds(filterRecords<ContractRecord<Agent>>(q, CONTRACT_DATA.agent).filter((a) => isUser(a.role)));
      expect(expected.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.id)).toEqual(expected);
    });
  });
}

describeKysely('SQLite (better-sqlite3)', 'sqlite', { caseFolding: 'unicode' }, async ({ Kysely, SqliteDialect }) => {
  const raw = new Database(':memory:');
  registerTqlFunctions(raw);
  await createSchedulingTables(raw);
  await loadSchedulingData(raw, CONTRACT_INPUT);
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: raw }) });
  return { db, close: () => db.destroy() };
});

describeKysely('PGlite', 'postgres', { caseFolding: 'unicode' }, async ({ Kysely, PostgresDialect }) => {
  const raw = await PGlite.create({ extensions: { pg_trgm } });
  await createSchedulingTables(raw);
  await loadSchedulingData(raw, CONTRACT_INPUT);
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: pglitePool(raw) }) });
  return {
    db,
    close: async () => {
      await db.destroy();
      await raw.close();
    },
  };
});

describe.runIf(postgresAvailable())('a PostgreSQL server', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startLoadedPostgres(CONTRACT_INPUT);
  }, 120_000);
  afterAll(() => server?.stop());

  describeKysely('a PostgreSQL server (pg.Pool)', 'postgres', {}, async ({ Kysely, PostgresDialect }) => {
    const pool = new pg.Pool({ connectionString: server.connectionString, max: 2 });
    // pool.end() resolves before its connections close, so stopping the server right after
    // can fail them; that is not what this test is about.
    pool.on('error', () => undefined);
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    return { db, close: () => db.destroy() };
  });
});

describe.runIf(mariadbAvailable())('a MariaDB server', () => {
  let server: MariadbServer;
  beforeAll(async () => {
    server = await startLoadedMariadb(CONTRACT_INPUT);
  }, 120_000);
  afterAll(() => server?.stop());

  // The default collation (utf8mb4_general_ci) folds LIKE by MariaDB's own table (engines.ts).
  describeKysely('a MariaDB server (MysqlDialect)', 'mysql', {}, async ({ Kysely, MysqlDialect }) => {
    const db = new Kysely<Tables>({ dialect: new MysqlDialect({ pool: createPool({ uri: server.url, connectionLimit: 2 }) }) });
    return { db, close: () => db.destroy() };
  }, engineDivergences('mariadb'));
});

describe.each(KYSELY_RELEASES)('the compiled query, Kysely %s', (_release, { Kysely, MssqlDialect, MysqlDialect, PostgresDialect, SqliteAdapter, SqliteDialect }) => {
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  const pgDb = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: {} as PostgresPool }) });
  const mysqlDb = new Kysely<Tables>({ dialect: new MysqlDialect({ pool: {} as MysqlPool }) });
  afterAll(() => db.destroy());
  const q = check('agent.name LIKE jo AND agent.schedulable EQ true', schedulingSchema, 'agent');
  const where = (on: Kysely<Tables>, options: TqlWhereOptions) => on.selectFrom('agent').select('id').where(tqlWhere(q, options)).compile().sql;

  test.for([
    ['SqliteDialect', () => db, `select "id" from "agent" where ("name" LIKE ? ESCAPE '\\' AND "schedulable" = true)`],
    ['PostgresDialect', () => pgDb, `select "id" from "agent" where (lower("name") LIKE $1 ESCAPE E'\\\\' AND "schedulable" = true)`],
    ['MysqlDialect', () => mysqlDb, "select `id` from `agent` where (LOWER(`name`) COLLATE utf8mb4_bin LIKE ? ESCAPE '!' AND `schedulable` = true)"],
  ] as const)('tqlWhere(q, { db }) on a %s instance writes its SQL', ([, on, expected]) => {
    expect(where(on(), { db: on() })).toBe(expected);
  });

  test('a subclass of a Kysely adapter (a driver of its own over SQLite) is that engine', () => {
    class LibsqlAdapter extends SqliteAdapter {}
    const libsql = new Kysely<Tables>({ dialect: Object.assign(new SqliteDialect({ database: new Database(':memory:') }), { createAdapter: () => new LibsqlAdapter() }) });
    expect(kyselyDialect(libsql)).toBe('sqlite');
  });

  test('the older form, tqlWhere(q, mapping, { dialect }), writes the same SQL', () => {
    expect(db.selectFrom('agent').select('id').where(tqlWhere(q, undefined, { dialect: 'sqlite' })).compile().sql).toBe(where(db, { db }));
  });

  test('a dialect named with db wins: the SQL is its own, the placeholders Kysely’s', () => {
    expect(where(pgDb, { db: pgDb, dialect: 'sqlite' })).toBe(`select "id" from "agent" where ("name" LIKE $1 ESCAPE '\\' AND "schedulable" = true)`);
  });

  test('neither db nor dialect: a TqlError says what to pass, rather than PostgreSQL SQL for SQLite', () => {
    expect(() => tqlWhere(q, {})).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: tqlWhere needs the SQL engine it writes for: pass the Kysely instance, tqlWhere(query, { db }), or name it, { dialect: 'postgres' | 'sqlite' | 'mysql' }.]`);
    expect(() => tqlWhere(q, undefined, {})).toThrow(/tqlWhere needs the SQL engine/);
    // From JavaScript, the call of the older API without options.
    expect(() => (tqlWhere as (q: unknown) => unknown)(q)).toThrow(/tqlWhere needs the SQL engine/);
    expect(() => (tqlWhere as (q: unknown, m: unknown) => unknown)(q, schedulingSqlMapping)).toThrow(/tqlWhere needs the SQL engine/);
  });

  test('a db that is not a Kysely instance, or one whose adapter tql does not know: says to pass dialect', () => {
    expect(() => tqlWhere(q, { db: new Database(':memory:') as never })).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: tqlWhere's db is not a Kysely instance (a Kysely or a Transaction, with getExecutor()): pass the one the query runs on, or name the engine, { dialect: 'postgres' | 'sqlite' | 'mysql' } or a dialect object of your own.]`);
    const mssql = new Kysely<Tables>({ dialect: new MssqlDialect({ tarn: { Pool: class {}, options: {} }, tedious: {} } as never) });
    expect(() => tqlWhere(q, { db: mssql })).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: tqlWhere cannot tell the SQL engine of this Kysely instance from its adapter (MssqlAdapter): name the engine instead, { dialect: 'postgres' | 'sqlite' | 'mysql' } or a dialect object of your own.]`);
  });

  test('values are parameters, booleans the literals TRUE / FALSE', () => {
    const q = check('agent.name EQ "x\'); DROP TABLE agent;--" AND agent.schedulable EQ true AND agent.role IN a,b', schedulingSchema, 'agent');
    const compiled = db.selectFrom('agent').selectAll().where(tqlWhere(q, { db })).compile();
    expect(compiled.sql).toBe('select * from "agent" where ("name" = ? AND "schedulable" = true AND "role" IN (?, ?))');
    expect(compiled.parameters).toEqual(["x'); DROP TABLE agent;--", 'a', 'b']);
  });

  test('placeholders follow Kysely’s numbering on PostgreSQL', () => {
    const q = check('agent.name LIKE "50%" OR agent.role NOT_IN a,b', schedulingSchema, 'agent');
    const compiled = pgDb.selectFrom('agent').select('id').where('role', '!=', 'z').where(tqlWhere(q, { db: pgDb })).compile();
    expect(compiled.sql).toBe(`select "id" from "agent" where "role" != $1 and (lower("name") LIKE $2 ESCAPE E'\\\\' OR ("role" IS NULL OR "role" NOT IN ($3, $4)))`);
    expect(compiled.parameters).toEqual(['z', '%50\\%%', 'a', 'b']);
  });

  test('a collection attribute without a mapping says what to add', () => {
    const q = check('scheduling_request.team_id EQ team_a', schedulingSchema, 'scheduling_request');
    expect(() => tqlWhere(q, { db })).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_mapping: Invalid SQL mapping: scheduling_request.collections.resources: missing: scheduling_request.team_id looks in this array; add { table, foreignKey } for its elements.]`);
  });
});
