/**
 * Checking an SQL mapping against the database it is meant for: every table and column the
 * mapping names must be there, and each column's declared type must give tql's semantics for
 * the attribute read from it (docs/backends-sql.md, Checking a mapping against the database). A
 * compiled filter on a column of another type does not fail: it answers wrong, which is why this
 * runs before serving rather than being left to the first query.
 */
import { describeValue } from '../../errors/describe-value.js';
import { readOptions } from '../../errors/read-options.js';
import { closest } from '../../errors/suggest.js';
import { TqlError, issue, optionError, type TqlIssue } from '../../errors/tql-error.js';
import type { Attribute, Entity, Schema } from '../../schema/types.js';
import { isSchema } from '../../schema/define-schema.js';
import { readCatalog, type Catalog, type CatalogColumn } from './catalog.js';
import { collationWords, columnFitProblem, foldingCollation, holdsText, keyFamily } from './column-fit.js';
import { columnStorage } from './column-storage.js';
import type { AnySqlDatabase } from './database.js';
import type { SqlDialect } from './dialects.js';
import { entityMapping, entityMappingProblems, isDefinedMapping, readMapping } from './define-mapping.js';
import { mappingError } from './mapping-errors.js';
import { arrayElementKind, elementValue, isArrayColumn, type SqlArrayColumnMapping, type SqlCollectionMapping, type SqlEntityMapping, type SqlMapping } from './mapping.js';
import { ARRAY_HOLDINGS } from './array-column.js';
import { sortColumns } from './sort-sql.js';
import { isSortable, whyNotSortable } from '../../http/list-order.js';
import { ownProperty } from '../../own-property.js';

/**
 * How many missing columns of one check get a "did you mean": the first ones, which the author
 * reads first. Each guess reads every column of the table, so guessing for all of them would
 * cost the table's width times the number of missing columns.
 */
export const SUGGESTED_COLUMNS = 10;

/** Options of {@link checkSqlMapping}. */
export interface CheckSqlMappingOptions {
  /** The entities to check. Default: every entity of the schema that the mapping has. */
  readonly entities?: readonly string[] | undefined;
  /**
   * The attribute lists are ordered by by default (`created_at`, whatever its field or column is
   * called): every checked entity must have it, with a column the engine can order by whole
   * seconds, values or code points as `sqlListStore` pages (docs/backends-sql.md). A name that is
   * no attribute of an entity is taken as a column its table must have. Default: none.
   */
  readonly listOrder?: string | false | undefined;
  /**
   * Accept `NUMERIC` / `DECIMAL` columns for Number attributes. They compare exact decimals where
   * tql compares doubles (docs/language.md, rule 6), so they are refused unless you accept that
   * divergence. Default false.
   */
  readonly acceptDecimal?: boolean | undefined;
}

/** One entity to check, with its mapping entry. */
interface Checked {
  readonly entity: Entity;
  readonly mapping: SqlEntityMapping;
}

/**
 * Reads the database's catalog for every table and column `mapping` names for `schema` (entity
 * tables and keys, columns, collection tables, their foreign keys and discriminators, variant
 * tags) and resolves when each one is there with a type that gives tql's semantics for the
 * attribute read from it. Otherwise it rejects with one `TqlError` (`mapping_mismatch`), one issue
 * per problem, each naming the attribute, the `table.column` and what to write instead: a missing
 * table or column; a Timestamp whose column storage does not fit the column's type; LIKE on a
 * column that is not text; a uuid id whose storage and column disagree; a Number on a NUMERIC
 * column (unless `acceptDecimal`) or on text; a Boolean on another type; an integer id on text;
 * a String with EQ or IN, a text id, a key, a tag or a discriminator on a column whose collation
 * takes different texts for equal (SQLite NOCASE, DuckDB NOACCENT, a nondeterministic PostgreSQL
 * collation). Run it once at start-up, not per request.
 *
 * @example
 * ```ts
 * const db = sqlDatabase(pglite);
 * await checkSqlMapping(db, schedulingSchema, schedulingSqlMapping); // resolves: the shipped DDL fits
 *
 * await db.exec('CREATE TABLE IF NOT EXISTS event (id text PRIMARY KEY, created_at timestamptz)');
 * const events = defineSchema({ entities: { event: { attributes: { created_at: { type: 'Timestamp' } } } } });
 * const error = await checkSqlMapping(db, events, { event: { table: 'event', key: 'id' } }).catch((e: TqlError) => e);
 * error?.issues.map((i) => i.message); // → ["The mapping does not fit the database: event.created_at: column event.created_at is timestamp with time zone, and the mapping reads it as Unix seconds; declare storage: { created_at: 'timestamptz' } in the mapping of event."]
 * ```
 */
