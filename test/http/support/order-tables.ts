/**
 * The test app's orders table on each SQL engine, as a service on that engine keeps it: the
 * table `Order` with camelCase columns; PostgreSQL (PGlite and a server) and DuckDB with a native
 * uuid key and `timestamptz(3)`; MariaDB with its UUID type, `DATETIME(3)` in UTC and a binary
 * collation; SQLite with uuid text and integer milliseconds. The SQL mapping says what each
 * engine's columns hold; the record reader gives back the orders as the app's data layer does.
 */
import type { SqlDatabase } from '../../../src/backends/sql/database.js';
import type { SqlDialectName } from '../../../src/backends/sql/dialects.js';
import type { SqlMapping } from '../../../src/backends/sql/mapping.js';
import type { SqlRecordReader } from '../../../src/http/sql-store.js';
import type { Order } from './order-app.js';

const DDL: { readonly [D in SqlDialectName]: string } = {
  postgres: `CREATE TABLE "Order" (id uuid PRIMARY KEY, "customerName" text, status text NOT NULL, total double precision,
    paid boolean NOT NULL, "createdAt" timestamptz(3) NOT NULL, "updatedAt" timestamptz(3))`,
  duckdb: `CREATE TABLE "Order" (id UUID PRIMARY KEY, "customerName" VARCHAR, status VARCHAR NOT NULL, total DOUBLE,
    paid BOOLEAN NOT NULL, "createdAt" TIMESTAMPTZ NOT NULL, "updatedAt" TIMESTAMPTZ)`,
  mysql: `CREATE TABLE \`Order\` (id UUID PRIMARY KEY, customerName VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin,
    status VARCHAR(8) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, total DOUBLE, paid BOOLEAN NOT NULL,
    createdAt DATETIME(3) NOT NULL, updatedAt DATETIME(3))`,
  sqlite: `CREATE TABLE "Order" (id TEXT PRIMARY KEY, "customerName" TEXT, status TEXT NOT NULL, total REAL,
    paid INTEGER NOT NULL, "createdAt" INTEGER NOT NULL, "updatedAt" INTEGER)`,
};

const DROP: { readonly [D in SqlDialectName]: string } = {
  postgres: 'DROP TABLE IF EXISTS "Order"',
  duckdb: 'DROP TABLE IF EXISTS "Order"',
  mysql: 'DROP TABLE IF EXISTS `Order`',
  sqlite: 'DROP TABLE IF EXISTS "Order"',
};

/** What the columns hold on each engine, by record field. */
const STORAGE: { readonly [D in SqlDialectName]: NonNullable<SqlMapping[string]['storage']> } = {
  postgres: { id: 'uuid', createdAt: 'timestamptz', updatedAt: 'timestamptz' },
  duckdb: { id: 'uuid', createdAt: 'timestamptz', updatedAt: 'timestamptz' },
  // DATETIME is a wall-clock time: this app writes it in UTC, the default zone.
  mysql: { id: 'uuid', createdAt: 'timestamp', updatedAt: 'timestamp' },
  sqlite: { createdAt: 'unix_milliseconds', updatedAt: 'unix_milliseconds' },
};

/** The orders table's mapping on `dialect`. */
export function orderMapping(dialect: SqlDialectName): SqlMapping {
  return { order: { table: 'Order', key: 'id', storage: STORAGE[dialect] } };
}

/** A column's instant as each driver returns it (a Date, integer milliseconds, or text), as a Date. */
function instant(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value));
  return new Date(String(value));
}

/** The order of a row, fields in the app's order, as its data layer returns it. */
export const orderRecord: SqlRecordReader<Order> = {
  select: (_, table) => `${table}.*`,
  read: (row) => ({
    id: String(row['id']).toLowerCase(),
    customerName: row['customerName'] === null ? null : String(row['customerName']),
    status: row['status'] as Order['status'],
    total: row['total'] === null ? null : Number(row['total']),
    paid: row['paid'] === true || Number(row['paid']) === 1,
    createdAt: instant(row['createdAt']),
    updatedAt: row['updatedAt'] === null ? null : instant(row['updatedAt']),
  }),
};

/** `YYYY-MM-DD HH:MM:SS.mmm` in UTC: what MariaDB's DATETIME takes. */
const wallClockUtc = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');

function row(dialect: SqlDialectName, o: Order): unknown[] {
  switch (dialect) {
    case 'postgres':
    case 'duckdb':
      return [o.id, o.customerName, o.status, o.total, o.paid, o.createdAt.toISOString(), o.updatedAt?.toISOString() ?? null];
    case 'mysql':
      return [o.id, o.customerName, o.status, o.total, o.paid ? 1 : 0, wallClockUtc(o.createdAt), o.updatedAt === null ? null : wallClockUtc(o.updatedAt)];
    case 'sqlite':
      return [o.id, o.customerName, o.status, o.total, o.paid ? 1 : 0, o.createdAt.getTime(), o.updatedAt?.getTime() ?? null];
  }
}

/** Replaces the orders table on `db` with one holding `orders`. */
export async function loadOrders(db: SqlDatabase, orders: readonly Order[]): Promise<void> {
  await db.exec(DROP[db.dialect]);
  await db.exec(DDL[db.dialect]);
  const numbered = db.dialect === 'postgres' || db.dialect === 'duckdb';
  const placeholders = Array.from({ length: 7 }, (_, i) => (numbered ? `$${i + 1}` : '?')).join(', ');
  const table = db.dialect === 'mysql' ? '`Order`' : '"Order"';
  for (const o of orders) await db.all({ text: `INSERT INTO ${table} VALUES (${placeholders})`, values: row(db.dialect, o) });
}
