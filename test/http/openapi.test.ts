/**
 * OpenAPI 3.1 for list endpoints: the document validates, its `filter` description lists every
 * attribute and operator with a filter the endpoint accepts, its `sort` pattern accepts what the
 * endpoint sorts by, and what the endpoint answers fits the response schemas.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { safeCheck } from '../../src/api/check.js';
import { isTqlError } from '../../src/errors/tql-error.js';
import { createListEndpoint } from '../../src/http/list-endpoint.js';
import { keyAttribute, readSort } from '../../src/http/list-sort.js';
import { memoryListStore } from '../../src/http/memory-store.js';
import { listOpenApi, listOperation, listParameters, withListEndpoint, type ListOpenApiEndpoint, type OpenApiDocument, type OpenApiParameter } from '../../src/http/openapi.js';
import type { Profile } from '../../src/parser/profiles.js';
import { sampleData } from '../../src/models/scheduling/sample.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import type { Attribute, Entity, Schema } from '../../src/schema/types.js';

/** A schema of our own: Number, uuid and integer ids, nullable and closed-value attributes. */
const shop = defineSchema({
  entities: {
    product: {
      attributes: {
        id: { type: 'ID', id: { kind: 'uuid' } },
        name: { type: 'String', description: 'Shown | in the shop.' },
        price: { type: 'Number' },
        weight: { type: 'Number', nullable: true },
        colour: { type: 'String', values: ['red', 'green', 'dark blue'] },
        in_stock: { type: 'Boolean' },
        created_at: { type: 'Timestamp', storage: 'date' },
      },
    },
    order: {
      attributes: {
        id: { type: 'ID', id: { kind: 'integer' } },
        status: { type: 'String', values: ['open', 'paid'], operators: ['EQ', 'NOT_EQ'] },
        shipped_at: { type: 'Timestamp', nullable: true },
        total: { type: 'Number' },
      },
    },
  },
});

async function validate(document: OpenApiDocument): Promise<unknown> {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document) as Parameters<Validator['validate']>[0]);
  expect(validator.version).toBe('3.1');
  return result;
}

const attributesOf = (entity: Entity): Attribute[] => entity.attributeNames.map((n) => (entity.attributes as Record<string, Attribute>)[n]!);
const parameter = (parameters: readonly OpenApiParameter[], name: string) => parameters.find((p) => p.name === name)!;
/** The table row of an attribute in the filter description. */
const row = (description: string, a: Attribute) => description.split('\n').find((l) => l.startsWith(`| \`${a.path}\` |`));
/** The example filter of a row: its fourth cell, in backticks. */
const exampleOf = (line: string) => /^`(.*)`$/.exec(line.slice(2, -2).split(' | ')[3]!)?.[1];

const cases: { schema: Schema; entity: string; profile: Profile }[] = [
  ...schedulingSchema.entityNames.map((entity) => ({ schema: schedulingSchema as Schema, entity, profile: 'extended' as const })),
  ...schedulingSchema.entityNames.map((entity) => ({ schema: schedulingSchema as Schema, entity, profile: 'timezest' as const })),
  ...shop.entityNames.map((entity) => ({ schema: shop as Schema, entity, profile: 'extended' as const })),
  ...shop.entityNames.map((entity) => ({ schema: shop as Schema, entity, profile: 'timezest' as const })),
];

