/**
 * The list endpoint over a table as services have it (uuid key, camelCase fields,
 * `timestamptz(3)` instants, `Date`s in memory) answers byte for byte alike from every store:
 * memory, mingo, SQLite, PGlite, DuckDB, a PostgreSQL server and MariaDB, each SQL store opened
 * with its mapping checked against the catalog. The requests cover the default order, sorts on
 * every kind of attribute with nulls and ties, both cursors, tokens, counts and a 400.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createListEndpoint, type ListResponse } from '../../src/http/list-endpoint.js';
import type { ListStore } from '../../src/http/list-store.js';
import { arbOrders, orderSchema, type Order } from './support/order-app.js';
import { ORDER_ENGINES, type OpenedStores } from './support/order-engines.js';

/** Twenty orders, the same on every run. */
const ORDERS = fc.sample(arbOrders(20), { numRuns: 1, seed: 20251115 })[0]!;
const [A, B] = [ORDERS[3]!.id, ORDERS[11]!.id];

const REQUESTS = [
  '',
  'limit=3',
  'limit=3&include=total_count',
  'sort=customer_name&limit=4',
  'sort=-customer_name,created_at&limit=4',
  'sort=-total&limit=5&include=total_count',
  'sort=total,-updated_at&limit=5',
  'sort=status,-id&limit=6',
  'sort=-updated_at&filter=order.total+NOT_EQ+null&limit=3',
  `starting_after=${A}&limit=4`,
  `ending_before=${B}&limit=4&sort=customer_name`,
  'filter=order.created_at+GTE+2025-01-15T09:30:01Z&sort=created_at',
  'filter=order.customer_name+LIKE+a&sort=-customer_name',
  'sort=paid',
];

/** Every response of a walk: each request, then up to three `next_page` and `previous_page` hops from it. */
async function walk(make: (orders: readonly Order[]) => Promise<ListStore<Order>>): Promise<string[]> {
  const list = createListEndpoint({ schema: orderSchema, entity: 'order', store: await make(ORDERS), counts: true, baseUrl: 'https://api.example.com' });
  const out: string[] = [];
  const get = async (url: string): Promise<ListResponse<Order>> => {
    const r = await list(new URL(url));
    out.push(`${url}\n${r.status} ${JSON.stringify(r.body)}`);
    return r;
  };
  for (const query of REQUESTS) {
    const first = await get(`https://api.example.com/v1/orders?${query}`);
    for (const side of ['next_page', 'previous_page'] as const) {
      let r = first;
      for (let hop = 0; hop < 3 && r.status === 200 && r.body[side] !== null; hop++) r = await get(r.body[side]!);
    }
  }
  return out;
}

let expected: string[];
beforeAll(async () => {
  expected = await walk(async (orders) => (await ORDER_ENGINES[0]!.open()).make(orders));
});

test('the walk reaches every kind of page: sorted, cursor, counted, refused', () => {
  expect(expected.length).toBeGreaterThan(40);
  expect(expected.some((r) => r.includes('"total_count":'))).toBe(true);
  expect(expected.some((r) => r.includes('cursor='))).toBe(true);
  expect(expected.some((r) => r.includes('starting_after='))).toBe(true);
  expect(expected.some((r) => r.startsWith('https://api.example.com/v1/orders?sort=paid\n400 '))).toBe(true);
});

describe.each(ORDER_ENGINES.slice(1).filter((e) => e.runs()))('$name', ({ open }) => {
  let stores: OpenedStores;
  beforeAll(async () => {
    stores = await open();
  }, 120_000);
  afterAll(() => stores?.close());

  test('answers every request of the walk byte for byte as memory does', async () => {
    const got = await walk((orders) => stores.make(orders));
    expect(got.length).toBe(expected.length);
    got.forEach((response, i) => expect(response).toBe(expected[i]));
  }, 60_000);
});
