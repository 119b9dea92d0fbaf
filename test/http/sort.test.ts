/**
 * `sort`, cursors and counts of a list endpoint, on the test app in memory (the paging laws hold
 * them on every store): nulls after every value either way, strings by code point, the key as the
 * last tie-break; tokens bound to their sort and filter; counts on request.
 */
import { describe, expect, test } from 'vitest';
import type { ErrorBody } from '../../src/http/error-body.js';
import { createListEndpoint, type ListBody } from '../../src/http/list-endpoint.js';
import { memoryListStore } from '../../src/http/memory-store.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { orderSchema, type Order } from './support/order-app.js';

const at = (iso: string) => new Date(iso);
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Five orders: o1 and o2 created in one second, o3 with no name and no total, o5 named with an astral character. */
const ORDERS: Order[] = [
  { id: uuid(1), customerName: 'Ada', status: 'open', total: 18, paid: false, createdAt: at('2025-01-15T09:30:00.250Z'), updatedAt: null },
  { id: uuid(2), customerName: 'ada', status: 'paid', total: 0.1, paid: true, createdAt: at('2025-01-15T09:30:00.900Z'), updatedAt: at('2025-01-16T00:00:00Z') },
  { id: uuid(3), customerName: null, status: 'open', total: null, paid: false, createdAt: at('2025-01-15T09:31:00Z'), updatedAt: null },
  { id: uuid(4), customerName: '\uFFFD', status: 'void', total: -1.5, paid: false, createdAt: at('2025-01-14T00:00:00Z'), updatedAt: null },
  { id: uuid(5), customerName: '\u{1F600}', status: 'paid', total: 18, paid: true, createdAt: at('2025-01-15T09:29:59.999Z'), updatedAt: null },
];

const list = createListEndpoint({ schema: orderSchema, entity: 'order', store: memoryListStore(ORDERS), counts: true, baseUrl: 'https://api.example.com' });

async function body(query: string): Promise<ListBody<Order>> {
  const r = await list(new URL(`https://api.example.com/v1/orders?${query}`));
  if (r.status !== 200) throw new Error(`${query}: ${JSON.stringify(r.body)}`);
  return r.body;
}
const short = (o: Order) => o.id.at(-1)!;
const ids = async (query: string) => (await body(query)).data.map(short).join(' ');

describe('GET /v1/orders?sort=…', () => {
  test.for<[string, string]>([
    // Newest first by the whole second: o1 and o2 share 09:30:00, so the larger key comes first.
    ['', '3 2 1 5 4'],
    ['sort=-created_at', '3 2 1 5 4'],
    ['sort=created_at', '4 5 1 2 3'],
    // Code points: "Ada" < "ada" < U+FFFD < U+1F600 (UTF-16 puts the emoji's surrogates first); no name last.
    ['sort=customer_name', '1 2 4 5 3'],
    ['sort=-customer_name', '5 4 2 1 3'],
    // Nulls after every value, descending too; ties on total broken by the key in the last key's direction.
    ['sort=total', '4 2 1 5 3'],
    ['sort=-total', '5 1 2 4 3'],
    ['sort=status,-created_at', '3 1 2 5 4'],
    ['sort=-updated_at', '2 5 4 3 1'],
    ['sort=order.total,id', '4 2 1 5 3'],
    ['sort=id', '1 2 3 4 5'],
    ['sort=-id', '5 4 3 2 1'],
  ])('%s → %s', async ([query, expected]) => {
    expect(await ids(query)).toBe(expected);
  });

  test('links of a sorted list carry a cursor token that keeps the sort and the filter; walking back returns the first page', async () => {
    const first = await body('filter=order.total+NOT_EQ+null&sort=-total&limit=2');
    expect(first.data.map(short)).toEqual(['5', '1']);
    expect(first.next_page).toMatch(/^https:\/\/api\.example\.com\/v1\/orders\?filter=order\.total%20NOT_EQ%20null&sort=-total&limit=2&cursor=[A-Za-z0-9_-]+$/);
    const second = await body(new URL(first.next_page!).search.slice(1));
    expect(second.data.map(short)).toEqual(['2', '4']);
    expect(second.next_page).toBeNull();
    expect(await body(new URL(second.previous_page!).search.slice(1))).toEqual(first);
  });

  test('a token carries its place: the page after a deleted record is still the right one', async () => {
    const first = await body('sort=customer_name&limit=2');
    const without = createListEndpoint({ schema: orderSchema, entity: 'order', store: memoryListStore(ORDERS.filter((o) => o.id !== uuid(2))) });
    const r = await without(new URL(first.next_page!));
    expect((r.body as ListBody<Order>).data.map(short)).toEqual(['4', '5']);
  });

  test('starting_after names a record in any order', async () => {
    expect(await ids(`sort=total&starting_after=${uuid(2)}`)).toBe('1 5 3');
    expect(await ids(`sort=total&ending_before=${uuid(5)}`)).toBe('4 2 1');
  });

  test('include=total_count: every match, whatever the page', async () => {
    const page = await body('filter=order.status+EQ+open&limit=1&include=total_count');
    expect(Object.keys(page)).toEqual(['object', 'next_page', 'previous_page', 'total_count', 'data']);
    expect(page.total_count).toBe(2);
    expect(page.next_page).toContain('include=total_count');
  });
});

