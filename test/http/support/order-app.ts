/**
 * The list endpoint's test app: one table of orders as services store them. A uuid key,
 * camelCase fields, instants as `Date`s with milliseconds (`timestamptz(3)` in SQL), nullable
 * text and numbers, and a Boolean that has no order. The generators make what breaks paging:
 * ties in every sort key, several orders in one second, nulls, and strings whose UTF-16 order
 * is not their code-point order.
 */
import fc from 'fast-check';
import { defineSchema } from '../../../src/schema/define-schema.js';

export const orderSchema = defineSchema({
  entities: {
    order: {
      description: 'GET /v1/orders',
      attributes: {
        id: { type: 'ID', id: { kind: 'uuid' } },
        customer_name: { type: 'String', nullable: true, source: { kind: 'field', field: 'customerName' } },
        status: { type: 'String', values: ['open', 'paid', 'void'] },
        total: { type: 'Number', nullable: true },
        paid: { type: 'Boolean' },
        created_at: { type: 'Timestamp', storage: 'date', source: { kind: 'field', field: 'createdAt' } },
        updated_at: { type: 'Timestamp', storage: 'date', nullable: true, source: { kind: 'field', field: 'updatedAt' } },
      },
    },
  },
});

/** An order as the app's data layer returns it. */
export interface Order {
  readonly id: string;
  readonly customerName: string | null;
  readonly status: 'open' | 'paid' | 'void';
  readonly total: number | null;
  readonly paid: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date | null;
}

/** The attributes a list can be sorted by, as the `sort` parameter names them. */
export const SORTABLE = ['id', 'customer_name', 'status', 'total', 'created_at', 'updated_at'] as const;

/** Instants around one second: two orders of one second with different milliseconds tie by the second. */
const BASE = Date.UTC(2025, 0, 15, 9, 30, 0);
const INSTANTS = [0, 0, 1, 250, 999, 1000, 1500, 61000, -3000].map((ms) => BASE + ms);
/** Names that tie, differ only in case, and whose UTF-16 order is not their code-point order. */
const NAMES = ['Ada', 'ada', 'Ada', 'Zoë', 'é', '\uFFFD', '\u{1F600}', 'a\u{10400}', 'a\uFF21', ''];

const arbOrderOf = (id: string): fc.Arbitrary<Order> =>
  fc.record({
    id: fc.constant(id),
    customerName: fc.option(fc.constantFrom(...NAMES), { nil: null, freq: 4 }),
    status: fc.constantFrom('open', 'paid', 'void'),
    total: fc.option(fc.constantFrom(-1.5, 0, 0.1, 18, 18, 250.25), { nil: null, freq: 4 }),
    paid: fc.boolean(),
    createdAt: fc.constantFrom(...INSTANTS).map((ms) => new Date(ms)),
    updatedAt: fc.option(fc.constantFrom(...INSTANTS).map((ms) => new Date(ms + 3_600_000)), { nil: null, freq: 3 }),
  });

/**
 * Between `minLength` and 24 orders with distinct lower-case uuid keys, of the versions services
 * make (4: random, 7: time-ordered); MariaDB's UUID type refuses some others, such as 8.
 */
export const arbOrders = (minLength = 0): fc.Arbitrary<Order[]> =>
  fc.uniqueArray(fc.uuid({ version: [4, 7] }), { minLength, maxLength: 24 }).chain((ids) => (ids.length === 0 ? fc.constant([]) : fc.tuple(...ids.map(arbOrderOf))));

/** A `sort` parameter: undefined (the default, newest first) or one to three attributes, each either way. */
export const arbSort: fc.Arbitrary<string | undefined> = fc.option(
  fc.uniqueArray(fc.constantFrom(...SORTABLE), { minLength: 1, maxLength: 3 }).chain((names) =>
    fc.tuple(...names.map((n) => fc.constantFrom(n, `-${n}`))).map((items) => items.join(',')),
  ),
  { nil: undefined, freq: 4 },
);

/** Filters over the app's attributes, none at all included. */
export const FILTERS = [
  undefined,
  'order.status EQ open',
  'order.customer_name LIKE a OR order.total EQ null',
  'order.created_at GTE 2025-01-15T09:30:01Z AND order.paid EQ false',
  'order.updated_at NOT_EQ null',
] as const;
