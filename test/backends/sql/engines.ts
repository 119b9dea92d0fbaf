/**
 * Every SQL engine the tests run on, opened once per test file: SQLite and PGlite in process, a
 * PostgreSQL server when one can be started, each also compiled with `caseFolding: 'unicode'`.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { FoldingModel } from '../../../src/backends/sql/case-folding.js';
import type { SchedulingDataInput } from '../../../src/models/scheduling/sql/rows.js';
import { CONTRACT_DATA } from '../contract/cases.js';
import { openPglite } from '../../support/pglite.js';
import { openPostgres, postgresAvailable, startPostgres, type PostgresServer } from '../../support/postgres-server.js';
import { sqlTestEngine, type SqlTestEngine } from '../../support/sql-engine.js';
import { openSqlite } from '../../support/sqlite.js';

const PG_SERVER = postgresAvailable();

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
} as const satisfies Record<string, FoldingModel>;

/** The contract records as the loader takes them. */
export const CONTRACT_INPUT: SchedulingDataInput = {
  agents: CONTRACT_DATA.agent,
  teams: CONTRACT_DATA.team,
  resources: CONTRACT_DATA.resource,
  schedulingRequests: CONTRACT_DATA.scheduling_request,
};

export type EngineName = keyof typeof ENGINE_FOLDING;

/** The engines this machine can run: the PostgreSQL server ones only when a server can start. */
export const ENGINE_NAMES = (Object.keys(ENGINE_FOLDING) as EngineName[]).filter((n) => PG_SERVER || !n.startsWith('postgres-server'));

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
  beforeAll(async () => {
    const base = await Promise.all([
      openSqlite(),
      openSqlite({ unicode: true }),
      openPglite(),
      PG_SERVER ? startPostgres().then((s) => ((server = s), openPostgres(s))) : undefined,
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
  });
  return (name) => {
    const e = engines.get(name);
    expect(e, `engine ${name} was opened`).toBeDefined();
    return e!;
  };
}
