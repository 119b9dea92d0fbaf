/**
 * The one statement a SQL list page takes: the page's rows (with `limit + 1` to know whether
 * the list goes on), the cursor's place in the list read by a subquery, and whether matching
 * rows lie on the cursor's other side, so that a page and both its links cost one round trip.
 */
import type { SqlStatement } from '../backends/sql/compile-sql.js';
import type { SqlDialect } from '../backends/sql/dialects.js';
import type { Direction, SortKey } from './list-store.js';

/** The columns of a page's rows that the store adds to the record's own. */
export const PAGE_COLUMNS = {
  /** The row's id, for its sort key. */
  id: 'tql_key_id',
  /** The row's `created_at`, for its sort key. */
  createdAt: 'tql_key_at',
  /** The cursor record's `created_at`; NULL when there is no such record. */
  cursorAt: 'tql_cursor_at',
  /** Whether matching rows lie beyond the cursor, on the side away from the page (the cursor included). */
  behind: 'tql_behind',
} as const;

/** The store's column names, quoted for `dialect`. */
function quotedColumns(dialect: SqlDialect): { readonly [K in keyof typeof PAGE_COLUMNS]: string } {
  const q = dialect.quoteIdentifier;
  return { id: q(PAGE_COLUMNS.id), createdAt: q(PAGE_COLUMNS.createdAt), cursorAt: q(PAGE_COLUMNS.cursorAt), behind: q(PAGE_COLUMNS.behind) };
}

/** Where and how a list store reads: quoted names and the dialect. */
export interface PageTable {
  readonly dialect: SqlDialect;
  /** The quoted table name. */
  readonly from: string;
  /** The quoted key column. */
  readonly key: string;
  /** The quoted column of the list order. */
  readonly createdAt: string;
  /** The scope alone, as a WHERE expression; undefined without a scope. */
  readonly scope: SqlStatement | undefined;
}

/**
 * Where a page starts: at the end of the list in its direction, past a record named by a cursor
 * (whose place the statement reads), or past a sort key already known.
 */
export type PageStart = { readonly kind: 'end' } | { readonly kind: 'record'; readonly id: string } | { readonly kind: 'key'; readonly key: SortKey };

/** A page to read: the filter (scope included), the select list, where it starts, which way and how many rows. */
export interface PageRequest {
  readonly where: SqlStatement;
  /** The select list of the record's own columns, over the table by its name. */
  readonly select: string;
  readonly start: PageStart;
  readonly direction: Direction;
  /** Rows to read (the page size plus one, to know whether the list goes on). */
  readonly limit: number;
}

/**
 * The statement of one page. From a record, it is a one-row table of the record's `created_at`
 * and the probe, joined to the page, so that an empty page still answers whether the record
 * exists; otherwise the page alone.
 *
 * @example
 * ```ts
 * pageStatement(table, { where: { text: '"role" = $1', values: ['User'] }, select: '"agents".*', start: { kind: 'end' }, direction: 'older', limit: 21 });
 * // SELECT "agents".*, "id" AS "tql_key_id", … WHERE "role" = $1 ORDER BY "created_at" DESC, "id" COLLATE "C" DESC LIMIT $2
 * ```
 */
