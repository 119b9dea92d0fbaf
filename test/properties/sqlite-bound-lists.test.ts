/**
 * Long IN and NOT_IN lists on SQLite, which binds four texts or more as one JSON array
 * (`x IN (SELECT value FROM json_each(?))`, the dialect's `boundList`): generated lists of four
 * to thirty-two values of every attribute that takes IN (texts in every form the record pools
 * hold, ignored case and prefixes, uuids, collections; numbers too, which keep a placeholder
 * each), alone, negated and combined, select on generated datasets what the in-memory backend
 * selects, and what SQLite selects with a placeholder per value. Both case foldings run.
 *
 * Re-run a failure with the seed in the describe title:
 * `TQL_DIFF_SEED=<seed> npx vitest run test/properties/sqlite-bound-lists.test.ts`.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { and, not, or, predicate, query } from '../../src/ast/builders.js';
import type { Predicate } from '../../src/ast/nodes.js';
import { print } from '../../src/ast/print.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { sqlite } from '../../src/backends/sql/dialects.js';
import { selectSql } from '../../src/backends/sql/select-sql.js';
import { schedulingSchema, type SchedulingEntityName } from '../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import type { Attribute } from '../../src/schema/types.js';
import { predicateValues } from '../../src/testing/query-values.js';
import { sortedIds } from '../support/ids.js';
import { openSqlite } from '../support/sqlite.js';
import type { SqlTestEngine } from '../support/sql-engine.js';
import { arbDataset, sqlInput } from './arbitraries/data.js';

const SEED = Number(process.env.TQL_DIFF_SEED) || Math.floor(Math.random() * 2 ** 31);
const DATASETS = 2;
/** Queries per entity, dataset and folding: 2 × 4 × 2 × 40 = 640 on SQLite. */
const QUERIES = 40;

/** SQLite's way of binding a list as one value, and SQLite without it: a placeholder per value. */
const { boundList, ...placeholderLists } = sqlite;

/** The attributes of `entity` that take IN (and so NOT_IN). */
function listAttributes(entity: SchedulingEntityName): Attribute[] {
  const e = schedulingSchema.entities[entity];
  return Object.values(e.attributes).filter((a) => a.operators.includes('IN'));
}

/** IN or NOT_IN with four to thirty-two values from the pools (several of the generator's lists of one to four, joined). */
function arbLongList(entity: SchedulingEntityName): fc.Arbitrary<Predicate> {
  return fc
    .tuple(fc.constantFrom(...listAttributes(entity)), fc.constantFrom('IN' as const, 'NOT_IN' as const))
    .chain(([a, op]) =>
      fc
        .array(predicateValues(a, 'IN', false, false), { minLength: 4, maxLength: 8 })
        .map((lists) => lists.flat() as string[])
        .filter((values) => values.length >= boundList!.from)
        .map(([first, ...rest]) => predicate(a.path as `${string}.${string}`, op, first!, ...rest)),
    );
}

/** One long list, negated (NOT ( … )) or not, or two of them under AND or OR. */
function arbQuery(entity: SchedulingEntityName): fc.Arbitrary<string> {
  const leaf = arbLongList(entity);
  return fc
    .oneof(
      leaf,
      leaf.map((e) => not(e)),
      fc.tuple(leaf, leaf, fc.boolean()).map(([a, b, both]) => (both ? and(a, b) : or(a, b))),
    )
    .map((e) => print(query(e)));
}

let engines: SqlTestEngine[] = [];
/** How many compiled statements bound a list as one value, so the test cannot pass without it. */
let bound = 0;
let compiled = 0;

beforeAll(async () => {
  engines = [await openSqlite(), await openSqlite({ unicode: true })];
});

afterAll(async () => {
  for (const e of engines) await e.close();
  console.info(`sqlite bound lists (seed ${SEED}): ${bound} of ${compiled} statements bound a list as one JSON array`);
});

const datasets = fc.sample(arbDataset, { seed: SEED, numRuns: DATASETS });

describe(`long IN lists on SQLite (seed ${SEED}; re-run with TQL_DIFF_SEED=${SEED})`, () => {
  describe.each(datasets.map((dataset, i) => ({ i, dataset })))('dataset $i', ({ dataset }) => {
    beforeAll(async () => {
      for (const e of engines) await e.loadScheduling(sqlInput(dataset));
    });

    test.for(schedulingSchema.entityNames)('%s: one JSON array selects what the memory backend and a placeholder list select', async (entity) => {
      await fc.assert(
        fc.asyncProperty(arbQuery(entity), async (text) => {
          const q = check(text, schedulingSchema, entity);
          const expected = sortedIds(filterRecords(q, dataset[entity]));
          for (const engine of engines) {
            const options = { mapping: schedulingSqlMapping, caseFolding: engine.caseFolding };
            const statement = selectSql(q, { ...options, dialect: 'sqlite' });
            compiled++;
            if (statement.text.includes('json_each')) bound++;
            const got = sortedIds(await engine.db.all<{ id: string }>(statement));
            const listed = sortedIds(await engine.db.all<{ id: string }>(selectSql(q, { ...options, dialect: placeholderLists })));
            expect({ got, listed }, `${engine.name}: ${text}`).toEqual({ got: expected, listed: expected });
          }
        }),
        { seed: SEED + entity.length, numRuns: QUERIES },
      );
    });
  });

  test('most statements bound a list as one value', () => {
    expect(bound).toBeGreaterThan(compiled / 2);
  });
});
