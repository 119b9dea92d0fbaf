/** tql/zod: a schema from zod 4 object schemas, by the same rules as JSON Schema. */
import * as z from 'zod';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { schemaFromZod } from '../../src/integrations/zod.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { tqlErrorOf } from '../support/tql-error.js';

const Ticket = z.object({
  id: z.string().regex(/^tkt_[A-Za-z0-9]+$/),
  subject: z.string().describe('What the customer wrote in the subject line.'),
  priority: z.enum(['low', 'normal', 'high']),
  escalated: z.boolean(),
  opened_at: z.int().meta({ format: 'unix-time' }),
  closed_at: z.int().meta({ format: 'unix-time' }).nullable(),
  assignee: z.string().regex(/^usr_[a-z]+$/).nullable(),
  crm_account_id: z.int(),
  note: z.string().optional(),
  score: z.number(),
  tags: z.array(z.string()),
  big: z.bigint(),
});

describe('schemaFromZod', () => {
  const { definition, skipped } = schemaFromZod({ ticket: Ticket });

  test.for<[string, unknown]>([
    ['id', { type: 'ID', id: { kind: 'prefixed', prefix: 'tkt_' } }],
    ['subject', { type: 'String', description: 'What the customer wrote in the subject line.' }],
    ['priority', { type: 'String', values: ['low', 'normal', 'high'] }],
    ['escalated', { type: 'Boolean' }],
    ['opened_at', { type: 'Timestamp' }],
    ['closed_at', { type: 'Timestamp', nullable: true }],
    ['assignee', { type: 'ID', id: { kind: 'prefixed', prefix: 'usr_' }, nullable: true }],
    ['crm_account_id', { type: 'ID', id: { kind: 'integer' } }],
    ['note', { type: 'String', nullable: true }],
    ['score', { type: 'Number' }],
    ['tags', { type: 'String', source: { kind: 'element', arrays: ['tags'] } }],
  ])('%s', ([name, attribute]) => {
    expect(definition.entities['ticket']?.attributes[name]).toEqual(attribute);
  });

  test('what cannot be filtered is listed with the reason', () => {
    expect(skipped).toEqual([{ path: 'ticket.big', reason: 'its type is bigint, which no tql type compares as' }]);
  });

  test('filters records that the zod schema parses', () => {
    const helpdesk = defineSchema(definition);
    const records = [
      { id: 'tkt_a', subject: 'Printer on fire', priority: 'high', escalated: true, opened_at: 100, closed_at: null, assignee: 'usr_ana', crm_account_id: 7, score: 1, tags: [], big: 1n },
      { id: 'tkt_b', subject: 'Paper', priority: 'low', escalated: false, opened_at: 200, closed_at: 300, assignee: null, crm_account_id: 8, score: 2, tags: [], big: 2n },
    ].map((r) => Ticket.parse(r));
    const q = check('ticket.priority IN high,normal OR ticket.closed_at GT 250', helpdesk, 'ticket');
    expect(filterRecords(q, records).map((r) => r.id)).toEqual(['tkt_a', 'tkt_b']);
  });

  test.for<[string, unknown]>([
    ['not an object', 42],
    ['not a zod schema', { ticket: { type: 'object' } }],
    ['a zod schema that is no object', { ticket: z.string() }],
  ])('%s', ([, input]) => {
    expect(tqlErrorOf(() => schemaFromZod(input as never)).code).toBe('invalid_schema');
  });
});

/** How an app's zod schemas look: camelCase keys, Dates, ISO texts, uuids, optional fields. */
const Invoice = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  status: z.enum(['draft', 'sent', 'paid']),
  totalCents: z.int(),
  createdAt: z.date(),
  paidAt: z.date().nullable(),
  dueDate: z.iso.date(),
  sentAt: z.iso.datetime().optional(),
  voidedAt: z.string().datetime().nullish(),
  updatedAt: z.coerce.date().default(() => new Date(0)),
  memo: z.string().optional(),
});

describe('an app’s zod schema as it is', () => {
  const { definition, skipped } = schemaFromZod({ invoice: Invoice });

  test('camelCase keys become snake case attributes that read them; dates, ISO texts and uuids are what they hold', () => {
    const field = (f: string) => ({ source: { kind: 'field', field: f } });
    expect(definition.entities['invoice']!.attributes).toEqual({
      id: { type: 'ID', id: { kind: 'uuid' } },
      customer_id: { type: 'ID', id: { kind: 'uuid' }, ...field('customerId') },
      status: { type: 'String', values: ['draft', 'sent', 'paid'] },
      total_cents: { type: 'Number', ...field('totalCents') },
      created_at: { type: 'Timestamp', storage: 'date', ...field('createdAt') },
      paid_at: { type: 'Timestamp', storage: 'date', nullable: true, ...field('paidAt') },
      due_date: { type: 'Timestamp', storage: 'iso_text', ...field('dueDate') },
      sent_at: { type: 'Timestamp', storage: 'iso_text', nullable: true, ...field('sentAt') },
      voided_at: { type: 'Timestamp', storage: 'iso_text', nullable: true, ...field('voidedAt') },
      updated_at: { type: 'Timestamp', storage: 'date', ...field('updatedAt') },
      memo: { type: 'String', nullable: true },
    });
    expect(skipped).toEqual([]);
  });

  test('uuids take no LIKE', () => {
    expect(tqlErrorOf(() => check('invoice.customer_id LIKE 0b5c', defineSchema(definition), 'invoice')).code).toBe('operator_not_allowed');
  });

  test('two keys with one name are both reported', () => {
    const { definition: d, skipped: s } = schemaFromZod({ Invoice: z.object({ userId: z.string(), user_id: z.string(), total: z.number() }) });
    expect(Object.keys(d.entities)).toEqual(['invoice']);
    expect(Object.keys(d.entities['invoice']!.attributes)).toEqual(['total']);
    expect(s.map((x) => x.path)).toEqual(['invoice.userId', 'invoice.user_id']);
  });
});
