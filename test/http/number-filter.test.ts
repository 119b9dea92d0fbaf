/** A list endpoint over records with a Number attribute: literals in a URL, where `+` is a space. */
import { expect, test } from 'vitest';
import { createListEndpoint, type ListBody } from '../../src/http/list-endpoint.js';
import { memoryListStore } from '../../src/http/memory-store.js';
import { numberSchema } from '../number/number-schema.js';

const PRODUCTS = [
  { id: 'p1', created_at: 1, name: 'lamp', price: -1.5 },
  { id: 'p2', created_at: 2, name: 'desk', price: '18' },
  { id: 'p3', created_at: 3, name: 'chair', price: 18 },
  { id: 'p4', created_at: 4, name: 'pen', price: 0.1 },
  { id: 'p5', created_at: 5, name: 'ink', price: 1e21 },
];
// The entity has no created_at attribute: lists are in key order.
const list = createListEndpoint({ schema: numberSchema, entity: 'product', store: memoryListStore(PRODUCTS) });

async function ids(query: string): Promise<{ status: number; ids?: string[] }> {
  const r = await list(new URL(`http://h/v1/products?${query}`));
  return r.status === 200 ? { status: 200, ids: (r.body as ListBody<{ id: string }>).data.map((p) => p.id) } : { status: r.status };
}

test.for([
  ['filter=product.price+LT+0', ['p1']],
  ['filter=product.price~GTE~-1.5~AND~product.price~LT~1', ['p1', 'p4']],
  ['filter=product.price+IN+1.8e1,0.1', ['p3', 'p4']],
  ['filter=product.price+EQ+1e21', ['p5']],
  ['filter=product.price+EQ+1e%2B21', ['p5']],
  ['filter=product.price+NOT_EQ+18', ['p1', 'p2', 'p4', 'p5']],
] as const)('%s', async ([query, expected]) => {
  expect(await ids(query)).toEqual({ status: 200, ids: expected });
});

test('an unescaped + in an exponent is a space, so the filter is a 400 that says what went wrong', async () => {
  const r = await list(new URL('http://h/v1/products?filter=product.price+EQ+1e+21'));
  expect({ status: r.status, error: (r.body as { error?: string }).error }).toMatchInlineSnapshot(`
    {
      "error": "Invalid filter at 1:21: Expected AND, OR or the end of the query, found "21". A value with spaces must be quoted: "Pat Smith".",
      "status": 400,
    }
  `);
});
