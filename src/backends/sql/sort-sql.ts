/**
 * A list order's keys in SQL (language design, section 6): each attribute's sort value as an
 * expression over the entity's table that every engine orders exactly as `compareListOrder` does
 * (instants by whole second, numbers by value, texts by code point, no value after every value),
 * written so an index can hold it where the engine allows. The list store's statements and the
 * index advice both write keys through here, so the advised index is the one the pages use.
 */
import { sortValueReader, type SortValue, type SortValueReader } from '../../http/list-order.js';
import type { Attribute, AttributeType } from '../../schema/types.js';
import { readStorage } from './compared-column.js';
import type { SqlDialect } from './dialects.js';
import { fixedOffsetSeconds } from './instant-bounds.js';
import { textWholeSeconds } from './instant-sql.js';
import type { SqlEntityMapping } from './mapping.js';
import { quoteSchemaLiteral } from './sql-text.js';
import { ownProperty } from '../../own-property.js';

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

/**
 * The stored value `attribute` reads, as it is stored (no read steps: a list orders what the
 * record holds, as the in-memory store does): a column, or a variant's CASE over its tag.
 */
function storedExpression(attribute: Attribute, entity: SqlEntityMapping, dialect: SqlDialect): string | { readonly refused: string } {
  const q = dialect.quoteIdentifier;
  const column = (field: string) => q(ownProperty(entity.columns, field) ?? field);
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

/** Why an attribute cannot be ordered exactly: a sentence naming what to do. */
type Refused = { readonly refused: string };

/** What a type's sort column is made from: the attribute, where it is stored and how. */
interface KeyParts {
  readonly attribute: Attribute;
  readonly entity: SqlEntityMapping;
  readonly dialect: SqlDialect;
  /** The stored value, as {@link storedExpression} writes it. */
  readonly stored: string;
  /** Whether the attribute may be null in this order (never the record's key). */
  readonly nullable: boolean;
  /** The stored value as its own sort value, compared as text or as a number; NULL-able where `mayBeNull`. */
  plain(text: boolean, mayBeNull?: boolean): SortColumn;
}

/** Each type's sort column: keyed by type, so a new type does not compile until its order is decided. */
const TYPE_SORT_KEYS: { readonly [T in AttributeType]: (parts: KeyParts) => SortColumn | Refused } = {
  ID: idColumn,
  String: ({ plain }) => plain(true),
  Timestamp: instantColumn,
  Boolean: () => ({ refused: 'a Boolean has no order' }),
  // NaN and ±infinity are no value; SQLite also keeps texts in number columns.
  Number: ({ plain, stored, dialect }) => ({ ...plain(false, true), expr: dialect.sortKeys.finiteNumber(stored) }),
};

function sortColumn(attribute: Attribute, entity: SqlEntityMapping, dialect: SqlDialect, isKey: boolean): SortColumn | Refused {
  const stored = storedExpression(attribute, entity, dialect);
  if (typeof stored !== 'string') return stored;
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
  return TYPE_SORT_KEYS[attribute.type]({ attribute, entity, dialect, stored, nullable, plain });
}

/** An id: integers as numbers, uuids as their lower-case text orders, other ids as text. */
function idColumn({ attribute, entity, dialect, stored, plain }: KeyParts): SortColumn {
  const kind = attribute.id?.kind ?? 'text';
  if (kind === 'integer') return plain(false);
  if (kind !== 'uuid') return plain(true);
  const storage = readStorage(attribute, entity);
  if ('kind' in storage && storage.kind === 'uuid') {
    const uuid = dialect.sortKeys.uuid(stored);
    return uuid.text ? { ...plain(true), expr: uuid.expr } : { ...plain(false), value: uuid.value };
  }
  // A uuid in a text column: lower-cased, as a cursor's uuid is.
  return { ...plain(true), expr: dialect.lower(stored, 'database') };
}

/** A Timestamp's whole second, for each column storage the engine has. */
function instantColumn({ attribute, entity, dialect, stored: x, nullable }: KeyParts): SortColumn | Refused {
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
  const keys = dialect.sortKeys;
  switch (storage.kind) {
    case 'unix_seconds':
      // Integer seconds are their own whole seconds: the plain column, which a plain index holds.
      return seconds(x, false);
    case 'unix_milliseconds':
      return keys.milliseconds === undefined ? unsupported : seconds(keys.milliseconds(x), true);
    case 'iso_text':
    case 'iso_canonical': {
      const written = dialect.instants === undefined ? undefined : textWholeSeconds(dialect.instants, x, storage);
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
      if (keys.instantTypes === undefined) return { refused: `${dialect.title} has no ${storage.kind} type: store the instant as iso_text or unix_seconds` };
      const { expr, ...more } = keys.instantTypes(x, storage.kind, offset);
      return seconds(expr, true, more);
    }
    default:
      return { refused: `its column storage ${storage.kind} holds no instant` };
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
  const text = dialect.sortKeys.text;
  return text === undefined ? `${expr}${dialect.bytewise}` : text(expr, isKey);
}

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
  const places = dialect.sortKeys.nulls;
  const natural = places.ascending === undefined ? undefined : descending === (places.ascending === 'first') ? 'last' : 'first';
  if (natural === nulls) return `${item} ${direction}`;
  if (places.clause) return `${item} ${direction} NULLS ${nulls.toUpperCase()}`;
  // Portable: a 0/1 flag first (no engine needs a boolean type for it).
  const flag = `CASE WHEN ${item} IS NULL THEN ${nulls === 'last' ? 1 : 0} ELSE ${nulls === 'last' ? 0 : 1} END`;
  return `${flag} ASC, ${item} ${direction}`;
}

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
  const syntax = dialect.sortKeys.indexItems;
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
