/**
 * Where each entity of a schema lives in a database. The mapping names tables and the columns
 * that differ from the record's field names; everything else follows from the schema's
 * attribute sources, so one mapping serves every attribute of an entity.
 */
import type { Attribute, AttributeSource, AttributeType } from '../../schema/types.js';
import { ARRAY_HOLDINGS, type ArrayHolding, type ElementKind, type ElementRows } from './array-column.js';
import { equalityOf, exactOperand, substringOf, type CaseFolding, type SqlDialect } from './dialects.js';
import { quoteSchemaLiteral } from './sql-text.js';
import { mappingError, missingArray } from './mapping-errors.js';
import { readSteps, type ReadSteps } from '../../schema/stored-form.js';
import { ownProperty } from '../../own-property.js';

/** The table that holds the elements of one array of a record (an `element` source). */
export interface SqlCollectionMapping {
  readonly table: string;
  /** The column of `table` holding the key of the record the element belongs to. */
  readonly foreignKey: string;
  /**
   * When several arrays share one table: the column that says which array a row belongs to,
   * and this array's value in it (`request_resource.role = 'scheduled'`).
   */
  readonly discriminator?: { readonly column: string; readonly value: string };
  /** Element field → column, where the names differ. */
  readonly columns?: Readonly<Record<string, string>>;
  /**
   * For an array of scalars (an `element` source without `value`): the column holding the
   * element itself, one row per element (`post_tag.tag`). Default `value`.
   */
  readonly valueColumn?: string;
  /**
   * Element field → what its column holds, as {@link SqlEntityMapping.storage}: `{ id: 'uuid' }`.
   * For an array of scalars, keyed by its {@link SqlCollectionMapping.valueColumn}.
   */
  readonly storage?: Readonly<Record<string, SqlColumnStorage | SqlColumnStorageKind>>;
}

/**
 * An array of scalars held in one column of the entity's own row rather than in a table of its
 * own (an `element` source without `value` or `where`): `holds: 'array'` for the engine's array
 * type (a PostgreSQL `text[]`, `integer[]`, `uuid[]`, `boolean[]`; a DuckDB list such as
 * `VARCHAR[]`), `holds: 'json'` for a JSON array in a text column (SQLite, MySQL/MariaDB,
 * DuckDB). An element of another type than the attribute's, a NULL element, and a stored value
 * that is no array have no value, as in memory.
 *
 * @example
 * ```ts
 * const post: SqlEntityMapping = { table: 'post', key: 'id', collections: { tags: { column: 'tags', holds: 'array' } } };
 * ```
 */
export interface SqlArrayColumnMapping {
  /** The column of the entity's table that holds the array. */
  readonly column: string;
  readonly holds: ArrayHolding;
  /**
   * What each element is, where tql must know it, as {@link SqlEntityMapping.storage} says:
   * `'integer'` for a PostgreSQL `integer[]` or `bigint[]`, `'uuid'` for a `uuid[]`.
   */
  readonly storage?: SqlColumnStorage | SqlColumnStorageKind;
}

/** Where the elements of one array of a record are: a table of their own, or a column of the row. */
export type SqlCollection = SqlCollectionMapping | SqlArrayColumnMapping;

/**
 * Whether a collection's mapping holds the array in a column of the row (it says what the
 * column `holds`) rather than naming a table.
 *
 * @example
 * ```ts
 * isArrayColumn({ column: 'tags', holds: 'json' }); // true
 * isArrayColumn({ table: 'post_tag', foreignKey: 'post_id' }); // false
 * ```
 */
export function isArrayColumn(collection: SqlCollection): collection is SqlArrayColumnMapping {
  return Object.hasOwn(collection, 'holds');
}

/** The column of an array of scalars when its mapping names none. */
export const DEFAULT_VALUE_COLUMN = 'value';