describe.each(cases)('$entity ($profile)', ({ schema, entity: name, profile }) => {
  const entity = (schema.entities as Record<string, Entity>)[name]!;
  const endpoint: ListOpenApiEndpoint = { schema, entity: name, profile, counts: true };
  const filter = parameter(listParameters(endpoint), 'filter').description;

  test('the document validates as OpenAPI 3.1', async () => {
    expect(await validate(listOpenApi({ endpoints: [endpoint] }))).toEqual({ valid: true });
  });

  test.for(attributesOf(entity))('the filter lists $path with its type and every operator the profile accepts', (a) => {
    const line = row(filter, a);
    expect(line).toBeDefined();
    expect(line).toContain(a.type);
    const refused = profile === 'timezest' && a.type === 'Number';
    for (const op of a.operators) {
      const accepted = !refused && (profile === 'extended' || (op !== 'STARTS_WITH' && op !== 'ENDS_WITH'));
      expect(line!.includes(`\`${op}\``), op).toBe(accepted);
      if (accepted) expect(filter).toContain(`\n- \`${op}\`: `);
    }
  });

  test.for(attributesOf(entity))('the example filter of $path is one the endpoint accepts', (a) => {
    const example = exampleOf(row(filter, a)!);
    if (profile === 'timezest' && a.type === 'Number') return expect(example).toBeUndefined();
    expect(example).toMatch(new RegExp(`^${a.path} `));
    expect(safeCheck(example!, schema, name, { profile }).ok).toBe(true);
  });

  test('the example of the whole filter is one the endpoint accepts', () => {
    const whole = /For example: `(.*?)`\./.exec(filter)![1]!;
    expect(safeCheck(whole, schema, name, { profile }).ok).toBe(true);
    expect(safeCheck(parameter(listParameters(endpoint), 'filter').example!, schema, name, { profile }).ok).toBe(true);
  });

  test('the sort pattern accepts what the endpoint sorts by, and only that', () => {
    const pattern = new RegExp((parameter(listParameters(endpoint), 'sort').schema as { pattern: string }).pattern, 'u');
    const key = keyAttribute(entity, undefined);
    const names = [...new Set([...attributesOf(entity).map((a) => a.name), 'id'])];
    const tries = [...names, ...names.map((n) => `-${n}`), ...names.map((n) => `${name}.${n}`), names.join(','), names.slice(0, 6).join(','), names.slice(0, 7).join(','), `${names[0]},`, 'nope'];
    for (const text of tries) {
      let sorts: boolean;
      try {
        readSort(text, entity, key);
        sorts = true;
      } catch (e) {
        if (!isTqlError(e)) throw e;
        sorts = false;
      }
      expect(pattern.test(text), text).toBe(sorts);
    }
    // A pattern cannot see a name given twice; the endpoint refuses it, and the description says "each once".
    expect(pattern.test('id,-id')).toBe(true);
  });
});

