/**
 * Keyset pages on every SQL engine: walking a list page by page, newest first, with
 * `sqlListStore` (a row comparison on `(created_at, id)`, newest first) and by id with `selectSql`'s
 * `startingAfter`, gives every matching record once, in the order the in-memory backend sorts;
 * a list endpoint over the scheduling tables answers each page with one statement, as the
 * memory store answers it.
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { filterRecords } from '../../../src/backends/memory/index.js';
import { selectSql } from '../../../src/backends/sql/select-sql.js';
import { compareListOrder, type ListKey } from '../../../src/http/list-store.js';
import { keyAttribute, readSort } from '../../../src/http/list-sort.js';
import type { Entity } from '../../../src/schema/types.js';
import type { SqlDatabase } from '../../../src/backends/sql/database.js';
import { createListEndpoint, type ListBody } from '../../../src/http/list-endpoint.js';
import { memoryListStore } from '../../../src/http/memory-store.js';
import { sqlListStore } from '../../../src/http/sql-store.js';
import type { SchedulingRequest } from '../../../src/models/scheduling/records.js';
import { schedulingListStore } from '../../../src/models/scheduling/server/stores.js';
import { generateSchedulingData } from '../../../src/models/scheduling/generate.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../../src/models/scheduling/sql/mapping.js';
import { ENGINE_NAMES, useSqlEngines } from './engines.js';

const data = generateSchedulingData({ seed: 5, agents: 40, teams: 4, requests: 120 });
// Several records share a created_at, so the id decides between them.
const agents = data.agents.map((a, i) => ({ ...a, created_at: 1_700_000_000 + (i % 7) }));
const engine = useSqlEngines({ ...data, agents });
const query = check('agent.role NOT_EQ Administrator', schedulingSchema, 'agent');
const expected = filterRecords(query, agents);
const agentEntity = schedulingSchema.entities.agent as Entity;
const newestFirst = readSort('-created_at', agentEntity, keyAttribute(agentEntity, undefined));

describe.each(ENGINE_NAMES.filter((n) => !n.endsWith('+icu')))('%s', (name) => {
  test('sqlListStore: pages of 3, newest first, each record once', async () => {
    const e = engine(name);
    const store = sqlListStore({ db: e.db, mapping: schedulingSqlMapping, entity: 'agent', caseFolding: e.caseFolding });
    const seen: ListKey[] = [];
    let from: ListKey | undefined;
    for (;;) {
      const page = await store.page(query, { order: newestFirst, direction: 'forward', from, limit: 3 });
      if (page.length === 0) break;
      seen.push(...page.map((p) => p.key));
      from = page.at(-1)!.key;
    }
    const want = expected.map((a) => ({ values: [a.created_at, a.id], id: a.id })).sort((a, b) => compareListOrder(newestFirst, a, b));
    expect(seen).toEqual(want);
  });

  test('selectSql: pages of 4 after the last id', async () => {
    const e = engine(name);
    const ids: string[] = [];
    let after: string | undefined;
    for (;;) {
      const rows = await e.db.all<{ id: string }>(selectSql(query, { dialect: e.db.dialect, mapping: schedulingSqlMapping, startingAfter: after, limit: 4 }));
      if (rows.length === 0) break;
      ids.push(...rows.map((r) => r.id));
      after = rows.at(-1)!.id;
    }
    // Each engine orders by its key's collation (ICU on the PostgreSQL server: agnt_a before
    // agnt_B), so only the set is the same everywhere; within one engine no id comes twice.
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(expected.map((a) => a.id).sort());
  });
});

/** A database that counts the statements it runs. */
function counting(db: SqlDatabase): { db: SqlDatabase; statements: () => number } {
  let n = 0;
  return { db: { ...db, all: ((statement) => (n++, db.all(statement))) as SqlDatabase['all'] }, statements: () => n };
}

const agentId = data.schedulingRequests.find((r) => r.scheduled_agents.length > 0)!.scheduled_agents[0]!.id;
const REQUEST_FILTERS = [undefined, 'scheduling_request.status EQ scheduled', `scheduling_request.agent_id EQ ${agentId} OR scheduling_request.scheduled_at EQ null`];

describe.each(ENGINE_NAMES.filter((n) => !n.endsWith('+icu')))('%s', (name) => {
  test.for(REQUEST_FILTERS.map((f) => [f ?? '(no filter)', f] as const))(
    'the scheduling requests list, %s: one statement a page, walking forward and back, the records and links of the memory store',
    async ([, filter]) => {
      const e = engine(name);
      const { db, statements } = counting(e.db);
      const sql = createListEndpoint({ schema: schedulingSchema, entity: 'scheduling_request', store: schedulingListStore(db, 'scheduling_request', e.caseFolding) });
      const memory = createListEndpoint({ schema: schedulingSchema, entity: 'scheduling_request', store: memoryListStore(data.schedulingRequests) });
      const get = async (url: string) => {
        const before = statements();
        const response = await sql(new URL(url));
        expect(statements() - before, url).toBe(1);
        expect(response, url).toEqual(await memory(new URL(url)));
        return response.body as ListBody<SchedulingRequest>;
      };
      const params = new URLSearchParams({ limit: '7', ...(filter === undefined ? {} : { filter }) });
      const pages = [await get(`http://h/v1/scheduling_requests?${params}`)];
      while (pages.at(-1)!.next_page !== null) pages.push(await get(pages.at(-1)!.next_page!));
      expect(pages.length).toBeGreaterThan(2);
      const back = [pages.at(-1)!];
      while (back.at(-1)!.previous_page !== null) back.push(await get(back.at(-1)!.previous_page!));
      expect(back.reverse().map((p) => p.data.map((r) => r.id))).toEqual(pages.map((p) => p.data.map((r) => r.id)));
    },
  );
});
