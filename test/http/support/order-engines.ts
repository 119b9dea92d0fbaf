/**
 * Every store the test app's orders can be listed from, each opened as a service opens it:
 * memory; MongoDB through mingo; SQLite, PGlite, DuckDB, a throwaway PostgreSQL server and a
 * throwaway MariaDB server, each SQL store made by `openSqlListStore`, so its mapping is checked
 * against the engine's catalog before the first page. The servers run only where their
 * binaries are (under CI=true their absence fails the suite: see test/support/).
 */
import { mingoCollection, mongoListStore } from '../../../src/http/mongo-store.js';
import { openSqlListStore } from '../../../src/http/sql-store.js';
import type { ListStore } from '../../../src/http/list-store.js';
import { openDuckdb } from '../../support/duckdb.js';
import { mariadbAvailable, openMariadb, startMariadb } from '../../support/mariadb-server.js';
import { openPglite } from '../../support/pglite.js';
import { openPostgres, postgresAvailable, startPostgres } from '../../support/postgres-server.js';
import type { SqlTestEngine } from '../../support/sql-engine.js';
import { openSqlite } from '../../support/sqlite.js';
import { memoryOrders, type OrderStoreKind } from './list-stores.js';
import { orderSchema, type Order } from './order-app.js';
import { loadOrders, orderMapping, orderRecord } from './order-tables.js';

/** A store kind to open once per suite: its maker of stores, and what stops it. */
export interface OpenedStores extends OrderStoreKind {
  close(): Promise<void>;
}

/** A SQL engine's stores: the table replaced by each call, the store opened (and checked) on it. */
function sqlStores(name: string, engine: SqlTestEngine, stop: () => Promise<void> = async () => {}): OpenedStores {
  return {
    name,
    make: async (orders: readonly Order[]): Promise<ListStore<Order>> => {
      await loadOrders(engine.db, orders);
      return openSqlListStore<Order>({ db: engine.db, schema: orderSchema, mapping: orderMapping(engine.db.dialect), entity: 'order', record: orderRecord });
    },
    close: async () => {
      await engine.close();
      await stop();
    },
  };
}

/** How to open each store kind, and whether it can run here. */
export const ORDER_ENGINES: readonly { readonly name: string; readonly runs: () => boolean; open(): Promise<OpenedStores> }[] = [
  { name: 'memory', runs: () => true, open: async () => ({ ...memoryOrders, close: async () => {} }) },
  {
    name: 'mongo (mingo)',
    runs: () => true,
    open: async () => ({ name: 'mongo (mingo)', make: async (orders) => mongoListStore(mingoCollection(orders)), close: async () => {} }),
  },
  { name: 'sqlite', runs: () => true, open: async () => sqlStores('sqlite', await openSqlite()) },
  { name: 'pglite', runs: () => true, open: async () => sqlStores('pglite', await openPglite()) },
  { name: 'duckdb', runs: () => true, open: async () => sqlStores('duckdb', await openDuckdb()) },
  {
    name: 'postgres-server',
    runs: postgresAvailable,
    open: async () => {
      const server = await startPostgres();
      return sqlStores('postgres-server', await openPostgres(server), () => server.stop());
    },
  },
  {
    name: 'mariadb',
    runs: mariadbAvailable,
    open: async () => {
      const server = await startMariadb();
      return sqlStores('mariadb', await openMariadb(server), () => server.stop());
    },
  },
];
