/**
 * Which `storage` entry of a mapping describes a record field's column: the one place that
 * decides it, for `defineSqlMapping`, `checkSqlMapping` and every compiler. Mappings are often
 * written from the database's side, so an entry may be keyed by the field, by the column the
 * mapping's `columns` gives the field, or by the name of the attribute that reads the field.
 */
import { ownProperty } from '../../own-property.js';

/** The parts of an entity's or a collection's mapping that name columns and storages. */
export interface StorageEntries {
  readonly columns?: Readonly<Record<string, string>> | undefined;
  readonly storage?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * The keys a `storage` entry of record field `field` may have, in the order they are looked up:
 * the field, its column where `columns` renames it, and the attribute's name where it differs.
 *
 * @example
 * ```ts
 * storageKeys({ columns: { createdAt: 'created_at' } }, 'createdAt', 'created'); // ['createdAt', 'created_at', 'created']
 * storageKeys({}, 'price', 'price'); // ['price']
 * ```
 */
export function storageKeys(mapping: StorageEntries, field: string, attributeName?: string): string[] {
  const keys = [field];
  const column = ownProperty(mapping.columns, field);
  if (typeof column === 'string' && column !== field) keys.push(column);
  if (attributeName !== undefined && !keys.includes(attributeName)) keys.push(attributeName);
  return keys;
}

/**
 * The `storage` entry of record field `field` and the key it was found under, or undefined
 * when the mapping declares none: the first of {@link storageKeys} the entries have.
 *
 * @example
 * ```ts
 * storageEntry({ columns: { createdAt: 'created_at' }, storage: { created_at: 'timestamptz' } }, 'createdAt');
 * // { key: 'created_at', declared: 'timestamptz' }
 * ```
 */
export function storageEntry(mapping: StorageEntries, field: string, attributeName?: string): { readonly key: string; readonly declared: unknown } | undefined {
  for (const key of storageKeys(mapping, field, attributeName)) {
    const declared = ownProperty(mapping.storage, key);
    if (declared !== undefined) return { key, declared };
  }
  return undefined;
}
