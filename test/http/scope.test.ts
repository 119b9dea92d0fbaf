/**
 * Scoped list stores: the same scope on the memory, Mongo (mingo) and SQL stores lists the same
 * records, page after page, none outside the scope, whatever the filter; a cursor naming a
 * record outside the scope is not found; a bad scope fails when the store is made.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import type { Scope } from '../../src/backends/scope.js';
import type { ListKey, ListOrder, ListStore } from '../../src/http/list-store.js';
import { keyAttribute, readSort } from '../../src/http/list-sort.js';
import { memoryListStore } from '../../src/http/memory-store.js';
import { mingoCollection, mongoListStore } from '../../src/http/mongo-store.js';
import { sqlListStore } from '../../src/http/sql-store.js';
import { generateSchedulingData } from '../../src/models/scheduling/generate.js';
import { schedulingSchema, type SchedulingEntityName } from '../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import type { ValidatedQuery } from '../../src/validate/validated-query.js';
import type { DataRecord, Dataset } from '../properties/arbitraries/data.js';
import { expectedIds, loadWithTenants, SCOPES, withTenants } from '../backends/sql/scope-fixtures.js';
import type { SqlTestEngine } from '../support/sql-engine.js';
import { openSqlite } from '../support/sqlite.js';
import { tqlErrorOf } from '../support/tql-error.js';

const data = generateSchedulingData({ seed: 11, agents: 40, teams: 6, requests: 60 });
const dataset: Dataset = withTenants({
  agent: data.agents as unknown as DataRecord[],
  team: data.teams as unknown as DataRecord[],
  resource: data.resources as unknown as DataRecord[],
  scheduling_request: data.schedulingRequests as unknown as DataRecord[],
});
const someAgent = data.schedulingRequests.flatMap((r) => r.resources).find((r) => r.type === 'agent')!.id;

const QUERIES: readonly [SchedulingEntityName, string | undefined][] = [
  ['agent', undefined],
  ['agent', 'agent.role EQ User OR agent.schedulable EQ true'],
  ['scheduling_request', `scheduling_request.status NOT_EQ new OR scheduling_request.agent_id EQ ${someAgent}`],
  ['scheduling_request', 'scheduling_request.scheduled_at EQ null OR scheduling_request.end_user_name LIKE a'],
];

let sqlite: SqlTestEngine;
beforeAll(async () => {
  sqlite = await openSqlite();
  await loadWithTenants(sqlite.db, dataset);
});
afterAll(() => sqlite.close());

const stores = (entity: SchedulingEntityName, scope: Scope): Record<string, ListStore<object>> => ({
  memory: memoryListStore(dataset[entity], { scope }),
  mongo: mongoListStore(mingoCollection(dataset[entity]), { scope }),
  sql: sqlListStore({ db: sqlite.db, mapping: schedulingSqlMapping, entity, scope }),
});

/** Newest first, the order of every list of the scheduling API. */
const orderOf = (entity: SchedulingEntityName): ListOrder => {
  const e = schedulingSchema.entities[entity];
  return readSort('-created_at', e, keyAttribute(e, undefined));
};

/** Every id the store lists for `query`, three at a time, following the cursor. */
async function allIds(store: ListStore<object>, entity: SchedulingEntityName, query: ValidatedQuery | undefined): Promise<string[]> {
  const ids: string[] = [];
  const order = orderOf(entity);
  for (let from = undefined as ListKey | undefined, i = 0; i < 100; i++) {
    const page = await store.page(query, { order, direction: 'forward', from, limit: 3 });
    ids.push(...page.map((k) => k.key.id));
    if (page.length < 3) return ids.sort();
    from = page.at(-1)!.key;
  }
  throw new Error('more pages than records');
}

describe.each(SCOPES.map((scope) => ({ scope, name: JSON.stringify(scope) })))('scope $name', ({ scope }) => {
  test.for(QUERIES)('%s: %s', async ([entity, text]) => {
    const query = text === undefined ? undefined : check(text, schedulingSchema, entity);
    const expected = expectedIds(query, dataset[entity], scope);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(dataset[entity].length);
    for (const [name, store] of Object.entries(stores(entity, scope))) expect(await allIds(store, entity, query), name).toEqual(expected);
  });

  test('a cursor outside the scope is not found; one inside is', async () => {
    const own = dataset.agent.find((r) => r['tenant_id'] === scope.tenant_id)!.id;
    const other = dataset.agent.find((r) => r['tenant_id'] !== scope.tenant_id)!.id;
    for (const [name, store] of Object.entries(stores('agent', scope))) {
      expect(await store.keyOf(other, orderOf('agent')), name).toBeUndefined();
      expect((await store.keyOf(own, orderOf('agent')))?.id, name).toBe(own);
    }
  });
});

test.for<[string, unknown]>([
  ['no fields', {}],
  ['a quoted name', { 'tenant_id"': 'acme' }],
  ['a null value', { tenant_id: null }],
])('a scope with %s fails when the store is made, with invalid_option', ([, scope]) => {
  const s = scope as Scope;
  expect(tqlErrorOf(() => memoryListStore(dataset.agent, { scope: s })).code).toBe('invalid_option');
  expect(tqlErrorOf(() => mongoListStore(mingoCollection(dataset.agent), { scope: s })).code).toBe('invalid_option');
  expect(tqlErrorOf(() => sqlListStore({ db: sqlite.db, mapping: schedulingSqlMapping, entity: 'agent', scope: s })).code).toBe('invalid_option');
});

test('every statement the SQL store runs under a scope carries it: the page, the cursor look-up, the probe', async () => {
  const seen: { text: string; values: unknown[] }[] = [];
  const db = { ...sqlite.db, all: ((statement) => (seen.push(statement), sqlite.db.all(statement))) as typeof sqlite.db.all };
  const store = sqlListStore({ db, mapping: schedulingSqlMapping, entity: 'agent', scope: { tenant_id: 'globex' } });
  const query = check('agent.role EQ User OR agent.schedulable EQ true', schedulingSchema, 'agent');
  const order = orderOf('agent');
  const first = (await store.readPage!({ query, order, cursor: undefined, limit: 2, count: false }))!;
  await store.readPage!({ query, order, cursor: { direction: 'forward', start: { kind: 'record', id: first.items[0]!.key.id } }, limit: 2, count: false });
  await store.keyOf(first.items[0]!.key.id, order);
  expect(seen).toHaveLength(3);
  for (const s of seen) {
    // Every read of the table, in every subquery, is in the scope, with its own bound value.
    const reads = s.text.split('FROM "agent"').slice(1);
    expect(reads.length).toBeGreaterThan(0);
    for (const after of reads) expect(after.startsWith(' WHERE "tenant_id" = ? AND '), s.text).toBe(true);
    expect(s.values.filter((v) => v === 'globex')).toHaveLength(reads.length);
  }
});