export function pageStatement(table: PageTable, request: PageRequest): SqlStatement {
  const { dialect, from, key, createdAt } = table;
  const { start } = request;
  const w = writer(dialect, request.where, table.scope);
  const id = `${key}${dialect.bytewise}`;
  const older = request.direction === 'older';
  const order = older ? 'DESC' : 'ASC';
  const [beyond, behind]: readonly [KeysetOperator, KeysetOperator] = older ? ['<', '>='] : ['>', '<='];
  const c = quotedColumns(dialect);
  const columns = `${request.select}, ${key} AS ${c.id}, ${createdAt} AS ${c.createdAt}`;
  const sorted = `ORDER BY ${createdAt} ${order}, ${id} ${order}`;
  const limit = w.param(request.limit);
  const first = () => dialect.limitRows(limit());
  if (start.kind === 'end') {
    return { text: `SELECT ${columns} FROM ${from} WHERE ${w.where()} ${sorted} ${first()}`, values: w.values };
  }
  if (start.kind === 'key') {
    // A row comparison: the engine reads it as a bound on an index over (created_at, id) with
    // the same collation on id, so a page deep in the list costs what the first one does.
    const at = w.param(start.key.createdAt);
    const past = w.param(start.key.id);
    return { text: `SELECT ${columns} FROM ${from} WHERE ${w.where()} AND ${keyset(dialect, [createdAt, id], beyond, [at, past])} ${sorted} ${first()}`, values: w.values };
  }
  const cursorId = w.param(start.id);
  const scoped = () => (table.scope === undefined ? '' : `${w.scope()} AND `);
  const cursorAt = () => `(SELECT ${createdAt} FROM ${from} WHERE ${scoped()}${key} = ${cursorId()})`;
  const text =
    `SELECT m.${c.cursorAt}, m.${c.behind}, p.* FROM (SELECT ${cursorAt()} AS ${c.cursorAt}, ` +
    `${dialect.conditionValue(`EXISTS (SELECT 1 FROM ${from} WHERE ${w.where()} AND ${keyset(dialect, [createdAt, id], behind, [cursorAt, cursorId])})`)} AS ${c.behind}) m ` +
    `LEFT JOIN (SELECT ${columns} FROM ${from} WHERE ${w.where()} AND ${keyset(dialect, [createdAt, id], beyond, [cursorAt, cursorId])} ${sorted} ${first()}) p ON 1 = 1 ` +
    `ORDER BY p.${c.createdAt} ${order}, p.${c.id}${dialect.bytewise} ${order}`;
  return { text, values: w.values };
}

/** A keyset bound's comparison: beyond the key (`<`, `>`) or at it and behind (`>=`, `<=`). */
type KeysetOperator = '<' | '>' | '<=' | '>=';

/**
 * `(a, b) op (x, y)` over the list order, as a row comparison where the dialect has them, else
 * written out: `a < x OR (a = x AND b op y)` (`a > x …` for `>` and `>=`). Each value is a
 * function, called once for each place it stands in, so positional placeholders bind it again.
 *
 * @example
 * ```ts
 * keyset(postgres, ['"created_at"', '"id"'], '<', [() => '$1', () => '$2']); // '("created_at", "id") < ($1, $2)'
 * ```
 */
function keyset(dialect: SqlDialect, [a, b]: readonly [string, string], op: KeysetOperator, [x, y]: readonly [() => string, () => string]): string {
  if (dialect.rowValues) return `(${a}, ${b}) ${op} (${x()}, ${y()})`;
  const strict = op.startsWith('<') ? '<' : '>';
  return `(${a} ${strict} ${x()} OR (${a} = ${x()} AND ${b} ${op} ${y()}))`;
}

/**
 * Writes placeholders left to right. Numbered ones (`$1`) let a value stand in several places,
 * so the filter's and the scope's are bound once (the scope's are the filter's first); with
 * positional ones (`?`) every place binds its values again.
 */
function writer(dialect: SqlDialect, where: SqlStatement, scope: SqlStatement | undefined) {
  const numbered = dialect.placeholder(1) !== dialect.placeholder(2);
  const values: unknown[] = numbered ? [...where.values] : [];
  return {
    values,
    where(): string {
      if (!numbered) values.push(...where.values);
      return where.text;
    },
    scope(): string {
      if (!numbered) values.push(...scope!.values);
      return scope!.text;
    },
    /** A value's placeholder, for each place it stands in. */
    param(value: unknown): () => string {
      if (!numbered) {
        return () => {
          values.push(value);
          return dialect.placeholder(values.length);
        };
      }
      values.push(value);
      const placeholder = dialect.placeholder(values.length);
      return () => placeholder;
    },
  };
}
