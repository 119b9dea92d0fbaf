/**
 * A list over records whose `created_at` is stored as the schema declares it (milliseconds, a
 * Date, ISO-8601 text): every storage lists newest first by the whole second, then by id, pages
 * through every record once, and filters as the in-memory backend does; a record without a
 * valid instant of the storage has no value, and is listed after every record that has one.
 */
import { describe, expect, test } from 'vitest';
import { createListEndpoint, type ListBody } from '../../src/http/list-endpoint.js';
import { memoryListStore } from '../../src/http/memory-store.js';
import { sortValueReader } from '../../src/http/list-order.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import type { TimestampStorageDefinition } from '../../src/schema/types.js';

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
  ['iso_canonical', 'iso_canonical', (ms) => new Date(ms).toISOString()],
];

describe.each(STORED)('created_at stored as %s', (_, storage, write) => {
  const schema = defineSchema({
    entities: { event: { attributes: { id: { type: 'ID', id: { kind: 'text' } }, created_at: { type: 'Timestamp', storage } } } },
  });
  const records = EVENTS.map(([id, ms]) => ({ id, created_at: write(ms) }));
  const list = createListEndpoint({
    schema,
    entity: 'event',
    store: memoryListStore(records),
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

describe('a record without a valid instant of the storage has no value: it is listed after every other', () => {
  test.for([
    ['unix_seconds', '2023-01-01'],
    ['unix_milliseconds', new Date(0)],
    ['date', 1714555800000],
    ['date', new Date(NaN)],
    ['iso_text', '2023-02-30'],
    ['iso_text', undefined],
    ['iso_canonical', '1970-01-01T00:00:05Z'],
    ['iso_canonical', '2023-02-29T00:00:00.000Z'],
  ] as const)('created_at stored as %s: %j', async ([storage, stored]) => {
    const schema = defineSchema({ entities: { event: { attributes: { created_at: { type: 'Timestamp', storage } } } } });
    const valid = { unix_seconds: 5, unix_milliseconds: 5000, date: new Date(5000), iso_text: '1970-01-01T00:00:05Z', iso_canonical: '1970-01-01T00:00:05.000Z' }[storage];
    const records = [{ id: 'a', ...(stored === undefined ? {} : { created_at: stored }) }, { id: 'b', created_at: valid }];
    const list = createListEndpoint({ schema, entity: 'event', store: memoryListStore(records) });
    const ids = async (sort: string) => ((await list(new URL(`http://h/v1/events?sort=${sort}`))).body as ListBody<{ id: string }>).data.map((e) => e.id);
    expect(await ids('-created_at')).toEqual(['b', 'a']);
    expect(await ids('created_at')).toEqual(['b', 'a']);
  });

  test('a record whose getter throws is a 500 for the client, and the cause for the service', async () => {
    const record = Object.defineProperty({ id: 'a' }, 'created_at', {
      get() {
        throw new Error('no');
      },
    });
    const told: unknown[] = [];
    const schema = defineSchema({ entities: { event: { attributes: { created_at: { type: 'Timestamp' } } } } });
    const list = createListEndpoint({ schema, entity: 'event', store: memoryListStore([record]), onError: (e) => told.push(e) });
    expect((await list(new URL('http://h/v1/events'))).status).toBe(500);
    expect(String(told[0])).toMatchInlineSnapshot(`"TqlError: invalid_input: A list reads the sort values of every record; reading them from record 0 threw an exception."`);
  });
});

describe('the sort value of a stored instant: the whole second, and driver integers given as text', () => {
  test.for([
    ["'1714555800'", 'unix_seconds', '1714555800', 1714555800],
    ['1714555800.9', 'unix_seconds', 1714555800.9, 1714555800],
    ['1714555800n', 'unix_seconds', 1714555800n, 1714555800],
    ["'1714555800999'", 'unix_milliseconds', '1714555800999', 1714555800],
    ["'2024-05-01 11:30+02'", 'iso_text', '2024-05-01 11:30+02', 1714555800],
    ["'soon'", 'unix_seconds', 'soon', null],
  ] as const)('created_at %s in %s', ([, storage, stored, second]) => {
    const schema = defineSchema({ entities: { event: { attributes: { created_at: { type: 'Timestamp', storage } } } } });
    expect(sortValueReader(schema.entities.event.attributes.created_at)(stored)).toBe(second);
  });
});
