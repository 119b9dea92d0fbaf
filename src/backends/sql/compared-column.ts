/**
 * What the compiler needs to know of the column a comparison reads, beyond its name: for a
 * Timestamp, how it holds the instant; for a uuid id, whether it is the engine's uuid type or
 * text to compare canonically (docs/backends-sql.md, Column storage).
 */
import type { Attribute } from '../../schema/types.js';
import { columnStorage, type ResolvedColumnStorage } from './column-storage.js';
import type { TimestampColumn } from './instant-sql.js';
import type { SqlEntityMapping } from './mapping.js';

/** An element table's columns are not in the entity's `storage`: they take the attribute's default. */
const NO_STORAGE: SqlEntityMapping = { table: '', key: '' };

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
  if (source.kind === 'element') return columnStorage(attribute, NO_STORAGE, '');
  const fields = source.kind === 'field' ? [source.field] : Object.values(source.fields);
  const [first, ...rest] = fields.map((f) => columnStorage(attribute, entity, f));
  const same = (s: ResolvedColumnStorage) => JSON.stringify(s) === JSON.stringify(first);
  if (first === undefined || !rest.every(same)) return { refused: 'the columns of its variant hold values differently: give them one storage' };
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
  if (storage.kind === 'uuid' || storage.kind === 'text') return { refused: `its column storage ${storage.kind} holds no instant` };
  return storage;
}

/**
 * How a uuid id's column compares: `native` (the engine's uuid type, canonical by itself),
 * `text` (compared lower-cased, as the validator lower-cases the query's value); undefined for
 * every other attribute.
 */
export function uuidColumn(attribute: Attribute, entity: SqlEntityMapping): 'native' | 'text' | undefined {
  if (attribute.type !== 'ID' || attribute.id?.kind !== 'uuid') return undefined;
  const storage = readStorage(attribute, entity);
  return 'kind' in storage && storage.kind === 'uuid' ? 'native' : 'text';
}
