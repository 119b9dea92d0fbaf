/**
 * The Mongo list store (through mingo) answers every page request as the memory store does, page
 * for page: the test app's orders (a uuid key, camelCase fields, `Date`s with milliseconds,
 * nulls and ties, names whose UTF-16 order is not their code-point order) and tickets with
 * integer keys and values of every kind in one field, under generated sorts and filters. A page
 * is one aggregation; walking the links forward and back meets every matching record once.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { keyValueOf, type ListOrder } from '../../src/http/list-order.js';
import { readPage } from '../../src/http/list-page.js';
import { keyAttribute, readSort } from '../../src/http/list-sort.js';
import type { ListStore, Page, PageLink, PageRequest } from '../../src/http/list-store.js';
import { memoryListStore } from '../../src/http/memory-store.js';
import { mingoCollection, mongoListStore, type MongoFindable } from '../../src/http/mongo-store.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import type { Entity, Schema } from '../../src/schema/types.js';
import type { ValidatedQuery } from '../../src/validate/validated-query.js';
import { arbOrders, arbSort, FILTERS, orderSchema } from './support/order-app.js';

// ---- the tickets: integer keys, and every kind of value in one field ----

const ticketSchema = defineSchema({
  entities: {
    ticket: {
      attributes: {
        id: { type: 'ID', id: { kind: 'integer' } },
        title: { type: 'String', nullable: true },
        priority: { type: 'Number', nullable: true },
        opened_at: { type: 'Timestamp', storage: 'unix_milliseconds', nullable: true, source: { kind: 'field', field: 'openedAt' } },
        due_at: { type: 'Timestamp', storage: 'iso_text', nullable: true, source: { kind: 'field', field: 'dueAt' } },
        closed_at: { type: 'Timestamp', nullable: true, source: { kind: 'field', field: 'closedAt' } },
        owner: { type: 'String', nullable: true, source: { kind: 'variant', tag: 'ownerKind', fields: { agent: 'agentName', team: 'teamName' } } },
      },
    },
  },
});

/** Values that tie, are null, missing, of another type, or not a valid instant of the storage. */
const ANY = [null, undefined, true, [], {}, 'x', '12', -0, 0, 1.5, NaN, Infinity, -Infinity];
const TITLES = ['', 'a', 'A', 'a\uFFFF', 'a\u{1F600}', '\uE000', '\u{10000}', '\uD7FF', 'z', 7];
const PRIORITIES = [-1, 0, 1, 1, 2.5, 1e308, -Number.MAX_VALUE];
const MILLISECONDS = [0, 999, 1000, -1, -1000, -1001, 1500.5, 8.64e15, 8.64e15 + 1, '1000', '-1500', '9999999999999999'];
const ISO_TEXT = ['2025-01-15', '2025-01-15T00:00:00.999Z', '2025-01-15T02:00:00+02:00', '2025-01-14 23:59:59', '2025-02-30', 'soon'];
const SECONDS = [0, 0.5, -0.5, 1, '7', '007', '-0', 1700000000];

const pick = <V>(values: readonly V[]) => fc.constantFrom<V | null | undefined>(...values, ...(ANY as V[]));

const arbTicket = (id: unknown) =>
  fc.record({
    id: fc.constant(id),
    title: pick(TITLES),
    priority: pick(PRIORITIES),
    openedAt: pick(MILLISECONDS),
    dueAt: pick(ISO_TEXT),
    closedAt: pick(SECONDS),
    ownerKind: fc.constantFrom('agent', 'team', 'robot', null),
    agentName: pick(TITLES),
    teamName: pick(TITLES),
  });

/** Up to 16 tickets with distinct integer keys, stored as numbers or as digits. */
type Ticket = Readonly<Record<string, unknown>>;
const arbTickets: fc.Arbitrary<Ticket[]> = fc
  .uniqueArray(fc.integer({ min: -3, max: 40 }), { maxLength: 16 })
  .chain((ids) => fc.tuple(...ids.map((id) => fc.constantFrom<unknown>(id, String(id)).chain(arbTicket))))
  // An undefined field is a missing one, as in a stored document.
  .map((tickets) => tickets.map((t): Ticket => Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined))));

const TICKET_SORTABLE = ['id', 'title', 'priority', 'opened_at', 'due_at', 'closed_at', 'owner'] as const;
const arbTicketSort = fc
  .uniqueArray(fc.constantFrom(...TICKET_SORTABLE), { minLength: 1, maxLength: 3 })
  .chain((names) => fc.tuple(...names.map((n) => fc.constantFrom(n, `-${n}`))).map((items) => items.join(',')));
const TICKET_FILTERS = [undefined, 'ticket.priority GT 0', 'ticket.title NOT_EQ null OR ticket.opened_at LT 1970-01-01T00:00:01Z'] as const;

// ---- walking a list ----

/** A collection that counts its round trips. */
function counted<T extends object>(records: readonly T[]): { collection: MongoFindable<T>; calls: () => number } {
  const inner = mingoCollection(records);
  let calls = 0;
  return {
    collection: {
      collectionName: inner.collectionName,
      aggregate: (pipeline) => {
        calls++;
        return inner.aggregate(pipeline);
      },
    },
    calls: () => calls,
  };
}

function orderOf(schema: Schema, entityName: string, sort: string | undefined): ListOrder {
  const entity = (schema.entities as Record<string, Entity>)[entityName]!;
  const key = keyAttribute(entity, undefined);
  return readSort(sort ?? key.name, entity, key);
}

