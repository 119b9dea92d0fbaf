/**
 * The test app's orders in each store a list endpoint can read: memory here; the SQL engines and
 * MongoDB (through mingo) are added by the suites that start them.
 */
import type { ListStore } from '../../../src/http/list-store.js';
import { memoryListStore } from '../../../src/http/memory-store.js';
import type { Order } from './order-app.js';

/** Makes a store holding exactly `orders` (replacing what an earlier call loaded). */
export type OrderStoreMaker = (orders: readonly Order[]) => Promise<ListStore<Order>>;

/** A named store maker, and what to close when the suite ends. */
export interface OrderStoreKind {
  readonly name: string;
  readonly make: OrderStoreMaker;
}

export const memoryOrders: OrderStoreKind = { name: 'memory', make: async (orders) => memoryListStore(orders) };
