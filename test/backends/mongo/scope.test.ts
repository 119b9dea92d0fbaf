/**
 * Scoped Mongo filters: the scope is a plain equality at the top of the document (the first
 * operand of the top-level `$and`, which MongoDB flattens into the root conjunction, so mongos
 * routes on a shard key there), and the whole filter is the other operand: no `$or` of the
 * filter reaches around it. Re-run a property failure with `TQL_SCOPE_SEED=<seed>`.
 */
import fc from 'fast-check';
import { explainedIds } from '../../../src/testing/declared.js';
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compileMongo, mongoFoldingDiffers } from '../../../src/backends/mongo/index.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { arbDataset } from '../../properties/arbitraries/data.js';
import { arbQueryText } from '../../properties/arbitraries/valid-query.js';
import { mingoIds } from '../../support/mongo.js';
import { tqlErrorOf } from '../../support/tql-error.js';
import { expectedIds, SCOPES, withTenants } from '../sql/scope-fixtures.js';

describe('compileMongo with a scope', () => {
  test('agent.role EQ User OR agent.schedulable EQ true', () => {
    const q = check('agent.role EQ User OR agent.schedulable EQ true', schedulingSchema, 'agent');
    expect(compileMongo(q, { scope: { tenant_id: 'acme', region: 'eu' } })).toEqual({
      $and: [
        { tenant_id: { $eq: 'acme' }, region: { $eq: 'eu' } },
        { $or: [{ role: { $not: { $type: 'array' }, $eq: 'User' } }, { schedulable: { $not: { $type: 'array' }, $eq: true } }] },
      ],
    });
  });

  test('the scope is the first top-level operand, plain equalities only: the shard key routes the query', () => {
    const q = check('scheduling_request.agent_id EQ agnt_x OR scheduling_request.status NOT_EQ new', schedulingSchema, 'scheduling_request');
    const filter = compileMongo(q, { scope: { tenant_id: 'acme' } }) as { $and: unknown[] };
    expect(Object.keys(filter)).toEqual(['$and']);
    expect(filter.$and).toHaveLength(2);
    expect(filter.$and[0]).toEqual({ tenant_id: { $eq: 'acme' } });
    expect(filter.$and[1]).toEqual(compileMongo(q));
  });

  test('without a scope the filter is as before', () => {
    const q = check('agent.role EQ User', schedulingSchema, 'agent');
    expect(compileMongo(q, {})).toEqual(compileMongo(q));
  });

  test.for<[string, unknown]>([
    ['no fields', {}],
    ['a dotted path', { 'tenant.id': 'acme' }],
    ['an operator', { $where: 'acme' }],
    ['an operator as the value', { tenant_id: { $ne: 'acme' } }],
    ['a null value', { tenant_id: null }],
    ['__proto__', JSON.parse('{"__proto__": "acme"}')],
  ])('%s is refused with invalid_option', ([, scope]) => {
    const q = check('agent.role EQ User', schedulingSchema, 'agent');
    expect(tqlErrorOf(() => compileMongo(q, { scope: scope as never })).code).toBe('invalid_option');
  });
});

const SEED = Number(process.env.TQL_SCOPE_SEED) || Math.floor(Math.random() * 2 ** 31);
const datasets = fc.sample(arbDataset, { seed: SEED, numRuns: 3 }).map(withTenants);

describe(`no generated filter escapes the scope in mingo (seed ${SEED}; re-run with TQL_SCOPE_SEED=${SEED})`, () => {
  test.for(schedulingSchema.entityNames)('%s: documents ⊆ the scope, = in-memory filter ∧ scope outside declared folding differences', (entity) => {
    datasets.forEach((dataset, i) => {
      fc.assert(
        fc.property(arbQueryText(entity), fc.constantFrom(...SCOPES), (generated, scope) => {
          const query = check(generated.text, schedulingSchema, entity);
          const records = dataset[entity];
          const expected = expectedIds(query, records, scope);
          const inScope = expectedIds(undefined, records, scope);
          const got = mingoIds(compileMongo(query, { scope }), records).sort();
          expect(got.every((id) => inScope.includes(id)), `${generated.text} left ${JSON.stringify(scope)}`).toBe(true);
          const allowed = explainedIds(query, records, mongoFoldingDiffers, 'id');
          const differing = [...new Set([...expected, ...got])].filter((id) => expected.includes(id) !== got.includes(id));
          expect(differing.filter((id) => !allowed.has(id)), `dataset ${i}: ${generated.text}`).toEqual([]);
        }),
        { seed: SEED + i * 7919 + schedulingSchema.entityNames.indexOf(entity), numRuns: 40 },
      );
    });
  });
});