const cursorOf = (link: PageLink): PageRequest['cursor'] =>
  link.kind === 'first' ? undefined : { direction: link.kind === 'after' ? 'forward' : 'backward', start: { kind: 'key', key: link.key } };

/** What a page says, for comparing: the records' keys in order, the links, the count. */
const shown = <T>(page: Page<T> | undefined) =>
  page === undefined ? undefined : { items: page.items.map((i) => i.key.id), records: page.items.map((i) => i.record), next: page.next, previous: page.previous, totalCount: page.totalCount };

interface Case {
  readonly records: readonly object[];
  readonly order: ListOrder;
  readonly query: ValidatedQuery | undefined;
  readonly limit: number;
}

/**
 * Every page of the list, walked forward from the first page and back from the last, read from
 * both stores: equal, one aggregation each (two for an empty page past the last record), and
 * together every matching record once each way.
 */
async function walkBothWays({ records, order, query, limit }: Case): Promise<void> {
  const memory = memoryListStore(records);
  const { collection, calls } = counted(records);
  const mongo = mongoListStore(collection);
  const expected = (await memory.page(query, { order, direction: 'forward', from: undefined, limit: 1000 })).map((k) => k.key.id);
  const read = async (cursor: PageRequest['cursor']): Promise<Page<object>> => {
    const request: PageRequest = { query, order, cursor, limit, count: true };
    const before = calls();
    const got = await readPage(mongo, request);
    expect(calls() - before).toBe(1);
    expect(shown(got)).toEqual(shown(await readPage(memory, request)));
    return got!;
  };
  const forward: string[] = [];
  let page = await read(undefined);
  for (;;) {
    forward.push(...page.items.map((i) => i.key.id));
    if (page.next === undefined) break;
    page = await read(cursorOf(page.next));
  }
  expect(forward).toEqual(expected);
  const backward: string[] = [];
  for (;;) {
    backward.unshift(...page.items.map((i) => i.key.id));
    if (page.previous === undefined) break;
    page = await read(cursorOf(page.previous));
  }
  expect(backward).toEqual(expected);
}

/** The page after and before each record, named by its key as `starting_after` names it: as memory answers. */
async function fromEveryRecord({ records, order, query, limit }: Case, ids: readonly string[]): Promise<void> {
  const memory = memoryListStore(records);
  const { collection, calls } = counted(records);
  const mongo: ListStore<object> = mongoListStore(collection);
  const key = order.keys.at(-1)!.attribute;
  for (const given of [...ids, '999', '00000000-0000-4000-8000-00000000dead']) {
    const id = keyValueOf(given, key);
    if (id === undefined) continue;
    for (const direction of ['forward', 'backward'] as const) {
      const request: PageRequest = { query, order, cursor: { direction, start: { kind: 'record', id } }, limit, count: direction === 'forward' };
      const before = calls();
      const expected = await readPage(memory, request);
      const got = await readPage(mongo, request);
      // An empty page past the last record reads the last page with a second aggregation.
      const past = expected !== undefined && expected.items.length === 0 && expected.previous !== undefined && direction === 'forward';
      expect(calls() - before).toBe(past ? 2 : 1);
      expect(shown(got), `${direction} from ${given}`).toEqual(shown(expected));
    }
  }
}

// ---- tests ----

describe('mongoListStore(mingoCollection(orders)) pages as memoryListStore(orders)', () => {
  test('walking forward and back, under generated sorts, filters and page sizes', async () => {
    await fc.assert(
      fc.asyncProperty(arbOrders(), arbSort, fc.constantFrom(...FILTERS), fc.integer({ min: 1, max: 5 }), async (records, sort, filter, limit) => {
        const query = filter === undefined ? undefined : check(filter, orderSchema, 'order');
        await walkBothWays({ records, order: orderOf(orderSchema, 'order', sort ?? '-created_at'), query, limit });
      }),
      { numRuns: 60 },
    );
  });

  test('after and before each record by its key, upper-case uuids included', async () => {
    await fc.assert(
      fc.asyncProperty(arbOrders(1), arbSort, fc.constantFrom(...FILTERS), fc.integer({ min: 1, max: 3 }), async (orders, sort, filter, limit) => {
        const query = filter === undefined ? undefined : check(filter, orderSchema, 'order');
        const records = orders.map((o, i) => (i % 2 === 0 ? { ...o, id: o.id.toUpperCase() } : o));
        await fromEveryRecord({ records, order: orderOf(orderSchema, 'order', sort), query, limit }, orders.map((o) => o.id.toUpperCase()));
      }),
      { numRuns: 30 },
    );
  });
});

describe('mongoListStore(mingoCollection(tickets)) pages as memoryListStore(tickets): integer keys, any value in any field', () => {
  test('walking forward and back', async () => {
    await fc.assert(
      fc.asyncProperty(arbTickets, arbTicketSort, fc.constantFrom(...TICKET_FILTERS), fc.integer({ min: 1, max: 4 }), async (records, sort, filter, limit) => {
        const query = filter === undefined ? undefined : check(filter, ticketSchema, 'ticket');
        await walkBothWays({ records, order: orderOf(ticketSchema, 'ticket', sort), query, limit });
      }),
      { numRuns: 80 },
    );
  });

  test('after and before each record', async () => {
    await fc.assert(
      fc.asyncProperty(arbTickets, arbTicketSort, fc.integer({ min: 1, max: 3 }), async (records, sort, limit) => {
        await fromEveryRecord({ records, order: orderOf(ticketSchema, 'ticket', sort), query: undefined, limit }, records.map((r) => String(r.id)));
      }),
      { numRuns: 30 },
    );
  });
});
