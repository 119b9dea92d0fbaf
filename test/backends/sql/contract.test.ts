/**
 * The shared backend contract on every SQL engine we can run: SQLite (better-sqlite3), PGlite and
 * a PostgreSQL server, each with its own `lower()` and with `caseFolding: 'unicode'`.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { CONTRACT_DATA, describeBackendContract } from '../contract/cases.js';
import { openPglite } from '../../support/pglite.js';
import { openPostgres, postgresAvailable, startPostgres, type PostgresServer } from '../../support/postgres-server.js';
import { sqlTestEngine, type SqlTestEngine } from '../../support/sql-engine.js';
import { openSqlite } from '../../support/sqlite.js';

const data = {
  agents: CONTRACT_DATA.agent,
  teams: CONTRACT_DATA.team,
  resources: CONTRACT_DATA.resource,
  schedulingRequests: CONTRACT_DATA.scheduling_request,
};

/** Declared in docs/backends-sql.md; `folding-divergence.test.ts` asserts exactly where. */
const ASCII_ONLY = 'SQLite lower() folds ASCII letters only (docs/backends-sql.md)';

/** Runs the contract on an engine made in beforeAll. */
function contract(name: string, open: () => Promise<SqlTestEngine>, divergences: { 'unicode-case-folding'?: string } = {}): void {
  let engine: SqlTestEngine | undefined;
  beforeAll(async () => {
    engine = await open();
    await engine.loadScheduling(data);
  });
  afterAll(() => engine?.close());
  describeBackendContract(name, (query) => engine!.ids(query), { divergences });
}

describe('sqlite', () => contract('sqlite', () => openSqlite(), { 'unicode-case-folding': ASCII_ONLY }));
describe('sqlite with tql_lower', () => contract('sqlite+tql_lower', () => openSqlite({ unicode: true })));

/** PGlite's builtin C.UTF-8 locale folds per character: İ becomes i, not i̇. */
const SIMPLE_FOLDING = "PGlite's lower() uses the simple per-character mapping (docs/backends-sql.md)";

describe('pglite', () => {
  let pglite: SqlTestEngine | undefined;
  beforeAll(async () => {
    pglite = await openPglite();
    await pglite.loadScheduling(data);
  });
  afterAll(() => pglite?.close());
  describeBackendContract('pglite', (query) => pglite!.ids(query), { divergences: { 'unicode-case-folding': SIMPLE_FOLDING } });
  // The same instance, compiled with lower(x COLLATE "und-x-icu").
  let icu: SqlTestEngine | undefined;
  beforeAll(async () => {
    icu = await sqlTestEngine('pglite+icu', pglite!.db, 'unicode', async () => {});
  });
  describeBackendContract('pglite+icu', (query) => icu!.ids(query));
});

describe.runIf(postgresAvailable())('postgres server', () => {
  let server: PostgresServer | undefined;
  let engine: SqlTestEngine | undefined;
  beforeAll(async () => {
    server = await startPostgres();
    engine = await openPostgres(server);
    await engine.loadScheduling(data);
  });
  afterAll(async () => {
    await engine?.close();
    await server?.stop();
  });
  describeBackendContract('postgres-server', (query) => engine!.ids(query));
  let icu: SqlTestEngine | undefined;
  beforeAll(async () => {
    icu = await sqlTestEngine('postgres-server+icu', engine!.db, 'unicode', async () => {});
  });
  describeBackendContract('postgres-server+icu', (query) => icu!.ids(query));
});
