/**
 * The in-memory backend on timestamps as records store them (docs/backends-memory.md, Timestamps
 * and ids): each storage compared as whole seconds, the floor of the stored instant; a value
 * that is no valid instant of the storage has no value; uuids compared whatever the case of their
 * hex digits, text ids exactly.
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compilePredicate } from '../../../src/backends/memory/index.js';
import { instantSchema } from './instant-schema.js';

const matches = (text: string) => compilePredicate(check(text, instantSchema, 'event'));

/** 2024-05-01T09:30:00Z. */
const T = 1714555800;

/** Each row: the query, the stored value, whether it matches. */
type Row = readonly [query: string, stored: unknown, expected: boolean];

function field(text: string): string {
  return /event\.([a-z_]+)/.exec(text)![1]!;
}

describe('unix_seconds: a fraction counts as the second it falls in', () => {
  test.for<Row>([
    [`event.at_seconds EQ ${T}`, T, true],
    [`event.at_seconds EQ ${T}`, T + 0.999, true],
    [`event.at_seconds EQ ${T}`, T + 1, false],
    [`event.at_seconds EQ ${T}`, T - 0.001, false],
    [`event.at_seconds LT ${T}`, T + 0.5, false],
    [`event.at_seconds LT ${T}`, T - 0.5, true],
    [`event.at_seconds LTE ${T}`, T + 0.5, true],
    [`event.at_seconds GT ${T}`, T + 0.5, false],
    [`event.at_seconds GT ${T}`, T + 1, true],
    [`event.at_seconds GTE ${T}`, T, true],
    [`event.at_seconds EQ ${T}`, BigInt(T), true],
    [`event.at_seconds GTE ${T}`, 2n ** 53n, false],
    [`event.at_seconds EQ 1969-12-31T23:59:59Z`, -0.5, true],
    [`event.at_seconds EQ ${T}`, String(T), false],
    [`event.at_seconds NOT_EQ ${T}`, String(T), true],
    [`event.at_seconds EQ null`, NaN, true],
  ])('%s on %s is %s', ([text, stored, expected]) => {
    expect(matches(text)({ [field(text)]: stored })).toBe(expected);
  });
});

describe('unix_milliseconds: within the range of a Date', () => {
  test.for<Row>([
    [`event.at_millis EQ ${T}`, T * 1000, true],
    [`event.at_millis EQ ${T}`, T * 1000 + 999, true],
    [`event.at_millis EQ ${T}`, T * 1000 + 1000, false],
    [`event.at_millis LTE ${T}`, T * 1000 + 999.5, true],
    [`event.at_millis GT ${T}`, T * 1000 + 999, false],
    [`event.at_millis GT ${T}`, T * 1000 + 1000, true],
    [`event.at_millis LT 1970-01-01T00:00:00Z`, -1, true],
    [`event.at_millis EQ 1969-12-31T23:59:59Z`, -1, true],
    [`event.at_millis EQ ${T}`, BigInt(T * 1000 + 5), true],
    [`event.at_millis GT 0`, 8.64e15, true],
    [`event.at_millis GT 0`, 8.64e15 + 1, false],
    [`event.at_millis EQ null`, 8.64e15 + 1, true],
    [`event.at_millis EQ ${T}`, T, false],
    [`event.at_millis EQ ${T}`, new Date(T * 1000), false],
  ])('%s on %s is %s', ([text, stored, expected]) => {
    expect(matches(text)({ [field(text)]: stored })).toBe(expected);
  });
});

describe('date: a Date, read from the Date itself', () => {
  class HiddenTime extends Date {
    override getTime(): number {
      throw new Error('not to be called');
    }
  }
  test.for([
    [`event.at_date EQ ${T}`, 'a Date in that second', true, new Date(T * 1000 + 999)],
    [`event.at_date GT ${T}`, 'a Date in that second', false, new Date(T * 1000 + 999)],
    [`event.at_date GTE 2024-05-01`, 'a subclass whose getTime throws', true, new HiddenTime(T * 1000)],
    [`event.at_date GTE 2024-05-01`, 'an invalid Date', false, new Date(NaN)],
    [`event.at_date EQ null`, 'an invalid Date', true, new Date(NaN)],
    [`event.at_date GTE 2024-05-01`, 'a proxy of a Date', false, new Proxy(new Date(T * 1000), {})],
    [`event.at_date GTE 2024-05-01`, 'Unix seconds', false, T],
    [`event.at_date GTE 2024-05-01`, 'ISO text', false, '2024-05-01T09:30:00Z'],
    [`event.at_date NOT_EQ ${T}`, 'ISO text', true, '2024-05-01T09:30:00Z'],
  ] as const)('%s on %s is %s', ([text, , expected, stored]) => {
    expect(matches(text)({ [field(text)]: stored })).toBe(expected);
  });
});

