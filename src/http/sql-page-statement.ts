/**
 * The statements of a SQL list store, one per read: a page's rows in any list order (with
 * `limit + 1` to know whether the list goes on), the cursor's place read by subqueries, whether
 * matching rows lie on the cursor's other side, and the count, so that a page, both its links and
 * its count cost one round trip. Only an empty page going forward takes a second statement, for
 * its link to the last page: written into every cursor page's statement, that look-up cost more
 * than the page itself.
 */
import type { SqlStatement } from '../backends/sql/sql-statement.js';
import { exactOperand, type SqlDialect } from '../backends/sql/dialects.js';
import { orderItems, orderable, type SortColumn } from '../backends/sql/sort-sql.js';
import type { SortValue } from './list-order.js';
import type { Direction } from './list-store.js';

/** The columns the store adds to a row: `tql_s0…` the sort values, and the page's own facts. */
export const PAGE_COLUMNS = {
  /** 1 on every row of a page joined to its facts (only there): tells the empty row. */
  row: 'tql_row',
  /** The cursor record's key; NULL when there is no such record. */
  found: 'tql_found',
  /** Whether matching rows lie at the cursor or behind it, away from the page. */
  behind: 'tql_behind',
  /** How many rows match. */
  count: 'tql_count',
} as const;

/** The name of the i-th sort value of a row. */
export const sortValueColumn = (i: number): string => `tql_s${i}`;

/** Where and how a list store reads: the dialect, the quoted table, the order's keys as SQL. */
export interface PageTable {
  readonly dialect: SqlDialect;
  /** The quoted table name. */
  readonly from: string;
  /** The scope alone, as a WHERE expression; undefined without a scope. */
  readonly scope: SqlStatement | undefined;
}

/** An order's keys in SQL, the record's key last, with their directions in the list. */
export interface SqlOrder {
  readonly columns: readonly SortColumn[];
  readonly descending: readonly boolean[];
}

/** Where a page starts: past a record whose place the statement reads, or past a known place. */
export type SqlPageStart = { readonly kind: 'record'; readonly id: string | number } | { readonly kind: 'key'; readonly values: readonly SortValue[] };

/** A page to read. */
export interface SqlPageRequest {
  /** The filter, the scope included. */
  readonly where: SqlStatement;
  /** The select list of the record's own columns, over the table by its quoted name. */
  readonly select: string;
  readonly order: SqlOrder;
  readonly direction: Direction;
  /** Undefined from the end of the list (its start going forward, its end going backward). */
  readonly start: SqlPageStart | undefined;
  /** Rows to read (the page size plus one, to know whether the list goes on). */
  readonly rows: number;
  /** Whether the statement also tells the cursor's facts: found, behind, and the tail of the list. */
  readonly facts: boolean;
  /** Whether the statement also counts every match. */
  readonly count: boolean;
}

/**
 * The statement of one page. Without facts or count (a first page, unless it counts) it is the
 * page alone: its rows and their sort values, no cursor or probe; otherwise a one-row table of
 * the facts (the cursor's key, whether matches lie behind it, the count), joined to the page, so
 * that an empty page still answers them.
 *
 * @example
 * ```ts
 * pageStatement(table, { where: { text: '"role" = $1', values: ['User'] }, select: '"agent".*', order, direction: 'forward', start: undefined, rows: 21, facts: false, count: false });
 * // SELECT "agent".*, "created_at" AS "tql_s0", "id" AS "tql_s1" FROM "agent" WHERE "role" = $1 ORDER BY "created_at" DESC, "id" COLLATE "C" DESC LIMIT 21
 * ```
 */
export function pageStatement(table: PageTable, request: SqlPageRequest): SqlStatement {
  const { dialect, from } = table;
  const q = dialect.quoteIdentifier;
  const w = new Writer(dialect, request.where, table.scope);
  const { order, direction, start } = request;
  const columns = order.columns;
  const last = columns.length - 1;
  const bounds = start === undefined ? undefined : cursorBounds(w, table, order, start);
  const sortValues = columns.map((c, i) => `${c.out(c.expr)} AS ${q(sortValueColumn(i))}`).join(', ');
  const beyond = bounds === undefined ? '' : ` AND ${keyset(dialect, order, direction, bounds)}`;
  const facts: string[] = [];
  // The row marker tells the empty row of a page joined to its facts: a page alone has none.
  const page = (marked: boolean) =>
    `SELECT ${request.select}, ${marked ? `1 AS ${q(PAGE_COLUMNS.row)}, ` : ''}${sortValues} FROM ${from} WHERE ${w.where()}${beyond} ORDER BY ${orderBy(dialect, order, direction, (c) => c.expr)} ${dialect.limitRows(String(request.rows))}`;
  if (request.count) facts.push(`(SELECT COUNT(*) FROM ${from} WHERE ${w.where()}) AS ${q(PAGE_COLUMNS.count)}`);
  if (request.facts && bounds !== undefined) {
    // A bound key needs no look-up (and a bare placeholder in a select list would have no type).
    facts.push(`${start!.kind === 'key' ? '1' : bounds[last]!.sql} AS ${q(PAGE_COLUMNS.found)}`);
    const behind = `${keyset(dialect, order, opposite(direction), bounds)} OR ${orderable(dialect, columns[last]!.expr, columns[last]!, true)} = ${orderable(dialect, bounds[last]!.sql, columns[last]!, true)}`;
    facts.push(`${dialect.conditionValue(`EXISTS (SELECT 1 FROM ${from} WHERE ${w.where()} AND (${behind}))`)} AS ${q(PAGE_COLUMNS.behind)}`);
  }
  if (facts.length === 0) return w.finish(page(false));
  const outer = orderBy(dialect, order, direction, (_, i) => `p.${q(sortValueColumn(i))}`);
  return w.finish(`SELECT m.*, p.* FROM (SELECT ${facts.join(', ')}) m LEFT JOIN (${page(true)}) p ON 1 = 1 ORDER BY ${outer}`);
}

