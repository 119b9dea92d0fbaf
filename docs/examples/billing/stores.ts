/**
 * Where the billing app keeps its invoices on each engine, each the way an app on that engine
 * would: PostgreSQL as Drizzle makes the table (uuid, timestamptz, date, numeric); MariaDB with
 * its own UUID type, DATETIME(3) in UTC and DECIMAL; SQLite with uuids as (upper-case) text,
 * instants as integer milliseconds and the due date as ISO text; DuckDB with UUID, TIMESTAMPTZ,
 * DATE and DECIMAL; MongoDB documents with BSON dates. One tql schema serves them all: only the
 * SQL mapping's `storage` says what each engine's columns hold.
 */
import type { SqlDialectName, SqlEntityMapping } from 'tql/sql';
import { billingMapping } from './schema.js';
import type { Invoice } from './tables.js';

/** The table on each engine, with an index on the instant most filters compare. */
export const DDL: { readonly [D in SqlDialectName]: string } = {
  postgres: `
CREATE TABLE invoices (id uuid PRIMARY KEY, customer_id uuid NOT NULL, invoice_number text NOT NULL, status text NOT NULL,
  amount_due numeric(12, 2) NOT NULL, issued_at timestamptz(3) NOT NULL, paid_at timestamptz(3), due_on date);
CREATE INDEX invoices_issued_at ON invoices (issued_at);`,
  mysql: `
CREATE TABLE invoices (id UUID PRIMARY KEY, customer_id UUID NOT NULL, invoice_number VARCHAR(64) NOT NULL, status VARCHAR(16) NOT NULL,
  amount_due DECIMAL(12, 2) NOT NULL, issued_at DATETIME(3) NOT NULL, paid_at DATETIME(3), due_on DATE);
CREATE INDEX invoices_issued_at ON invoices (issued_at);`,
  sqlite: `
CREATE TABLE invoices (id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, invoice_number TEXT NOT NULL, status TEXT NOT NULL,
  amount_due REAL NOT NULL, issued_at INTEGER NOT NULL, paid_at INTEGER, due_on TEXT);
CREATE INDEX invoices_issued_at ON invoices (issued_at);`,
  duckdb: `
CREATE TABLE invoices (id UUID PRIMARY KEY, customer_id UUID NOT NULL, invoice_number VARCHAR NOT NULL, status VARCHAR NOT NULL,
  amount_due DECIMAL(12, 2) NOT NULL, issued_at TIMESTAMPTZ NOT NULL, paid_at TIMESTAMPTZ, due_on DATE);`,
};

/** What each engine's columns hold, where that differs from the PostgreSQL table Drizzle describes. */
const STORAGE: { readonly [D in SqlDialectName]: NonNullable<SqlEntityMapping['storage']> } = {
  postgres: billingMapping.invoice.storage!,
  // DATETIME is a wall-clock time: this app writes it in UTC, the default zone.
  mysql: { ...billingMapping.invoice.storage, issuedAt: 'timestamp', paidAt: 'timestamp' },
  // No storage entry for the uuids: text, compared case-insensitively.
  sqlite: { issuedAt: 'unix_milliseconds', paidAt: 'unix_milliseconds', dueOn: 'iso_text' },
  duckdb: billingMapping.invoice.storage!,
};

/** The SQL mapping for `dialect`: the derived one, with that engine's column storage. */
export function mappingFor(dialect: SqlDialectName): { readonly invoice: SqlEntityMapping } {
  return { invoice: { ...billingMapping.invoice, storage: STORAGE[dialect] } };
}

/** The column values of one invoice, in the DDL's order, as each engine is given them. */
export function rowFor(dialect: SqlDialectName, invoice: Invoice): unknown[] {
  const { id, customerId, invoiceNumber, status, amountDue, issuedAt, paidAt, dueOn } = invoice;
  const wallClockUtc = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');
  switch (dialect) {
    case 'postgres':
    case 'duckdb':
      return [id, customerId, invoiceNumber, status, amountDue, issuedAt.toISOString(), paidAt?.toISOString() ?? null, dueOn];
    case 'mysql':
      return [id, customerId, invoiceNumber, status, amountDue, wallClockUtc(issuedAt), paidAt === null ? null : wallClockUtc(paidAt), dueOn];
    case 'sqlite':
      // Some apps write uuids in upper case: tql compares them canonically all the same.
      return [id.toUpperCase(), customerId.toUpperCase(), invoiceNumber, status, amountDue, issuedAt.getTime(), paidAt?.getTime() ?? null, dueOn];
  }
}

/** The invoices as MongoDB documents: `_id` the uuid text, the instants BSON dates (`Date`s). */
export function documentFor(invoice: Invoice): Record<string, unknown> {
  return { _id: invoice.id, ...invoice };
}