/**
 * Where an element source finds its value in a collection's table: the element field's column,
 * or, for an array of scalars, the collection's value column; and the key of its `storage` entry
 * (the field, or the value column).
 *
 * @example
 * ```ts
 * elementValue({ table: 'post_tag', foreignKey: 'post_id', valueColumn: 'tag' }, undefined); // { column: 'tag', storageKey: 'tag' }
 * elementValue({ table: 'comment', foreignKey: 'post_id', columns: { author: 'author_id' } }, 'author'); // { column: 'author_id', storageKey: 'author' }
 * ```
 */
export function elementValue(collection: SqlCollectionMapping, field: string | undefined): { readonly column: string; readonly storageKey: string } {
  if (field !== undefined) return { column: ownProperty(collection.columns, field) ?? field, storageKey: field };
  const column = collection.valueColumn ?? DEFAULT_VALUE_COLUMN;
  return { column, storageKey: column };
}

/**
 * What a column holds where tql cannot take it from the schema (docs/backends-sql.md, Column
 * storage). For a `Timestamp` attribute, how the column stores the instant; the default follows
 * the attribute's record storage (`unix_seconds` → integer seconds, `unix_milliseconds` →
 * integer milliseconds, `iso_text` → text in the same zone, `date` → `timestamptz`):
 *
 * | kind | PostgreSQL | MySQL / MariaDB | SQLite | DuckDB |
 * |---|---|---|---|---|
 * | `unix_seconds`, `unix_milliseconds` | a number | a number | `INTEGER` / `REAL` | a number |
 * | `iso_text` | text | text | `TEXT` | text |
 * | `timestamptz`: an instant | `timestamptz` | `TIMESTAMP` | — | `TIMESTAMPTZ` |
 * | `timestamp`: a wall-clock time in `timeZone` (UTC) | `timestamp` | `DATETIME` | — | `TIMESTAMP` |
 *
 * A DuckDB `TIMESTAMP_NS` column is a `timestamp` with `nanoseconds: true`: its values lie between
 * 1677-09-21 and 2262-04-11, and DuckDB converts a bound into the column's type, failing for one
 * outside that range; tql then binds nanoseconds clamped into it.
 *
 * `unix_seconds` with `integers: true` says the column has an integer type, which holds no NaN or
 * infinity: a range open on one side is then the bound alone, where a float column needs
 * `x - x = 0` beside it (PostgreSQL, DuckDB), a test the planner estimates poorly.
 *
 * For a uuid `ID` attribute, `uuid` says the column has the engine's uuid type (PostgreSQL,
 * DuckDB, MariaDB 10.7+), which compares canonically by itself; without it the column is text
 * and compared lower-cased (`lower(x) = $1`).
 *
 * For a `Number` attribute, `integer` says the column has an integer type (`smallint`, `integer`,
 * `bigint`; MySQL `INT`, DuckDB `INTEGER`, …), which takes no bound that is not an integer or lies
 * outside its range (PostgreSQL raises an error for `GT 14.5` or `LT 3000000000` on an
 * `integer`): tql compares the integers the bound allows instead (`GT 14.5` is `>= 15`, `EQ 14.5`
 * matches nothing), bound as 64-bit integers. Without it the column is compared with the query's
 * number as it is (a double or decimal column).
 */
export type SqlColumnStorage =
  | { readonly kind: 'unix_seconds'; readonly integers?: boolean }
  | { readonly kind: 'unix_milliseconds' }
  | { readonly kind: 'iso_text'; readonly timeZone?: string }
  | { readonly kind: 'iso_canonical' }
  | { readonly kind: 'timestamptz' }
  | { readonly kind: 'timestamp'; readonly timeZone?: string; readonly nanoseconds?: boolean }
  | { readonly kind: 'uuid' }
  | { readonly kind: 'integer' };

/** The kinds of {@link SqlColumnStorage}. */
export type SqlColumnStorageKind = SqlColumnStorage['kind'];

