/**
 * `schemaFromTypeorm`: a tql schema definition and SQL mapping from a TypeORM DataSource's entity
 * metadata, one entity per entity, one attribute per column that tql can filter
 * (typeorm-columns.ts says which); and the engine of a DataSource, which the derivation and
 * `tqlWhere` read from its driver's type.
 */
import type { DataSource, EntityMetadata } from 'typeorm';
import type { SqlDialectName } from '../backends/sql/dialects.js';
import type { SqlCollectionMapping, SqlEntityMapping, SqlMapping } from '../backends/sql/mapping.js';
import { optionError } from '../errors/tql-error.js';
import { derivationError, type SkippedProperty } from '../schema/from-json-schema.js';
import type { AttributeDefinition, EntityDefinition, SchemaDefinition } from '../schema/types.js';
import { nameFields } from '../schema/field-names.js';
import { deriveAttributes, nameEntities, type DerivationLists, type DerivationNote } from './schema-derivation.js';
import { deriveTypeormColumn, type ColumnMetadata, type TypeormEngine } from './typeorm-columns.js';

/** What {@link schemaFromTypeorm} derived: a schema definition, its SQL mapping, what it left out and the caveats. */
export interface TypeormSchema {
  readonly definition: SchemaDefinition;
  readonly mapping: SqlMapping;
  readonly skipped: readonly SkippedProperty[];
  readonly notes: readonly DerivationNote[];
}

/** The driver types (`options.type`) of TypeORM whose SQL tql writes, and the engine of each. */
const DRIVER_ENGINES: Readonly<Record<string, TypeormEngine>> = {
  postgres: 'postgres',
  'better-sqlite3': 'sqlite',
  sqlite: 'sqlite',
  mysql: 'mysql',
  mariadb: 'mysql',
};

/** The tql dialect of each engine family. */
const ENGINE_DIALECTS: { readonly [E in TypeormEngine]: SqlDialectName } = { postgres: 'postgres', sqlite: 'sqlite', mysql: 'mysql' };

/** What tql reads of a DataSource (TypeORM 0.3 and 1.x): its options' driver type, its driver, its entities. */
type DataSourceLike = Pick<DataSource, 'options' | 'driver' | 'entityMetadatas' | 'isInitialized'>;

/** The engine of a TypeORM driver type, or undefined for one tql does not write for. */
export function typeormEngine(type: unknown): TypeormEngine | undefined {
  return typeof type === 'string' && Object.hasOwn(DRIVER_ENGINES, type) ? DRIVER_ENGINES[type] : undefined;
}

/**
 * The tql dialect of a DataSource by its driver type: `postgres`; `better-sqlite3` (and 0.3's
 * `sqlite`) → `sqlite`; `mysql` and `mariadb` → `mysql`. Any other is refused with a `TqlError`
 * that says to name the dialect.
 *
 * @example
 * ```ts
 * import { DataSource } from 'typeorm';
 *
 * typeormDialect(new DataSource({ type: 'better-sqlite3', database: ':memory:' })); // → 'sqlite'
 * ```
 */
export function typeormDialect(dataSource: Pick<DataSource, 'options'>): SqlDialectName {
  const type: unknown = dataSource?.options?.type;
  const engine = typeormEngine(type);
  if (engine !== undefined) return ENGINE_DIALECTS[engine];
  throw optionError(
    `tqlWhere cannot tell the SQL engine of a TypeORM DataSource of type ${JSON.stringify(type)}: name it, { dialect: 'postgres' | 'sqlite' | 'mysql' } or a dialect object of your own.`,
  );
}

/** The DataSource of an entity's metadata: `dataSource` in TypeORM 1.x, `connection` in 0.3. */
function dataSourceOf(metadata: EntityMetadata): DataSourceLike | undefined {
  const m = metadata as EntityMetadata & { readonly connection?: DataSourceLike };
  return m.dataSource ?? m.connection;
}

/** A property's name as an attribute's (lower snake case), or the property's own where it has none. */
const nameOf = (property: string): string => nameFields([{ field: property, value: property }]).named[0]?.name ?? property;

/** One entity derived: its attributes and its mapping. */
interface DerivedEntity {
  readonly attributes: Readonly<Record<string, AttributeDefinition>>;
  readonly mapping: SqlEntityMapping;
}

/** Why a column of an entity is not an attribute of its own, whatever its type ('' when its relation says it); undefined when it may be. */
function notAColumn(column: ColumnMetadata): string | undefined {
  // The join column TypeORM adds for a relation, under the relation's property (the relation is listed once, below).
  if (column.relationMetadata !== undefined && column.propertyName === column.relationMetadata.propertyName) return '';
  if (column.embeddedMetadata !== undefined) return 'a column of an embedded entity: tql reads the fields of the entity itself';
  if (column.isVirtual) return 'a virtual column: entities do not hold it';
  return undefined;
}

