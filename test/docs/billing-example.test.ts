/**
 * docs/examples/billing, an app as it stores its data (camelCase fields, uuid keys, timestamptz,
 * a date column, numeric): its modules type-check as a user's strict project would, each engine's
 * mapping passes the catalog check, and the same filters give the same invoices in memory, on
 * PostgreSQL (PGlite and a server), MariaDB, SQLite, DuckDB and by mingo.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SqlDatabase } from '../../src/backends/sql/database.js';
import { openDuckdb } from '../support/duckdb.js';
import { mariadbAvailable, openMariadb, startMariadb, type MariadbServer } from '../support/mariadb-server.js';
import { openPglite } from '../support/pglite.js';
import { openPostgres, postgresAvailable, startPostgres, type PostgresServer } from '../support/postgres-server.js';
import { openSqlite } from '../support/sqlite.js';
import type { SqlTestEngine } from '../support/sql-engine.js';
import { exampleApp } from './example-app.js';

/** What app.ts exports (typed here: the example imports the package by name). */
interface App {
  numbersInMemory(filter: string): string[];
  loadInvoices(db: SqlDatabase): Promise<void>;
  checkMapping(db: SqlDatabase): Promise<void>;
  numbersInSql(db: SqlDatabase, filter: string): Promise<string[]>;
  numbersInMongo(filter: string): string[];
}

/** The filters of the example's README, and the invoices each selects. */
const FILTERS: readonly (readonly [filter: string, numbers: readonly string[]])[] = [
  ['invoice.status EQ open AND invoice.amount_due GT 50', ['INV-2025-002', 'INV-2025-003']],
  ['invoice.customer_id EQ 3F2B8C1E-5A4D-4E7F-9B6A-1C2D3E4F5A6B', ['INV-2025-001', 'INV-2025-002', 'INV-2025-005']],
  ['invoice.customer_id NOT_EQ 3f2b8c1e-5a4d-4e7f-9b6a-1c2d3e4f5a6b', ['INV-2025-003', 'INV-2025-004', 'inv-2025-006']],
  ['invoice.issued_at GTE 2025-02-01 AND invoice.issued_at LT 2025-03-01', ['INV-2025-002', 'INV-2025-003']],
  ['invoice.issued_at LTE 2025-02-28T23:59:59Z', ['INV-2025-001', 'INV-2025-002', 'INV-2025-003', 'inv-2025-006']],
  ['invoice.issued_at GT 2025-02-28T23:59:59Z', ['INV-2025-004', 'INV-2025-005']],
  ['invoice.paid_at EQ 2025-01-20T16:45:10Z', ['INV-2025-001']],
  ['invoice.paid_at NOT_EQ 2025-03-15T08:00:00Z', ['INV-2025-001', 'INV-2025-002', 'INV-2025-003', 'INV-2025-004', 'inv-2025-006']],
  ['invoice.paid_at EQ null OR invoice.due_on LTE 2025-03-05', ['INV-2025-001', 'INV-2025-002', 'INV-2025-003', 'INV-2025-004', 'inv-2025-006']],
  ['invoice.due_on GT 2025-03-05', ['INV-2025-004', 'INV-2025-005']],
  ['invoice.invoice_number LIKE inv-2025-00 AND invoice.due_on EQ null', ['INV-2025-003', 'inv-2025-006']],
  ['invoice.amount_due IN 0.1,250 OR invoice.amount_due EQ 1250.5', ['INV-2025-001', 'INV-2025-005', 'inv-2025-006']],
];

const app = await exampleApp<App>('billing', FILTERS.map(([filter]) => filter));

describe.for(FILTERS)('%s', ([filter, numbers]) => {
  test('in memory, over the rows Drizzle returns', () => {
    expect(app.numbersInMemory(filter)).toEqual(numbers);
  });
  test('by mingo, over documents with BSON dates', () => {
    expect(app.numbersInMongo(filter)).toEqual(numbers);
  });
});

/** Each SQL engine: opened, loaded as that engine stores invoices, its mapping checked. */
const ENGINES: readonly (readonly [name: string, open: () => Promise<{ engine: SqlTestEngine; stop?: () => Promise<void> }>, runs: () => boolean])[] = [
  ['PGlite', async () => ({ engine: await openPglite() }), () => true],
  ['SQLite', async () => ({ engine: await openSqlite() }), () => true],
  ['DuckDB', async () => ({ engine: await openDuckdb() }), () => true],
  [
    'a PostgreSQL server',
    async () => {
      const server: PostgresServer = await startPostgres();
      return { engine: await openPostgres(server), stop: () => server.stop() };
    },
    postgresAvailable,
  ],
  [
    'MariaDB',
    async () => {
      const server: MariadbServer = await startMariadb();
      return { engine: await openMariadb(server), stop: () => server.stop() };
    },
    mariadbAvailable,
  ],
];

describe.each(ENGINES)('on %s', (_name, open, runs) => {
  let engine: SqlTestEngine;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (!runs()) return;
    ({ engine, stop } = await open());
    await app.loadInvoices(engine.db);
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
    await stop?.();
  });

  test.runIf(runs())('the mapping fits the catalog', async () => {
    await expect(app.checkMapping(engine.db)).resolves.toBeUndefined();
  });

  test.runIf(runs()).for(FILTERS)('%s', async ([filter, numbers]) => {
    expect(await app.numbersInSql(engine.db, filter)).toEqual(numbers);
  });
});
