/**
 * A {@link ListStore} over a SQL table: the filter from the SQL backend, keyset paging in any
 * list order in the database, one statement per page (two for an empty page going forward).
 */
import type { Scope } from '../backends/scope.js';
import { checkSqlMapping } from '../backends/sql/check-mapping.js';
import { compileScope, compileSql, type SqlStatement } from '../backends/sql/compile-sql.js';
import type { AnySqlDatabase } from '../backends/sql/database.js';
import { entityMapping } from '../backends/sql/define-mapping.js';
import type { CaseFolding, SqlDialect } from '../backends/sql/dialects.js';
import type { SqlMapping } from '../backends/sql/mapping.js';
import { sortColumns } from '../backends/sql/sort-sql.js';
import { describeValue } from '../errors/describe-value.js';
import { readOptions } from '../errors/read-options.js';
import { inputError, optionError } from '../errors/tql-error.js';
import type { Entity, Schema } from '../schema/types.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import { isSortable, sortValueReader, type ListKey, type ListOrder } from './list-order.js';
import { pageOf, type BehindPage } from './list-page.js';
import type { Direction, Keyed, ListStore, Page, PageRequest } from './list-store.js';
import { countStatement, PAGE_COLUMNS, pageStatement, placeStatement, sortValueColumn, type PageTable, type SqlOrder, type SqlPageStart } from './sql-page-statement.js';

/** Where {@link sqlListStore} reads: a database, the SQL mapping and the entity. */
export interface SqlListStoreOptions<T> {
  /** The database, in whose dialect (`db.sqlDialect`) every statement is written. */
  readonly db: AnySqlDatabase;
  readonly mapping: SqlMapping;
  /** The entity of `mapping` the store lists. */
  readonly entity: string;
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
const SQL_STORE_OPTIONS = ['db', 'mapping', 'entity', 'caseFolding', 'record', 'load', 'scope'] as const;

/** The columns the store adds to a row: its sort values and the page's facts. */
const STORE_COLUMN = /^tql_(row|found|behind|count|s[0-9]+)$/;

/** The row as it is, without the columns the store adds. */
/**
 * Throws unless `db` is a `SqlDatabase`, `load` a function and `record` a reader (a `select` and
 * a `read` function), where given: what the store calls, checked when it is made.
 */
function checkStoreParts(fn: string, options: Pick<SqlListStoreOptions<unknown>, 'db' | 'load' | 'record'>): void {
  const { db, load, record } = options as { db: unknown; load: unknown; record: unknown };
  const dbParts = typeof db === 'object' && db !== null ? readOptions(fn, db as { all?: unknown; sqlDialect?: unknown }, ['all', 'sqlDialect']) : undefined;
  if (dbParts === undefined || typeof dbParts.all !== 'function' || typeof dbParts.sqlDialect !== 'object' || dbParts.sqlDialect === null) {
    throw optionError(`${fn}: db is a SqlDatabase (sqlDatabase(driver), pgDatabase(client), …), not ${describeValue(db)}.`);
  }
  if (load !== undefined && typeof load !== 'function') throw optionError(`${fn}: load is a function (ids) → the records with those ids, not ${describeValue(load)}.`);
  const reader = typeof record === 'object' && record !== null ? readOptions(fn, record as { select?: unknown; read?: unknown }, ['select', 'read']) : undefined;
  if (record !== undefined && (reader === undefined || typeof reader.select !== 'function' || typeof reader.read !== 'function')) {
    throw optionError(`${fn}: record is a reader { select(dialect, table), read(row) }, not ${describeValue(record)}.`);
  }
}

function plainRecord<T>(): SqlRecordReader<T> {
  return {
    select: (_, table) => `${table}.*`,
    read: (row) => Object.fromEntries(Object.entries(row).filter(([name]) => !STORE_COLUMN.test(name))) as T,
  };
}

/** Whether a driver's value of a condition is true (PostgreSQL and DuckDB booleans; 1 elsewhere). */
const isTrue = (value: unknown) => value === true || Number(value) === 1;

/**
 * A list store over the entity's table: the filter from `compileSql`, keyset paging in SQL in
 * the order each request asks for (the record's key last). A page is one statement: its rows
 * (collections included, through `record`), the cursor's place, whether the list goes on either
 * side and, on request, the count; an empty page going forward reads its link to the last page
 * with a second. Keys are ordered as `compareListOrder` orders them: instants by
 * whole second in any column storage, texts by code point, no value last in both directions.
 * Pages fail with a `TqlError` (`invalid_input`) on a row without a key or two rows with one key
 * (the endpoint answers 500), and with `invalid_option` for a sort the engine cannot order
 * exactly (`openSqlListStore` says so at start-up instead).
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
  checkStoreParts('sqlListStore', options);
  const dialect = db.sqlDialect;
  const tableMapping = entityMapping(mapping, entity);
  const from = dialect.quoteIdentifier(tableMapping.table);
  // Checked now, so that a bad scope fails when the store is made rather than on a request.
  const scope = compileScope(entity, { dialect, mapping, scope: options.scope });
  const table: PageTable = { dialect, from, scope };
  const load = options.load;
  const reader = options.record ?? plainRecord<T>();
  // With a loader the page's statement reads the keys only.
  const select = load === undefined ? reader.select(dialect, from) : '';

  const everything: SqlStatement = scope ?? { text: '1 = 1', values: [] };
  // check() hands out the same query object for the same text from its cache, and the endpoint
  // the same order object for the same sort: each is compiled once, and only read afterwards.
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
  const orders = new WeakMap<ListOrder, SqlOrder>();
  const sqlOrder = (order: ListOrder): SqlOrder => {
    let found = orders.get(order);
    if (found === undefined) {
      const columns = sortColumns(order.keys.map((k) => k.attribute), tableMapping, dialect);
      if ('refused' in columns) throw optionError(`sqlListStore cannot ${columns.refused}.`);
      orders.set(order, (found = { columns: columns.columns, descending: order.keys.map((k) => k.descending) }));
    }
    return found;
  };

  /** A row's place in the order, from its sort value columns. */
  const keyOfRow = (order: SqlOrder, row: Record<string, unknown>, what: string): ListKey => {
    const values = order.columns.map((c, i) => c.read(row[sortValueColumn(i)]));
    const id = values.at(-1);
    if (id === null || id === undefined) throw inputError(`A list needs the key of every record, of the kind the key declares; ${what} of ${tableMapping.table} has none.`);
    return { values, id: String(id) };
  };

