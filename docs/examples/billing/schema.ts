/**
 * The billing app's tql schema and SQL mapping, derived from the Drizzle table as it is: the
 * camelCase properties become snake_case attributes that read the original fields, the uuid
 * columns uuid ids, the timestamptz columns Timestamps stored as `Date`s, the date column a
 * Timestamp stored as ISO text, and the numeric column a Number.
 */
import { defineSchema } from 'tql';
import { schemaFromDrizzle } from 'tql/drizzle';
import { defineSqlMapping } from 'tql/sql';
import { invoices } from './tables.js';

const derived = schemaFromDrizzle({ invoice: invoices });

export const billing = defineSchema({
  entities: {
    invoice: { description: 'GET /v1/invoices', attributes: derived.definition.entities['invoice']!.attributes },
  },
});

/** The PostgreSQL table Drizzle describes; stores.ts adapts it to the other engines. */
export const billingMapping = defineSqlMapping(billing, { invoice: derived.mapping['invoice']! });