/**
 * The attributes and SQL mapping of one entity's metadata, named `entity`: each column that tql
 * can filter, nullable where it is, reading the property and mapped to its database column;
 * with `withRelations`, each one-to-many relation's related columns as element sources over the
 * related rows (`tickets_subject`), their table a collection of the mapping; what it leaves out
 * and its caveats go to `lists`.
 */
export function deriveTypeormEntity(entity: string, metadata: EntityMetadata, lists: DerivationLists = { skipped: [], notes: [] }, withRelations = true): DerivedEntity {
  const dataSource = dataSourceOf(metadata);
  const engine = typeormEngine(dataSource?.options.type);
  const columns = metadata.columns.filter((column) => {
    const reason = notAColumn(column);
    if (reason !== undefined && reason !== '') lists.skipped.push({ path: `${entity}.${column.propertyPath}`, reason });
    return reason === undefined;
  });
  const sqlType = (column: ColumnMetadata) => String(dataSource?.driver.normalizeType(column) ?? column.type).toLowerCase();
  const attributes = deriveAttributes(
    entity,
    columns.map((column) => ({ field: column.propertyName, value: column })),
    { derive: (column, name) => deriveTypeormColumn({ column, name, sqlType: sqlType(column), engine }), nullable: (column) => column.isNullable },
    lists,
  );
  const renamed = attributes.filter((a) => a.field !== a.value.databaseName).map((a) => [a.field, a.value.databaseName] as const);
  const storage = attributes.flatMap((a) => (a.derived.storage === undefined ? [] : [[a.field, a.derived.storage] as const]));
  const elements: [string, AttributeDefinition][] = [];
  const collections: Record<string, SqlCollectionMapping> = {};
  for (const relation of metadata.relations) {
    const joinColumn = relation.joinColumns[0];
    const foreignKey = relation.relationType === 'one-to-many' ? relation.inverseRelation?.joinColumns[0] : undefined;
    if (withRelations && foreignKey !== undefined) {
      // The related rows are the elements: each of their columns an attribute `<relation>_<column>`.
      const related = deriveTypeormEntity(`${entity}.${relation.propertyPath}`, relation.inverseEntityMetadata, lists, false);
      const prefix = nameOf(relation.propertyName);
      for (const [name, { nullable: _nullable, source, ...attribute }] of Object.entries(related.attributes)) {
        const value = source?.kind === 'field' ? source.field : name;
        elements.push([`${prefix}_${name}`, { ...attribute, source: { kind: 'element', arrays: [relation.propertyName], value } }]);
      }
      const { table, columns, storage } = related.mapping;
      collections[relation.propertyName] = { table, foreignKey: foreignKey.databaseName, ...(columns === undefined ? {} : { columns }), ...(storage === undefined ? {} : { storage }) };
      continue;
    }
    const declared = metadata.columns.find((c) => c.databaseName === joinColumn?.databaseName && c.propertyName !== relation.propertyName);
    lists.skipped.push({
      path: `${entity}.${relation.propertyPath}`,
      reason:
        joinColumn === undefined
          ? `a ${relation.relationType} relation: ${withRelations ? 'a collection attribute needs an element source and its collections mapping (docs/schema.md, Sources), added by hand' : 'tql reads one level of related rows'}`
          : `a ${relation.relationType} relation: entities hold the related entity; ${declared === undefined ? `filter on its key by declaring the join column ${joinColumn.databaseName} as a column of its own` : `its key is the column ${declared.propertyName}`}`,
    });
  }
  const key = metadata.primaryColumns[0];
  return {
    attributes: Object.fromEntries([...attributes.map((a): [string, AttributeDefinition] => [a.name, a.attribute]), ...elements]),
    mapping: {
      table: metadata.tableName,
      key: key === undefined ? 'id' : key.databaseName,
      ...(renamed.length === 0 ? {} : { columns: Object.fromEntries(renamed) }),
      ...(storage.length === 0 ? {} : { storage: Object.fromEntries(storage) }),
      ...(Object.keys(collections).length === 0 ? {} : { collections }),
    },
  };
}

