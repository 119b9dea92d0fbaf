/**
 * Paging laws, on every store, for generated data with ties and nulls in the sort keys and
 * generated sorts: following `next_page` from the first page visits every matching record once,
 * in the order the design pins (test/http/support/order-oracle.ts writes it out on its own);
 * following `previous_page` back from the last page gives the same pages in reverse; a page
 * after (or before) any record holds exactly the matching records beyond it, with a link back
 * whenever records lie behind, also from an empty page, which leads to the end of the list.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createListEndpoint, type ListBody } from '../../src/http/list-endpoint.js';
import type { ListStore } from '../../src/http/list-store.js';
import { arbOrders, arbSort, FILTERS, orderSchema, type Order } from './support/order-app.js';
import { compareOrders, expectedIds } from './support/order-oracle.js';
import { ORDER_ENGINES, type OpenedStores } from './support/order-engines.js';

/** Runs per property: many in memory, fewer where each run reloads a table on an engine. */
const RUNS: Readonly<Record<string, number>> = { memory: 60, 'mongo (mingo)': 30 };
const runsOn = (name: string) => RUNS[name] ?? 15;

const arbCase = (minOrders: number) =>
  fc.record({
    orders: arbOrders(minOrders),
    filter: fc.constantFrom(...FILTERS),
    sort: arbSort,
    limit: fc.integer({ min: 1, max: 6 }),
    cursorPick: fc.nat(),
  });

/** GET on an endpoint over `store`, failing the test on anything but a 200. */
function client(store: ListStore<Order>) {
  const list = createListEndpoint({ schema: orderSchema, entity: 'order', store, counts: true });
  return async (url: string): Promise<ListBody<Order>> => {
    const r = await list(new URL(url));
    if (r.status !== 200) throw new Error(`${url}: ${JSON.stringify(r.body)}`);
    return r.body;
  };
}

function url(params: Record<string, string | undefined>): string {
  const given = Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined);
  return `http://h/v1/orders?${new URLSearchParams(given)}`;
}

describe.each(ORDER_ENGINES.filter((e) => e.runs()))('paging on $name', ({ name, open }) => {
  let stores: OpenedStores;
  beforeAll(async () => {
    stores = await open();
  }, 120_000);
  afterAll(() => stores?.close());
  const make = (orders: readonly Order[]) => stores.make(orders);

  test('following next_page, then previous_page back, visits every matching record once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(arbCase(0), async ({ orders, filter, sort, limit }) => {
        const get = client(await make(orders));
        const forward = [await get(url({ filter, sort, limit: String(limit), include: 'total_count' }))];
        while (forward.at(-1)!.next_page !== null) forward.push(await get(forward.at(-1)!.next_page!));
        const expected = expectedIds(orders, filter, sort);
        expect(forward.flatMap((p) => p.data.map((o) => o.id))).toEqual(expected);
        expect(forward[0]!.previous_page).toBeNull();
        forward.forEach((p) => expect(p.total_count).toBe(expected.length));
        // Only an empty list has an empty page; every other page is full but the last.
        forward.forEach((p, i) => expect(p.data.length).toBe(i < forward.length - 1 ? limit : expected.length - limit * (forward.length - 1)));
        const backward = [forward.at(-1)!];
        while (backward.at(-1)!.previous_page !== null) backward.push(await get(backward.at(-1)!.previous_page!));
        expect(backward.map((p) => p.data.map((o) => o.id)).reverse()).toEqual(forward.map((p) => p.data.map((o) => o.id)));
      }),
      { numRuns: runsOn(name) },
    );
  }, 120_000);

  test.for(['starting_after', 'ending_before'] as const)(
    '%s any record, matching or not, under any sort: the matching records beyond it and a link back whenever records lie behind',
    { timeout: 120_000 },
    async (cursorKind) => {
      await fc.assert(
        fc.asyncProperty(arbCase(1), async ({ orders, filter, sort, limit, cursorPick }) => {
          const get = client(await make(orders));
          const cursor = orders[cursorPick % orders.length]!;
          const body = await get(url({ filter, sort, limit: String(limit), [cursorKind]: cursor.id }));
          const all = expectedIds(orders, filter, sort);
          const byId = new Map(orders.map((o) => [o.id, o]));
          const after = all.filter((id) => compareOrders(sort, byId.get(id)!, cursor) > 0);
          const before = all.filter((id) => compareOrders(sort, byId.get(id)!, cursor) < 0);
          const forward = cursorKind === 'starting_after';
          const [ahead, behind] = forward ? [after, before] : [before, after];
          const [onward, back] = forward ? [body.next_page, body.previous_page] : [body.previous_page, body.next_page];
          expect(body.data.map((o) => o.id)).toEqual(forward ? ahead.slice(0, limit) : ahead.slice(-limit));
          expect(onward !== null).toBe(ahead.length > limit);
          // Back whenever records lie behind the page, the cursor's own record included.
          expect(back !== null).toBe(behind.length + (all.includes(cursor.id) ? 1 : 0) > 0);
          if (back === null) return;
          // A link leads to records: following it never gives an empty page.
          expect((await get(back)).data.length).toBeGreaterThan(0);
          if (ahead.length > 0) return;
          // From an empty page, the walk back loses nothing and repeats nothing: it meets every record.
          const pages: Order[][] = [];
          for (let link: string | null = back; link !== null; ) {
            const page = await get(link);
            pages.push(page.data);
            link = forward ? page.previous_page : page.next_page;
            expect(pages.length).toBeLessThanOrEqual(all.length);
          }
          expect((forward ? pages.reverse() : pages).flat().map((o) => o.id)).toEqual(all);
        }),
        { numRuns: runsOn(name) },
      );
    },
  );
});
