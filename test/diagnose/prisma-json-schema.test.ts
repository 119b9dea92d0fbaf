/**
 * A schema derived from what a Prisma JSON Schema generator writes (DateTime as date-time text,
 * Decimal as a number, BigInt as an integer, relations as references), over the rows Prisma
 * Client returns (Dates, Prisma.Decimal objects, BigInts): every such value is missing to the
 * filters, and diagnoseRecords names each attribute with its fix; the billing example's own
 * schema over its own rows has nothing to report.
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { diagnoseRecords } from '../../src/diagnose/diagnose-records.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { schemaFromJsonSchema } from '../../src/schema/from-json-schema.js';
import type { Schema } from '../../src/schema/types.js';
import { INVOICES } from '../../docs/examples/billing/data.js';
import { exampleModule } from '../docs/example-app.js';

// The example imports the package by name: run from its copy, whose imports point at the sources.
const { billing } = (await exampleModule('billing', 'schema.ts')) as { billing: Schema };

/** prisma-json-schema-generator's output for `model Invoice` and `model Customer` (abridged to the fields that matter). */
const GENERATED = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  definitions: {
    Customer: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        invoices: { type: 'array', items: { $ref: '#/definitions/Invoice' } },
      },
    },
    Invoice: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        number: { type: 'string' },
        status: { type: 'string', enum: ['draft', 'sent', 'paid'] },
        total: { type: 'number' },
        views: { type: 'integer' },
        issuedAt: { type: 'string', format: 'date-time' },
        paidAt: { type: ['string', 'null'], format: 'date-time' },
        tags: { type: 'array', items: { type: 'string' } },
        customer: { $ref: '#/definitions/Customer' },
      },
    },
  },
  type: 'object',
  properties: { customer: { $ref: '#/definitions/Customer' }, invoice: { $ref: '#/definitions/Invoice' } },
};

/** Prisma.Decimal as Prisma Client gives it: an object with toNumber(), not a number. */
const decimal = (text: string) => ({ d: [Number(text)], toNumber: () => Number(text), toString: () => text });

/** Rows as `prisma.invoice.findMany()` returns them. */
const ROWS = [
  { id: 1, number: 'INV-1', status: 'paid', total: decimal('120.00'), views: 3n, issuedAt: new Date('2025-06-02T10:00:00Z'), paidAt: new Date('2025-06-10T08:00:00Z'), tags: ['eu'], customerId: 'c1' },
  { id: 2, number: 'INV-2', status: 'sent', total: decimal('80.50'), views: 0n, issuedAt: new Date('2025-06-03T10:00:00Z'), paidAt: null, tags: [], customerId: 'c1' },
];

describe('a Prisma JSON Schema generator’s schema over Prisma Client’s rows', () => {
  const derived = schemaFromJsonSchema(GENERATED);
  const schema = defineSchema(derived.definition);

  test('the derivation: DateTime as ISO text, relations skipped, the list of texts a collection', () => {
    const invoice = derived.definition.entities['invoice']!.attributes;
    expect([invoice['issued_at'], invoice['paid_at'], invoice['tags']]).toEqual([
      { type: 'Timestamp', storage: 'iso_text', nullable: true, source: { kind: 'field', field: 'issuedAt' } },
      { type: 'Timestamp', storage: 'iso_text', nullable: true, source: { kind: 'field', field: 'paidAt' } },
      { type: 'String', source: { kind: 'element', arrays: ['tags'] } },
    ]);
    expect(derived.skipped.map((s) => s.path)).toEqual(['customer.invoices', 'invoice.customer']);
  });

  test('every timestamp, total and view count is missing to the filters', () => {
    const ids = (text: string) => filterRecords(check(text, schema, 'invoice'), ROWS).map((r) => r.id);
    expect([ids('invoice.issued_at GTE 2025-01-01'), ids('invoice.total GT 0'), ids('invoice.views GTE 0'), ids('invoice.paid_at EQ null')]).toEqual([[], [], [], [1, 2]]);
  });

  test('the diagnosis names each, with the fix', () => {
    expect(diagnoseRecords(schema, 'invoice', ROWS).mismatches.map((m) => [m.attribute, m.found, m.values, m.fix.split(':')[0]])).toEqual([
      ['invoice.total', 'a decimal object (Prisma.Decimal, decimal.js)', 2, 'convert the decimal objects with toNumber() before filtering, or read the column as text and declare storage'],
      ['invoice.views', 'a BigInt', 2, 'convert the BigInt values with Number() before filtering (exact below 2^53)'],
      ['invoice.issued_at', 'a Date', 2, 'declare storage'],
      ['invoice.paid_at', 'a Date', 1, 'declare storage'],
    ]);
  });
});

test('the billing example’s schema over its own rows: every value fits', () => {
  expect(diagnoseRecords(billing, 'invoice', INVOICES)).toEqual({ entity: 'invoice', records: INVOICES.length, unreadable: 0, mismatches: [] });
});
