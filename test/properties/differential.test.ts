/**
 * The differential test: generated schema-valid queries over generated datasets must select the
 * same ids in every engine, with the in-memory backend as the reference:
 *
 * - SQLite through better-sqlite3, with its own `lower()` and with `tql_lower`;
 * - PGlite, with its own `lower()` and with ICU;
 * - a real PostgreSQL server (started by the harness; skipped loudly when it cannot be);
 * - the Mongo filters through mingo, and on a real MongoDB when `TQL_MONGO_URL` names one.
 *
 * An engine may differ only where it declares a divergence (docs/backends.md): LIKE folding,
 * given as an exact predicate on (needle, stored text). For each query, ids may differ only on
 * records where some LIKE/NOT_LIKE of the query meets a stored text inside that condition;
 * everywhere else they must be equal. No generated case is skipped.
 *
 * Each dataset is loaded once into each engine; then many queries run on it. Re-run a failure
 * with the seed in the describe title: `TQL_DIFF_SEED=<seed> npx vitest run test/properties/differential.test.ts`.
 */
import fc from 'fast-check';
import { explainedIds, type DeclaredDivergence } from '../../src/testing/declared.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { resolveNow } from '../../src/validate/resolve-now.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { compileMongo, mongoFoldingDiffers, type MongoFilter } from '../../src/backends/mongo/index.js';
import { BUILT_IN_BACKENDS } from '../../src/backends/index.js';
import { foldingDiffers, foldsLikeJavaScript } from '../../src/backends/sql/case-folding.js';
import { schedulingSchema, type SchedulingEntityName } from '../../src/models/scheduling/schema.js';
import type { ValidatedQuery } from '../../src/validate/validated-query.js';
import { ENGINE_NAMES, useSqlEngines } from '../backends/sql/engines.js';
import { MONGO_SKIP_REASON, MONGO_URL, openMongoScratch, type MongoScratch } from '../support/mongo.js';
import type { SqlDatabase } from '../../src/backends/sql/database.js';
import { arbDataset, sqlInput, type Dataset } from './arbitraries/data.js';
import { TEST_NOW } from '../../src/testing/value-pools.js';
import { arbQueryText } from './arbitraries/valid-query.js';
import type { TextPlace } from '../../src/schema/operators.js';

// ---- set-up ----

const SEED = Number(process.env.TQL_DIFF_SEED) || Math.floor(Math.random() * 2 ** 31);
const DATASETS = 3;
/** Queries per entity and dataset: 3 datasets × 4 entities × 40 = 480 queries on every engine. */
const QUERIES = 40;
const ENTITIES = schedulingSchema.entityNames;

/** An engine under test: its ids for a query on the loaded dataset, and its declared divergence. */
interface Engine {
  readonly name: string;
  readonly differs: DeclaredDivergence | undefined;
  ids(query: ValidatedQuery, entity: SchedulingEntityName): Promise<string[]> | string[];
}

const sqlEngine = useSqlEngines();
let mongoServer: MongoScratch | undefined;
let current: Dataset | undefined;

/** How often a declared divergence could act and how often it did, per engine, for the summary. */
const tally = new Map<string, { queries: number; exposed: number; differed: number }>();

async function engines(): Promise<Engine[]> {
  const list: Engine[] = [];
  for (const name of ENGINE_NAMES) {
    const e = sqlEngine(name);
    // Measured over every code point: letters the engine's Unicode tables lack are known exactly.
    const folding = await e.folding();
    list.push({
      name,
      differs: foldsLikeJavaScript(folding) ? undefined : (n: string, h: string, place: TextPlace) => foldingDiffers(folding, n, h, place),
      ids: (query) => e.ids(query),
    });
  }
  // The registry's Mongo backend, run in this process (mingo).
  const mongo = BUILT_IN_BACKENDS.mongo;
  const inProcess = async (filter: MongoFilter, entity: SchedulingEntityName) => (await mongo.run!(filter, current![entity])).map((r) => (r as { id: string }).id);
  list.push({
    name: 'mongo (mingo)',
    differs: mongoFoldingDiffers,
    ids: (query, entity) => inProcess(mongo.compile(query, {}), entity),
  });
  // What `tql mongo`, the demo and the playground print is JSON (the backend's `show`): the filter must mean the same after it.
  list.push({
    name: 'mongo (mingo, after a JSON round trip)',
    differs: mongoFoldingDiffers,
    ids: (query, entity) => inProcess(JSON.parse(mongo.show(mongo.compile(query, {}))) as MongoFilter, entity),
  });
  if (mongoServer !== undefined) {
    const server = mongoServer;
    list.push({ name: 'mongo (server)', differs: mongoFoldingDiffers, ids: (query, entity) => server.ids(entity, compileMongo(query)) });
  }
  return list;
}