/**
 * The statement of a record's place in the order: its sort values, whatever the filter; no row
 * when the scope has no record with that key.
 *
 * @example
 * ```ts
 * placeStatement(table, order, 'agnt_1'); // SELECT "created_at" AS "tql_s0", "id" AS "tql_s1" FROM "agent" WHERE "id" = $1
 * ```
 */
export function placeStatement(table: PageTable, order: SqlOrder, id: string | number): SqlStatement {
  const { dialect, from } = table;
  const w = new Writer(dialect, table.scope ?? { text: '1 = 1', values: [] }, table.scope);
  const key = order.columns.at(-1)!;
  const values = order.columns.map((c, i) => `${c.out(c.expr)} AS ${dialect.quoteIdentifier(sortValueColumn(i))}`).join(', ');
  return w.finish(`SELECT ${values} FROM ${from} WHERE ${w.where()} AND ${keyLookup(dialect, key, w.param(id))}`);
}

/** How many rows match the filter. */
export function countStatement(table: PageTable, where: SqlStatement): SqlStatement {
  const w = new Writer(table.dialect, where, table.scope);
  return w.finish(`SELECT COUNT(*) AS ${table.dialect.quoteIdentifier(PAGE_COLUMNS.count)} FROM ${table.from} WHERE ${w.where()}`);
}

const opposite = (direction: Direction): Direction => (direction === 'forward' ? 'backward' : 'forward');

/** `scope AND ` where there is a scope. */
function scoped(w: Writer, table: PageTable): string {
  return table.scope === undefined ? '' : `${w.scope()} AND `;
}

/** The key column equal to a bound id, compared as its sort value is (a text uuid lower-cased). */
function keyLookup(dialect: SqlDialect, key: SortColumn, placeholder: string): string {
  return `${key.expr} = ${key.text ? exactOperand(dialect, placeholder) : placeholder}`;
}

/** A cursor's value of one key: SQL of its value, and whether it is known to be NULL. */
interface Bound {
  readonly sql: string;
  readonly state: 'null' | 'value' | 'unknown';
}

/** The cursor's value of each key: bound values, or the record's own read by subqueries. */
function cursorBounds(w: Writer, table: PageTable, order: SqlOrder, start: SqlPageStart): Bound[] {
  const { columns } = order;
  if (start.kind === 'key') {
    return columns.map((c, i) => {
      const v = start.values[i] ?? null;
      return v === null ? { sql: 'NULL', state: 'null' } : { sql: c.value(w.param(v)), state: 'value' };
    });
  }
  const key = columns.at(-1)!;
  const id = w.param(start.id);
  // Each value is a scalar subquery: the engine reads it once, as a constant an index range can use.
  return columns.map((c, i) => ({
    sql: `(SELECT ${c.expr} FROM ${table.from} WHERE ${scoped(w, table)}${keyLookup(table.dialect, key, id)})`,
    state: i === columns.length - 1 || !c.nullable ? 'value' : 'unknown',
  }));
}

/** Whether key `i` reads descending in the walking `direction`. */
const descendingIn = (order: SqlOrder, direction: Direction, i: number) => order.descending[i] !== (direction === 'backward');

/**
 * The ORDER BY of a page read in `direction`: the list order forward, its reverse backward,
 * NULL last in the list (so first when read backward). `expr` gives each key's expression, or
 * its returned column (`out`), which orders as the expression does.
 */
function orderBy(dialect: SqlDialect, order: SqlOrder, direction: Direction, expr: (c: SortColumn, i: number) => string): string {
  const last = order.columns.length - 1;
  return order.columns
    .map((c, i) => {
      const item = orderable(dialect, expr(c, i), c, i === last);
      const nulls = !c.nullable ? 'none' : direction === 'forward' ? 'last' : 'first';
      return orderItems(dialect, item, descendingIn(order, direction, i), nulls);
    })
    .join(', ');
}

/**
 * The rows strictly beyond the cursor in the walking `direction`: a row comparison where it is
 * exact (every key in one direction, none nullable), which an index on the keys serves as a
 * range; else written out key by key, NULL after every value in the list.
 */
