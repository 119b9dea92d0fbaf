/**
 * The list helpers given arguments that are none: a TqlError that says what to pass, when the
 * endpoint or store is made (or, for a handler, when it is called), never a TypeError.
 */
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { sqlDatabase } from '../../src/backends/sql/database.js';
import { createListEndpoint } from '../../src/http/list-endpoint.js';
import { memoryListStore } from '../../src/http/memory-store.js';
import { sqlListStore } from '../../src/http/sql-store.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import { isTqlError } from '../../src/errors/tql-error.js';
import { compareCodePoints, errorBody, fetchListHandler, isSortable, keyAttribute, listKeyReader, listReply, nodeListHandler, pageOf, readSort, sortableEntity, sortValueReader } from '../../src/http/index.js';

const db = sqlDatabase(new Database(':memory:'));
const store = memoryListStore<object>([]);
const sql = { db, mapping: schedulingSqlMapping, entity: 'agent' } as const;

/** The message of the TqlError `run` throws or rejects with; anything else fails the test. */
async function message(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (!isTqlError(error)) throw error;
    return error.message;
  }
  throw new Error('did not throw');
}

describe('createListEndpoint', () => {
  test.each([
    ['{ schema: 0 }', () => createListEndpoint({ schema: 0 as never, entity: 'agent' as never, store }), 'invalid_option: createListEndpoint: The schema was not made by defineSchema(); build it with defineSchema({ entities: … }).'],
    ['{ entity: 10n }', () => createListEndpoint({ schema: schedulingSchema, entity: 10n as never, store }), 'invalid_option: createListEndpoint: The schema has no entity 10. Entities: scheduling_request, agent, resource, team.'],
    ['{ store: null }', () => createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: null as never }), 'invalid_option: createListEndpoint: store is a list store (sqlListStore, memoryListStore, mongoListStore, or an object with keyOf and page), not null.'],
    ['{ store: { keyOf } }', () => createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: { keyOf: () => undefined } as never }), 'invalid_option: createListEndpoint: store is a list store (sqlListStore, memoryListStore, mongoListStore, or an object with keyOf and page); its page is not a function.'],
  ])('%s', async (_title, run, expected) => {
    expect(await message(run)).toBe(expected);
  });

  const handler = createListEndpoint({ schema: schedulingSchema, entity: 'agent', store });
  test.each([
    ['null', null, 'null.'],
    ['{ url: 5 }', { url: 5 }, 'an object.'],
    ['"/v1/agents"', '/v1/agents', '"/v1/agents".'],
    ['{ url: "/", headers: 5 }', { url: '/', headers: 5 }, 'an object.'],
  ])('a handler given %s', async (_title, request, what) => {
    expect(await message(() => handler(request as never))).toBe(`invalid_input: A list handler takes a node:http request, a Fetch API Request or a URL, not ${what}`);
  });

  test('a handler given a request whose url getter throws', async () => {
    const request = { headers: {}, get url(): string { throw new Error('boom'); } };
    expect(await message(() => handler(request as never))).toMatchInlineSnapshot(`"invalid_input: A list handler could not read its request: reading it threw an exception (a getter or a proxy trap). Pass the request the framework gave."`);
  });
});

describe('sqlListStore', () => {
  test.each([
    ['{ record: 5 }', () => sqlListStore({ ...sql, record: 5 as never }), 'record is a reader { select(dialect, table), read(row) }, not 5.'],
    ['{ record: { select } }', () => sqlListStore({ ...sql, record: { select: () => '*' } as never }), 'record is a reader { select(dialect, table), read(row) }, not an object.'],
    ["{ load: 'x' }", () => sqlListStore({ ...sql, load: 'x' as never }), 'load is a function (ids) → the records with those ids, not "x".'],
    ['{ db: null }', () => sqlListStore({ ...sql, db: null as never }), 'db is a SqlDatabase (sqlDatabase(driver), pgDatabase(client), …), not null.'],
    ['{ db: a better-sqlite3 Database }', () => sqlListStore({ ...sql, db: new Database(':memory:') as never }), 'db is a SqlDatabase (sqlDatabase(driver), pgDatabase(client), …), not an object.'],
  ])('%s', async (_title, run, expected) => {
    expect(await message(run)).toBe(`invalid_option: sqlListStore: ${expected}`);
  });
});