export async function checkSqlMapping(db: AnySqlDatabase, schema: Schema, given: SqlMapping, options: CheckSqlMappingOptions = {}): Promise<void> {
  checkArguments(db, schema);
  const { entities, listOrder, acceptDecimal } = readOptions('checkSqlMapping', options, ['entities', 'listOrder', 'acceptDecimal']);
  const mapping = readMapping('checkSqlMapping', given) as SqlMapping;
  const names = entities === undefined ? schema.entityNames.filter((name) => typeof mapping === 'object' && mapping !== null && Object.hasOwn(mapping, name)) : entityNames(entities);
  const checked = names.map((name): Checked => {
    const entity = Object.hasOwn(schema.entities, name) ? (schema.entities as Record<string, Entity>)[name] : undefined;
    if (entity === undefined) throw optionError(`entities names "${name}", which the schema does not have; use some of ${schema.entityNames.join(', ')}.`);
    return { entity, mapping: entityMapping(mapping, entity) };
  });
  // A mapping of plain data is checked against the schema as defineSqlMapping checks it.
  const refused = isDefinedMapping(mapping) ? [] : checked.flatMap((c) => entityMappingProblems(c.entity.name, c.mapping, c.entity));
  if (refused.length > 0) throw mappingError(refused);
  const tables = new Set<string>();
  for (const { entity, mapping: m } of checked) {
    tables.add(m.table);
    for (const c of collectionsOf(entity, m)) tables.add(c.table);
  }
  const catalog = await readCatalog(db, [...tables]);
  const ctx: Context = { catalog, dialect: db.sqlDialect, acceptDecimal: acceptDecimal === true, problems: new Set<string>(), guesses: 0 };
  for (const c of checked) checkEntity(c, ctx, listOrder ?? false);
  if (ctx.problems.size > 0) throw mismatchError([...ctx.problems]);
}

/** `db` and `schema` as the check needs them, or an `invalid_option` saying what to pass. */
function checkArguments(db: unknown, schema: unknown): void {
  let problem: string | undefined;
  try {
    const d = db as Partial<AnySqlDatabase> | null;
    if (typeof d !== 'object' || d === null || typeof d.all !== 'function' || typeof d.sqlDialect !== 'object' || d.sqlDialect === null) {
      problem = `db is a SqlDatabase (sqlDatabase(driver) of a better-sqlite3 Database, a PGlite instance, a node-postgres Client, …), not ${describeValue(db)}`;
    } else if (!isSchema(schema)) problem = `schema is a schema made by defineSchema(), not ${describeValue(schema)}`;
  } catch {
    problem = 'reading db or schema threw an exception (a getter or a proxy trap); pass a SqlDatabase and a schema made by defineSchema()';
  }
  if (problem !== undefined) throw optionError(`checkSqlMapping: ${problem}.`);
}

/** The `entities` option as a list of names, read once; `invalid_option` for anything else. */
function entityNames(entities: unknown): string[] {
  let names: unknown[] | undefined;
  try {
    names = Array.isArray(entities) ? [...(entities as unknown[])] : undefined;
  } catch {
    throw optionError('checkSqlMapping could not read its option entities: reading it threw an exception (a getter or a proxy trap). Pass a plain list of entity names.');
  }
  if (names === undefined || !names.every((n) => typeof n === 'string')) throw optionError(`entities is a list of entity names, not ${describeValue(entities)}.`);
  return names as string[];
}

/** What every check of one call shares. */
interface Context {
  readonly catalog: Catalog;
  readonly dialect: SqlDialect;
  readonly acceptDecimal: boolean;
  readonly problems: Set<string>;
  /** How many "did you mean" guesses were made, up to {@link SUGGESTED_COLUMNS}. */
  guesses: number;
}

