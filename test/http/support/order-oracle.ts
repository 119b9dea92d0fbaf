/**
 * The list order of the test app, written out from the design's rules without the library's
 * code: instants by whole second, numbers by value, strings by code point, null after every value
 * either way, the key last in the direction of the key before it.
 */
import { check } from '../../../src/api/check.js';
import { filterRecords } from '../../../src/backends/memory/index.js';
import { orderSchema, type Order } from './order-app.js';

type Value = number | string | null;

const VALUES: Readonly<Record<string, (o: Order) => Value>> = {
  id: (o) => o.id.toLowerCase(),
  customer_name: (o) => o.customerName,
  status: (o) => o.status,
  total: (o) => o.total,
  created_at: (o) => Math.floor(o.createdAt.getTime() / 1000),
  updated_at: (o) => (o.updatedAt === null ? null : Math.floor(o.updatedAt.getTime() / 1000)),
};

function codePoints(s: string): number[] {
  return Array.from(s, (c) => c.codePointAt(0)!);
}

function ascending(a: Value, b: Value): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = codePoints(String(a));
  const y = codePoints(String(b));
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/** The keys of a `sort` text (the default `-created_at` when undefined), the key `id` last. */
export function sortKeys(sort: string | undefined): { name: string; descending: boolean }[] {
  const keys = (sort ?? '-created_at').split(',').map((item) => ({ name: item.replace(/^-/, ''), descending: item.startsWith('-') }));
  if (!keys.some((k) => k.name === 'id')) keys.push({ name: 'id', descending: keys.at(-1)!.descending });
  return keys;
}

/** Negative when `a` comes first in the list sorted by `sort`. */
export function compareOrders(sort: string | undefined, a: Order, b: Order): number {
  for (const { name, descending } of sortKeys(sort)) {
    const x = VALUES[name]!(a);
    const y = VALUES[name]!(b);
    if (x === null && y === null) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    const c = ascending(x, y);
    if (c !== 0) return descending ? -c : c;
  }
  return 0;
}

/** The ids of the orders `filter` matches, in the order `sort` asks for. */
export function expectedIds(orders: readonly Order[], filter: string | undefined, sort: string | undefined): string[] {
  const matching = filter === undefined ? [...orders] : filterRecords(check(filter, orderSchema, 'order'), orders);
  return matching.sort((a, b) => compareOrders(sort, a, b)).map((o) => o.id);
}
