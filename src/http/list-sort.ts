/**
 * The `sort` parameter (`sort=-created_at,name`) and the record's key: read against the entity
 * as a filter's attribute names are, into a {@link ListOrder}.
 */
import { describeValue } from '../errors/describe-value.js';
import { closest, didYouMean } from '../errors/suggest.js';
import { isTqlError, optionError } from '../errors/tql-error.js';
import { defineSchema } from '../schema/define-schema.js';
import type { Attribute, AttributeDefinition, Entity, IdKind } from '../schema/types.js';
import { canBeKey, isSortable, whyNotSortable, type ListOrder, type OrderKey } from './list-order.js';
import { attributeArgument, entityObjectArgument } from './helper-arguments.js';

/** The most keys one `sort` may name: each one adds a comparison to every page's statement. */
export const MAX_SORT_KEYS = 6;
/** The longest `sort` text read; a longer one names no attributes of any entity. */
const MAX_SORT_LENGTH = 512;

/**
 * The record's key: an ID (or String) attribute of the entity, or a field that is not one, with
 * the kind of id it holds.
 *
 * @example
 * ```ts
 * const key: ListKeyDefinition = 'id';                          // the entity's `id` attribute
 * const other: ListKeyDefinition = { field: 'orderId', kind: 'uuid' };
 * ```
 */
export type ListKeyDefinition = string | { readonly field: string; readonly kind: IdKind };

/**
 * The key attribute of `entity`: the one `definition` names, else the entity's `id` attribute,
 * else the field `id` holding text ids. Throws a `TqlError` (`invalid_option`) for a name that
 * is no attribute or one that cannot be a key.
 *
 * @example
 * ```ts
 * keyAttribute(schedulingSchema.entities.agent, undefined).source; // { kind: 'field', field: 'id' }
 * ```
 */
export function keyAttribute(entity: Entity, definition: ListKeyDefinition | undefined): Attribute {
  entityObjectArgument('keyAttribute', entity);
  if (definition === undefined) return Object.hasOwn(entity.attributes, 'id') ? checkedKey(entity, 'id') : fieldKey(entity, 'id', 'text');
  if (typeof definition === 'string') return checkedKey(entity, definition);
  const field: unknown = typeof definition === 'object' && definition !== null ? definition.field : undefined;
  const kind: unknown = typeof definition === 'object' && definition !== null ? definition.kind : undefined;
  if (typeof field !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(field) || !ID_KINDS.includes(kind as IdKind)) {
    throw optionError(`key is an attribute name of ${entity.name}, or { field, kind } with kind one of ${ID_KINDS.join(', ')}; not ${describeValue(definition)}.`);
  }
  return fieldKey(entity, field, kind as IdKind);
}

const ID_KINDS: readonly IdKind[] = ['text', 'uuid', 'integer', 'prefixed'];

function checkedKey(entity: Entity, name: string): Attribute {
  const attribute = Object.hasOwn(entity.attributes, name) ? (entity.attributes as Record<string, Attribute>)[name] : undefined;
  if (attribute === undefined) {
    throw optionError(`key: ${entity.name} has no attribute ${describeValue(name)}.${didYouMean(closest(name, entity.attributeNames))} Or give { field, kind } for a key that is not an attribute.`);
  }
  if (!canBeKey(attribute)) {
    throw optionError(`key: ${attribute.path} cannot be a record's key: a key is an ID or String attribute read from one field.`);
  }
  return attribute;
}

/** A key that is not an attribute of the schema, as one: an ID read from `field`. */
function fieldKey(entity: Entity, field: string, kind: IdKind): Attribute {
  const id = kind === 'prefixed' ? { kind, prefix: '' } : { kind };
  return Object.freeze({
    path: `${entity.name}.${field}`,
    entity: entity.name,
    name: field,
    type: 'ID',
    operators: ['EQ', 'NOT_EQ'],
    nullable: false,
    values: undefined,
    id,
    storage: undefined,
    source: { kind: 'field', field },
    collection: false,
    description: undefined,
  } as Attribute);
}

/**
 * The order a `sort` text asks for: comma-separated attribute names of `entity` (bare, or with
 * the entity's prefix as in filters), each `-` for descending, then `key` as the last tie-break
 * in the direction of the key before it (unless named). Throws a `TqlError` (`invalid_option`)
 * that names the `sort` parameter for an unknown attribute (with did-you-mean), one that has no
 * order, one named twice, or more than {@link MAX_SORT_KEYS}.
 *
 * @example
 * ```ts
 * readSort('-created_at,name', schedulingSchema.entities.agent, key).keys.map((k) => k.attribute.name);
 * // ['created_at', 'name', 'id']
 * ```
 */