/** One entity: its table (or view), key, and how its arrays are stored. */
export interface SqlEntityMapping {
  readonly table: string;
  /** The key column; collections refer to it and `selectSql` returns it by default. */
  readonly key: string;
  /** Record field → column, where the names differ. */
  readonly columns?: Readonly<Record<string, string>>;
  /**
   * Record field → what its column holds, where tql must know it ({@link SqlColumnStorage}):
   * `{ created_at: { kind: 'timestamptz' } }`. A kind alone (`'timestamptz'`) stands for its defaults.
   * An entry may also be keyed by the field's column (from `columns`) or by the name of the
   * attribute that reads the field; the field's own key wins, and two keys of one column that
   * declare it differently are refused.
   */
  readonly storage?: Readonly<Record<string, SqlColumnStorage | SqlColumnStorageKind>>;
  /** Array field of the record → the table holding its elements, or the column holding the array. */
  readonly collections?: Readonly<Record<string, SqlCollection>>;
}

/**
 * Entity name → its mapping.
 *
 * @example
 * ```ts
 * const mapping: SqlMapping = {
 *   agent: { table: 'agent', key: 'id' },
 *   scheduling_request: {
 *     table: 'scheduling_request',
 *     key: 'id',
 *     collections: { associated_entities: { table: 'associated_entity', foreignKey: 'request_id' } },
 *   },
 * };
 * ```
 */
export type SqlMapping = Readonly<Record<string, SqlEntityMapping>>;

/** One table of elements to look in, with everything but the value test written. */
export interface ElementTable {
  readonly kind: 'table';
  /** The quoted table name. */
  readonly table: string;
  /** The qualified column of this table that holds the owning record's key. */
  readonly foreignKey: string;
  /** The qualified key column of the owning record's table. */
  readonly ownerKey: string;
  /** The conditions on the table's rows (the array's discriminator, the element's tag), to join with AND; none for a table that holds one array of untagged elements. */
  readonly filters: readonly string[];
  /** The element's value as its source reads it: lower-cased, an ignored prefix dropped. */
  readonly value: string;
  /** The element's value as LIKE reads it, which lower-cases by itself: {@link SqlTarget}'s `text`. */
  readonly text: string;
  /** Where the source ignores a prefix: the value's column as equality compares it, and the read steps. */
  readonly stored: StoredColumn | undefined;
  /**
   * The table's unquoted name and the columns an index serves the element test from, in order:
   * the array's discriminator, the element's tag (each where there is one), its value, the owning key; and the same as an
   * engine with expression indexes holds them (`items`): quoted, the value lower-cased where the
   * source ignores case, as equality compares it.
   */
  readonly index: { readonly table: string; readonly columns: readonly string[]; readonly items: readonly string[] };
}

/**
 * A value's column as equality compares it with the stored forms of a value: the column, or its
 * `lower()` where the source ignores case; and the source's read steps, which include a prefix.
 */
export interface StoredColumn {
  readonly column: string;
  readonly steps: ReadSteps & { readonly prefix: string };
}

/**
 * One array held in a column of the row (a {@link SqlArrayColumnMapping}), with everything but
 * the value test written; or why the dialect cannot read it.
 */
export type ElementColumn =
  | {
      readonly kind: 'column';
      /** The rows of the elements and the conditions on them (array-column.ts). */
      readonly rows: ElementRows;
      /** The element's value as its source reads it, as {@link ElementTable.value}. */
      readonly value: string;
      readonly text: string;
      readonly stored: StoredColumn | undefined;
      /**
       * Where equality on an element can be asked of the whole column, as an index on it serves
       * it (PostgreSQL `col && ARRAY[…]`): exact only for text compared as it is stored.
       */
      readonly holdsAny: ((operands: readonly string[]) => string) | undefined;
      /** The entity's table and the array's column, unquoted, as an index on it names them. */
      readonly index: { readonly table: string; readonly column: string };
    }
  | { readonly kind: 'refused'; readonly reason: string };

/** Where an attribute's elements are: a table, or a column of the row. */
export type ElementSet = ElementTable | ElementColumn;

