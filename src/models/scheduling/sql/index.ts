/** The scheduling models in SQL: DDL per dialect, the mapping for `compileSql`, a loader and a reader. */
export { createTableSql, dropSchedulingTablesSql, schedulingDdl, schedulingIndexes } from './ddl.js';
export { createSchedulingTables, loadSchedulingData } from './load.js';
export { schedulingSqlMapping } from './mapping.js';
export { readSchedulingData } from './read.js';
export type { OtherResource, SchedulingDataInput, StoredRecord } from './rows.js';
export type { ColumnSpec, ColumnType, TableSpec } from './tables.js';