  /** The page's rows as records with their keys (the empty row of a page joined to its facts left out). */
  const records = async (order: ListOrder, rows: readonly Record<string, unknown>[]): Promise<Keyed<T>[]> => {
    const o = sqlOrder(order);
    const keyed: { key: ListKey; row: Record<string, unknown> }[] = [];
    for (const row of rows) {
      // Only a page joined to its facts marks its rows; its empty row has the mark NULL.
      if (row[PAGE_COLUMNS.row] === null) continue;
      const key = keyOfRow(o, row, `row ${keyed.length}`);
      const before = keyed.at(-1)?.key;
      if (before !== undefined && before.values.at(-1) === key.values.at(-1)) {
        throw inputError(`A list needs a different key on every record; two rows of ${tableMapping.table} have the key ${JSON.stringify(key.id)}.`);
      }
      keyed.push({ key, row });
    }
    if (load === undefined) return keyed.map(({ key, row }) => ({ key, record: reader.read(row) }));
    if (keyed.length === 0) return [];
    const keyAttribute = order.keys.at(-1)!.attribute;
    const readKey = sortValueReader(keyAttribute);
    const field = keyAttribute.source.kind === 'field' ? keyAttribute.source.field : keyAttribute.name;
    const loaded = await load(keyed.map((k) => k.key.id));
    const byId = new Map(loaded.map((r) => [String(readKey((r as Record<string, unknown>)[field])), r]));
    return keyed.flatMap(({ key }): Keyed<T>[] => {
      const record = byId.get(key.id);
      return record === undefined ? [] : [{ key, record }];
    });
  };

  const statement = (request: PageRequest, start: SqlPageStart | undefined, direction: Direction) =>
    pageStatement(table, { where: where(request.query), select, order: sqlOrder(request.order), direction, start, rows: request.limit + 1, facts: start !== undefined, count: request.count });

  const store: ListStore<T> = {
    async readPage(request) {
      const { cursor, limit, order, query } = request;
      const count = (rows: readonly Record<string, unknown>[]) => (request.count ? Number(rows[0]?.[PAGE_COLUMNS.count] ?? 0) : undefined);
      if (cursor === undefined) {
        const rows = await db.all(statement(request, undefined, 'forward'));
        return { ...(await pageOf(await records(order, rows), limit, 'forward', undefined)), totalCount: count(rows) };
      }
      const { direction } = cursor;
      const start: SqlPageStart = cursor.start.kind === 'record' ? { kind: 'record', id: cursor.start.id } : { kind: 'key', values: cursor.start.key.values };
      const rows = await db.all(statement(request, start, direction));
      const facts = rows[0];
      if (facts === undefined || facts[PAGE_COLUMNS.found] === null || facts[PAGE_COLUMNS.found] === undefined) return undefined;
      const behind = isTrue(facts[PAGE_COLUMNS.behind]);
      const items = await records(order, rows);
      const other: BehindPage<T> = { behind, store, query, order };
      const page: Page<T> = await pageOf(items, limit, direction, other);
      return { ...page, totalCount: count(rows) };
    },
    async keyOf(id, order) {
      const [row] = await db.all(placeStatement(table, sqlOrder(order), id));
      return row === undefined ? undefined : keyOfRow(sqlOrder(order), row, `the row with key ${JSON.stringify(id)}`);
    },
    async page(query, window) {
      const start: SqlPageStart | undefined = window.from === undefined ? undefined : { kind: 'key', values: window.from.values };
      const rows = await db.all(pageStatement(table, { where: where(query), select, order: sqlOrder(window.order), direction: window.direction, start, rows: window.limit, facts: false, count: false }));
      return records(window.order, rows);
    },
    async count(query) {
      const [row] = await db.all(countStatement(table, where(query)));
      return Number(row?.[PAGE_COLUMNS.count] ?? 0);
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
 * (`checkSqlMapping` for this entity: the key column and every attribute's columns) and the
 * engine can order every sortable attribute exactly: call it at start-up, so a column of another
 * type is a `mapping_mismatch` error and a sort the engine cannot order an `invalid_option`
 * error before the first request rather than wrong pages, and no request pays for the check.
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
  checkStoreParts('openSqlListStore', options);
  await checkSqlMapping(db, schema, mapping, { entities: [entity], acceptDecimal: options.acceptDecimal });
  const e = (schema.entities as Record<string, Entity>)[entity]!;
  const tableMapping = entityMapping(mapping, entity);
  const refusals = e.attributeNames.flatMap((name) => {
    const attribute = e.attributes[name]!;
    if (!isSortable(attribute)) return [];
    const columns = sortColumns([attribute], tableMapping, db.sqlDialect);
    return 'refused' in columns ? [columns.refused] : [];
  });
  if (refusals.length > 0) throw optionError(`openSqlListStore: ${db.sqlDialect.title} cannot order lists of ${entity} by ${refusals.join('; by ')}.`);
  return sqlListStore(options);
}
