/** The columns of the matching-records table for the shop's products. */
import type { Column } from './columns.js';
import type { Product } from './shop.js';

export const PRODUCT_COLUMNS: readonly Column<Product>[] = [
  { heading: 'id', value: (r) => r.id },
  { heading: 'name', value: (r) => r.name },
  // A price stored as text shows quoted: it is no number, and no Number comparison matches it.
  { heading: 'price', value: (r) => (typeof r.price === 'string' ? JSON.stringify(r.price) : Object.is(r.price, -0) ? '-0' : r.price) },
  { heading: 'rating', value: (r) => r.rating },
  { heading: 'in_stock', value: (r) => r.in_stock },
];
