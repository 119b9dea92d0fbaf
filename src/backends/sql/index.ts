/**
 * `tql/sql`: validated queries → parameterized SQL for PostgreSQL, SQLite, MySQL/MariaDB and DuckDB.
 *
 * @example
 * ```ts
 * import { check } from 'tql';
 * import { schedulingSchema } from 'tql/scheduling';
 * import { compileSql } from 'tql/sql';
 * import { schedulingSqlMapping } from 'tql/scheduling';
 *
 * const q = check('agent.role IN User,Administrator AND agent.schedulable EQ true', schedulingSchema, 'agent');
 * compileSql(q, { dialect: 'postgres', mapping: schedulingSqlMapping });
 * // { text: '("role" IN ($1, $2) AND "schedulable" = $3)', values: ['User', 'Administrator', true] }
 * compileSql(q, { dialect: 'sqlite', mapping: schedulingSqlMapping });
 * // { text: '("role" IN (?, ?) AND "schedulable" = ?)', values: ['User', 'Administrator', 1] }
 * ```
 *
 * @module tql/sql
 */
export {
  foldLikeEngine,
  foldingDiffers,
  foldsLikeJavaScript,
  sqliteFoldingDiffers,
  type EngineFolding,
  type FoldingModel,
  type MeasuredFolding,
} from './case-folding.js';
export { measureFolding } from './measure-folding.js';
export { compileSql, type CompileSqlOptions, type SqlStatement } from './compile-sql.js';
export type { Scope, ScopeValue } from '../scope.js';
export {
  DRIVER_ADAPTERS,
  sqlDatabase,
  type AnySqlDatabase,
  type BetterSqlite3Like,
  type DatabaseDialect,
  type DriverAdapter,
  type DriverMembers,
  type DriverKind,
  type DriverKinds,
  type DuckDbConnectionLike,
  type DuckDbResultLike,
  type Mysql2ConnectionLike,
  type Mysql2PoolConnectionLike,
  type Mysql2PoolLike,
  type PgliteLike,
  type PgPoolLike,
  type PgQueryable,
  type SqlDatabase,
  type SqlDatabaseOptions,
  type SqlDriver,
} from './database.js';
export type { CatalogDatabase, CatalogDialect, CatalogReader, CatalogRow, ColumnCollation, ColumnKind } from './catalog.js';
export {
  complementOf,
  duckdb,
  equalityOf,
  exactOperand,
  mysql,
  postgres,
  resolveDialect,
  substringOf,
  sqlite,
  SQL_DIALECTS,
  type BoundList,
  type CaseFolding,
  type ColumnFacts,
  type DdlColumnKind,
  type DdlFacts,
  type EqualityHow,
  type IndexSyntax,
  type JsonBuilders,
  type SqlDialect,
  type SqlDialectName,
} from './dialects.js';
export type { InsertRow, InsertRows } from './insert-rows.js';
export type { LowerProbe } from './lower-probes.js';
export type { NullPlaces, SecondsKey, SortKeySyntax, UuidKey } from './sort-keys.js';
export { containsPattern, LIKE_ESCAPE, LIKE_WILDCARDS, likePattern, textPattern, type LikeSyntax } from './like-pattern.js';
export { INSTANT_WRITERS, writeInstantRange, type Bind, type InstantWriters, type TimestampColumn, type Written } from './instant-sql.js';
export type { ColumnTest, Relation, RelationSign } from './column-test.js';
export type { InstantRange } from './instant-bounds.js';
export type { ResolvedColumnStorage } from './resolved-column-storage.js';
export type { SqlArrayColumnMapping, SqlCollection, SqlCollectionMapping, SqlColumnStorage, SqlColumnStorageKind, SqlEntityMapping, SqlMapping } from './mapping.js';
export { ARRAY_COLUMN_READERS, type ArrayColumnReader, type ArrayColumnReaders, type ArrayHolding, type ElementKind, type ElementRows } from './array-column.js';
export { defineSqlMapping } from './define-mapping.js';
export { checkSqlMapping, type CheckSqlMappingOptions } from './check-mapping.js';
export { indexAdvice, type IndexAdviceOptions } from './index-advice.js';
export { selectSql, type SelectSqlOptions } from './select-sql.js';
export { registerTqlFunctions, type SqliteFunctionHost } from './sqlite-functions.js';
export { quoteIdentifier } from './sql-text.js';
