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
