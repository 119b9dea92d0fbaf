/**
 * Tables of a mapped entity's shape, for loading records into a database: the entity's
 * table (its key, the fields its attributes read, the tags of its variants) and one table per
 * collection, each column typed for the attribute that reads it and the column storage the
 * mapping declares (docs/backends-sql.md, Column storage). Each record value becomes the column's
 * value, or NULL where the record holds no value of the attribute's type (rules 3 and 6).
 */
import { optionError } from '../../errors/tql-error.js';
import type { Attribute, AttributeType, TimestampStorageKind, ValueStorage } from '../../schema/types.js';
import { dateMilliseconds, unixMilliseconds, unixSeconds } from '../../schema/stored-instant.js';
import { storedValueReader } from '../../schema/stored-value.js';
import { columnStorage } from './column-storage.js';
import type { DdlColumnKind, SqlDialect } from './dialects.js';
import { elementValue, isArrayColumn, type SqlCollectionMapping, type SqlEntityMapping } from './mapping.js';
import type { RecordShape } from './record-shape.js';
import { ownProperty } from '../../own-property.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record value as the column's value; null for a value that is no value of the column's kind. */
const CONVERT: { readonly [K in DdlColumnKind]: (v: unknown, dialect: SqlDialect) => unknown } = {
  text: (v) => (typeof v === 'string' ? v : null),
  key: (v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null),
  integer: (v) => (Number.isSafeInteger(v) ? v : null),
  // As text, cast by the statement: a driver may bind a whole number as an integer type, which
  // 1e21 overflows (DuckDB); the shortest decimal text of a double reads back as the same double.
  double: (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : null),
  boolean: (v, dialect) => (typeof v === 'boolean' ? dialect.bindBoolean(v) : null),
  timestamptz: (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString() : null),
  uuid: (v) => (typeof v === 'string' && UUID.test(v) ? v : null),
};

/**
 * A record value as its column is filled from it: a `zero_one` value as it is (an integer column),
 * decimal text as the number it reads as (a double column compares it as memory does), or null.
 */
const COLUMN_INPUT: { readonly [K in ValueStorage]: (v: unknown) => unknown } = {
  zero_one: (v) => v,
  decimal_text: (v) => storedValueReader('decimal_text')(v) ?? null,
};

/**
 * A record's instant as its column is filled from it, read as the in-memory backend reads it
 * (stored-instant.ts): a bigint of seconds as the number it is, a `Date` of any realm, without a
 * prototype or with its methods replaced by its own time, and anything that is no valid instant
 * of the storage as null.
 */
const INSTANT_INPUT: { readonly [K in TimestampStorageKind]: (v: unknown) => unknown } = {
  unix_seconds: (v) => numberOrNull(unixSeconds(v)),
  unix_milliseconds: (v) => numberOrNull(unixMilliseconds(v)),
  date: (v) => {
    const ms = dateMilliseconds(v);
    return Number.isNaN(ms) ? null : new Date(ms);
  },
  iso_text: (v) => v,
  iso_canonical: (v) => v,
};

const numberOrNull = (n: number) => (Number.isNaN(n) ? null : n);

function columnInput(attribute: Attribute | undefined, v: unknown): unknown {
  const instant = attribute?.storage;
  if (instant !== undefined) return INSTANT_INPUT[instant.kind](v);
  const storage = attribute?.valueStorage;
  return storage === undefined ? v : COLUMN_INPUT[storage](v);
}

/** A column to create and fill. */
export interface PlannedColumn {
  readonly name: string;
  readonly kind: DdlColumnKind;
  /** The attribute whose values it holds (none for keys, tags and discriminators). */
  readonly attribute: Attribute | undefined;
}

/** A table to create and fill: its columns and the rows of a dataset. */
export interface PlannedTable {
  readonly name: string;
  readonly columns: readonly PlannedColumn[];
  /** The rows of `records`, each a value per column in order (record values not yet converted). */
  rows(records: readonly object[]): unknown[][];
}

/** A column's SQL type: the caller's choice, else the dialect's for its kind. */
export type ColumnTypeChoice = (column: { readonly table: string; readonly column: string; readonly attribute: Attribute | undefined; readonly type: string }) => string | undefined;

/** The kind of column `attribute` needs for `field` under `mapping`; `who` names the caller in errors. */
function kindFor(attribute: Attribute, mapping: SqlEntityMapping, field: string, who: string): DdlColumnKind {
  return COLUMN_KINDS[attribute.type](attribute, mapping, field, who);
}

