/**
 * Mongo filters (through mingo) against the in-memory backend on records that break the API
 * shape: wrong types, null, NaN, ±Infinity, objects, scalars stored as arrays. A value of the
 * wrong type is no value in both; only the declared Σ folding may differ.
 */
import fc from 'fast-check';
import { explainedIds } from '../../../src/testing/declared.js';
import { expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { filterRecords } from '../../../src/backends/memory/index.js';
import { compileMongo, mongoFoldingDiffers } from '../../../src/backends/mongo/index.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { arbQueryText } from '../../properties/arbitraries/valid-query.js';
import { mingoIds } from '../../support/mongo.js';
import { arbWildRecords } from './wild-records.js';

test.for(schedulingSchema.entityNames)('%s: mingo selects what the in-memory backend selects', (entity) => {
  fc.assert(
    fc.property(arbWildRecords(schedulingSchema.entities[entity]), arbQueryText(entity, 2), (records, generated) => {
      const query = check(generated.text, schedulingSchema, entity);
      const expected = filterRecords(query, records).map((r) => r.id);
      const got = mingoIds(compileMongo(query), records);
      const allowed = explainedIds(query, records, mongoFoldingDiffers, 'id');
      const differing = records.map((r) => r.id).filter((id) => expected.includes(id) !== got.includes(id) && !allowed.has(id));
      expect(differing, generated.text).toEqual([]);
    }),
    { numRuns: 300 },
  );
});
