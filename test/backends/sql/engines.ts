/**
 * Every SQL engine the tests run on, opened once per test file: SQLite, PGlite and DuckDB in
 * process, a PostgreSQL and a MariaDB server when they can be started; SQLite and PostgreSQL
 * also compiled with `caseFolding: 'unicode'` (MySQL and DuckDB have no such folding).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { BACKENDS, type Divergences } from '../../../src/backends/index.js';
import type { FoldingModel } from '../../../src/backends/sql/case-folding.js';
import type { SqlDialectName } from '../../../src/backends/sql/dialects.js';
import type { SchedulingDataInput } from '../../../src/models/scheduling/sql/rows.js';
import { CONTRACT_DATA } from '../contract/cases.js';
import { openPglite } from '../../support/pglite.js';
import { openPostgres, postgresAvailable, startPostgres, type PostgresServer } from '../../support/postgres-server.js';
import { sqlTestEngine, type SqlTestEngine } from '../../support/sql-engine.js';
import { openSqlite } from '../../support/sqlite.js';
import { openDuckdb } from '../../support/duckdb.js';
import { mariadbAvailable, openMariadb, startMariadb, type MariadbServer } from '../../support/mariadb-server.js';

const PG_SERVER = postgresAvailable();
const MARIADB_SERVER = mariadbAvailable();

/**
 * The folding model each engine follows (see case-folding.ts). The PostgreSQL harness creates its
 * database with the ICU root locale, so its own `lower()` is already the full mapping; PGlite's
 * builtin `C.UTF-8` is the simple one. Where an engine departs from its model (letters its
 * Unicode tables lack) is measured, not declared: `SqlTestEngine.folding()`, checked in
 * `folding.test.ts`.
 */
export const ENGINE_FOLDING = {
  sqlite: 'ascii',
  'sqlite+tql_lower': 'full',
  pglite: 'simple',
  'pglite+icu': 'full',
  'postgres-server': 'full',
  'postgres-server+icu': 'full',
  // utf8mb4_general_ci's LOWER() knows the Latin-1 letters and some of the rest, not the full tables:
  // fewer exceptions against ASCII than against the simple mapping (measured; folding.test.ts).
  mariadb: 'ascii',
  duckdb: 'simple',
} as const satisfies Record<string, FoldingModel>;

/** The built-in dialect each engine speaks. */
export const ENGINE_DIALECT: { readonly [E in keyof typeof ENGINE_FOLDING]: SqlDialectName } = {
  sqlite: 'sqlite',
  'sqlite+tql_lower': 'sqlite',
  pglite: 'postgres',
  'pglite+icu': 'postgres',
  'postgres-server': 'postgres',
  'postgres-server+icu': 'postgres',
  mariadb: 'mysql',
  duckdb: 'duckdb',
};

/**
 * The divergences a contract run on `engine` declares: none where it folds as JavaScript does,
 * else the ones the registry's entry of its dialect declares (one source for the reasons).
 */
export function engineDivergences(engine: keyof typeof ENGINE_FOLDING): Divergences {
  return ENGINE_FOLDING[engine] === 'full' ? {} : (BACKENDS.get(`sql:${ENGINE_DIALECT[engine]}`).divergences ?? {});
}

/** The contract records as the loader takes them. */
export const CONTRACT_INPUT: SchedulingDataInput = {
  agents: CONTRACT_DATA.agent,
  teams: CONTRACT_DATA.team,
  resources: CONTRACT_DATA.resource,
  schedulingRequests: CONTRACT_DATA.scheduling_request,
};

export type EngineName = keyof typeof ENGINE_FOLDING;

/** The engines this machine can run: the PostgreSQL server ones only when a server can start. */
export const ENGINE_NAMES = (Object.keys(ENGINE_FOLDING) as EngineName[]).filter(
  (n) => (PG_SERVER || !n.startsWith('postgres-server')) && (MARIADB_SERVER || n !== 'mariadb'),
);

/**
 * Opens every engine in `beforeAll` (loading `data` into each database when given) and closes
 * them in `afterAll`; returns a look-up by name for the tests.
 *
 * @example
 * ```ts
 * const engine = useSqlEngines(CONTRACT_INPUT);
 * test.for(ENGINE_NAMES)('%s', async (name) => { await engine(name).ids(query); });
 * ```
 */
export function useSqlEngines(data?: SchedulingDataInput): (name: EngineName) => SqlTestEngine {
  const engines = new Map<string, SqlTestEngine>();
  let server: PostgresServer | undefined;
  let mariadb: MariadbServer | undefined;
  beforeAll(async () => {
    const base = await Promise.all([
      openSqlite(),
      openSqlite({ unicode: true }),
      openPglite(),
      PG_SERVER ? startPostgres().then((s) => ((server = s), openPostgres(s))) : undefined,
      MARIADB_SERVER ? startMariadb().then((s) => ((mariadb = s), openMariadb(s))) : undefined,
      openDuckdb(),
    ]);
    for (const e of base) {
      if (e === undefined) continue;
      if (data !== undefined) await e.loadScheduling(data);
      engines.set(e.name, e);
    }
    // The PostgreSQL engines compiled with lower(x COLLATE "und-x-icu") share the database.
    for (const name of ['pglite', 'postgres-server']) {
      const e = engines.get(name);
      if (e !== undefined) engines.set(`${name}+icu`, await sqlTestEngine(`${name}+icu`, e.db, 'unicode', async () => {}, e.connectionString));
    }
  });
  afterAll(async () => {
    for (const e of engines.values()) await e.close();
    await server?.stop();
    await mariadb?.stop();
  });
  return (name) => {
    const e = engines.get(name);
    expect(e, `engine ${name} was opened`).toBeDefined();
    return e!;
  };
}