/** The kind of column each type needs; keyed by type, so a new type does not compile until decided. */
const COLUMN_KINDS: { readonly [T in AttributeType]: (attribute: Attribute, mapping: SqlEntityMapping, field: string, who: string) => DdlColumnKind } = {
  String: () => 'text',
  // Records holding 0 and 1 fill an integer column, which the compiler compares with 1 and 0.
  Boolean: (attribute) => (attribute.valueStorage === 'zero_one' ? 'integer' : 'boolean'),
  Number: () => 'double',
  ID: (attribute, mapping, field) => {
    if (attribute.id?.kind === 'integer') return 'integer';
    return attribute.id?.kind === 'uuid' && columnStorage(attribute, mapping, field).kind === 'uuid' ? 'uuid' : 'text';
  },
  Timestamp: (attribute, mapping, field, who) => {
    const storage = columnStorage(attribute, mapping, field).kind;
    if (storage === 'unix_seconds' || storage === 'unix_milliseconds') return 'double';
    if (storage === 'iso_text') return 'text';
    if (storage === 'timestamptz') return 'timestamptz';
    throw optionError(`${who} cannot fill a ${storage} column (${attribute.path}) from records; map it as iso_text, timestamptz or Unix time.`);
  },
};

/** One kind for a column read by several attributes, or an error naming them. */
function agreedKind(column: string, readers: readonly { attribute: Attribute; kind: DdlColumnKind }[], who: string): { kind: DdlColumnKind; attribute: Attribute } {
  const kinds = new Set(readers.map((r) => r.kind));
  if (kinds.size > 1) {
    throw optionError(`${who}: column ${column} is read by ${readers.map((r) => r.attribute.path).join(', ')}, which need different column types (${[...kinds].join(', ')}); give each its own field.`);
  }
  return { kind: readers[0]!.kind, attribute: readers[0]!.attribute };
}

/**
 * The tables of `shape` under `mapping`, in the order to create them (the entity's first); `who`
 * names the caller in errors.
 *
 * @example
 * ```ts
 * planTables(recordShape(schedulingSchema, 'scheduling_request'), schedulingSqlMapping.scheduling_request, 'sqlTarget').map((t) => t.name);
 * // ['scheduling_request', 'associated_entity', 'request_resource']
 * ```
 */
export function planTables(shape: RecordShape, mapping: SqlEntityMapping, who: string): PlannedTable[] {
  const column = (field: string) => (ownProperty(mapping.columns, field) as string | undefined) ?? field;
  const main: { field: string; column: PlannedColumn }[] = [{ field: shape.key, column: { name: mapping.key, kind: 'key', attribute: undefined } }];
  for (const { field, attributes } of shape.scalars) {
    const { kind, attribute } = agreedKind(column(field), attributes.map((a) => ({ attribute: a, kind: kindFor(a, mapping, field, who) })), who);
    main.push({ field, column: { name: column(field), kind, attribute } });
  }
  for (const { field } of shape.tags) main.push({ field, column: { name: column(field), kind: 'text', attribute: undefined } });
  const tables: PlannedTable[] = [
    {
      name: mapping.table,
      columns: main.map((m) => m.column),
      rows: (records) => records.map((r) => main.map((m) => ownProperty(r, m.field))),
    },
  ];
  // Arrays that share a table (told apart by a discriminator) fill one table.
  const byTable = new Map<string, { collection: SqlCollectionMapping; arrays: RecordShape['arrays'][number][] }>();
  for (const array of shape.arrays) {
    const found = ownProperty(mapping.collections, array.field);
    if (found === undefined) throw optionError(`${who}: the mapping of ${shape.entity.name} has no collection for the array ${array.field}; add collections.${array.field}.`);
    if (isArrayColumn(found)) throw optionError(`${who}: the mapping of ${shape.entity.name} holds the array ${array.field} in the column ${found.column}, and tables are made with each array in a table of its own; map collections.${array.field} to { table, foreignKey }.`);
    const collection = found;
    const entry = byTable.get(collection.table) ?? { collection, arrays: [] };
    entry.arrays.push(array);
    byTable.set(collection.table, entry);
  }
  const discriminatorOf = (array: string) => (ownProperty(mapping.collections, array) as SqlCollectionMapping).discriminator?.value ?? array;
  for (const [name, { collection, arrays }] of byTable) tables.push(collectionTable(name, collection, arrays, shape.key, discriminatorOf, who));
  return tables;
}

