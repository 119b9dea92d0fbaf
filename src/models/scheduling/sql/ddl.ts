/** CREATE TABLE statements for the scheduling tables, per dialect, rendered from `tables.ts`. */
import { resolveDialect, SQL_DIALECTS, type CaseFolding, type SqlDialect, type SqlDialectName } from '../../../backends/sql/dialects.js';
import { indexAdvice } from '../../../backends/sql/index-advice.js';
import { schedulingSchema } from '../schema.js';
import { schedulingSqlMapping } from './mapping.js';
import { SCHEDULING_TABLES, type TableSpec } from './tables.js';

/**
 * The DDL of one table: `CREATE TABLE` and its indexes.
 *
 * @example
 * ```ts
 * createTableSql('sqlite', { name: 'note', columns: [{ name: 'id', type: 'text' }, { name: 'body', type: 'text' }], primaryKey: ['id'] });
 * // CREATE TABLE "note" ("id" TEXT NOT NULL, "body" TEXT, PRIMARY KEY ("id"));
 * ```
 */
export function createTableSql(dialect: SqlDialect | SqlDialectName, table: TableSpec): string {
  const { quoteIdentifier: q, ddl } = resolveDialect(dialect);
  const columns = table.columns.map((c) => {
    const parts = [q(c.name), ddl.types[c.type]];
    const primary = table.primaryKey.includes(c.name);
    const parent = table.parent?.column === c.name ? table.parent : undefined;
    if (primary) parts.push('NOT NULL');
    // Where cascading is refused (DuckDB), the tables are loaded, not edited.
    if (parent !== undefined) parts.push(`REFERENCES ${q(parent.table)} (${q(parent.key)})${ddl.cascadingDeletes ? ' ON DELETE CASCADE' : ''}`);
    if (ddl.checkBooleans && c.type === 'boolean') parts.push(`CHECK (${q(c.name)} IN (0, 1))`);
    return parts.join(' ');
  });
  columns.push(`PRIMARY KEY (${table.primaryKey.map(q).join(', ')})`);
  const statements = [`CREATE TABLE ${q(table.name)} (\n  ${columns.join(',\n  ')}\n)${ddl.tableOptions};`];
  for (const index of table.indexes ?? []) {
    const name = q(`${table.name}_${index.join('_')}_idx`);
    statements.push(`CREATE INDEX ${name} ON ${q(table.name)} (${index.map(q).join(', ')});`);
  }
  return statements.join('\n');
}

/**
 * The whole script of {@link schedulingDdl} for any dialect, built-in or your own; its LIKE
 * indexes hold the expression LIKE is compiled to under `caseFolding` (default `database`).
 *
 * @example
 * ```ts
 * // For a server whose lists compile LIKE under the `unicode` folding (the ICU root collation):
 * await db.exec(schedulingScript(SQL_DIALECTS.postgres, 'unicode'));
 * ```
 */
export function schedulingScript(dialect: SqlDialect, caseFolding?: CaseFolding): string {
  const tables = SCHEDULING_TABLES.map((t) => createTableSql(dialect, t)).join('\n\n');
  return `${tables}\n\n${schedulingIndexes(dialect, caseFolding).join('\n')}`;
}

/**
 * The indexes of the scheduling tables: {@link indexAdvice} for `schedulingSchema` and its SQL
 * mapping, so every filterable attribute and the list order are answered from an index, LIKE
 * under the `caseFolding` the lists are compiled with (default `database`).
 *
 * @example
 * ```ts
 * schedulingIndexes('sqlite')[0]; // 'CREATE INDEX IF NOT EXISTS "scheduling_request_appointment_type_id_idx" …'
 * schedulingIndexes('postgres', 'unicode').find((s) => s.includes('end_user_name_unicode_trgm'));
 * // … USING gin ((lower("end_user_name" COLLATE "und-x-icu")) gin_trgm_ops);
 * ```
 */
export function schedulingIndexes(dialect: SqlDialect | SqlDialectName, caseFolding?: CaseFolding): string[] {
  return indexAdvice(schedulingSchema, { dialect, mapping: schedulingSqlMapping, caseFolding });
}

/**
 * The whole scheduling schema per dialect: tables for agents, teams, resources, scheduling
 * requests and the requests' associated entities, resources / scheduled agents and guests, and
 * the indexes of {@link schedulingIndexes}. On PostgreSQL it creates the `pg_trgm` extension for
 * the LIKE indexes (PGlite: `PGlite.create({ extensions: { pg_trgm } })`).
 *
 * @example
 * ```ts
 * new Database(':memory:').exec(schedulingDdl.sqlite);
 * // The postgres script creates trigram indexes for LIKE: load pg_trgm (in PGlite, its contrib module).
 * await (await PGlite.create({ extensions: { pg_trgm } })).exec(schedulingDdl.postgres);
 * ```
 */
export const schedulingDdl: { readonly [D in SqlDialectName]: string } = lazyScripts();

/** Each dialect's script written when first read, not on import (cold start). */
function lazyScripts(): { readonly [D in SqlDialectName]: string } {
  const written: Partial<Record<SqlDialectName, string>> = {};
  const scripts = {} as { [D in SqlDialectName]: string };
  for (const dialect of Object.keys(SQL_DIALECTS) as SqlDialectName[]) {
    Object.defineProperty(scripts, dialect, { enumerable: true, get: () => (written[dialect] ??= schedulingScript(SQL_DIALECTS[dialect])) });
  }
  return Object.freeze(scripts);
}

/**
 * DROP statements for every scheduling table, children first, in the dialect's quoting; safe
 * when the tables do not exist.
 */
export function dropSchedulingTablesScript(dialect: SqlDialect | SqlDialectName): string {
  const q = resolveDialect(dialect).quoteIdentifier;
  return [...SCHEDULING_TABLES]
    .reverse()
    .map((t) => `DROP TABLE IF EXISTS ${q(t.name)};`)
    .join('\n');
}

/** DROP statements for every scheduling table, children first; safe when they do not exist. PostgreSQL, SQLite and DuckDB. */
export const dropSchedulingTablesSql = dropSchedulingTablesScript('postgres');
