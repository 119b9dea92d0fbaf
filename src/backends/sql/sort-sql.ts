/**
 * A list order's keys in SQL (language design, section 6): each attribute's sort value as an
 * expression over the entity's table that every engine orders exactly as `compareListKeys` does
 * (instants by whole second, numbers by value, texts by code point, no value after every value),
 * written so an index can hold it where the engine allows. The list store's statements and the
 * index advice both write keys through here, so the advised index is the one the pages use.
 */
import { sortValueReader, type SortValue, type SortValueReader } from '../../http/list-order.js';
import type { Attribute } from '../../schema/types.js';
import { readStorage } from './compared-column.js';
import type { SqlDialect } from './dialects.js';
import { fixedOffsetSeconds, MILLISECONDS_LIMIT } from './instant-bounds.js';
import { INSTANT_WRITERS, isoTextWholeSeconds } from './instant-sql.js';
import type { SqlEntityMapping } from './mapping.js';
import { quoteSchemaLiteral } from './sql-text.js';

/** One key of an order as SQL computes, compares and returns it. */
export interface SortColumn {
  /** The sort value of a row, over the unqualified columns of the entity's table. */
  readonly expr: string;
  /** Whether values compare as text (by code point), else as numbers or instants. */
  readonly text: boolean;
  /** Whether `expr` can be NULL: the attribute is nullable, or a stored value may be no value. */
  readonly nullable: boolean;
  /** A bound sort value (its placeholder) as a value of `expr`'s type. */
  value(placeholder: string): string;
  /** What a statement returns for a value of `expr`'s type, for {@link read}. */
  out(expr: string): string;
  /** The sort value of what the driver returns for {@link out}. */
  read(returned: unknown): SortValue;
}

/** The engines whose SQL this file writes, found by the dialect's instant writers (kept by a spread dialect). */
type Engine = keyof typeof INSTANT_WRITERS;

function engineOf(dialect: SqlDialect): Engine | undefined {
  for (const [name, writers] of Object.entries(INSTANT_WRITERS)) if (dialect.instants === writers) return name as Engine;
  return undefined;
}

/** The sort columns of an order's attributes, or the first one an engine cannot order exactly. */
export type SortColumns = { readonly columns: readonly SortColumn[] } | { readonly refused: string };

/**
 * Each attribute's {@link SortColumn} for `dialect`, in order; the last one is the record's key,
 * which is never null. Refused (a sentence naming the attribute and what to do) where the engine
 * cannot order the attribute's column exactly.
 *
 * @example
 * ```ts
 * sortColumns([createdAt, id], { table: 'agent', key: 'id' }, postgres);
 * // { columns: [{ expr: '"created_at"', … }, { expr: '"id"', text: true, … }] }
 * ```
 */
export function sortColumns(attributes: readonly Attribute[], entity: SqlEntityMapping, dialect: SqlDialect): SortColumns {
  const columns: SortColumn[] = [];
  for (const [i, attribute] of attributes.entries()) {
    const column = sortColumn(attribute, entity, dialect, i === attributes.length - 1);
    if ('refused' in column) return { refused: `${attribute.name}: ${column.refused}` };
    columns.push(column);
  }
  return { columns };
}

