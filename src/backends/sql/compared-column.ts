/**
 * What the compiler needs to know of the column a comparison reads, beyond its name: for a
 * Timestamp, how it holds the instant; for a uuid id, whether it is the engine's uuid type or
 * text to compare canonically (docs/backends-sql.md, Column storage).
 */
import type { Attribute } from '../../schema/types.js';
import { TYPE_FACTS } from '../../schema/type-facts.js';
import { columnStorage } from './column-storage.js';
import type { ResolvedColumnStorage } from './resolved-column-storage.js';
import type { TimestampColumn } from './instant-sql.js';
import type { SqlDialect } from './dialects.js';
import { elementValue, isArrayColumn, type SqlEntityMapping } from './mapping.js';
import { ownProperty } from '../../own-property.js';


/**
 * The storage of the column(s) `attribute` reads, or why there is not one: the branches of a
 * variant must agree, as one expression (a CASE) stands for all of them.
 *
 * @example
 * ```ts
 * readStorage(createdAt, { table: 't', key: 'id', storage: { created_at: 'timestamptz' } }); // { kind: 'timestamptz' }
 * ```
 */
export function readStorage(attribute: Attribute, entity: SqlEntityMapping): ResolvedColumnStorage | { readonly refused: string } {
  const source = attribute.source;
  const storages =
    source.kind === 'element'
      ? // An element column's storage is its table's entry, under the element's field.
        source.arrays.map((array) => {
          const collection = ownProperty(entity.collections, array);
          // An array column's storage describes each of its elements.
          if (collection !== undefined && isArrayColumn(collection)) return columnStorage(attribute, { table: '', key: '', storage: collection.storage === undefined ? {} : { element: collection.storage } }, 'element');
          return columnStorage(attribute, { table: '', key: '', storage: collection?.storage ?? {}, columns: collection?.columns ?? {} }, elementValue(collection ?? { table: '', foreignKey: '' }, source.value).storageKey);
        })
      : (source.kind === 'field' ? [source.field] : Object.values(source.fields)).map((f) => columnStorage(attribute, entity, f));
  const [first, ...rest] = storages;
  const same = (s: ResolvedColumnStorage) => JSON.stringify(s) === JSON.stringify(first);
  if (first === undefined || !rest.every(same)) return { refused: 'the columns it reads hold values differently: give them one storage' };
  return first;
}

/**
 * The Timestamp column storage of `attribute`, or why it cannot be compared as an instant.
 *
 * @example
 * ```ts
 * instantColumn(createdAt, { table: 't', key: 'id' }); // { kind: 'unix_seconds' }
 * ```
 */
export function instantColumn(attribute: Attribute, entity: SqlEntityMapping): TimestampColumn | { readonly refused: string } {
  const storage = readStorage(attribute, entity);
  if ('refused' in storage) return storage;
  if (storage.kind === 'uuid' || storage.kind === 'text' || storage.kind === 'integer') return { refused: `its column storage ${storage.kind} holds no instant` };
  return storage;
}

/**
 * How a uuid id's column compares: `native` (the engine's uuid type, canonical by itself),
 * `text` (compared lower-cased, as the validator lower-cases the query's value); undefined for
 * every other attribute.
 */
export function uuidColumn(attribute: Attribute, entity: SqlEntityMapping): 'native' | 'text' | undefined {
  if (!TYPE_FACTS[attribute.type].ids || attribute.id?.kind !== 'uuid') return undefined;
  const storage = readStorage(attribute, entity);
  return 'kind' in storage && storage.kind === 'uuid' ? 'native' : 'text';
}

/**
 * Whether the attribute's columns hold integers the dialect compares with integer bounds
 * (`storage: 'integer'`, {@link SqlDialect.integerBound}).
 */
export function integerColumn(attribute: Attribute, entity: SqlEntityMapping, dialect: SqlDialect): boolean {
  if (dialect.integerBound === undefined) return false;
  const storage = readStorage(attribute, entity);
  return 'kind' in storage && storage.kind === 'integer';
}