/** What a predicate tests: one value of the row, or some element of some tables or columns. */
export type SqlTarget =
  | {
      readonly kind: 'scalar';
      readonly value: string;
      /**
       * The value as LIKE reads it: LIKE lower-cases the stored side by itself, so a source that
       * only ignores case gives its column as it is, and `lower()` is written once, as an index on
       * `lower(column)` holds it.
       */
      readonly text: string;
      readonly stored?: StoredColumn;
    }
  | { readonly kind: 'elements'; readonly tables: readonly [ElementSet, ...ElementSet[]] };

/**
 * The SQL for the attribute of a predicate: a column, a `CASE` over a tag column, or the element
 * tables it looks in. With `tableAlias` (the name the entity's table goes by in the FROM) every
 * column of the entity is qualified by it, and element tables refer to the owning key through
 * it; without, columns stand alone and the owning key is qualified by the table's name.
 */
export function resolveTarget(attribute: Attribute, entity: SqlEntityMapping, dialect: SqlDialect, folding: CaseFolding, tableAlias?: string): SqlTarget {
  const q = dialect.quoteIdentifier;
  const qualifier = tableAlias === undefined ? '' : `${q(tableAlias)}.`;
  const column = (field: string) => `${qualifier}${q(ownProperty(entity.columns, field) ?? field)}`;
  const source: AttributeSource = attribute.source;
  switch (source.kind) {
    case 'field': {
      const value = column(source.field);
      return { kind: 'scalar', value: storedRead(dialect, folding, source, value), text: likeRead(dialect, folding, source, value), ...storedColumn(dialect, folding, source, value) };
    }
    case 'variant': {
      // A record whose tag is not listed has no value: CASE without ELSE gives NULL.
      const cases = (read: typeof storedRead) =>
        `CASE ${column(source.tag)} ${Object.entries(source.fields)
          .map(([tag, field]) => `WHEN ${exactLiteral(dialect, tag)} THEN ${read(dialect, folding, source, column(field))}`)
          .join(' ')} END`;
      return { kind: 'scalar', value: cases(storedRead), text: cases(likeRead) };
    }
    case 'element':
      return { kind: 'elements', tables: elementTables(attribute, source, entity, dialect, folding, q(tableAlias ?? entity.table)) };
  }
}

type ElementSource = Extract<AttributeSource, { kind: 'element' }>;

/**
 * Where the elements of `source` are: element tables, and arrays held in columns of the row;
 * `owner` is the entity's table as the outer FROM names it (quoted), which qualifies its key and
 * its array columns.
 */