/** An own entry of a plain object, never one reached through the prototype. */
function own(record: Readonly<Record<string, string>> | undefined, key: string): string | undefined {
  return typeof record === 'object' && record !== null && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * The stored value `attribute` reads, as it is stored (no read steps: a list orders what the
 * record holds, as the in-memory store does): a column, or a variant's CASE over its tag.
 */
function storedExpression(attribute: Attribute, entity: SqlEntityMapping, dialect: SqlDialect): string | { readonly refused: string } {
  const q = dialect.quoteIdentifier;
  const column = (field: string) => q(own(entity.columns, field) ?? field);
  const source = attribute.source;
  if (source.kind === 'field') return column(source.field);
  if (source.kind === 'variant') {
    const literal = (tag: string) => (dialect.exactText === undefined ? quoteSchemaLiteral(tag) : dialect.exactText(quoteSchemaLiteral(tag)));
    const branches = Object.entries(source.fields).map(([tag, field]) => `WHEN ${literal(tag)} THEN ${column(field)}`);
    return `CASE ${column(source.tag)} ${branches.join(' ')} END`;
  }
  return { refused: 'it holds a set of values, which has no place in an order' };
}

/** Integers as drivers return them (bigint, digits) as numbers, for the readers. */
function plainNumber(returned: unknown): unknown {
  if (typeof returned === 'bigint') return returned >= -MAX_SAFE && returned <= MAX_SAFE ? Number(returned) : returned;
  if (typeof returned === 'string' && /^-?[0-9]+(\.[0-9]*)?(e[+-]?[0-9]+)?$/i.test(returned)) return Number(returned);
  return returned;
}
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

const asItIs = (x: string) => x;

/** The reader of whole seconds a statement computed, whatever the attribute's record storage. */
const SECONDS: SortValueReader = (() => {
  const read = sortValueReader({ type: 'Timestamp', storage: { kind: 'unix_seconds' } } as Attribute);
  return (returned) => read(plainNumber(returned));
})();

function sortColumn(attribute: Attribute, entity: SqlEntityMapping, dialect: SqlDialect, isKey: boolean): SortColumn | { readonly refused: string } {
  const stored = storedExpression(attribute, entity, dialect);
  if (typeof stored !== 'string') return stored;
  const engine = engineOf(dialect);
  const nullable = !isKey && attribute.nullable;
  const read = sortValueReader(attribute);
  const plain = (text: boolean, mayBeNull = false): SortColumn => ({
    expr: stored,
    text,
    nullable: nullable || mayBeNull,
    value: asItIs,
    out: asItIs,
    read: text ? read : (returned) => read(plainNumber(returned)),
  });
  switch (attribute.type) {
    case 'String':
      return plain(true);
    case 'Boolean':
      return { refused: 'a Boolean has no order' };
    case 'Number':
      // NaN and ±infinity are no value (x - x is NaN for them); SQLite also keeps texts in number columns.
      return { ...plain(false, true), expr: finiteNumber(engine, stored) };
    case 'ID': {
      const kind = attribute.id?.kind ?? 'text';
      if (kind === 'integer') return plain(false);
      if (kind !== 'uuid') return plain(true);
      const storage = readStorage(attribute, entity);
      // The engine's uuid type orders as its lower-case text does (PostgreSQL, DuckDB); MariaDB's
      // reorders some bytes, so it is ordered by its text there.
      if ('kind' in storage && storage.kind === 'uuid') {
        return engine === 'mysql' ? { ...plain(true), expr: `CAST(${stored} AS CHAR)` } : { ...plain(false), value: (p) => `CAST(${p} AS UUID)` };
      }
      return { ...plain(true), expr: dialect.lower(stored, 'database') };
    }
    case 'Timestamp':
      return instantColumn(attribute, entity, dialect, engine, stored, nullable);
  }
}

/** A number, NULL where it is NaN, ±infinity or (SQLite) not a number at all. */
function finiteNumber(engine: Engine | undefined, x: string): string {
  if (engine === 'sqlite') return `CASE WHEN typeof(${x}) IN ('integer', 'real') AND ${x} - ${x} = 0 THEN ${x} END`;
  if (engine === 'mysql') return x;
  return `CASE WHEN ${x} - ${x} = 0 THEN ${x} END`;
}

/** A Timestamp's whole second, for each column storage the engine has. */
function instantColumn(attribute: Attribute, entity: SqlEntityMapping, dialect: SqlDialect, engine: Engine | undefined, x: string, nullable: boolean): SortColumn | { readonly refused: string } {
  const storage = readStorage(attribute, entity);
  if ('refused' in storage) return storage;
  const seconds = (expr: string, mayBeNull: boolean, more: Partial<SortColumn> = {}): SortColumn => ({
    expr,
    text: false,
    nullable: nullable || mayBeNull,
    value: asItIs,
    out: asItIs,
    read: SECONDS,
    ...more,
  });
  const unsupported = { refused: `${dialect.title} cannot order this column storage (${storage.kind}) by whole seconds here; store the instant as unix_seconds` };
  switch (storage.kind) {
    case 'unix_seconds':
      // Integer seconds are their own whole seconds: the plain column, which a plain index holds.
      return seconds(x, false);
    case 'unix_milliseconds':
      return engine === undefined ? unsupported : seconds(wholeSecondsOfMilliseconds(engine, x), true);
    case 'iso_text': {
      const written = isoTextWholeSeconds(dialect.instants!, x, storage.timeZone);
      if (written === undefined) return unsupported;
      if (typeof written !== 'string') return { refused: written.refused };
      return seconds(written, true);
    }
    case 'timestamptz':
    case 'timestamp': {
      const offset = storage.kind === 'timestamptz' ? 0 : fixedOffsetSeconds(storage.timeZone);
      if (offset === undefined) {
        return { refused: `a wall-clock column in ${storage.kind === 'timestamp' ? storage.timeZone : ''} does not order as its instants do across a change of offset; declare UTC or a fixed-offset zone, or store instants (timestamptz)` };
      }
      if (engine === 'postgres') {
        // IMMUTABLE (an index can hold it), unlike extract(epoch …) of a timestamptz.
        const utc = storage.kind === 'timestamptz' ? `${x} AT TIME ZONE 'UTC'` : x;
        return seconds(`CASE WHEN isfinite(${x}) THEN date_trunc('second', ${utc}) END`, true, {
          value: (p) => `(to_timestamp(CAST(${p} AS double precision)${offset === 0 ? '' : ` + ${offset}`}) AT TIME ZONE 'UTC')`,
          out: (e) => `CAST(extract(epoch from ${e}) AS bigint)${offset === 0 ? '' : ` - ${offset}`}`,
        });
      }
      const minus = offset === 0 ? '' : ` - ${offset}`;
      if (engine === 'duckdb') return seconds(`CASE WHEN isfinite(${x}) THEN CAST(floor(epoch(${x})) AS BIGINT)${minus} END`, true);
      if (engine === 'mysql') {
        if (storage.kind === 'timestamptz') return seconds(`FLOOR(UNIX_TIMESTAMP(${x}))`, true);
        // The wall-clock second (the fraction dropped, not rounded), counted from 1970 without any session zone.
        return seconds(`TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', ${x} - INTERVAL MICROSECOND(${x}) MICROSECOND)${minus}`, true);
      }
      return { refused: `${dialect.title} has no ${storage.kind} type: store the instant as iso_text or unix_seconds` };
    }
    default:
      return { refused: `its column storage ${storage.kind} holds no instant` };
  }
}

/** The whole second of integer milliseconds (floored, exactly), NULL beyond a Date's range or for a non-number. */
function wholeSecondsOfMilliseconds(engine: Engine, x: string): string {
  const inRange = `${x} BETWEEN -${MILLISECONDS_LIMIT} AND ${MILLISECONDS_LIMIT}`;
  switch (engine) {
    case 'postgres':
      return `CASE WHEN ${inRange} THEN floor(${x} / 1000.0) END`;
    case 'sqlite':
      // Integer arithmetic for integers (exact at any size); SQLite truncates division toward zero.
      return `CASE WHEN typeof(${x}) = 'integer' AND ${inRange} THEN (${x} - ((${x} % 1000) + 1000) % 1000) / 1000 WHEN typeof(${x}) = 'real' AND ${inRange} THEN CAST(floor(${x} / 1000.0) AS INTEGER) END`;
    case 'mysql':
      return `CASE WHEN ${inRange} THEN FLOOR(${x} / 1000) END`;
    case 'duckdb':
      return `CASE WHEN ${inRange} THEN CAST(floor(${x} / 1000) AS BIGINT) END`;
  }
}

/**
 * `expr` as an order compares it: a text by its bytes (UTF-8 order is code point order), a
 * number or instant as it is. A text key column is taken to be binary already on MySQL/MariaDB,
 * whose indexes cannot carry a collation (the reference DDL declares `utf8mb4_nopad_bin`).
 *
 * @example
 * ```ts
 * orderable(postgres, '"name"', { text: true }); // '"name" COLLATE "C"'
 * orderable(mysql, '`name`', { text: true });    // 'CAST(`name` AS BINARY)'
 * ```
 */
export function orderable(dialect: SqlDialect, expr: string, column: Pick<SortColumn, 'text'>, isKey = false): string {
  if (!column.text) return expr;
  if (engineOf(dialect) === 'mysql') return isKey ? expr : `CAST(${expr} AS BINARY)`;
  return `${expr}${dialect.bytewise}`;
}

/** Where an engine puts NULL in an ascending order, and whether it takes `NULLS FIRST`/`NULLS LAST`. */
const NULL_PLACES: { readonly [E in Engine]: { readonly ascending: 'first' | 'last' | 'setting'; readonly clause: boolean } } = {
  postgres: { ascending: 'last', clause: true },
  sqlite: { ascending: 'first', clause: true },
  mysql: { ascending: 'first', clause: false },
  // DuckDB's default_null_order setting decides: always said.
  duckdb: { ascending: 'setting', clause: true },
};

/**
 * The ORDER BY items of one key: `item` in its direction, with NULL where it is wanted (`last`
 * in the list order, `first` when a page is read backwards). Nothing is added where the engine
 * already puts NULL there, so a plain index still serves the order.
 *
 * @example
 * ```ts
 * orderItems(postgres, '"x"', true, 'last');  // '"x" DESC NULLS LAST'
 * orderItems(mysql, '`x`', false, 'last');    // '(`x` IS NULL), `x` ASC'
 * ```
 */
export function orderItems(dialect: SqlDialect, item: string, descending: boolean, nulls: 'first' | 'last' | 'none'): string {
  const direction = descending ? 'DESC' : 'ASC';
  if (nulls === 'none') return `${item} ${direction}`;
  const engine = engineOf(dialect);
  const places = engine === undefined ? undefined : NULL_PLACES[engine];
  const natural = places === undefined || places.ascending === 'setting' ? undefined : descending === (places.ascending === 'first') ? 'last' : 'first';
  if (natural === nulls) return `${item} ${direction}`;
  if (places?.clause === true) return `${item} ${direction} NULLS ${nulls.toUpperCase()}`;
  // Portable: a 0/1 flag first (no engine needs a boolean type for it).
  const flag = `CASE WHEN ${item} IS NULL THEN ${nulls === 'last' ? 1 : 0} ELSE ${nulls === 'last' ? 0 : 1} END`;
  return `${flag} ASC, ${item} ${direction}`;
}

/** What an engine's CREATE INDEX says of each item: direction and NULL placement, direction only, or neither. */
const INDEX_ITEMS: { readonly [E in Engine]: 'full' | 'direction' | 'plain' } = {
  postgres: 'full',
  // SQLite and MySQL/MariaDB take ASC/DESC in an index, not NULLS FIRST/LAST.
  sqlite: 'direction',
  mysql: 'direction',
  // DuckDB's indexes answer look-ups, not orders: the expressions alone.
  duckdb: 'plain',
};

/**
 * The items of an index that holds a list order as its pages read it (`columns` with their
 * directions, the key last), so a forward page is one scan of it and a backward page the
 * reverse scan: in the order's own directions and NULL placement where they are not an
 * ascending index's; undefined where the engine cannot index it (an expression on MariaDB, a
 * NULL placement SQLite cannot declare).
 *
 * @example
 * ```ts
 * indexItems(postgres, [createdAt, key], [true, true]); // '"created_at", "id" COLLATE "C"'
 * indexItems(postgres, [paidAt, key], [true, true]);    // '(CASE WHEN isfinite("paid_at") THEN … END) DESC NULLS LAST, "id" COLLATE "C" DESC'
 * ```
 */
export function indexItems(dialect: SqlDialect, columns: readonly SortColumn[], descending: readonly boolean[]): string | undefined {
  const engine = engineOf(dialect);
  const syntax = engine === undefined ? 'direction' : INDEX_ITEMS[engine];
  const last = columns.length - 1;
  const items: string[] = [];
  const elements: string[] = [];
  for (const [i, c] of columns.entries()) {
    const plainColumn = /^("[^"]*"|`[^`]*`|\[[^\]]*\])$/.test(c.expr);
    if (!plainColumn && !dialect.indexes.expressions) return undefined;
    // An index element that is an expression is written in parentheses; a collation follows them.
    const base = plainColumn ? c.expr : `(${c.expr})`;
    const item = orderable(dialect, base, c, i === last);
    // A text order that is an expression of its own (MySQL's CAST … AS BINARY) needs parentheses
    // too, and an engine that indexes expressions.
    const collated = item.startsWith(base);
    if (!collated && !dialect.indexes.expressions) return undefined;
    const element = collated ? item : `(${item})`;
    elements.push(element);
    if (syntax === 'plain') {
      items.push(element);
      continue;
    }
    const written = orderItems(dialect, element, descending[i]!, c.nullable ? 'last' : 'none');
    // A NULL placement the engine writes as a flag before the value, or cannot declare in an index.
    if (written.startsWith('CASE WHEN ') || (syntax === 'direction' && written.includes(' NULLS '))) return undefined;
    items.push(written);
  }
  // Keys in one direction, NULL where the engine puts it: an ascending index, scanned backwards
  // for a descending order, serves it as well.
  const uniform = descending.every((d) => d === descending[0]) && !items.some((i) => i.includes(' NULLS '));
  return (uniform ? elements : items).join(', ');
}
