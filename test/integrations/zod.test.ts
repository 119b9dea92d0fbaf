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
  due: z.date(),
  tags: z.array(z.string()),
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
    ['note', { type: 'String' }],
    ['score', { type: 'Number' }],
  ])('%s', ([name, attribute]) => {
    expect(definition.entities['ticket']?.attributes[name]).toEqual(attribute);
  });

  test('what cannot be filtered is listed with the reason', () => {
    expect(skipped.map((s) => s.path)).toEqual(['ticket.due', 'ticket.tags']);
  });

  test('filters records that the zod schema parses', () => {
    const helpdesk = defineSchema(definition);
    const records = [
      { id: 'tkt_a', subject: 'Printer on fire', priority: 'high', escalated: true, opened_at: 100, closed_at: null, assignee: 'usr_ana', crm_account_id: 7, score: 1, due: new Date(0), tags: [] },
      { id: 'tkt_b', subject: 'Paper', priority: 'low', escalated: false, opened_at: 200, closed_at: 300, assignee: null, crm_account_id: 8, score: 2, due: new Date(0), tags: [] },
    ].map((r) => Ticket.parse(r));
    const q = check('ticket.priority IN high,normal OR ticket.closed_at GT 250', helpdesk, 'ticket');
    expect(filterRecords(q, records).map((r) => r.id)).toEqual(['tkt_a', 'tkt_b']);
  });

  test.for<[string, unknown]>([
    ['not an object', 42],
    ['not a zod schema', { ticket: { type: 'object' } }],
  ])('%s', ([, input]) => {
    expect(tqlErrorOf(() => schemaFromZod(input as never)).code).toBe('invalid_schema');
  });
});