/** Loads `dataset` into every SQL database once (the `+icu` engines share their base's database). */
async function load(dataset: Dataset): Promise<void> {
  current = dataset;
  const loaded = new Set<SqlDatabase>();
  for (const name of ENGINE_NAMES) {
    const e = sqlEngine(name);
    if (loaded.has(e.db)) continue;
    loaded.add(e.db);
    await e.loadScheduling(sqlInput(dataset));
  }
  if (mongoServer !== undefined) for (const entity of ENTITIES) await mongoServer.load(entity, dataset[entity]);
}

beforeAll(async () => {
  if (MONGO_URL !== undefined) mongoServer = await openMongoScratch();
  else console.warn(`\n!!! differential: MongoDB server SKIPPED (${MONGO_SKIP_REASON}); mingo runs the Mongo filters.\n`);
});

afterAll(async () => {
  await mongoServer?.close();
  const lines = [...tally].map(([name, t]) => `  ${name}: ${t.queries} queries, ${t.exposed} touched a declared divergence, ${t.differed} differed there`);
  console.info(`differential (seed ${SEED}):\n${lines.join('\n')}`);
});

const sorted = (ids: readonly string[]) => [...ids].sort();

// ---- the test ----

const datasets = fc.sample(arbDataset, { seed: SEED, numRuns: DATASETS });

describe(`differential (seed ${SEED}; re-run with TQL_DIFF_SEED=${SEED})`, () => {
  test('MongoDB server', ({ skip }) => {
    // A visible skip, never a silent one.
    if (MONGO_URL === undefined) skip(MONGO_SKIP_REASON);
    expect(mongoServer).toBeDefined();
  });

  describe.each(datasets.map((dataset, i) => ({ i, dataset })))('dataset $i', ({ i, dataset }) => {
    beforeAll(() => load(dataset));

    test.for(ENTITIES)('%s: every engine selects what the in-memory backend selects', async (entity) => {
      const all = await engines();
      await fc.assert(
        fc.asyncProperty(arbQueryText(entity, 3), async (generated) => {
          // A generated query the validator rejects is a generator bug: check() throws and fails the case.
          // Its relative times (now-7d) are resolved at one fixed clock, so every engine gets one instant.
          const query = resolveNow(check(generated.text, schedulingSchema, entity), TEST_NOW);
          const records = dataset[entity];
          const expected = sorted(filterRecords(query, records).map((r) => r.id));
          for (const engine of all) {
            const got = sorted(await engine.ids(query, entity));
            const allowed = engine.differs === undefined ? new Set<string>() : explainedIds(query, records, engine.differs, 'id');
            const differing = [...new Set([...expected, ...got])].filter((id) => expected.includes(id) !== got.includes(id));
            const t = tally.get(engine.name) ?? { queries: 0, exposed: 0, differed: 0 };
            tally.set(engine.name, {
              queries: t.queries + 1,
              exposed: t.exposed + (allowed.size > 0 ? 1 : 0),
              differed: t.differed + (differing.length > 0 ? 1 : 0),
            });
            expect(
              differing.filter((id) => !allowed.has(id)),
              `${engine.name} differs from the in-memory backend outside its declared divergence on dataset ${i}: ${generated.text}\nexpected ${JSON.stringify(expected)}\ngot ${JSON.stringify(got)}`,
            ).toEqual([]);
          }
        }),
        { seed: SEED + i * 7919 + ENTITIES.indexOf(entity), numRuns: QUERIES },
      );
    });
  });
});