function elementTables(attribute: Attribute, source: ElementSource, entity: SqlEntityMapping, dialect: SqlDialect, folding: CaseFolding, owner: string): [ElementSet, ...ElementSet[]] {
  const q = dialect.quoteIdentifier;
  const ownerKey = `${owner}.${q(entity.key)}`;
  const columns: ElementColumn[] = [];
  // Arrays stored in one table with one discriminator column become one EXISTS with an IN list.
  const groups = new Map<string, { collection: SqlCollectionMapping; arrays: string[] }>();
  for (const array of source.arrays) {
    // entityMapping checked the tables that are there; one missing shows only now (or in defineSqlMapping).
    const collection = ownProperty(entity.collections, array);
    if (collection === undefined) throw mappingError([`${attribute.entity}.collections.${array}: ${missingArray([attribute.path])}`]);
    if (isArrayColumn(collection)) {
      columns.push(elementColumn(attribute, source, collection, entity, dialect, folding, `${owner}.${q(collection.column)}`));
      continue;
    }
    // Quoted identifiers joined by dots name one table and its columns unambiguously.
    const key = [q(collection.table), q(collection.foreignKey), collection.discriminator === undefined ? '' : q(collection.discriminator.column)].join('.');
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { collection, arrays: [array] });
    else group.arrays.push(array);
  }
  const tables = [...groups.values()].map(({ collection, arrays }): ElementTable => {
    const table = q(collection.table);
    const column = (field: string) => `${table}.${q(ownProperty(collection.columns, field) ?? field)}`;
    const filters: string[] = [];
    if (collection.discriminator !== undefined) {
      const values = arrays.map((a) => (ownProperty(entity.collections, a) as SqlCollectionMapping).discriminator!.value);
      filters.push(oneOf(dialect, `${table}.${q(collection.discriminator.column)}`, values));
    }
    // Without a tag every element counts: no condition on the element's rows but the array's.
    if (source.where !== undefined) filters.push(oneOf(dialect, column(source.where.field), source.where.oneOf));
    const value = elementValue(collection, source.value).column;
    const raw = `${table}.${q(value)}`;
    const indexed = [
      ...(collection.discriminator === undefined ? [] : [collection.discriminator.column]),
      ...(source.where === undefined ? [] : [ownProperty(collection.columns, source.where.field) ?? source.where.field]),
      value,
      collection.foreignKey,
    ];
    // The value stands second to last: lower-cased as equality reads it, where the source ignores case.
    const lowered = readSteps(source)?.ignoreCase === true;
    const items = indexed.map((c, i) => (lowered && i === indexed.length - 2 ? `(${dialect.lower(q(c), folding)})` : q(c)));
    return {
      kind: 'table',
      table,
      foreignKey: `${table}.${q(collection.foreignKey)}`,
      ownerKey,
      filters,
      value: storedRead(dialect, folding, source, raw),
      text: likeRead(dialect, folding, source, raw),
      stored: storedColumn(dialect, folding, source, raw).stored,
      index: { table: collection.table, columns: indexed, items },
    };
  });
  return [...tables, ...columns] as [ElementSet, ...ElementSet[]];
}

/** The quoted alias of an array's elements in the subquery that lists them. */
const ELEMENT_ALIAS = 'tql_element';

/**
 * An array held in `column` (qualified as the outer query names the row) as the dialect lists its
 * elements; refused where the dialect has no reader for the form, or the attribute's values are
 * of a kind no array column is read as (array-column.ts).
 */
function elementColumn(attribute: Attribute, source: ElementSource, collection: SqlArrayColumnMapping, entity: SqlEntityMapping, dialect: SqlDialect, folding: CaseFolding, column: string): ElementColumn {
  const reader = dialect.arrayColumns?.[collection.holds];
  if (reader === undefined) {
    const readable = ARRAY_HOLDINGS.filter((h) => dialect.arrayColumns?.[h] !== undefined);
    const instead = readable.length === 0 ? 'hold the elements in a table of their own' : `hold it as ${readable.join(' or ')}, or in a table of its own`;
    return { kind: 'refused', reason: `the column ${collection.column} holds the array as ${collection.holds}, which tql does not read there; ${instead}` };
  }
  if (source.value !== undefined || source.where !== undefined) return { kind: 'refused', reason: `it reads a field of each element, and the column ${collection.column} holds an array of scalars` };
  const kind = arrayElementKind(attribute);
  if (typeof kind !== 'string') return { kind: 'refused', reason: kind.refused };
  const rows = reader.elements(column, kind, dialect.quoteIdentifier(ELEMENT_ALIAS));
  // Text compared exactly as it is stored: any other read (a case folded, a uuid lower-cased) is an expression of each element.
  const plainText = readSteps(source) === undefined && kind === 'string' && attribute.id?.kind !== 'uuid';
  const holdsAny = reader.holdsAny;
  return {
    kind: 'column',
    rows,
    value: storedRead(dialect, folding, source, rows.value),
    text: likeRead(dialect, folding, source, rows.value),
    stored: storedColumn(dialect, folding, source, rows.value).stored,
    holdsAny: plainText && holdsAny !== undefined ? (operands) => holdsAny(column, operands) : undefined,
    index: { table: entity.table, column: collection.column },
  };
}

