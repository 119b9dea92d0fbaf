/**
 * A {@link ListStore} over a SQL table: the filter from the SQL backend, keyset paging on
 * `(created_at, id)` in the database, then the page's records loaded by id.
 */
import type { Scope } from '../backends/scope.js';
import { checkSqlMapping } from '../backends/sql/check-mapping.js';
import { compileScope, compileSql, type SqlStatement } from '../backends/sql/compile-sql.js';
import type { SqlDatabase } from '../backends/sql/database.js';
import { resolveDialect, type CaseFolding } from '../backends/sql/dialects.js';
import { entityMapping } from '../backends/sql/define-mapping.js';
import type { SqlMapping } from '../backends/sql/mapping.js';
import type { Schema } from '../schema/types.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import type { Keyed, ListStore, PageWindow, SortKey } from './list-store.js';
import { recordId, recordKey } from './record-key.js';

/** Where {@link sqlListStore} reads: a database, the SQL mapping and the entity. */
export interface SqlListStoreOptions<T> {
  readonly db: SqlDatabase;
  readonly mapping: SqlMapping;
  /** The entity of `mapping` the store lists. */
  readonly entity: string;
  /** The column of Unix seconds the list is ordered by. Default `created_at`. */
  readonly createdAtColumn?: string | undefined;
  readonly caseFolding?: CaseFolding | undefined;
  /**
   * The records with these ids, in any order (missing ones are left out). Default: the rows of
   * the entity's table as they are (`SELECT *`).
   */
  readonly load?: ((ids: readonly string[]) => Promise<readonly T[]>) | undefined;
  /**
   * Field equalities every statement of the store ANDs first, outside the filter (see
   * `compileSql`): pages, cursor look-ups and the default `load` see only the rows of the
   * scope. A `load` of your own should apply it too.
   */
  readonly scope?: Scope | undefined;
}


/**
 * A list store over the entity's table: the filter from `compileSql`, keyset paging on
 * `(created_at, id)` in SQL, then each page's records loaded by id with `load`.
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
export function sqlListStore<T = Record<string, unknown>>(options: SqlListStoreOptions<T>): ListStore<T> {
  const { db, mapping, entity } = options;
  const dialect = resolveDialect(db.dialect);
  const table = entityMapping(mapping, entity);
  const q = dialect.quoteIdentifier;
  const from = q(table.table);
  const key = q(table.key);
  // Ids compare by bytes, so the order is the same on every engine and in memory.
  const id = `${key}${dialect.bytewise}`;
  const createdAt = q(options.createdAtColumn ?? 'created_at');
  // Checked now, so that a bad scope fails when the store is made rather than on a request.
  const scope = compileScope(entity, { dialect, mapping, scope: options.scope });
  const load = options.load ?? ((ids) => loadRows<T>(db, from, key, ids, scope));

  return {
    async keyOf(recordId) {
      const inScope = scope === undefined ? '' : `${scope.text} AND `;
      const values = [...(scope?.values ?? []), recordId];
      const rows = await db.all({ text: `SELECT ${key} AS "id", ${createdAt} AS "created_at" FROM ${from} WHERE ${inScope}${key} = ${dialect.placeholder(values.length)}`, values });
      return rows[0] === undefined ? undefined : recordKey(rows[0], `the row with id ${JSON.stringify(recordId)}`);
    },
    async page(query, window) {
      const keys = (await db.all(pageStatement(query, window))).map((row, i) => recordKey(row, `row ${i} of ${table.table}`));
      if (keys.length === 0) return [];
      const byId = new Map((await load(keys.map((k) => k.id))).map((r) => [recordId(r, 'a loaded record'), r]));
      return keys.flatMap((k): Keyed<T>[] => {
        const record = byId.get(k.id);
        return record === undefined ? [] : [{ key: k, record }];
      });
    },
  };

  function pageStatement(query: ValidatedQuery | undefined, window: PageWindow): SqlStatement {
    const where =
      query === undefined
        ? (scope ?? { text: '1 = 1', values: [] as unknown[] })
        : compileSql(query, { dialect, mapping, caseFolding: options.caseFolding, scope: options.scope });
    const values = [...where.values];
    const bind = (value: unknown) => {
      values.push(value);
      return dialect.placeholder(values.length);
    };
    const conditions = [where.text];
    const older = window.direction === 'older';
    if (window.from !== undefined) conditions.push(beyond(window.from, older ? '<' : '>', bind));
    const order = older ? 'DESC' : 'ASC';
    const text = `SELECT ${key} AS "id", ${createdAt} AS "created_at" FROM ${from} WHERE ${conditions.join(' AND ')} ORDER BY ${createdAt} ${order}, ${id} ${order} LIMIT ${bind(window.limit)}`;
    return { text, values };
  }

  /**
   * Rows strictly past `k` in the direction of `op` (`<` down the list, `>` up), as a row
   * comparison: the engine reads it as a bound on an index over `(created_at, id)` (with the same
   * collation on id), so a page deep in the list costs what the first one does. The equivalent
   * `created_at < $1 OR (created_at = $1 AND id < $2)` is a filter over every row before it.
   */
  function beyond(k: SortKey, op: '<' | '>', bind: (value: unknown) => string): string {
    return `(${createdAt}, ${id}) ${op} (${bind(k.createdAt)}, ${bind(k.id)})`;
  }
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
export async function openSqlListStore<T = Record<string, unknown>>(options: OpenSqlListStoreOptions<T>): Promise<ListStore<T>> {
  const { db, schema, mapping, entity } = options;
  await checkSqlMapping(db, schema, mapping, { entities: [entity], listOrder: options.createdAtColumn ?? 'created_at', acceptDecimal: options.acceptDecimal });
  return sqlListStore(options);
}

/** The rows with these ids; under a scope, only the scope's (which also keeps a distributed query on one shard). */
async function loadRows<T>(db: SqlDatabase, from: string, key: string, ids: readonly string[], scope: SqlStatement | undefined): Promise<T[]> {
  const dialect = resolveDialect(db.dialect);
  const first = scope?.values.length ?? 0;
  const list = ids.map((_, i) => dialect.placeholder(first + i + 1)).join(', ');
  const inScope = scope === undefined ? '' : `${scope.text} AND `;
  return db.all<T>({ text: `SELECT * FROM ${from} WHERE ${inScope}${key} IN (${list})`, values: [...(scope?.values ?? []), ...ids] });
}
