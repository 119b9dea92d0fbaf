/** An operator a type does not take is named with the type's article as spoken: "a String", "an ID". */
import { expect, test } from 'vitest';
import { safeCheck } from '../../src/api/check.js';
import { defineSchema } from '../../src/schema/define-schema.js';

const schema = defineSchema({ entities: { ticket: { attributes: { ref: { type: 'ID', id: { kind: 'integer' } }, opened: { type: 'Timestamp' }, title: { type: 'String' } } } } });
const message = (text: string) => {
  const r = safeCheck(text, schema, 'ticket');
  return r.ok ? undefined : r.error.issues[0]!.message;
};

test('ticket.ref LIKE 12', () => {
  expect(message('ticket.ref LIKE 12')).toMatchInlineSnapshot(`"LIKE is not allowed on an ID (ticket.ref); use EQ or NOT_EQ."`);
});

test('ticket.opened LIKE 2023', () => {
  expect(message('ticket.opened LIKE 2023')).toMatchInlineSnapshot(`"LIKE is not allowed on a Timestamp (ticket.opened); use EQ, NOT_EQ, LT, LTE, GT or GTE."`);
});

test('ticket.title GT a', () => {
  expect(message('ticket.title GT a')).toMatchInlineSnapshot(`"GT is not allowed on a String (ticket.title); use EQ, NOT_EQ, LIKE, NOT_LIKE, IN, NOT_IN, STARTS_WITH or ENDS_WITH."`);
});