/**
 * The kind of value each element of an array column must be for `attribute`, or why such an
 * array cannot be read for it: Timestamps and values with a declared storage are read from a
 * table of their own only.
 *
 * @example
 * ```ts
 * arrayElementKind(tags); // 'string'
 * ```
 */
export function arrayElementKind(attribute: Attribute): ElementKind | { readonly refused: string } {
  if (attribute.valueStorage !== undefined) return { refused: `an array column holds no ${attribute.valueStorage} values; hold them in a table of their own` };
  return ELEMENT_KINDS[attribute.type](attribute);
}

/** The kind of each attribute type's elements; keyed by type, so a new type does not compile without one. */
const ELEMENT_KINDS: { readonly [T in AttributeType]: (a: Attribute) => ElementKind | { readonly refused: string } } = {
  String: () => 'string',
  Number: () => 'number',
  Boolean: () => 'boolean',
  ID: (a) => (a.id?.kind === 'integer' ? 'number' : 'string'),
  Timestamp: () => ({ refused: 'an array column of instants is not read; hold the instants in a table of their own' }),
};

/**
 * A schema constant as a literal compared exactly: as the dialect writes a compared text
 * (`CAST('team' AS BINARY)` on MySQL, where the column's collation would also take `TEAM`).
 */
function exactLiteral(dialect: SqlDialect, text: string): string {
  return exactOperand(dialect, quoteSchemaLiteral(text));
}

/** `x = 'a'` or `x IN ('a', 'b')` over schema constants. */
function oneOf(dialect: SqlDialect, expr: string, values: readonly string[]): string {
  return equalityOf(dialect, expr, values.map((v) => exactLiteral(dialect, v)), { negated: false, text: true, list: values.length > 1 });
}

/**
 * A column as stored, where its source ignores a prefix: equality compares the column (its
 * `lower()`, where the source ignores case) with the value's stored forms, which an index on it
 * can seek.
 */
function storedColumn(dialect: SqlDialect, folding: CaseFolding, source: AttributeSource, column: string): { stored?: StoredColumn } {
  const steps = readSteps(source);
  if (steps?.prefix === undefined) return {};
  return { stored: { column: folded(dialect, folding, steps, column), steps: { ...steps, prefix: steps.prefix } } };
}

/** `expr` lower-cased as the compile's folding says, where the source ignores case. */
function folded(dialect: SqlDialect, folding: CaseFolding, steps: ReadSteps, expr: string): string {
  return steps.ignoreCase ? dialect.lower(expr, folding) : expr;
}

/**
 * A stored column as its source declares it is read, on every kind of source: lower-cased where
 * it ignores case (as LIKE folds the stored side), then with one leading ignored prefix dropped.
 * Lengths count code points, as the dialect's `substring` does.
 */
function storedRead(dialect: SqlDialect, folding: CaseFolding, source: AttributeSource, column: string): string {
  const steps = readSteps(source);
  if (steps === undefined) return column;
  const expr = folded(dialect, folding, steps, column);
  const prefix = steps.prefix;
  if (prefix === undefined) return expr;
  const length = [...prefix].length;
  const starts = equalityOf(dialect, substringOf(dialect, expr, 1, length), [exactLiteral(dialect, prefix)], { negated: false, text: true, list: false });
  return `CASE WHEN ${starts} THEN ${substringOf(dialect, expr, length + 1)} ELSE ${expr} END`;
}

/**
 * A stored column as LIKE reads it: as {@link storedRead}, except that a source which only
 * ignores case gives the column itself, since LIKE lower-cases its stored side by itself
 * (`lower(lower(x))` is `lower(x)`, and only the latter is what an index on `lower(x)` holds).
 */
function likeRead(dialect: SqlDialect, folding: CaseFolding, source: AttributeSource, column: string): string {
  const steps = readSteps(source);
  return steps?.ignoreCase === true && steps.prefix === undefined ? column : storedRead(dialect, folding, source, column);
}
