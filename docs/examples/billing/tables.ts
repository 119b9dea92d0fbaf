/**
 * The billing app's table, as the app defines it for Drizzle ORM on PostgreSQL: camelCase
 * properties over snake_case columns, uuid keys, instants in `timestamptz`, a due date in `date`,
 * and the amount in `numeric`. tql derives its schema and SQL mapping from it (schema.ts).
 */
import { date, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const invoices = pgTable('invoices', {
  id: uuid('id').primaryKey(),
  customerId: uuid('customer_id').notNull(),
  invoiceNumber: text('invoice_number').notNull(),
  status: text('status', { enum: ['draft', 'open', 'paid', 'void'] }).notNull(),
  // Drizzle returns numbers in this mode; tql compares them as doubles (docs/schema.md, Numbers).
  amountDue: numeric('amount_due', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true, precision: 3 }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true, precision: 3 }),
  dueOn: date('due_on'),
});

/** The row type Drizzle returns: `Date`s for the instants, the due date as `YYYY-MM-DD` text. */
export type Invoice = typeof invoices.$inferSelect;
