/** The parts of tql the benches exercise, from the sources (cold start uses the built dist/ instead). */
export { check, parse } from '../src/index.js';
export { schedulingSchema } from '../src/models/scheduling/schema.js';
export { compilePredicate, filterRecords } from '../src/backends/memory/index.js';
export { compileSql } from '../src/backends/sql/index.js';
export { schedulingSqlMapping } from '../src/models/scheduling/sql/index.js';
export { complete, hover } from '../src/tooling/index.js';