describe('the helpers for stores of one\'s own', () => {
  const agent = schedulingSchema.entities.agent;
  const key = keyAttribute(agent, undefined);
  test.each([
    ['isSortable(null)', () => isSortable(null as never), 'invalid_option: isSortable takes an attribute of a schema (schema.entities.<entity>.attributes.<name>), not null.'],
    ['sortValueReader({ type: "Timestamp" })', () => sortValueReader({ type: 'Timestamp' } as never), 'invalid_option: sortValueReader takes an attribute of a schema (schema.entities.<entity>.attributes.<name>); this Timestamp has no storage or id format to read.'],
    ['listKeyReader(null)', () => listKeyReader(null as never), 'invalid_option: listKeyReader takes a list order, as readSort returns it, not null.'],
    ['listKeyReader({ keys: [{}] })', () => listKeyReader({ keys: [{}] } as never), 'invalid_option: listKeyReader takes an attribute of a schema (schema.entities.<entity>.attributes.<name>), not undefined.'],
    ['compareCodePoints(null, "a")', () => compareCodePoints(null as never, 'a'), 'invalid_input: compareCodePoints compares two strings, not null.'],
    ['keyAttribute(null, undefined)', () => keyAttribute(null as never, undefined), 'invalid_option: keyAttribute takes an entity of a schema (schema.entities.<entity>), not null.'],
    ['readSort(null, agent, key)', () => readSort(null as never, agent, key), 'invalid_option: sort is a comma-separated list of attribute names, not null.'],
    ['readSort("name", agent, 5)', () => readSort('name', agent, 5 as never), 'invalid_option: readSort takes an attribute of a schema (schema.entities.<entity>.attributes.<name>), not 5.'],
    ['sortableEntity("agent", {})', () => sortableEntity('agent' as never, {}), 'invalid_option: sortableEntity takes an entity of a schema (schema.entities.<entity>), not "agent".'],
    ['pageOf(null, 20, "forward", undefined)', () => pageOf(null as never, 20, 'forward', undefined), "invalid_option: pageOf: rows are the store's rows, an array of { item, key }, not null."],
    ['pageOf([], 20, "backward", undefined)', () => pageOf([], 20, 'backward', undefined), 'invalid_option: pageOf: other is what lies behind the page ({ behind, store, query, order }), undefined only for the first page, read forward; not undefined.'],
    ['pageOf([5], 20, "forward", undefined)', () => pageOf([5] as never, 20, 'forward', undefined), "invalid_option: pageOf: rows are the store's rows, each { item, key }, not 5."],
    ['errorBody(null)', () => errorBody(null as never), 'invalid_option: errorBody takes a TqlError (what check, safeCheck or a list store threw), not null; answer other failures with plainErrorBody.'],
    ['fetchListHandler(null)', () => fetchListHandler(null as never), 'invalid_option: fetchListHandler wraps a list handler, the function createListEndpoint returns, not null.'],
    ['nodeListHandler({})', () => nodeListHandler({} as never), 'invalid_option: nodeListHandler wraps a list handler, the function createListEndpoint returns, not an object.'],
    ['listReply(handler, null)', () => listReply(createListEndpoint({ schema: schedulingSchema, entity: 'agent', store }), null as never), 'invalid_input: listReply answers a request: a URL, a Fetch API Request or a node:http request, not null.'],
  ])('%s', async (_title, run, expected) => {
    expect(await message(run)).toBe(expected);
  });

  test('listKeyReader of an order whose keys have length 2^32 − 1 reads none of them', async () => {
    const keys: unknown[] = [];
    keys.length = 2 ** 32 - 1;
    expect(await message(() => listKeyReader({ keys, text: '' } as never))).toBe('invalid_option: listKeyReader takes a list order, as readSort returns it, not an object.');
  });

  test('a request whose method getter throws is answered 400', async () => {
    const handler = createListEndpoint({ schema: schedulingSchema, entity: 'agent', store });
    const request = { url: '/v1/agents', get method(): string { throw new Error('no'); } };
    expect((await listReply(handler, request as never)).status).toBe(400);
  });
});
