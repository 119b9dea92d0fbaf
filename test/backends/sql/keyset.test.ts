/**
 * Keyset pages on every SQL engine: walking a list page by page, newest first, with
 * `sqlListStore` (a row comparison on `(created_at, id)`) and by id with `selectSql`'s
 * `startingAfter`, gives every matching record once, in the order the in-memory backend sorts.
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { filterRecords } from '../../../src/backends/memory/index.js';
import { selectSql } from '../../../src/backends/sql/select-sql.js';
import { compareListOrder, type SortKey } from '../../../src/http/list-store.js';
import { sqlListStore } from '../../../src/http/sql-store.js';
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

describe.each(ENGINE_NAMES.filter((n) => !n.endsWith('+icu')))('%s', (name) => {
  test('sqlListStore: pages of 3, newest first, each record once', async () => {
    const e = engine(name);
    const store = sqlListStore({ db: e.db, mapping: schedulingSqlMapping, entity: 'agent', caseFolding: e.caseFolding });
    const seen: SortKey[] = [];
    let from: SortKey | undefined;
    for (;;) {
      const page = await store.page(query, { direction: 'older', from, limit: 3 });
      if (page.length === 0) break;
      seen.push(...page.map((p) => p.key));
      from = page.at(-1)!.key;
    }
    const want = expected.map((a) => ({ createdAt: a.created_at, id: a.id })).sort((a, b) => compareListOrder(a, b));
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
