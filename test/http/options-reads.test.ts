/**
 * The list helpers read their options once, as plain values: an options object whose getter or
 * proxy trap throws gets a TqlError (invalid_option) naming the function and the option, never
 * the getter's own exception.
 */
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { sqlDatabase } from '../../src/backends/sql/database.js';
import { createListEndpoint } from '../../src/http/list-endpoint.js';
import { memoryListStore } from '../../src/http/memory-store.js';
import { mingoCollection, mongoListStore } from '../../src/http/mongo-store.js';
import { openSqlListStore, sqlListStore } from '../../src/http/sql-store.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import { tqlErrorOf } from '../support/tql-error.js';

/** `base` without its own `name`, which the prototype then answers. */
function without(base: object, name: string): object {
  return Object.fromEntries(Object.entries(base).filter(([k]) => k !== name));
}

/** Options whose `name` throws when read, as an own getter, an inherited one or a proxy trap. */
const HOSTILE: readonly [string, (base: object, name: string) => object][] = [
  ['an own getter', (base, name) => Object.defineProperty({ ...base }, name, { get: () => { throw new Error('boom'); }, enumerable: true })],
  ['an inherited getter', (base, name) => Object.assign(Object.create(Object.defineProperty({}, name, { get: () => { throw new Error('boom'); } })), without(base, name))],
  ['a proxy get trap', (base, name) => new Proxy(base, { get: (t, k) => { if (k === name) throw new Error('boom'); return (t as Record<PropertyKey, unknown>)[k]; } })],
];

const db = sqlDatabase(new Database(':memory:'));
const store = memoryListStore([]);

/** Each entry point with plain options and the names it reads. */
const ENTRY_POINTS: readonly [string, object, readonly string[], (options: object) => unknown][] = [
  ['createListEndpoint', { schema: schedulingSchema, entity: 'agent', store }, ['schema', 'store', 'baseUrl', 'pageSize', 'limits'], (o) => createListEndpoint(o as never)],
  ['sqlListStore', { db, mapping: schedulingSqlMapping, entity: 'agent' }, ['db', 'mapping', 'entity', 'scope', 'record'], (o) => sqlListStore(o as never)],
  ['memoryListStore', {}, ['scope'], (o) => memoryListStore([], o as never)],
  ['mongoListStore', {}, ['scope'], (o) => mongoListStore(mingoCollection([]), o as never)],
  ['check', { profile: 'extended' }, ['profile', 'timeZone', 'limits'], (o) => check('agent.name EQ x', schedulingSchema, 'agent', o as never)],
];

describe.each(ENTRY_POINTS)('%s', (_, base, names, call) => {
  test.for(HOSTILE.flatMap(([how, make]) => names.map((name) => [`${name} read through ${how}`, make, name] as const)))('%s: invalid_option', ([, make, name]) => {
    const error = tqlErrorOf(() => call(make(base, name)));
    expect(error.code).toBe('invalid_option');
    expect(error.message).toContain(name);
  });
});

test('openSqlListStore: a throwing option rejects with invalid_option', async () => {
  const options = Object.defineProperty({ db, mapping: schedulingSqlMapping, entity: 'agent' }, 'schema', { get: () => { throw new Error('boom'); } });
  await expect(openSqlListStore(options as never)).rejects.toMatchObject({ code: 'invalid_option' });
});

test('createListEndpoint: a pageSize whose max throws is invalid_option', () => {
  const pageSize = Object.defineProperty({}, 'max', { get: () => { throw new Error('boom'); } });
  expect(tqlErrorOf(() => createListEndpoint({ schema: schedulingSchema, entity: 'agent', store, pageSize })).code).toBe('invalid_option');
});

test('check: limits whose maxDepth throws is invalid_option', () => {
  const limits = Object.defineProperty({}, 'maxDepth', { get: () => { throw new Error('boom'); } });
  expect(tqlErrorOf(() => check('agent.name EQ x', schedulingSchema, 'agent', { limits })).code).toBe('invalid_option');
});

test('memoryListStore: a record whose scope field throws when read is invalid_input', () => {
  const record = Object.defineProperty({ id: 'agnt_1', created_at: 1 }, 'tenant_id', { get: () => { throw new Error('boom'); }, enumerable: true });
  expect(tqlErrorOf(() => memoryListStore([record], { scope: { tenant_id: 'acme' } })).code).toBe('invalid_input');
});