export function readSort(text: string, entity: Entity, key: Attribute): ListOrder {
  if (typeof text !== 'string') throw optionError(`sort is a comma-separated list of attribute names, not ${describeValue(text)}.`);
  entityObjectArgument('readSort', entity);
  attributeArgument('readSort', key);
  if (text.length > MAX_SORT_LENGTH) throw optionError(`sort is at most ${MAX_SORT_LENGTH} characters: a comma-separated list of ${entity.name}'s attribute names.`);
  const items = text.split(',');
  if (items.length > MAX_SORT_KEYS) throw optionError(`sort takes at most ${MAX_SORT_KEYS} attributes; this one has ${items.length}.`);
  const keys: OrderKey[] = [];
  for (const item of items) {
    const descending = item.startsWith('-');
    const written = descending ? item.slice(1) : item;
    const name = written.startsWith(`${entity.name}.`) ? written.slice(entity.name.length + 1) : written;
    if (name === '') throw optionError(`sort has an empty item in ${describeValue(text)}: write attribute names separated by commas, "-" before a name for descending (sort=-created_at,name).`);
    const attribute = name === key.name ? key : Object.hasOwn(entity.attributes, name) ? (entity.attributes as Record<string, Attribute>)[name] : undefined;
    if (attribute === undefined) {
      const names = [...entity.attributeNames.filter((n) => isSortable((entity.attributes as Record<string, Attribute>)[n]!)), key.name];
      throw optionError(`sort: ${entity.name} has no attribute ${describeValue(written)} to sort by.${didYouMean(closest(name, names))} Sortable: ${names.join(', ')}.`);
    }
    if (!isSortable(attribute)) throw optionError(`sort: ${whyNotSortable(attribute)}; sort by another attribute.`);
    if (keys.some((k) => k.attribute === attribute)) throw optionError(`sort names ${attribute.name} twice; name each attribute once.`);
    keys.push({ attribute, descending });
  }
  // Keys are unique: nothing after the key can order two records, so the key ends the order.
  const at = keys.findIndex((k) => k.attribute === key);
  if (at === -1) {
    const text = sortText(keys);
    const tieBreak: OrderKey = { attribute: key, descending: keys.at(-1)?.descending ?? false };
    return { keys: [...keys, tieBreak] as unknown as [OrderKey, ...OrderKey[]], text };
  }
  const used = keys.slice(0, at + 1);
  return { keys: used as [OrderKey, ...OrderKey[]], text: sortText(used) };
}

/** The canonical `sort` text of keys: bare names, `-` for descending. */
function sortText(keys: readonly OrderKey[]): string {
  return keys.map((k) => `${k.descending ? '-' : ''}${k.attribute.name}`).join(',');
}

/**
 * The order of requests without `sort`: `sort` as the parameter writes it, else newest first
 * when the entity has a `created_at`, else the key. Throws a `TqlError` (`invalid_option`) that
 * says it is the default order that is wrong.
 *
 * @example
 * ```ts
 * defaultOrder(undefined, schedulingSchema.entities.agent, key).text; // '-created_at'
 * ```
 */
export function defaultOrder(sort: unknown, entity: Entity, key: Attribute): ListOrder {
  if (sort !== undefined && typeof sort !== 'string') throw optionError('sort is the default order, written as the parameter is: "-created_at" or "name,-updated_at".');
  try {
    return readSort(sort ?? (Object.hasOwn(entity.attributes, 'created_at') ? '-created_at' : key.name), entity, key);
  } catch (e) {
    if (isTqlError(e)) throw optionError(`The default ${e.issues.map((i) => i.message).join(' ')}`);
    throw e;
  }
}

/**
 * Attributes a list can be sorted by but not filtered on, by name: a `created_at` the API does
 * not let clients filter, say. Defined as a schema's attributes are (type, storage, source).
 *
 * @example
 * ```ts
 * const sortOnly: SortOnlyAttributes = { created_at: { type: 'Timestamp' } };
 * ```
 */
export type SortOnlyAttributes = Readonly<Record<string, AttributeDefinition>>;

/**
 * The entity whose attributes a `sort` may name: `entity`'s, and the `sortOnly` ones. Throws a
 * `TqlError` (`invalid_option`) for a definition that is wrong or a name the entity already has.
 *
 * @example
 * ```ts
 * sortableEntity(schedulingSchema.entities.resource, { created_at: { type: 'Timestamp' } }).attributeNames.at(-1); // 'created_at'
 * ```
 */
export function sortableEntity(entity: Entity, sortOnly: SortOnlyAttributes | undefined): Entity {
  entityObjectArgument('sortableEntity', entity);
  if (sortOnly === undefined) return entity;
  if (typeof sortOnly !== 'object' || sortOnly === null || Array.isArray(sortOnly)) {
    throw optionError(`sortOnly is an object of attribute name → definition, like { created_at: { type: 'Timestamp' } }, not ${describeValue(sortOnly)}.`);
  }
  const taken = Object.keys(sortOnly).filter((name) => Object.hasOwn(entity.attributes, name));
  if (taken.length > 0) throw optionError(`sortOnly: ${entity.name} already has ${taken.join(', ')}; list there only attributes the filter does not have.`);
  let extra: Entity;
  try {
    extra = defineSchema({ entities: { [entity.name]: { attributes: sortOnly } } }).entities[entity.name]!;
  } catch (e) {
    if (isTqlError(e)) throw optionError(`sortOnly: ${e.issues.map((i) => i.message).join(' ')}`);
    throw e;
  }
  return {
    ...entity,
    attributes: { ...entity.attributes, ...extra.attributes },
    attributeNames: [...entity.attributeNames, ...extra.attributeNames],
  };
}