function keyset(dialect: SqlDialect, order: SqlOrder, direction: Direction, bounds: readonly Bound[]): string {
  const { columns } = order;
  const last = columns.length - 1;
  const desc = columns.map((_, i) => descendingIn(order, direction, i));
  const item = (c: SortColumn, e: string, i: number) => orderable(dialect, e, c, i === last);
  const uniform = desc.every((d) => d === desc[0]);
  if (dialect.rowValues && uniform && columns.every((c) => !c.nullable) && bounds.every((b) => b.state === 'value')) {
    const op = desc[0] ? '<' : '>';
    if (columns.length === 1) return `${item(columns[0]!, columns[0]!.expr, 0)} ${op} ${item(columns[0]!, bounds[0]!.sql, 0)}`;
    return `(${columns.map((c, i) => item(c, c.expr, i)).join(', ')}) ${op} (${bounds.map((b, i) => item(columns[i]!, b.sql, i)).join(', ')})`;
  }
  const nullsBeyond = direction === 'forward';
  const beyondAt = (i: number): string | undefined => {
    const c = columns[i]!;
    const b = bounds[i]!;
    const e = c.expr;
    const cmp = () => `${item(c, e, i)} ${desc[i] ? '<' : '>'} ${item(c, b.sql, i)}`;
    if (nullsBeyond) {
      if (b.state === 'null') return undefined;
      if (!c.nullable) return cmp();
      return b.state === 'value' ? `(${cmp()} OR ${e} IS NULL)` : `(${cmp()} OR (${e} IS NULL AND ${b.sql} IS NOT NULL))`;
    }
    if (b.state === 'null') return `${e} IS NOT NULL`;
    return b.state === 'value' || !c.nullable ? cmp() : `(${cmp()} OR (${b.sql} IS NULL AND ${e} IS NOT NULL))`;
  };
  const equalAt = (i: number): string => {
    const c = columns[i]!;
    const b = bounds[i]!;
    if (b.state === 'null') return `${c.expr} IS NULL`;
    const eq = `${item(c, c.expr, i)} = ${item(c, b.sql, i)}`;
    return b.state === 'value' || !c.nullable ? eq : `(${eq} OR (${c.expr} IS NULL AND ${b.sql} IS NULL))`;
  };
  // beyond_0 OR (equal_0 AND (beyond_1 OR (equal_1 AND …))), from the last key outwards.
  let condition: string | undefined;
  for (let i = last; i >= 0; i--) {
    const beyond = beyondAt(i);
    const deeper = condition === undefined ? undefined : `${equalAt(i)} AND ${condition}`;
    const parts = [beyond, deeper].filter((p): p is string => p !== undefined);
    condition = parts.length === 0 ? undefined : parts.length === 1 ? parts[0]! : `(${parts[0]} OR (${parts[1]}))`;
  }
  return condition === undefined ? '1 = 0' : `(${condition})`;
}

/**
 * Writes placeholders in the order they stand in the text. Numbered ones (`$1`) let a value
 * stand in several places, so the filter's and the scope's are bound once (the scope's are the
 * filter's first); with positional ones (`?`) every place binds its values again. Pieces are
 * marked while the statement is put together and numbered once it is whole, so they can be
 * written in any order.
 */
class Writer {
  private readonly numbered: boolean;
  private readonly params: unknown[] = [];

  constructor(
    private readonly dialect: SqlDialect,
    private readonly filter: SqlStatement,
    private readonly scopeStatement: SqlStatement | undefined,
  ) {
    this.numbered = dialect.placeholder(1) !== dialect.placeholder(2);
  }

  where(): string {
    return `${MARK}W${MARK}`;
  }

  scope(): string {
    return `${MARK}S${MARK}`;
  }

  /** A bound value's placeholder, for each place it stands in. */
  param(value: unknown): string {
    this.params.push(value);
    return `${MARK}P${this.params.length - 1}${MARK}`;
  }

  finish(text: string): SqlStatement {
    const values: unknown[] = this.numbered ? [...this.filter.values] : [];
    const numbers = new Map<number, string>();
    const out = text.replace(MARKS, (_, piece: string) => {
      if (piece === 'W') {
        if (!this.numbered) values.push(...this.filter.values);
        return this.filter.text;
      }
      if (piece === 'S') {
        if (!this.numbered) values.push(...this.scopeStatement!.values);
        return this.scopeStatement!.text;
      }
      const n = Number(piece.slice(1));
      const known = numbers.get(n);
      if (known !== undefined) return known;
      values.push(this.params[n]);
      const placeholder = this.dialect.placeholder(values.length);
      if (this.numbered) numbers.set(n, placeholder);
      return placeholder;
    });
    return { text: out, values };
  }
}

/** A character no SQL the store writes holds (a private-use one), around each marked piece. */
const MARK = '\uE000';
const MARKS = /\uE000(W|S|P[0-9]+)\uE000/g;
