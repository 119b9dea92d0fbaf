/**
 * A list over records whose `created_at` is stored as the schema declares it (milliseconds, a
 * Date, ISO-8601 text): every storage lists newest first by the whole second, then by id, pages
 * through every record once, and filters as the in-memory backend does; a record without a
 * valid instant of the storage is refused with the storage it should have.
 */
import { describe, expect, test } from 'vitest';
import { createListEndpoint, type ListBody } from '../../src/http/list-endpoint.js';
import { memoryListStore } from '../../src/http/memory-store.js';
import { createdAtStorage, recordKey } from '../../src/http/record-key.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import type { TimestampStorageDefinition } from '../../src/schema/types.js';
import { tqlErrorOf } from '../support/tql-error.js';

const BASE = 'http://127.0.0.1:8080';

/** Each event's id and instant in milliseconds: e1 and e2 share a second, e3 is a second later. */
const EVENTS = [
  ['e1', Date.parse('2024-05-01T09:30:00.100Z')],
  ['e2', Date.parse('2024-05-01T09:30:00.900Z')],
  ['e3', Date.parse('2024-05-01T09:30:01.000Z')],
  ['e4', Date.parse('1969-12-31T23:59:59.500Z')],
  ['e5', Date.parse('2024-03-31T01:30:00.000Z')],
  ['e6', Date.parse('2024-05-01T09:30:00.999Z')],
] as const;

/** Newest second first, then the larger id: e3, then e6, e2, e1 (all in 09:30:00), then e5, e4. */
const LIST_ORDER = ['e3', 'e6', 'e2', 'e1', 'e5', 'e4'];

/** Berlin's wall-clock text of an instant, without offset: +01:00 before the change of 2024-03-31T01:00Z, +02:00 after. */
const berlin = (ms: number) => {
  const offset = ms < Date.parse('2024-03-31T01:00:00Z') ? 3_600_000 : 7_200_000;
  return new Date(ms + offset).toISOString().slice(0, 23).replace('T', ' ');
};

const STORED: readonly (readonly [name: string, storage: TimestampStorageDefinition, write: (ms: number) => unknown])[] = [
  ['unix_seconds with a fraction', 'unix_seconds', (ms) => ms / 1000],
  ['unix_milliseconds', 'unix_milliseconds', (ms) => ms],
  ['date', 'date', (ms) => new Date(ms)],
  ['iso_text in UTC', 'iso_text', (ms) => new Date(ms).toISOString()],
  ['iso_text in Europe/Berlin, without offset', { kind: 'iso_text', timeZone: 'Europe/Berlin' }, berlin],
];

describe.each(STORED)('created_at stored as %s', (_, storage, write) => {
  const schema = defineSchema({
    entities: { event: { attributes: { id: { type: 'ID', id: { kind: 'text' } }, created_at: { type: 'Timestamp', storage } } } },
  });
  const records = EVENTS.map(([id, ms]) => ({ id, created_at: write(ms) }));
  const list = createListEndpoint({
    schema,
    entity: 'event',
    store: memoryListStore(records, { createdAt: schema.entities.event.attributes.created_at.storage }),
    baseUrl: BASE,
  });
  const ids = async (path: string) => {
    const r = await list(new URL(path, BASE));
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as ListBody<{ id: string }>;
  };

  test('/v1/events?limit=2, then every next page: each record once, newest second first, then by id', async () => {
    const seen: string[] = [];
    let page = await ids('/v1/events?limit=2');
    for (;;) {
      seen.push(...page.data.map((e) => e.id));
      if (page.next_page === null) break;
      page = await ids(page.next_page);
    }
    expect(seen).toEqual(LIST_ORDER);
  });

  test('/v1/events?ending_before=e1&limit=2: back up the list', async () => {
    const page = await ids('/v1/events?ending_before=e1&limit=2');
    expect(page.data.map((e) => e.id)).toEqual(['e6', 'e2']);
  });

  test.for([
    ['event.created_at EQ 2024-05-01T09:30:00Z', ['e6', 'e2', 'e1']],
    ['event.created_at GT 2024-05-01T09:30:00Z', ['e3']],
    ['event.created_at LT 1970-01-01T00:00:00Z', ['e4']],
    ['event.created_at LTE 2024-03-31T01:30:00Z', ['e5', 'e4']],
  ] as const)('filter=%s', async ([filter, expected]) => {
    const page = await ids(`/v1/events?filter=${encodeURIComponent(filter)}`);
    expect(page.data.map((e) => e.id)).toEqual(expected);
  });
});

describe('a record whose created_at is not an instant of the storage is refused, naming the storage', () => {
  test.for([
    ['unix_seconds', { id: 'a', created_at: '2023-01-01' }, 'Unix seconds (a number such as 1714555800)', '"2023-01-01"'],
    ['unix_milliseconds', { id: 'a', created_at: new Date(0) }, 'Unix milliseconds (a number such as 1714555800000)', 'a Date (1970-01-01T00:00:00.000Z)'],
    ['date', { id: 'a', created_at: 1714555800000 }, 'a JavaScript Date', '1714555800000'],
    ['date', { id: 'a', created_at: new Date(NaN) }, 'a JavaScript Date', 'an invalid Date'],
    ['iso_text', { id: 'a', created_at: '2023-02-30' }, 'ISO-8601 text (such as 2024-05-01T09:30:00Z)', '"2023-02-30"'],
    ['iso_text', { id: 'a' }, 'ISO-8601 text (such as 2024-05-01T09:30:00Z)', 'none'],
  ] as const)('created_at stored as %s: %j', ([storage, record, expected, has]) => {
    expect(tqlErrorOf(() => memoryListStore([record], { createdAt: storage })).message).toBe(
      `invalid_input: A list needs a string "id" and a "created_at" stored as ${expected} on every record, the storage the schema declares for created_at; record 0 has id "a" and created_at ${has}.`,
    );
  });

  test('a record whose getter throws', () => {
    const record = Object.defineProperty({ id: 'a' }, 'created_at', {
      get() {
        throw new Error('no');
      },
    });
    expect(() => memoryListStore([record])).toThrowErrorMatchingInlineSnapshot(
      `[TqlError: invalid_input: A list reads "id" and "created_at" of every record; reading them from record 0 threw an exception.]`,
    );
  });

  test('a createdAt option that is no storage', () => {
    expect(() => memoryListStore([], { createdAt: 'seconds' as never })).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: memoryListStore's createdAt option: storage is one of unix_seconds, unix_milliseconds, date, iso_text (or { kind: "iso_text", timeZone: "Europe/Paris" }), not "seconds".]`);
  });
});

describe('recordKey: the whole second, and driver integers given as text', () => {
  test.for([
    ["'1714555800'", 'unix_seconds', '1714555800', 1714555800],
    ['1714555800.9', 'unix_seconds', 1714555800.9, 1714555800],
    ['1714555800n', 'unix_seconds', 1714555800n, 1714555800],
    ["'1714555800999'", 'unix_milliseconds', '1714555800999', 1714555800],
    ["'2024-05-01 11:30+02'", 'iso_text', '2024-05-01 11:30+02', 1714555800],
  ] as const)('created_at %s in %s', ([, kind, createdAt, second]) => {
    expect(recordKey({ id: 'a', created_at: createdAt }, 'the record', createdAtStorage(kind, 'createdAt')).createdAt).toBe(second);
  });
});