/** The collections the entity's attributes look in, each once. */
function collectionsOf(entity: Entity, mapping: SqlEntityMapping): SqlCollectionMapping[] {
  const found = new Set<SqlCollectionMapping>();
  for (const name of entity.attributeNames) {
    const source = entity.attributes[name]!.source;
    if (source.kind !== 'element') continue;
    for (const array of source.arrays) {
      const c = ownProperty(mapping.collections, array);
      // An array held in a column is in the entity's own table.
      if (c !== undefined && !isArrayColumn(c)) found.add(c);
    }
  }
  return [...found];
}

function checkEntity({ entity, mapping }: Checked, ctx: Context, listOrder: string | false): void {
  const table = mapping.table;
  const columns = ctx.catalog.get(table);
  if (columns === undefined) {
    ctx.problems.add(`${entity.name}: table ${table} is not in the database; create it, or correct table in the mapping of ${entity.name}`);
    return;
  }
  const key = column(ctx, columns, table, mapping.key, `${entity.name} key`, `key in the mapping of ${entity.name}`);
  if (listOrder !== false) checkListOrder(ctx, entity, mapping, columns, listOrder);
  // The columns attributes read, whose own checks judge their collation.
  const read = new Set<string>();
  const field = (attribute: Attribute, name: string) => {
    const c = ownProperty(mapping.columns, name) ?? name;
    read.add(c);
    const found = column(ctx, columns, table, c, attribute.path, `columns: { ${name}: '…' } in the mapping of ${entity.name}`);
    if (found !== undefined) fit(ctx, attribute, mapping, entity.name, name, table, c, found);
  };
  const tag = (attribute: Attribute, name: string) => {
    const c = ownProperty(mapping.columns, name) ?? name;
    const found = column(ctx, columns, table, c, attribute.path, `columns: { ${name}: '…' } in the mapping of ${entity.name}`);
    if (found !== undefined && !holdsText(found)) ctx.problems.add(`${attribute.path}: column ${table}.${c} is ${typeWords(found)}, and its tag is compared with text; make the column text`);
    else if (found !== undefined) constantsCollation(ctx, attribute.path, table, c, found);
  };
  for (const name of entity.attributeNames) {
    const attribute = entity.attributes[name]!;
    const source = attribute.source;
    switch (source.kind) {
      case 'field':
        field(attribute, source.field);
        break;
      case 'variant':
        tag(attribute, source.tag);
        for (const f of Object.values(source.fields)) field(attribute, f);
        break;
      case 'element':
        for (const array of source.arrays) {
          const collection = ownProperty(mapping.collections, array);
          // defineSqlMapping reports an array without a table; nothing here to look up.
          if (collection !== undefined && isArrayColumn(collection)) {
            read.add(collection.column);
            checkArrayColumn(ctx, attribute, entity.name, array, collection, table, columns);
          } else if (collection !== undefined) checkElements(ctx, attribute, mapping, entity.name, array, collection, { table, key });
        }
        break;
    }
  }
  const folding = key === undefined || read.has(mapping.key) ? undefined : foldingCollation(key, ctx.dialect);
  if (folding !== undefined) {
    ctx.problems.add(`${entity.name} key: column ${table}.${mapping.key} is ${typeWords(key!)}, ${collationWords(folding)}, so two keys would be one; declare the column without the collation`);
  }
}

/**
 * The list order's attribute, when the entity has one by that name: one the engine can order
 * exactly (its columns' fit is checked with the other attributes); else a column of the table.
 */
function checkListOrder(ctx: Context, entity: Entity, mapping: SqlEntityMapping, columns: ReadonlyMap<string, CatalogColumn>, listOrder: string): void {
  const attribute = Object.hasOwn(entity.attributes, listOrder) ? (entity.attributes as Record<string, Attribute>)[listOrder] : undefined;
  if (attribute === undefined) {
    column(ctx, columns, mapping.table, listOrder, `${entity.name} list order`, 'the list order (listOrder), which names an attribute or a column');
    return;
  }
  if (!isSortable(attribute)) {
    ctx.problems.add(`${entity.name} list order: ${whyNotSortable(attribute)}; order lists by another attribute`);
    return;
  }
  const order = sortColumns([attribute], mapping, ctx.dialect);
  if ('refused' in order) ctx.problems.add(`${entity.name} list order: ${ctx.dialect.title} cannot order by ${order.refused}`);
}