function collectionTable(
  name: string,
  collection: SqlCollectionMapping,
  arrays: RecordShape['arrays'][number][],
  key: string,
  arrayTag: (array: string) => string,
  who: string,
): PlannedTable {
  const column = (field: string) => (ownProperty(collection.columns, field) as string | undefined) ?? field;
  const asEntity: SqlEntityMapping = { table: name, key: collection.foreignKey, ...(collection.storage === undefined ? {} : { storage: collection.storage }), ...(collection.columns === undefined ? {} : { columns: collection.columns }) };
  const fields = new Map<string, { attribute: Attribute; kind: DdlColumnKind }[]>();
  const whereFields = new Set<string>();
  // Arrays of scalars: the element itself, in the value column.
  const scalars: { attribute: Attribute; kind: DdlColumnKind }[] = [];
  const { column: valueColumn, storageKey } = elementValue(collection, undefined);
  for (const array of arrays) {
    for (const reader of array.readers) {
      if (reader.where !== undefined) whereFields.add(reader.where.field);
      if (reader.value === undefined) scalars.push({ attribute: reader.attribute, kind: kindFor(reader.attribute, asEntity, storageKey, who) });
      else fields.set(reader.value, [...(fields.get(reader.value) ?? []), { attribute: reader.attribute, kind: kindFor(reader.attribute, asEntity, reader.value, who) }]);
    }
  }
  const field = [...fields.keys(), ...whereFields].find((f) => column(f) === valueColumn);
  if (scalars.length > 0 && field !== undefined) {
    throw optionError(`${who}: column ${name}.${valueColumn} would hold both the elements of an array of scalars and the element field ${field}; give the collection another valueColumn.`);
  }
  const columns: { read: (owner: object, element: unknown, array: string) => unknown; column: PlannedColumn }[] = [
    { read: (owner) => ownProperty(owner, key), column: { name: collection.foreignKey, kind: 'key', attribute: undefined } },
  ];
  const discriminator = collection.discriminator;
  if (discriminator !== undefined) columns.push({ read: (_o, _e, array) => array, column: { name: discriminator.column, kind: 'text', attribute: undefined } });
  for (const field of whereFields) if (!fields.has(field)) columns.push({ read: (_o, e) => ownProperty(e, field), column: { name: column(field), kind: 'text', attribute: undefined } });
  for (const [field, readers] of fields) {
    const { kind, attribute } = agreedKind(`${name}.${column(field)}`, whereFields.has(field) ? [...readers, { attribute: readers[0]!.attribute, kind: 'text' }] : readers, who);
    columns.push({ read: (_o, e) => ownProperty(e, field), column: { name: column(field), kind, attribute } });
  }
  if (scalars.length > 0) {
    const { kind, attribute } = agreedKind(`${name}.${valueColumn}`, scalars, who);
    columns.push({ read: (_o, e) => e, column: { name: valueColumn, kind, attribute } });
  }
  return {
    name,
    columns: columns.map((c) => c.column),
    rows: (records) =>
      records.flatMap((owner) =>
        arrays.flatMap((array) => {
          const list = ownProperty(owner, array.field);
          return Array.isArray(list) ? list.map((element) => columns.map((c) => c.read(owner, element, arrayTag(array.field)))) : [];
        }),
      ),
  };
}

/** How {@link createSql} writes a table. */
export interface CreateOptions {
  /** The column whose values are the table's primary key, if any. */
  readonly primaryKey: string | undefined;
  /** A column type other than the dialect's, where the caller chooses one. */
  readonly columnType: ColumnTypeChoice | undefined;
  /** Who creates it, for errors: `sqlTarget`. */
  readonly who: string;
}

/**
 * The DDL of a temporary `table` in `dialect`, with each column's type.
 *
 * @example
 * ```ts
 * createSql(table, sqlite, { primaryKey: 'id', columnType: undefined, who: 'sqlTarget' });
 * // 'CREATE TEMPORARY TABLE "item" ("id" TEXT NOT NULL PRIMARY KEY, "label" TEXT)'
 * ```
 */
export function createSql(table: PlannedTable, dialect: SqlDialect, { primaryKey, columnType, who }: CreateOptions): string {
  const q = dialect.quoteIdentifier;
  const columns = table.columns.map((c) => {
    const type = dialect.ddl.types[c.kind];
    if (type === undefined) throw optionError(`${who}: ${dialect.title} has no column type for ${c.attribute?.path ?? c.name} (${c.kind}); map it another way.`);
    const chosen = columnType?.({ table: table.name, column: c.name, attribute: c.attribute, type }) ?? type;
    return `${q(c.name)} ${chosen}${c.name === primaryKey ? ' NOT NULL PRIMARY KEY' : ''}`;
  });
  return `CREATE TEMPORARY TABLE ${q(table.name)} (${columns.join(', ')})`;
}

/** The rows of `table` for `records`, converted to column values as `dialect` binds them. */
export function columnValues(table: PlannedTable, records: readonly object[], dialect: SqlDialect): unknown[][] {
  return table.rows(records).map((row) => row.map((v, i) => CONVERT[table.columns[i]!.kind](columnInput(table.columns[i]!.attribute, v), dialect)));
}

/** The kinds bound as text and cast by the statement, as the driver would not bind them exactly. */
const CAST: { readonly [K in DdlColumnKind]: boolean } = { text: false, key: false, integer: false, double: true, boolean: false, timestamptz: true, uuid: true };

/** The placeholder of one column's value: a cast where the value is bound as text for a typed column. */
export function valueSql(kind: DdlColumnKind, placeholder: string, dialect: SqlDialect): string {
  return CAST[kind] ? `CAST(${placeholder} AS ${dialect.ddl.types[kind]})` : placeholder;
}
