/**
 * `tql/scheduling`: the scheduling service's reference models — the schema of its filterable
 * attributes, its record types, a seeded sample-data generator, and its relational schema with a
 * loader for PostgreSQL, PGlite and SQLite.
 *
 * @example
 * ```ts
 * import { check } from 'tql';
 * import { schedulingSchema, sampleData, recordsOf } from 'tql/scheduling';
 * import { filterRecords } from 'tql/memory';
 *
 * const q = check('agent.schedulable EQ true', schedulingSchema, 'agent');
 * filterRecords(q, recordsOf(sampleData(), 'agent')).length;
 * ```
 *
 * @module tql/scheduling
 */
export { schedulingSchema, SCHEDULING_REQUEST_STATUSES, type SchedulingSchema, type SchedulingEntityName } from './schema.js';
export type {
  Agent,
  AgentRef,
  AssociatedEntity,
  AssociatedEntityType,
  Resource,
  ResourceRef,
  SchedulingRecords,
  SchedulingRequest,
  SchedulingRequestStatus,
  Team,
  TeamRef,
  Timestamp,
} from './records.js';
export { generateSchedulingData, type GenerateOptions, type SchedulingData } from './generate.js';
export { sampleData, recordsOf, SAMPLE_OPTIONS } from './sample.js';
export { schedulingContract } from './contract/cases.js';
export {
  createTableSql,
  dropSchedulingTablesSql,
  schedulingDdl,
  schedulingIndexes,
  createSchedulingTables,
  loadSchedulingData,
  schedulingSqlMapping,
  readSchedulingData,
  type ColumnSpec,
  type ColumnType,
  type OtherResource,
  type SchedulingDataInput,
  type StoredRecord,
  type TableSpec,
} from './sql/index.js';
