/**
 * The arrays-of-scalars contract (tql/backend's `scalarArraysContract`, language rule 7) in memory
 * and through mingo, before and after a JSON round trip of the filter. The SQL dialects run it
 * over each array in a table of its own (test/integrations/derived-arrays.test.ts).
 */
import { scalarArraysContract } from '../../../src/backends/contract/scalar-arrays.js';
import { filterRecords } from '../../../src/backends/memory/index.js';
import { compileMongo } from '../../../src/backends/mongo/index.js';
import { mingoIds } from '../../support/mongo.js';
import { describeSuite } from './cases.js';

const posts = scalarArraysContract.data.post;

describeSuite('memory: arrays of scalars', scalarArraysContract, 'memory', (query) => filterRecords(query, posts).map((r) => r.id));
describeSuite('mongo (mingo): arrays of scalars', scalarArraysContract, 'mongo (mingo)', (query) => mingoIds(compileMongo(query), posts));
describeSuite('mongo (mingo, after a JSON round trip): arrays of scalars', scalarArraysContract, 'mongo (mingo)', (query) =>
  mingoIds(JSON.parse(JSON.stringify(compileMongo(query))), posts),
);
