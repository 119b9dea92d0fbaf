/**
 * The arguments of the helpers `tql/http` exports for stores of one's own (sort readers, list
 * orders, pages, error bodies), read before use: an attribute, an entity or an order that is
 * none is an `invalid_option` naming the helper and what to pass, never a TypeError from inside
 * it. Each check reads a few fields once, so the helpers keep their cost.
 */
import { describeValue } from '../errors/describe-value.js';
import { optionError } from '../errors/tql-error.js';
import { ATTRIBUTE_TYPES, type Attribute, type Entity } from '../schema/types.js';

/** `read()`, with what it throws (a getter, a proxy trap) an `invalid_option` naming `fn`. */
function reading<T>(fn: string, what: string, read: () => T): T {
  try {
    return read();
  } catch {
    throw optionError(`${fn}: reading ${what} threw an exception (a getter or a proxy trap); pass ${what} as the schema holds it.`);
  }
}

/** More keys than any order `readSort` makes (its sort keys and the record's key). */
const MAX_ORDER_KEYS = 64;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * `value` as an attribute of a schema (`schema.entities.<entity>.attributes.<name>`), or an
 * `invalid_option` naming `fn`.
 *
 * @example
 * ```ts
 * attributeArgument('isSortable', schedulingSchema.entities.agent.attributes.name).name; // 'name'
 * attributeArgument('isSortable', null); // throws invalid_option
 * ```
 */
export function attributeArgument(fn: string, value: unknown): Attribute {
  const ok = reading(fn, 'the attribute', () => isObject(value) && (ATTRIBUTE_TYPES as readonly unknown[]).includes(value['type']));
  if (!ok) throw optionError(`${fn} takes an attribute of a schema (schema.entities.<entity>.attributes.<name>), not ${describeValue(value)}.`);
  return value as unknown as Attribute;
}

/**
 * `value` as an entity of a schema (`schema.entities.<entity>`), or an `invalid_option` naming `fn`.
 *
 * @example
 * ```ts
 * entityObjectArgument('keyAttribute', schedulingSchema.entities.agent).name; // 'agent'
 * ```
 */
export function entityObjectArgument(fn: string, value: unknown): Entity {
  const ok = reading(fn, 'the entity', () => isObject(value) && typeof value['name'] === 'string' && isObject(value['attributes']) && Array.isArray(value['attributeNames']));
  if (!ok) throw optionError(`${fn} takes an entity of a schema (schema.entities.<entity>), not ${describeValue(value)}.`);
  return value as unknown as Entity;
}

/**
 * What {@link orderArgument} checks of a list order (list-order.ts's `ListOrder` has it), stated
 * here so that the checks and the list order do not import each other.
 */
export interface CheckedOrder {
  /** The keys, each with an attribute of a schema; at least one. */
  readonly keys: readonly { readonly attribute: Attribute }[];
}

/**
 * `value` as a list order (what `readSort` returns): keys, each with an attribute, the record's
 * key last; or an `invalid_option` naming `fn`.
 *
 * @example
 * ```ts
 * orderArgument('listKeyReader', readSort('name', entity, key)).keys.length; // 2
 * ```
 */
export function orderArgument(fn: string, value: unknown): CheckedOrder {
  // Its length read before its elements: an order has a few keys, never 2^32 − 1.
  const keys = reading(fn, 'the order', () => {
    const list = isObject(value) ? value['keys'] : undefined;
    return Array.isArray(list) && list.length > 0 && list.length <= MAX_ORDER_KEYS ? [...(list as unknown[])] : undefined;
  });
  if (keys === undefined) throw optionError(`${fn} takes a list order, as readSort returns it, not ${describeValue(value)}.`);
  for (const key of keys) attributeArgument(fn, reading(fn, 'the order', () => (isObject(key) ? key['attribute'] : undefined)));
  return value as unknown as CheckedOrder;
}