/** A problem when the collation of a column compared with schema constants (a tag, a discriminator) folds. */
function constantsCollation(ctx: Context, who: string, table: string, name: string, found: CatalogColumn): void {
  const folding = foldingCollation(found, ctx.dialect);
  if (folding !== undefined) ctx.problems.add(`${who}: column ${table}.${name} is ${typeWords(found)}, ${collationWords(folding)}, and it is compared with the schema's texts exactly; declare the column without the collation`);
}

/** The collection table of one array: its foreign key, discriminator, element tag and value columns. */
function checkElements(
  ctx: Context,
  attribute: Attribute,
  mapping: SqlEntityMapping,
  entity: string,
  array: string,
  collection: SqlCollectionMapping,
  owner: { readonly table: string; readonly key: CatalogColumn | undefined },
): void {
  const source = attribute.source as Extract<Attribute['source'], { kind: 'element' }>;
  const table = collection.table;
  const entry = `collections.${array}`;
  // The collection's own columns are the mapping entry's, whichever attribute looks in it.
  const structure = `${entity}.${entry}`;
  const columns = ctx.catalog.get(table);
  if (columns === undefined) {
    ctx.problems.add(`${structure}: table ${table} is not in the database; create it, or correct ${entry}.table in the mapping of ${entity}`);
    return;
  }
  const elementColumn = (field: string) => ownProperty(collection.columns, field) ?? field;
  const fk = column(ctx, columns, table, collection.foreignKey, structure, `${entry}.foreignKey in the mapping of ${entity}`);
  if (fk !== undefined && owner.key !== undefined && keyFamily(fk.kind) !== keyFamily(owner.key.kind)) {
    ctx.problems.add(
      `${structure}: column ${table}.${collection.foreignKey} is ${typeWords(fk)} and holds the key ${owner.table}.${mapping.key}, which is ${typeWords(owner.key)}; make the two columns one type`,
    );
  }
  const texts: [string, string][] = source.where === undefined ? [] : [[elementColumn(source.where.field), attribute.path]];
  if (collection.discriminator !== undefined) texts.push([collection.discriminator.column, structure]);
  for (const [c, who] of texts) {
    const found = column(ctx, columns, table, c, who, `${entry} in the mapping of ${entity}`);
    if (found !== undefined && !holdsText(found)) ctx.problems.add(`${who}: column ${table}.${c} is ${typeWords(found)}, and it is compared with text; make the column text`);
    else if (found !== undefined) constantsCollation(ctx, who, table, c, found);
  }
  const { column: value, storageKey } = elementValue(collection, source.value);
  const named = source.value === undefined ? `${entry}.valueColumn` : `${entry}.columns: { ${source.value}: '…' }`;
  const found = column(ctx, columns, table, value, attribute.path, `${named} in the mapping of ${entity}`);
  // The element column's storage is its table's entry.
  if (found !== undefined) fit(ctx, attribute, { table, key: collection.foreignKey, storage: collection.storage ?? {}, columns: collection.columns ?? {} }, entity, storageKey, table, value, found);
}

/** The kinds of column a JSON array may be held in as text: SQLite's TEXT affinity or none, an engine's json type. */
const JSON_COLUMN_KINDS: ReadonlySet<CatalogColumn['kind']> = new Set(['text', 'untyped', 'other']);

/**
 * An array held in a column of the entity's table: the column is there, the dialect reads the
 * form the mapping says it holds, and its elements' type fits the attribute as a column of that
 * type would.
 */
