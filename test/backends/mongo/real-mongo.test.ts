/**
 * The Mongo filters on a real MongoDB server, when `TQL_MONGO_URL` names one (there is none on
 * the development machine, so these are skipped there, visibly): the backend contract, records
 * that break the API shape against the in-memory backend, and timestamps of every storage against
 * the reference reading of the documents as the server holds them.
 *
 * `TQL_MONGO_URL=mongodb://127.0.0.1:27017 npx vitest run test/backends/mongo/real-mongo.test.ts`
 */
import fc from 'fast-check';
import { explainedIds } from '../../../src/testing/declared.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { filterRecords } from '../../../src/backends/memory/index.js';
import { compileMongo, mongoFoldingDiffers } from '../../../src/backends/mongo/index.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { arbQueryText } from '../../properties/arbitraries/valid-query.js';
import { MONGO_SKIP_REASON, MONGO_URL, openMongoScratch, type MongoScratch } from '../../support/mongo.js';
import { CONTRACT_DATA, describeBackendContract } from '../contract/cases.js';
import { BSON } from 'mongodb';
import { arbStorageCase, show } from './stored-instants.js';
import { arbWildRecords } from './wild-records.js';

// ---- helpers ----

let db: MongoScratch;

// ---- tests ----

if (MONGO_URL === undefined) {
  console.warn(`\n!!! real MongoDB tests SKIPPED: ${MONGO_SKIP_REASON}\n`);
  test.skip(`real MongoDB: ${MONGO_SKIP_REASON}`, () => {});
} else {
  beforeAll(async () => {
    db = await openMongoScratch();
  });
  afterAll(() => db.close());

  describe('contract data', () => {
    beforeAll(async () => {
      for (const entity of schedulingSchema.entityNames) await db.load(`contract_${entity}`, CONTRACT_DATA[entity]);
    });
    describeBackendContract('mongo (server)', (query, entity) => db.ids(`contract_${entity}`, compileMongo(query)));
  });

  describe('records that break the API shape', () => {
    test.for(schedulingSchema.entityNames)('%s: the server selects what the in-memory backend selects', async (entity) => {
      const datasets = fc.sample(arbWildRecords(schedulingSchema.entities[entity]), { numRuns: 5 });
      for (const [i, records] of datasets.entries()) {
        const name = `wild_${entity}_${i}`;
        await db.load(name, records);
        await fc.assert(
          fc.asyncProperty(arbQueryText(entity, 2), async (generated) => {
            const query = check(generated.text, schedulingSchema, entity);
            const expected = filterRecords(query, records).map((r) => r.id);
            const got = await db.ids(name, compileMongo(query));
            const allowed = explainedIds(query, records, mongoFoldingDiffers, 'id');
            const differing = records.map((r) => r.id).filter((id) => expected.includes(id) !== got.includes(id) && !allowed.has(id));
            expect(differing, `${generated.text}\nrecords: ${JSON.stringify(records)}`).toEqual([]);
          }),
          { numRuns: 40 },
        );
      }
    });
  });

  describe('timestamps of every storage', () => {
    // The documents as the driver writes them: an invalid Date becomes 1970-01-01T00:00:00Z
    // (docs/backends.md, Mongo timestamps), so the reference reads the stored one.
    const asStored = (records: readonly Record<string, unknown>[]) => records.map((r) => BSON.deserialize(BSON.serialize(r)));
    test('the server selects what the reference reading of the stored instants selects', async () => {
      await fc.assert(
        fc.asyncProperty(arbStorageCase(asStored), async ({ records, text, query, expected }) => {
          await db.load('storage', records);
          expect((await db.ids('storage', compileMongo(query))).sort(), `${text}\n${show(records)}`).toEqual([...expected].sort());
        }),
        { numRuns: 60 },
      );
    });
  });
}