/**
 * A tql schema definition and SQL mapping from a TypeORM DataSource's entities (after
 * `initialize()`), or from entity metadata (`dataSource.entityMetadatas`, or some of them). Each
 * entity is named in lower snake case (`TicketComment` → `ticket_comment`), each column that tql
 * can filter becomes an attribute named in lower snake case (`openedAt` → `opened_at`) that reads
 * the property in the entities TypeORM hydrates; the mapping names the table, its primary key,
 * each column whose name differs from its property, and how each instant or uuid column is stored:
 *
 * | TypeORM column | attribute | column storage |
 * |---|---|---|
 * | `String`, `varchar`, `text`, `char` | `String` | |
 * | `enum`, `simple-enum` | `String` with the values as a closed set (a PostgreSQL enum takes no LIKE) | |
 * | `Boolean`, `boolean` | `Boolean` | |
 * | `uuid` | `ID`, `{ kind: 'uuid' }` | `uuid` where the engine's type is uuid |
 * | `Date`, `datetime` on SQLite | `Timestamp` holding a `Date` | `iso_text` (UTC text, as TypeORM writes it) |
 * | `timestamptz` (PostgreSQL), `timestamp` (MySQL) | `Timestamp` holding a `Date` | `timestamptz` |
 * | `Date`, `timestamp` (PostgreSQL), `datetime` (MySQL) | `Timestamp` holding a `Date` (a note on time zones) | `timestamp` (UTC) |
 * | `date` | `Timestamp` holding `YYYY-MM-DD` text | `timestamp`, `iso_text` on SQLite |
 * | `decimal`, `numeric` | `Number`, compared as a double (a note says so) | |
 * | an integer named `id` or `…_id` | `ID` with integer ids | |
 * | any other number | `Number` | |
 * | `nullable: true` | `nullable: true` | |
 *
 * A one-to-many relation (`tickets`) gives one attribute per column of the related entity,
 * `tickets_subject`: some related row passes, read from the hydrated entity's array and in SQL
 * from the related table (a collection of the mapping, keyed by the relation's join column).
 * Other columns (JSON, arrays, `simple-array`, `bigint`, embedded entities, the join columns of
 * relations) and many-to-many relations (their junction table holds no values) are listed in
 * `skipped` with the reason. The engine is the DataSource's driver type:
 * `postgres`, `better-sqlite3`, `mysql` or `mariadb`.
 *
 * @example
 * ```ts
 * import { DataSource, EntitySchema } from 'typeorm';
 *
 * const Ticket = new EntitySchema<{ id: number; subject: string; openedAt: Date }>({
 *   name: 'Ticket',
 *   tableName: 'tickets',
 *   columns: { id: { type: Number, primary: true }, subject: { type: String }, openedAt: { type: Date, name: 'opened_at' } },
 * });
 * const dataSource = await new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [Ticket], synchronize: true }).initialize();
 * const { definition, mapping } = schemaFromTypeorm(dataSource);
 * Object.keys(definition.entities['ticket']!.attributes); // → ['id', 'subject', 'opened_at']
 * mapping['ticket']; // → { table: 'tickets', key: 'id', columns: { openedAt: 'opened_at' }, storage: { openedAt: { kind: 'iso_text' } } }
 * await dataSource.destroy();
 * ```
 */
export function schemaFromTypeorm(source: DataSource | readonly EntityMetadata[]): TypeormSchema {
  const metadatas = metadatasOf(source);
  const lists: DerivationLists = { skipped: [], notes: [] };
  const entities: [string, EntityDefinition][] = [];
  const mapping: [string, SqlEntityMapping][] = [];
  const tables = metadatas.filter((metadata) => {
    if (metadata.tableType !== 'junction') return true;
    lists.skipped.push({ path: metadata.name, reason: 'the junction table of a many-to-many relation: not an entity' });
    return false;
  });
  for (const { name, value } of nameEntities(tables.map((metadata) => ({ field: metadata.name, value: metadata })), lists.skipped)) {
    const derived = deriveTypeormEntity(name, value, lists);
    entities.push([name, { attributes: derived.attributes }]);
    mapping.push([name, derived.mapping]);
  }
  return { definition: { entities: Object.fromEntries(entities) }, mapping: Object.fromEntries(mapping), ...lists };
}

/** The entity metadata of a DataSource (initialized) or a list of them; a TqlError for anything else. */
function metadatasOf(source: unknown): readonly EntityMetadata[] {
  if (Array.isArray(source)) return source as EntityMetadata[];
  const dataSource = source as Partial<DataSourceLike> | null;
  if (typeof dataSource !== 'object' || dataSource === null || !Array.isArray(dataSource.entityMetadatas)) {
    throw derivationError('schemaFromTypeorm takes a TypeORM DataSource or its entityMetadatas.');
  }
  if (dataSource.isInitialized === false) throw derivationError('schemaFromTypeorm reads the entity metadata TypeORM builds on initialize(): await dataSource.initialize() first.');
  return dataSource.entityMetadatas;
}