describe('listParameters', () => {
  test('filter, sort, limit and the cursors; include only where the endpoint counts', () => {
    expect(listParameters({ schema: schedulingSchema, entity: 'agent' }).map((p) => p.name)).toEqual(['filter', 'sort', 'limit', 'starting_after', 'ending_before', 'cursor']);
    expect(listParameters({ schema: schedulingSchema, entity: 'agent', counts: true }).map((p) => p.name)).toContain('include');
  });

  test('limit: 1 to the page size, with its default', () => {
    expect(parameter(listParameters({ schema: shop, entity: 'order', pageSize: { default: 10, max: 50 } }), 'limit').schema).toEqual({ type: 'integer', minimum: 1, maximum: 50, default: 10 });
    expect(parameter(listParameters({ schema: shop, entity: 'order' }), 'limit').schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
  });

  test.each<[string, ListOpenApiEndpoint, unknown]>([
    ['a text key (the field id)', { schema: schedulingSchema, entity: 'agent' }, { type: 'string', minLength: 1, maxLength: 256 }],
    ['a uuid key', { schema: shop, entity: 'product' }, { type: 'string', format: 'uuid' }],
    ['an integer key', { schema: shop, entity: 'order' }, { type: 'integer' }],
  ])('starting_after and ending_before take %s', (_what, endpoint, schema) => {
    const parameters = listParameters(endpoint);
    expect(parameter(parameters, 'starting_after').schema).toEqual(schema);
    expect(parameter(parameters, 'ending_before').schema).toEqual(schema);
  });

  test('{name} segments of the path are path parameters', () => {
    const parameters = listParameters({ schema: shop, entity: 'order', path: '/v1/shops/{shop_id}/orders' });
    expect(parameters[0]).toEqual({ name: 'shop_id', in: 'path', required: true, description: 'The `shop_id` of the path.', schema: { type: 'string' } });
  });

  test('the sort description of agent', () => {
    expect(parameter(listParameters({ schema: schedulingSchema, entity: 'agent' }), 'sort').description).toMatchInlineSnapshot(
      `"The order of the list: attribute names separated by commas, each once, with \`-\` before it for descending (\`-name\`), at most 6. Sortable: \`name\`, \`email\`, \`role\`, \`url_slug\`, \`created_at\`, \`id\`. The record's key, \`id\`, breaks ties, last. Default: \`-created_at\`. Text compares by code point, instants by the whole second; records without a value come last, ascending or descending. A page after the first of a sorted list is reached through its links (\`cursor\`)."`,
    );
  });

  test('the filter description of order, a small entity of a schema of our own', () => {
    expect(parameter(listParameters({ schema: shop, entity: 'order', timeZone: 'Europe/Berlin' }), 'filter').description).toMatchInlineSnapshot(`
      "A TQL filter over the attributes of order: predicates \`attribute OPERATOR value\` joined by \`AND\` and \`OR\` (\`AND\` binds tighter), grouped with parentheses, a group negated with \`NOT (…)\`. Separate the words with spaces or \`~\`; \`IN\` and \`NOT_IN\` take a comma-separated list. For example: \`order.id EQ 250 AND order.status EQ open\`.

      | attribute | type | operators | example |
      | --- | --- | --- | --- |
      | \`order.id\` | ID (integer id) | \`EQ\`, \`NOT_EQ\` | \`order.id EQ 250\` |
      | \`order.status\` | String, one of open, paid | \`EQ\`, \`NOT_EQ\` | \`order.status EQ open\` |
      | \`order.shipped_at\` | Timestamp, nullable | \`EQ\`, \`NOT_EQ\`, \`LT\`, \`LTE\`, \`GT\`, \`GTE\` | \`order.shipped_at GTE 2024-01-01\` |
      | \`order.total\` | Number | \`EQ\`, \`NOT_EQ\`, \`LT\`, \`LTE\`, \`GT\`, \`GTE\`, \`IN\`, \`NOT_IN\` | \`order.total GTE 10\` |

      Operators:

      - \`EQ\`: equals the value; EQ null: has no value.
      - \`NOT_EQ\`: does not equal the value, including records without one; NOT_EQ null: has a value.
      - \`LT\`: is less than the value.
      - \`LTE\`: is less than or equal to the value.
      - \`GT\`: is greater than the value.
      - \`GTE\`: is greater than or equal to the value.
      - \`IN\`: equals one of a comma-separated list of values.
      - \`NOT_IN\`: equals none of a comma-separated list of values, including records without a value.

      Values:

      - ID: the id as list responses show it.
      - String: a word, or a double-quoted string (\`"Pat Smith"\`, with \`\\"\` and \`\\\\\` inside); \`LIKE\` and the other text tests ignore case and read every character literally.
      - Timestamp: Unix seconds (\`1700000000\`), a date (\`2024-01-01\`, its midnight) or a date and time (\`2024-01-01T09:30:00Z\`, or with an offset such as \`+02:00\`); without an offset, in Europe/Berlin; or a time before now (\`now-7d\`; units s, m, h, d, w). Compared by the whole second.
      - Number: a decimal: \`18\`, \`-1.5\`, \`2.5e3\`.
      - \`null\`: \`EQ null\` matches the records of a nullable attribute without a value, \`NOT_EQ null\` those with one."
    `);
  });

  test('the filter description of product under the timezest profile', () => {
    expect(parameter(listParameters({ schema: shop, entity: 'product', profile: 'timezest' }), 'filter').description).toMatchInlineSnapshot(`
      "A TQL filter over the attributes of product: predicates \`attribute OPERATOR value\` joined by \`AND\` (this endpoint accepts no \`OR\`, parentheses, \`NOT\` or \`null\`). Separate the words with spaces or \`~\`; \`IN\` and \`NOT_IN\` take a comma-separated list. For example: \`product.id EQ 0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a AND product.name LIKE example\`.

      | attribute | type | operators | example | description |
      | --- | --- | --- | --- | --- |
      | \`product.id\` | ID (uuid) | \`EQ\`, \`NOT_EQ\` | \`product.id EQ 0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a\` |  |
      | \`product.name\` | String | \`EQ\`, \`NOT_EQ\`, \`LIKE\`, \`NOT_LIKE\`, \`IN\`, \`NOT_IN\` | \`product.name LIKE example\` | Shown \\| in the shop. |
      | \`product.price\` | Number | none: Number attributes are not filterable here |  |  |
      | \`product.weight\` | Number, nullable | none: Number attributes are not filterable here |  |  |
      | \`product.colour\` | String, one of red, green, dark blue | \`EQ\`, \`NOT_EQ\`, \`LIKE\`, \`NOT_LIKE\`, \`IN\`, \`NOT_IN\` | \`product.colour IN red, green\` |  |
      | \`product.in_stock\` | Boolean | \`EQ\`, \`NOT_EQ\` | \`product.in_stock EQ true\` |  |
      | \`product.created_at\` | Timestamp | \`EQ\`, \`NOT_EQ\`, \`LT\`, \`LTE\`, \`GT\`, \`GTE\` | \`product.created_at GTE 2024-01-01\` |  |

      Operators:

      - \`EQ\`: equals the value; EQ null: has no value.
      - \`NOT_EQ\`: does not equal the value, including records without one; NOT_EQ null: has a value.
      - \`LT\`: is less than the value.
      - \`LTE\`: is less than or equal to the value.
      - \`GT\`: is greater than the value.
      - \`GTE\`: is greater than or equal to the value.
      - \`LIKE\`: contains the value as a substring, ignoring case; % and _ are literal characters.
      - \`NOT_LIKE\`: does not contain the value (ignoring case), including records without a value.
      - \`IN\`: equals one of a comma-separated list of values.
      - \`NOT_IN\`: equals none of a comma-separated list of values, including records without a value.

      Values:

      - ID: the id as list responses show it.
      - String: a word, or a double-quoted string (\`"Pat Smith"\`, with \`\\"\` and \`\\\\\` inside); \`LIKE\` and the other text tests ignore case and read every character literally.
      - Boolean: \`true\` or \`false\`.
      - Timestamp: Unix seconds (\`1700000000\`), a date (\`2024-01-01\`, its midnight) or a date and time (\`2024-01-01T09:30:00Z\`, or with an offset such as \`+02:00\`); without an offset, in UTC. Compared by the whole second."
    `);
  });
});

describe('what the endpoint answers fits the response schemas', () => {
  const agents = sampleData().agents;
  const options = { schema: schedulingSchema, entity: 'agent', counts: true } as const;
  const list = createListEndpoint({ ...options, store: memoryListStore(agents), baseUrl: 'http://127.0.0.1:8080' });
  const { operation, schemas } = listOperation(options);
  const ajv = new Ajv2020({ strict: false });
  const validator = (status: '200' | '400' | '500') => ajv.compile({ components: { schemas }, ...(operation.responses[status].content['application/json'].schema as object) });

  test.for([
    '/v1/agents',
    '/v1/agents?include=total_count&limit=3',
    '/v1/agents?sort=name&filter=agent.name+LIKE+a&limit=2',
  ])('200 %s', async (path) => {
    const r = await list(new URL(path, 'http://127.0.0.1:8080'));
    expect(r.status).toBe(200);
    const valid = validator('200');
    expect(valid(r.body), JSON.stringify(valid.errors)).toBe(true);
  });

  test.for(['/v1/agents?filter=agent.name+like+x', '/v1/agents?sort=schedulable', '/v1/agents?limit=0', '/v1/agents?cursor=x'])('400 %s', async (path) => {
    const r = await list(new URL(path, 'http://127.0.0.1:8080'));
    expect(r.status).toBe(400);
    const valid = validator('400');
    expect(valid(r.body), JSON.stringify(valid.errors)).toBe(true);
  });

  test('an item schema of the caller types each record', () => {
    const { schemas } = listOperation({ ...options, itemSchema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } });
    const valid = new Ajv2020({ strict: false }).compile(schemas.AgentList as object);
    expect(valid({ object: 'list', next_page: null, previous_page: null, data: [{ id: 'agnt_1' }] })).toBe(true);
    expect(valid({ object: 'list', next_page: null, previous_page: null, data: [{ name: 'no id' }] })).toBe(false);
  });
});