describe('iso_text: with an offset, or a wall-clock time in the declared zone', () => {
  test.for<Row>([
    [`event.at_text EQ ${T}`, '2024-05-01T09:30:00Z', true],
    [`event.at_text EQ ${T}`, '2024-05-01 09:30:00.999', true],
    [`event.at_text EQ ${T}`, '2024-05-01T11:30:00+02:00', true],
    [`event.at_text EQ ${T}`, '2024-05-01T09:30', true],
    [`event.at_text GTE 2024-05-01`, '2024-05-01', true],
    [`event.at_text LT 2024-05-01`, '2024-04-30T23:59:59.999Z', true],
    [`event.at_text GTE 2024-05-01`, '2023-02-30', false],
    [`event.at_text EQ null`, '2023-02-30', true],
    [`event.at_text NOT_EQ ${T}`, 'yesterday', true],
    [`event.at_berlin EQ ${T}`, '2024-05-01 11:30', true],
    [`event.at_berlin EQ 2024-03-31T01:30:00Z`, '2024-03-31T02:30', true],
    [`event.at_berlin EQ 2024-10-27T00:30:00Z`, '2024-10-27T02:30', true],
    [`event.at_new_york EQ 2024-11-03T05:30:00Z`, '2024-11-03 01:30', true],
    [`event.at_new_york EQ 2024-11-03T05:30:00Z`, '2024-11-03 01:30-05:00', false],
  ])('%s on %j is %s', ([text, stored, expected]) => {
    expect(matches(text)({ [field(text)]: stored })).toBe(expected);
  });
});

describe('variant and element sources read their storage too', () => {
  test.for([
    [`event.due_at GTE ${T}`, { kind: 'task', task_due: new Date(T * 1000) }, true],
    [`event.due_at GTE ${T}`, { kind: 'task', task_due: T }, false],
    [`event.due_at GTE ${T}`, { kind: 'other', task_due: new Date(T * 1000) }, false],
    [`event.reminder_at EQ ${T}`, { alarms: [{ type: 'reminder', at: T * 1000 + 500 }] }, true],
    [`event.reminder_at EQ ${T}`, { reminders: [{ type: 'reminder', at: T }] }, false],
    [`event.reminder_at NOT_EQ ${T}`, { reminders: [{ type: 'reminder', at: T }] }, true],
    [`event.stamp_at LT ${T}`, { stamps: [{ type: 'stamp', at: '2024-05-01T11:29:59.9' }] }, true],
    [`event.stamp_at LT ${T}`, { stamps: [{ type: 'stamp', at: '2024-05-01T11:30' }] }, false],
  ] as const)('%s on %j is %s', ([text, record, expected]) => {
    expect(matches(text)(record)).toBe(expected);
  });
});

describe('uuid ids compare whatever the case of their hex digits; text ids exactly', () => {
  const UUID = '0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a';
  test.for([
    [`event.id EQ ${UUID}`, { id: UUID }, true],
    [`event.id EQ ${UUID}`, { id: UUID.toUpperCase() }, true],
    [`event.id EQ ${UUID.toUpperCase()}`, { id: UUID }, true],
    [`event.id EQ ${UUID}`, { id: `${UUID} ` }, false],
    [`event.id EQ ${UUID}`, { id: UUID.replace('a', 'ａ') }, false],
    [`event.id EQ ${UUID}`, { id: 42 }, false],
    [`event.id NOT_EQ ${UUID}`, { id: UUID.toUpperCase() }, false],
    [`event.id NOT_EQ ${UUID}`, { id: null }, true],
    [`event.owner_id EQ ${UUID}`, { people: [{ role: 'owner', id: UUID.toUpperCase() }] }, true],
    [`event.owner_id EQ ${UUID}`, { people: [{ role: 'guest', id: UUID }] }, false],
    ['event.ref EQ Order-7', { ref: 'Order-7' }, true],
    ['event.ref EQ Order-7', { ref: 'order-7' }, false],
    ['event.ref EQ null', { ref: 7 }, true],
  ] as const)('%s on %j is %s', ([text, record, expected]) => {
    expect(matches(text)(record)).toBe(expected);
  });
});

describe('hand-made queries the backend refuses', () => {
  test('a Timestamp compared with a second that is not whole', () => {
    const q = check(`event.at_seconds EQ ${T}`, instantSchema, 'event');
    const forged = { ...q, condition: { ...q.condition, value: T + 0.5 } };
    expect(() => compilePredicate(forged as typeof q)).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:1 invalid_input: The in-memory backend got a malformed predicate (1714555800.5 is not a whole number of seconds). Build queries with check() or validate().
        event.at_seconds EQ 1714555800
        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^]
    `);
  });
});
