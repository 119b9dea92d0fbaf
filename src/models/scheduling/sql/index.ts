/** The scheduling models in SQL: DDL per dialect, the mapping for `compileSql`, a loader and a reader. */
export { createTableSql, dropSchedulingTablesSql, schedulingDdl } from './ddl.js';
export { createSchedulingTables, loadSchedulingData } from './load.js';
export { RESOURCE_ROLES, schedulingSqlMapping } from './mapping.js';
export { readSchedulingData } from './read.js';
export { schedulingRows, type OtherResource, type SchedulingDataInput, type StoredRecord } from './rows.js';
export { SCHEDULING_TABLES, type ColumnSpec, type ColumnType, type TableSpec } from './tables.js';
