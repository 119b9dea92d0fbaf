/**
 * The Mongo filters on a real MongoDB server, when `TQL_MONGO_URL` names one (there is none on
 * the development machine, so these are skipped there, visibly): the backend contract, and
 * records that break the API shape, against the in-memory backend.
 *
 * `TQL_MONGO_URL=mongodb://127.0.0.1:27017 npx vitest run test/backends/mongo/real-mongo.test.ts`
 */
import { fc } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { filterRecords } from '../../../src/backends/memory/index.js';
import { compileMongo, mongoFoldingDiffers } from '../../../src/backends/mongo/index.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { arbQueryText, divergentIds } from '../../properties/arbitraries/valid-query.js';
import { MONGO_SKIP_REASON, MONGO_URL, openMongoScratch, type MongoScratch } from '../../support/mongo.js';
import { CONTRACT_DATA, describeBackendContract } from '../contract/cases.js';
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
            const allowed = divergentIds(query, records, mongoFoldingDiffers);
            const differing = records.map((r) => r.id).filter((id) => expected.includes(id) !== got.includes(id) && !allowed.has(id));
            expect(differing, `${generated.text}\nrecords: ${JSON.stringify(records)}`).toEqual([]);
          }),
          { numRuns: 40 },
        );
      }
    });
  });
}