describe('a cursor is refused where it was not made for', () => {
  const errorOf = async (query: string): Promise<ErrorBody> => {
    const r = await list(new URL(`https://api.example.com/v1/orders?${query}`));
    expect(r.status).toBe(400);
    return r.body as ErrorBody;
  };
  const tokenOf = async (query: string) => new URL((await body(query)).next_page!).searchParams.get('cursor')!;

  test('another sort', async () => {
    expect(await errorOf(`sort=-total&cursor=${await tokenOf('sort=total&limit=1')}`)).toMatchInlineSnapshot(`
      {
        "code": "invalid_option",
        "error": "cursor was made for sort=total, and this request sorts by -total: follow the links of the list you are walking, or leave cursor out to start the new order at its first page.",
        "issues": [],
        "parameter": "cursor",
      }
    `);
  });

  test('another filter', async () => {
    const token = await tokenOf('sort=total&limit=1&filter=order.paid+EQ+false');
    expect((await errorOf(`sort=total&cursor=${token}&filter=order.paid+EQ+true`)).error).toMatchInlineSnapshot(`"cursor was made for another filter: follow the links of the list you are walking, or leave cursor out to start the new filter at its first page."`);
    expect((await errorOf(`sort=total&cursor=${token}`)).parameter).toBe('cursor');
  });

  test.for([
    ['not base64', '%%%'],
    ['not JSON', 'bm90IGpzb24'],
    ['a value of the wrong type', Buffer.from(JSON.stringify([1, 'f', 'total', '', 'x', uuid(1)])).toString('base64url')],
    ['no key', Buffer.from(JSON.stringify([1, 'f', 'total', '', 18, null])).toString('base64url')],
    ['too few values', Buffer.from(JSON.stringify([1, 'f', 'total', '', 18])).toString('base64url')],
  ])('a token with %s', async ([, token]) => {
    expect(await errorOf(`sort=total&cursor=${token}`)).toMatchObject({ code: 'invalid_option', parameter: 'cursor' });
  });

  test('an id that no key of the kind can be', async () => {
    expect(await errorOf('starting_after=12')).toMatchInlineSnapshot(`
      {
        "code": "invalid_option",
        "error": "starting_after takes the uuid of a record from a list response, not "12".",
        "issues": [],
        "parameter": "starting_after",
      }
    `);
  });
});

describe('keys and default orders of other tables', () => {
  const schema = defineSchema({
    entities: {
      ticket: { attributes: { number: { type: 'ID', id: { kind: 'integer' } }, title: { type: 'String' }, priority: { type: 'Number' } } },
    },
  });
  const tickets = [
    { number: 10, title: 'b', priority: 2 },
    { number: 9, title: 'a', priority: 2 },
    { number: 100, title: 'c', priority: 1 },
  ];

  test.for([
    [{ key: 'number' }, '', '9 10 100'],
    [{ key: 'number', sort: '-priority' }, '', '10 9 100'],
    [{ key: 'number', sort: '-priority' }, 'sort=priority,number', '100 9 10'],
    [{ key: 'number' }, 'starting_after=9', '10 100'],
  ] as const)('%j ?%s → %s', async ([options, query, expected]) => {
    const tl = createListEndpoint({ schema, entity: 'ticket', store: memoryListStore(tickets), ...options });
    const r = await tl(new URL(`http://h/v1/tickets?${query}`));
    expect((r.body as ListBody<{ number: number }>).data.map((t) => t.number).join(' ')).toBe(expected);
  });

  test.for([
    [{ key: 'priority' }, 'ticket.priority cannot be a record\'s key'],
    [{ key: 'nope' }, 'nope'],
    [{ key: 'number', sort: 'nope' }, 'nope'],
    [{ key: { field: 'n', kind: 'serial' } }, 'kind one of text, uuid, integer, prefixed'],
  ] as const)('%j throws invalid_option', ([options, mention]) => {
    expect(() => createListEndpoint({ schema, entity: 'ticket', store: memoryListStore(tickets), ...(options as object) })).toThrow(
      expect.objectContaining({ code: 'invalid_option', message: expect.stringContaining(mention) }),
    );
  });
});

describe('sortOnly: attributes a list sorts by but does not filter on', () => {
  const schema = defineSchema({ entities: { note: { attributes: { title: { type: 'String' } } } } });
  const notes = [
    { id: 'n1', title: 'b', created_at: 20 },
    { id: 'n2', title: 'a', created_at: 30 },
  ];
  const notesList = createListEndpoint({ schema, entity: 'note', store: memoryListStore(notes), sortOnly: { created_at: { type: 'Timestamp' } } });
  const get = (query: string) => notesList(new URL(`http://h/v1/notes?${query}`));

  test('the default order and sort may name it', async () => {
    expect(((await get('')).body as ListBody<{ id: string }>).data.map((n) => n.id)).toEqual(['n2', 'n1']);
    expect(((await get('sort=created_at')).body as ListBody<{ id: string }>).data.map((n) => n.id)).toEqual(['n1', 'n2']);
  });

  test('a filter may not', async () => {
    expect(await get('filter=note.created_at+GT+0')).toMatchObject({ status: 400, body: { code: 'unknown_attribute', parameter: 'filter' } });
  });

  test('a name the entity has already is refused', () => {
    expect(() => createListEndpoint({ schema, entity: 'note', store: memoryListStore(notes), sortOnly: { title: { type: 'String' } } })).toThrowErrorMatchingInlineSnapshot(
      `[TqlError: invalid_option: sortOnly: note already has title; list there only attributes the filter does not have.]`,
    );
  });
});
