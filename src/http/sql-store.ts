/**
 * A {@link ListStore} over a SQL table: the filter from the SQL backend, keyset paging on
 * `(created_at, id)` in the database, one statement per page.
 */
import type { Scope } from '../backends/scope.js';
import { checkSqlMapping } from '../backends/sql/check-mapping.js';
import { readOptions } from '../errors/read-options.js';
import { compileScope, compileSql, type SqlStatement } from '../backends/sql/compile-sql.js';
import type { AnySqlDatabase } from '../backends/sql/database.js';
import type { CaseFolding, SqlDialect } from '../backends/sql/dialects.js';
import { entityMapping } from '../backends/sql/define-mapping.js';
import type { SqlMapping } from '../backends/sql/mapping.js';
import type { Schema } from '../schema/types.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import { missingCursor, pageOf } from './list-page.js';
import type { Direction, Keyed, ListStore, SortKey } from './list-store.js';
import { recordId, recordKey } from './record-key.js';
import { PAGE_COLUMNS, pageStatement, type PageStart, type PageTable } from './sql-page-statement.js';

/** Where {@link sqlListStore} reads: a database, the SQL mapping and the entity. */
export interface SqlListStoreOptions<T> {
  /** The database, in whose dialect (`db.sqlDialect`) every statement is written. */
  readonly db: AnySqlDatabase;
  readonly mapping: SqlMapping;
  /** The entity of `mapping` the store lists. */
  readonly entity: string;
  /** The column of Unix seconds the list is ordered by. Default `created_at`. */
  readonly createdAtColumn?: string | undefined;
  readonly caseFolding?: CaseFolding | undefined;
  /**
   * How a page's rows become records, in the page's own statement. Default: the row as it is
   * (`SELECT <table>.*`).
   */
  readonly record?: SqlRecordReader<T> | undefined;
  /**
   * The records with these ids, in any order (missing ones are left out): a second statement
   * per page, for records the page's statement cannot select. Takes the place of `record`.
   */
  readonly load?: ((ids: readonly string[]) => Promise<readonly T[]>) | undefined;
  /**
   * Field equalities every statement of the store ANDs first, outside the filter (see
   * `compileSql`): pages, cursor look-ups and the records see only the rows of the scope. A
   * `load` of your own should apply it too.
   */
  readonly scope?: Scope | undefined;
}

/**
 * A record read from its row in the statement of its page: the select list, and the record made
 * from a row of it. Collections can come in the same row as JSON arrays (`dialect.json`).
 *
 * @example
 * ```ts
 * const record: SqlRecordReader<Agent> = {
 *   select: (dialect, table) => `${table}.${dialect.quoteIdentifier('id')}, ${table}.${dialect.quoteIdentifier('name')}`,
 *   read: (row) => ({ id: row.id, name: row.name }) as Agent,
 * };
 * ```
 */
export interface SqlRecordReader<T> {
  /** The select list, over the entity's table by its quoted name `table`. Alias names starting with `tql_` are the store's. */
  select(dialect: SqlDialect, table: string): string;
  /** The record of one row of that select list. */
  read(row: Record<string, unknown>): T;
}

/** Every option of {@link sqlListStore}, read once as plain values. */
const SQL_STORE_OPTIONS = ['db', 'mapping', 'entity', 'createdAtColumn', 'caseFolding', 'record', 'load', 'scope'] as const;

/** The row as it is, without the columns the store adds. */
function plainRecord<T>(): SqlRecordReader<T> {
  return {
    select: (_, table) => `${table}.*`,
    read: (row) => {
      const { tql_key_id: _id, tql_key_at: _at, tql_cursor_at: _cursor, tql_behind: _behind, ...record } = row;
      return record as T;
    },
  };
}

/**
 * A list store over the entity's table: the filter from `compileSql`, keyset paging on
 * `(created_at, id)` in SQL. A page is one statement: its rows (collections included, through
 * `record`), the cursor's place and whether the list goes on either side.
 *
 * @example
 * ```ts
 * const store = sqlListStore({ db: sqlDatabase(pglite), mapping: schedulingSqlMapping, entity: 'agent' });
 * const agents = createListEndpoint({ schema: schedulingSchema, entity: 'agent', store });
 *
 * // One tenant's rows only, whatever the filter (build the store per request, from the session):
 * const tenantStore = sqlListStore({ db: sqlDatabase(pglite), mapping: schedulingSqlMapping, entity: 'agent', scope: { tenant_id: session.tenant } });
 * ```
 */
