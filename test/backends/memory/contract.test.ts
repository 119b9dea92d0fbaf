/** The in-memory backend passes every contract case: it is the reference the others follow. */
import { filterRecords } from '../../../src/backends/memory/index.js';
import { CONTRACT_DATA, describeBackendContract } from '../contract/cases.js';

describeBackendContract('memory', (query, entity) =>
  filterRecords(query, CONTRACT_DATA[entity] as readonly { readonly id: string }[]).map((r) => r.id),
);