function checkArrayColumn(ctx: Context, attribute: Attribute, entity: string, array: string, collection: SqlArrayColumnMapping, table: string, columns: ReadonlyMap<string, CatalogColumn>): void {
  const entry = `collections.${array}`;
  const found = column(ctx, columns, table, collection.column, attribute.path, `${entry}.column in the mapping of ${entity}`);
  if (found === undefined) return;
  const where = `${attribute.path}: column ${table}.${collection.column} is ${typeWords(found)}`;
  if (ctx.dialect.arrayColumns?.[collection.holds] === undefined) {
    const readable = ARRAY_HOLDINGS.filter((h) => ctx.dialect.arrayColumns?.[h] !== undefined);
    ctx.problems.add(`${where}, and tql cannot read an array held as ${collection.holds} on ${ctx.dialect.title}; ${readable.length === 0 ? 'hold the elements in a table of their own' : `hold it as ${readable.join(' or ')} (${entry}.holds)`}`);
    return;
  }
  const kind = arrayElementKind(attribute);
  if (typeof kind !== 'string') {
    ctx.problems.add(`${attribute.path}: ${kind.refused}`);
    return;
  }
  if (collection.holds === 'json') {
    if (!JSON_COLUMN_KINDS.has(found.kind)) ctx.problems.add(`${where}, which holds no JSON text; make it a text column, or correct ${entry}.holds`);
    return;
  }
  if (found.element === undefined) {
    ctx.problems.add(`${where}, not an array type; declare it as an array (text[]), or say holds: 'json' for a JSON array in text`);
    return;
  }
  // The elements are judged as a column of their type would be; a storage entry names them by the collection's own entry.
  const storage: SqlEntityMapping = { table, key: '', storage: collection.storage === undefined ? {} : { [ELEMENT_FIELD]: collection.storage } };
  const problem = columnFitProblem({
    attribute,
    storage: columnStorage(attribute, storage, ELEMENT_FIELD),
    column: { ...found, kind: found.element },
    dialect: ctx.dialect,
    field: ELEMENT_FIELD,
    entity,
    collection: entry,
    acceptDecimal: ctx.acceptDecimal,
  });
  const elementType = found.type.replace(/\s*\[\d*\]\s*$/, '');
  if (problem !== undefined) ctx.problems.add(`${attribute.path}: the elements of column ${table}.${collection.column} (${typeWords(found)}) are ${elementType}, ${problem}`);
}

/** The name a column's elements stand under where a column's fit is judged (its messages name the collection's storage entry instead). */
const ELEMENT_FIELD = 'tql_element';

/** The column, or undefined with a problem that says it is missing and which entry names it. */
function column(ctx: Context, columns: ReadonlyMap<string, CatalogColumn>, table: string, name: string, who: string, entry: string): CatalogColumn | undefined {
  const found = columns.get(name);
  if (found !== undefined) return found;
  const guess = guessColumn(ctx, name, columns);
  ctx.problems.add(`${who}: column ${table}.${name} is not in the database${guess === undefined ? '' : ` (did you mean ${guess}?)`}; add it, or correct ${entry}`);
  return undefined;
}

/** The column of the table closest to `name`, for the first {@link SUGGESTED_COLUMNS} missing ones only. */
function guessColumn(ctx: Context, name: string, columns: ReadonlyMap<string, CatalogColumn>): string | undefined {
  if (ctx.guesses >= SUGGESTED_COLUMNS) return undefined;
  ctx.guesses++;
  return closest(name, columns.keys());
}

function fit(ctx: Context, attribute: Attribute, mapping: SqlEntityMapping, entity: string, field: string, table: string, name: string, found: CatalogColumn): void {
  const storage = columnStorage(attribute, mapping, field);
  const problem = columnFitProblem({ attribute, storage, column: found, dialect: ctx.dialect, field, entity, acceptDecimal: ctx.acceptDecimal });
  if (problem !== undefined) ctx.problems.add(`${attribute.path}: column ${table}.${name} is ${typeWords(found)}, ${problem}`);
}

/** A column's type as messages name it: an SQLite column declared without one is untyped. */
function typeWords(column: CatalogColumn): string {
  return column.type.trim() === '' ? 'untyped (declared without a type)' : column.type;
}

/** A `mapping_mismatch` error, one issue per problem. */
function mismatchError(problems: readonly string[]): TqlError {
  const issues = problems.map((p): TqlIssue => issue('', { code: 'mapping_mismatch', message: `The mapping does not fit the database: ${p}.`, span: { start: 0, end: 0 } }));
  return new TqlError('', issues as [TqlIssue, ...TqlIssue[]]);
}