describe('several endpoints in one document', () => {
  test('every scheduling entity, with a server, validates', async () => {
    const doc = listOpenApi({
      title: 'Scheduling',
      version: '2.0.0',
      serverUrl: 'https://api.example.com',
      endpoints: schedulingSchema.entityNames.map((entity) => ({ schema: schedulingSchema, entity, counts: entity === 'agent' })),
    });
    expect(await validate(doc)).toEqual({ valid: true });
    expect(Object.keys(doc.paths!)).toEqual(['/v1/scheduling_requests', '/v1/agents', '/v1/resources', '/v1/teams']);
    expect(Object.keys(doc.components!.schemas!)).toEqual(['SchedulingRequestList', 'TqlErrorBody', 'TqlIssue', 'AgentList', 'ResourceList', 'TeamList']);
  });

  test('withListEndpoint adds one to a document of your own, and keeps what it had', async () => {
    const own: OpenApiDocument = {
      openapi: '3.1.0',
      info: { title: 'Shop', version: '1' },
      paths: { '/v1/health': { get: { operationId: 'health', responses: { '200': { description: 'Up' } } } } },
      components: { schemas: { Health: { type: 'object' } } },
    };
    const doc = withListEndpoint(withListEndpoint(own, { schema: shop, entity: 'product' }), { schema: shop, entity: 'order', path: '/v1/shops/{shop_id}/orders' });
    expect(await validate(doc)).toEqual({ valid: true });
    expect(Object.keys(doc.paths!)).toEqual(['/v1/health', '/v1/products', '/v1/shops/{shop_id}/orders']);
    expect(Object.keys(doc.components!.schemas!)).toEqual(['Health', 'ProductList', 'TqlErrorBody', 'TqlIssue', 'OrderList']);
    expect(own.paths).toEqual({ '/v1/health': own.paths!['/v1/health'] });
  });

  test.each<[string, (doc: OpenApiDocument) => unknown, string]>([
    ['the same path twice', (doc) => withListEndpoint(doc, { schema: shop, entity: 'order', path: '/v1/products', operationId: 'other' }), 'invalid_option: The document already has GET /v1/products; give this endpoint another path.'],
    ['the same operation id twice', (doc) => withListEndpoint(doc, { schema: shop, entity: 'order', operationId: 'listProducts' }), 'invalid_option: The document already has an operation "listProducts"; give this endpoint another operationId.'],
    [
      'another schema of the same name',
      (doc) => withListEndpoint(doc, { schema: shop, entity: 'product', path: '/v2/products', operationId: 'v2', counts: true }),
      "invalid_option: The document's components.schemas already has another ProductList; give this endpoint another schemaName.",
    ],
  ])('%s is an error', (_what, add, message) => {
    const doc = listOpenApi({ endpoints: [{ schema: shop, entity: 'product' }] });
    expect(() => add(doc)).toThrow(message);
  });
});

