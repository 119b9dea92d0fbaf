/**
 * The billing app: one filter answered over invoices as each engine stores them (stores.ts), in
 * memory over the rows Drizzle returns, by SQL on each engine, and by a MongoDB filter.
 */
import { check } from 'tql';
import { filterRecords } from 'tql/memory';
import { compileMongo } from 'tql/mongo';
import { checkSqlMapping, selectSql, type SqlDatabase } from 'tql/sql';
import { Query } from 'mingo';
import { INVOICES } from './data.js';
import { billing } from './schema.js';
import { DDL, documentFor, mappingFor, rowFor } from './stores.js';
import type { Invoice } from './tables.js';

/** The invoice numbers a filter selects, sorted. */
const numbers = (rows: readonly { invoice_number?: unknown; invoiceNumber?: unknown }[]) =>
  rows.map((r) => String(r.invoice_number ?? r.invoiceNumber)).sort();

/** The invoice numbers a filter selects in memory, from the rows as Drizzle returns them. */
export function numbersInMemory(filter: string): string[] {
  return numbers(filterRecords(check(filter, billing, 'invoice'), INVOICES as Invoice[]));
}

/** Makes the invoices table on `db` and writes {@link INVOICES} into it, as that engine stores them. */
export async function loadInvoices(db: SqlDatabase): Promise<void> {
  await db.exec(DDL[db.dialect]);
  const placeholders = db.dialect === 'postgres' || db.dialect === 'duckdb' ? '$1, $2, $3, $4, $5, $6, $7, $8' : '?, ?, ?, ?, ?, ?, ?, ?';
  for (const invoice of INVOICES) {
    await db.all({ text: `INSERT INTO invoices VALUES (${placeholders})`, values: rowFor(db.dialect, invoice) });
  }
}

/**
 * Checks the engine's mapping against its catalog, as a service does at start-up: every column's
 * type fits what the mapping says it holds. `acceptDecimal` takes on the declared difference of
 * the exact `amount_due` column, compared as a double.
 */
export async function checkMapping(db: SqlDatabase): Promise<void> {
  await checkSqlMapping(db, billing, mappingFor(db.dialect), { acceptDecimal: true });
}

/** The invoice numbers a filter selects by SQL on `db`. */
export async function numbersInSql(db: SqlDatabase, filter: string): Promise<string[]> {
  const statement = selectSql(check(filter, billing, 'invoice'), { dialect: db.dialect, mapping: mappingFor(db.dialect), columns: ['invoice_number'] });
  return numbers(await db.all<{ invoice_number: string }>(statement));
}

/** The invoice numbers a filter selects by its MongoDB filter, run by mingo over the documents. */
export function numbersInMongo(filter: string): string[] {
  const documents = INVOICES.map(documentFor);
  const mongoFilter = compileMongo(check(filter, billing, 'invoice'));
  return numbers(new Query(mongoFilter).find<Record<string, unknown>>(documents).all() as { invoiceNumber?: unknown }[]);
}