export function sqlListStore<T = Record<string, unknown>>(given: SqlListStoreOptions<T>): ListStore<T> {
  const options = readOptions('sqlListStore', given, SQL_STORE_OPTIONS) as SqlListStoreOptions<T>;
  const { db, mapping, entity } = options;
  const dialect = db.sqlDialect;
  const table = entityMapping(mapping, entity);
  const q = dialect.quoteIdentifier;
  const from = q(table.table);
  // Checked now, so that a bad scope fails when the store is made rather than on a request.
  const scope = compileScope(entity, { dialect, mapping, scope: options.scope });
  const place: PageTable = { dialect, from, key: q(table.key), createdAt: q(options.createdAtColumn ?? 'created_at'), scope };
  const load = options.load;
  const reader = options.record ?? plainRecord<T>();
  // With a loader the page's statement reads the keys only.
  const select = load === undefined ? reader.select(dialect, from) : place.key;

  const everything: SqlStatement = scope ?? { text: '1 = 1', values: [] };
  // check() hands out the same query object for the same text from its cache, so a filter
  // requested again is compiled once; the statements are never changed, only read.
  const compiled = new WeakMap<ValidatedQuery, SqlStatement>();
  const where = (query: ValidatedQuery | undefined): SqlStatement => {
    if (query === undefined) return everything;
    let statement = compiled.get(query);
    if (statement === undefined) {
      statement = compileSql(query, { dialect, mapping, caseFolding: options.caseFolding, scope: options.scope });
      compiled.set(query, statement);
    }
    return statement;
  };

  /** The page's rows as records with their keys (the empty row of a cursor page with no rows left out). */
  const records = async (rows: readonly Record<string, unknown>[]): Promise<Keyed<T>[]> => {
    const keyed: { key: SortKey; row: Record<string, unknown> }[] = [];
    for (const row of rows) {
      if (row[PAGE_COLUMNS.id] === null || row[PAGE_COLUMNS.id] === undefined) continue;
      keyed.push({ key: recordKey({ id: row[PAGE_COLUMNS.id], created_at: row[PAGE_COLUMNS.createdAt] }, `row ${keyed.length} of ${table.table}`), row });
    }
    if (load === undefined) return keyed.map(({ key, row }) => ({ key, record: reader.read(row) }));
    if (keyed.length === 0) return [];
    const byId = new Map((await load(keyed.map((k) => k.key.id))).map((r) => [recordId(r, 'a loaded record'), r]));
    return keyed.flatMap(({ key }): Keyed<T>[] => {
      const record = byId.get(key.id);
      return record === undefined ? [] : [{ key, record }];
    });
  };

  const store: ListStore<T> = {
    async keyOf(recordId) {
      const inScope = scope === undefined ? '' : `${scope.text} AND `;
      const values = [...(scope?.values ?? []), recordId];
      const rows = await db.all({ text: `SELECT ${place.key} AS ${q('id')}, ${place.createdAt} AS ${q('created_at')} FROM ${from} WHERE ${inScope}${place.key} = ${dialect.placeholder(values.length)}`, values });
      return rows[0] === undefined ? undefined : recordKey(rows[0], `the row with id ${JSON.stringify(recordId)}`);
    },
    async page(query, window) {
      const start: PageStart = window.from === undefined ? { kind: 'end' } : { kind: 'key', key: window.from };
      return records(await db.all(pageStatement(place, { where: where(query), select, start, direction: window.direction, limit: window.limit })));
    },
    async readPage(query, cursor, limit) {
      if (cursor === undefined) {
        const rows = await db.all(pageStatement(place, { where: where(query), select, start: { kind: 'end' }, direction: 'older', limit: limit + 1 }));
        return pageOf(await records(rows), limit, 'older', undefined);
      }
      const direction: Direction = cursor.kind === 'starting_after' ? 'older' : 'newer';
      const rows = await db.all(pageStatement(place, { where: where(query), select, start: { kind: 'record', id: cursor.id }, direction, limit: limit + 1 }));
      const first = rows[0];
      if (first === undefined || first[PAGE_COLUMNS.cursorAt] === null || first[PAGE_COLUMNS.cursorAt] === undefined) throw missingCursor(cursor);
      const behind = first[PAGE_COLUMNS.behind] === true || Number(first[PAGE_COLUMNS.behind]) === 1;
      return pageOf(await records(rows), limit, direction, { behind, store, query });
    },
  };
  return store;
}

/** What {@link openSqlListStore} needs beyond {@link SqlListStoreOptions}: the schema to check the mapping with. */
export interface OpenSqlListStoreOptions<T> extends SqlListStoreOptions<T> {
  readonly schema: Schema;
  /** Accept NUMERIC/DECIMAL columns for Number attributes (see `checkSqlMapping`). Default false. */
  readonly acceptDecimal?: boolean | undefined;
}

/**
 * {@link sqlListStore}, once the database's catalog says the entity's tables fit the mapping
 * (`checkSqlMapping` for this entity, the list order column included): call it at start-up, so a
 * column of another type is a `mapping_mismatch` error before the first request rather than
 * wrong pages, and no request pays for the check.
 *
 * @example
 * ```ts
 * const store = await openSqlListStore({ db: sqlDatabase(pglite), schema: schedulingSchema, mapping: schedulingSqlMapping, entity: 'agent' });
 * const agents = createListEndpoint({ schema: schedulingSchema, entity: 'agent', store });
 * ```
 */
export async function openSqlListStore<T = Record<string, unknown>>(given: OpenSqlListStoreOptions<T>): Promise<ListStore<T>> {
  const options = readOptions('openSqlListStore', given, [...SQL_STORE_OPTIONS, 'schema', 'acceptDecimal']) as OpenSqlListStoreOptions<T>;
  const { db, schema, mapping, entity } = options;
  await checkSqlMapping(db, schema, mapping, { entities: [entity], listOrder: options.createdAtColumn ?? 'created_at', acceptDecimal: options.acceptDecimal });
  return sqlListStore(options);
}
