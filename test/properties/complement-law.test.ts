/**
 * The complement law of NOT groups (language rule 8): for every generated condition `c` and
 * every record, `NOT (c)` matches exactly the records `c` does not match, where `c` reads null,
 * missing and wrong-typed fields and collections too. It holds within each engine: whatever an
 * engine answers for `c` (a declared LIKE-folding divergence included), its answer for `NOT (c)`
 * is the rest of the records, no more and no fewer. SQL's three-valued logic is what this
 * catches: a bare `NOT (x = 1)` drops the rows where x is NULL.
 *
 * The differential test compares engines with each other; this one needs no reference.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { schedulingSchema, type SchedulingEntityName } from '../../src/models/scheduling/schema.js';
import type { ValidatedQuery } from '../../src/validate/validated-query.js';
import { mingoIds } from '../support/mongo.js';
import { openPglite } from '../support/pglite.js';
import type { SqlTestEngine } from '../support/sql-engine.js';
import { openSqlite } from '../support/sqlite.js';
import { arbDataset, sqlInput, type Dataset } from './arbitraries/data.js';
import { arbQueryText } from './arbitraries/valid-query.js';

const SEED = fc.readConfigureGlobal().seed ?? 1;
const DATASETS = 2;
/** Conditions per entity and dataset: 2 datasets × 4 entities × 25 = 200, each with its negation. */
const QUERIES = 25;

interface Engine {
  readonly name: string;
  ids(query: ValidatedQuery, records: readonly { readonly id: string }[]): Promise<string[]> | string[];
}

const sql: SqlTestEngine[] = [];

beforeAll(async () => {
  sql.push(await openSqlite(), await openPglite());
});

afterAll(async () => {
  await Promise.all(sql.map((e) => e.close()));
});

function engines(): Engine[] {
  return [
    { name: 'memory', ids: (q, records) => filterRecords(q, records).map((r) => r.id) },
    { name: 'mongo (mingo)', ids: (q, records) => mingoIds(compileMongo(q), records) },
    ...sql.map((e): Engine => ({ name: e.name, ids: (q) => e.ids(q) })),
  ];
}

const datasets = fc.sample(arbDataset, { seed: SEED, numRuns: DATASETS });

describe.each(datasets.map((dataset: Dataset, i) => ({ i, dataset })))('dataset $i', ({ i, dataset }) => {
  beforeAll(async () => {
    for (const e of sql) await e.loadScheduling(sqlInput(dataset));
  });

  test.for(schedulingSchema.entityNames)('%s: NOT (c) selects exactly the records c does not, in every engine', async (entity: SchedulingEntityName) => {
    const records = dataset[entity];
    const all = records.map((r) => r.id).sort();
    await fc.assert(
      fc.asyncProperty(arbQueryText(entity, 2), async ({ text }) => {
        const c = check(text, schedulingSchema, entity);
        const negated = check(`NOT (${text})`, schedulingSchema, entity);
        for (const engine of engines()) {
          const matched = await engine.ids(c, records);
          const rest = await engine.ids(negated, records);
          const both = matched.filter((id) => rest.includes(id));
          const neither = all.filter((id) => !matched.includes(id) && !rest.includes(id));
          expect({ both, neither }, `${engine.name} on dataset ${i}: ${text}`).toEqual({ both: [], neither: [] });
        }
      }),
      { seed: SEED + i * 7919 + schedulingSchema.entityNames.indexOf(entity), numRuns: QUERIES },
    );
  });
});
