/**
 * A second app in the playground, with numbers: a shop's products. The scheduling models have no
 * Number attribute, and a playground that only showed them could not show how `-1.5`, `1e3` or
 * `0.1` compile. The records include what makes numbers interesting: zero and minus zero,
 * negatives, fractions, a very large value, a price stored as text (which is no number) and null.
 */
import type { SqlMapping } from '../../src/backends/sql/mapping.js';
import { defineSchema } from '../../src/schema/define-schema.js';

export const shopSchema = defineSchema({
  entities: {
    product: {
      description: 'GET /v1/products',
      attributes: {
        name: { type: 'String' },
        price: { type: 'Number', description: 'In euros; a refund line has a negative price.' },
        rating: { type: 'Number', nullable: true, description: 'Average of the reviews, 1 to 5; null before the first.' },
        in_stock: { type: 'Boolean' },
      },
    },
  },
});

export const shopSqlMapping: SqlMapping = { product: { table: 'product', key: 'id' } };

export interface Product {
  readonly id: string;
  readonly name: string;
  readonly price: number | string;
  readonly rating: number | null;
  readonly in_stock: boolean;
}

export const PRODUCTS: readonly Product[] = [
  { id: 'prd_1', name: 'Stapler', price: 12.5, rating: 4.2, in_stock: true },
  { id: 'prd_2', name: 'Paper, 500 sheets', price: 4.99, rating: 4.8, in_stock: true },
  { id: 'prd_3', name: 'Free sample', price: 0, rating: null, in_stock: true },
  { id: 'prd_4', name: 'Sample, returned', price: -0, rating: null, in_stock: false },
  { id: 'prd_5', name: 'Refund: broken stapler', price: -12.5, rating: 1, in_stock: false },
  { id: 'prd_6', name: 'Pencil', price: 0.1, rating: 3.5, in_stock: true },
  { id: 'prd_7', name: 'Office chair', price: 1e3, rating: 4.5, in_stock: false },
  { id: 'prd_8', name: 'Printer toner', price: '18', rating: 2.5, in_stock: true },
  { id: 'prd_9', name: 'Everything we have', price: 1e21, rating: null, in_stock: false },
  { id: 'prd_10', name: 'Eraser', price: 0.3, rating: 5, in_stock: true },
];
