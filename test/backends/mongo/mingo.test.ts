/**
 * The Mongo filters run through mingo on the contract data: the same ids as every backend,
 * including the Unicode LIKE cases (the pattern folds like `toLowerCase`, see `like-pattern.ts`).
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compileMongo } from '../../../src/backends/mongo/index.js';
import { POST_CASES, postSchema, posts } from '../element-shapes.js';
import { mingoIds } from '../../support/mongo.js';
import { CONTRACT_DATA, describeBackendContract } from '../contract/cases.js';

describeBackendContract('mongo (mingo)', (query, entity) => mingoIds(compileMongo(query), CONTRACT_DATA[entity]));

// The filter as `tql mongo` and the playground print it: JSON, where Infinity would become null.
describeBackendContract('mongo (mingo, after a JSON round trip)', (query, entity) =>
  mingoIds(JSON.parse(JSON.stringify(compileMongo(query))), CONTRACT_DATA[entity]),
);

describe('collections of every shape through mingo: objects without a tag, arrays of scalars', () => {
  test.for(POST_CASES)('%s selects %j', ([text, ids]) => {
    expect(mingoIds(compileMongo(check(text, postSchema, 'post')), posts)).toEqual(ids);
  });
});
