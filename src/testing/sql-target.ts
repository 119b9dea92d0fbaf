/**
 * A differential target over an SQL database: temporary tables of the mapped shape (the names the
 * mapping gives, shadowing any table of that name for this connection only, so the caller's own
 * tables are never touched; temporary-tables.ts), generated records loaded into them, and each
 * query's filter, as `compileSql` writes it, run on them.
 */
import { compileSql } from '../backends/sql/compile-sql.js';
import { asSqlDatabase, type AnySqlDatabase, type SqlDriver } from '../backends/sql/database.js';
import { defineSqlMapping } from '../backends/sql/define-mapping.js';
import type { CaseFolding } from '../backends/sql/dialects.js';
import type { SqlEntityMapping, SqlMapping } from '../backends/sql/mapping.js';
import { recordShape } from '../backends/sql/record-shape.js';
import type { ColumnTypeChoice } from '../backends/sql/table-plan.js';
import { engineError, temporaryTables } from '../backends/sql/temporary-tables.js';
import { readOptions } from '../errors/read-options.js';
import { isTqlError, optionError } from '../errors/tql-error.js';
import { describeValue } from '../errors/describe-value.js';
import { entityArgument } from '../api/entity-argument.js';
import type { Schema } from '../schema/types.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import type { AgreementTarget } from './check-agreement.js';
import { readTestingOptions } from './options.js';
import { ownElements } from './own-list.js';

/** Options of {@link sqlTarget}. */
export interface SqlTargetOptions {
  /** A better-sqlite3 Database, a PGlite instance, a node-postgres Client (not a Pool: temporary tables live on one connection), a mysql2 Connection, a DuckDB connection, or a SqlDatabase of any dialect. */
  readonly db: SqlDriver | AnySqlDatabase;
  readonly schema: Schema;
  readonly entity: string;
  /** Your mapping; default: a table `tql_check_<entity>` keyed by `id`, one `tql_check_<entity>_<array>` per collection. */
  readonly mapping?: SqlMapping | undefined;
  /** As in `compileSql`. */
  readonly caseFolding?: CaseFolding | undefined;
  /** A column's SQL type other than the default, e.g. a collation or a padded type: `({ attribute }) => …`. */
  readonly columnType?: ColumnTypeChoice | undefined;
  /** The field holding each record's id. Default `id`. */
  readonly key?: string | undefined;
}

/** An {@link AgreementTarget} over SQL tables, and a way to drop them. */
export interface SqlTarget extends AgreementTarget {
  /** The tables it fills (created on the first `load`). */
  readonly tables: readonly string[];
  /** Drops the temporary tables. */
  drop(): Promise<void>;
}

function defaultMapping(schema: Schema, entity: string, key: string): SqlMapping {
  const shape = recordShape(schema, entity, key);
  const table = `tql_check_${entity}`;
  const collections = Object.fromEntries(shape.arrays.map((a) => [a.field, { table: `${table}_${a.field}`, foreignKey: 'owner_key' }]));
  return { [entity]: { table, key, collections } };
}

/**
 * A target for {@link checkAgreement} over `db`: `load` fills temporary tables of the entity's
 * mapped shape, `run` answers with the keys the query's filter selects there. Records are
 * stored as the schema says the columns hold them; a value that is no value of the attribute's
 * type is stored as NULL.
 *
 * @example
 * ```ts
 * const target = sqlTarget({ db: new Database(':memory:'), schema: schedulingSchema, entity: 'agent', mapping });
 * await assertAgreement({ schema: schedulingSchema, entity: 'agent', ...target, runs: 5, declared: sqliteFoldingDiffers });
 * await target.drop();
 * ```
 */
export function sqlTarget(options: SqlTargetOptions): SqlTarget {
  const { db: given, schema, entity, mapping: givenMapping, caseFolding, columnType } = readOptions('sqlTarget', options, ['db', 'schema', 'entity', 'mapping', 'caseFolding', 'columnType']);
  const { key = 'id' } = readTestingOptions('sqlTarget', options, { key: 'string' });
  if (columnType !== undefined && typeof columnType !== 'function') throw optionError('sqlTarget: columnType is a function of { table, column, attribute, type } that returns an SQL type or undefined.');
  entityArgument('sqlTarget', schema, entity);
  if (typeof given !== 'object' || given === null) throw optionError(`sqlTarget: db is a database connection (a better-sqlite3 Database, a PGlite instance, a node-postgres Client, …), not ${describeValue(given)}.`);
  let db: AnySqlDatabase;
  try {
    db = asSqlDatabase(given);
  } catch (error) {
    if (isTqlError(error)) throw error;
    throw optionError('sqlTarget: reading db threw an exception (a getter or a proxy trap); pass the connection itself.');
  }
  const mapping = defineSqlMapping(schema!, givenMapping ?? defaultMapping(schema!, entity!, key));
  const entry = (mapping as Record<string, SqlEntityMapping>)[entity!];
  if (entry === undefined) throw optionError(`sqlTarget: the mapping has no entry for ${entity}.`);
  const tables = temporaryTables(db, { schema: schema!, entity: entity!, mapping: entry, key, columnType, who: 'sqlTarget' });
  return {
    tables: tables.tables,
    load: async (records) => tables.load(ownElements('sqlTarget: the records to load', records) as object[]),
    run: async (query: ValidatedQuery) => {
      const where = compileSql(query, { dialect: db.sqlDialect, mapping, caseFolding });
      try {
        return await tables.keysWhere(where);
      } catch (error) {
        throw engineError('sqlTarget', 'running the filter', 'the SQL is compileSql\'s for the dialect of db: check that db is of that dialect and caseFolding fits the engine', error);
      }
    },
    drop: () => tables.drop(),
  };
}