describe('bad options are TqlErrors', () => {
  test.each<[string, () => unknown, string]>([
    ['no such entity', () => listOperation({ schema: shop, entity: 'products' }), 'The schema has no entity "products". Did you mean product? Entities: product, order.'],
    ['a path without /', () => listOperation({ schema: shop, entity: 'order', path: 'orders' }), 'path is where the endpoint is served, starting with "/" (such as "/v1/orders"), not "orders".'],
    ['a default sort by a Boolean', () => listOperation({ schema: shop, entity: 'product', sort: 'in_stock' }), 'The default sort: in_stock is a Boolean, which has no order; sort by another attribute.'],
    ['a page size over its max', () => listOperation({ schema: shop, entity: 'order', pageSize: { default: 200 } }), 'pageSize needs whole numbers with 1 <= default <= max; got default 200, max undefined.'],
    ['an unknown profile', () => listOperation({ schema: shop, entity: 'order', profile: 'strict' as Profile }), 'The profile is "extended" or "timezest", not "strict".'],
    ['an item schema that is a list', () => listOperation({ schema: shop, entity: 'order', itemSchema: [] as never }), 'itemSchema is a JSON Schema (an object, or true), not a list.'],
    ['a schema name with a space', () => listOperation({ schema: shop, entity: 'order', schemaName: 'Order list' }), 'schemaName is a name of letters, digits, ".", "-" and "_", not "Order list".'],
    ['no endpoints', () => listOpenApi({} as never), 'endpoints is a list of list endpoints, each { schema, entity, … }.'],
  ])('%s: %s', (_what, make, message) => {
    expect(make).toThrow(expect.objectContaining({ code: 'invalid_option', message: `invalid_option: ${message}` }));
  });
});
