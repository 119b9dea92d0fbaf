/**
 * Reading a property of an object that came from outside (a mapping, a schema, a record): only
 * its own, never one reached through the prototype (`constructor`, `toString`, `__proto__` are a
 * typo or an attack away), and nothing at all from what is not a plain record.
 */

/**
 * `record[key]` when `key` is an own property of `record`; undefined when it is not, when
 * `record` is no object or is an array (a record is never a list), and when reading it throws (a
 * getter, a proxy trap): a field that cannot be read is a field that is not there.
 *
 * @example
 * ```ts
 * ownProperty({ name: 'Ada' }, 'name'); // 'Ada'
 * ownProperty({ name: 'Ada' }, 'toString'); // undefined: inherited
 * ownProperty(null, 'name'); // undefined
 * ```
 */
export function ownProperty<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined;
export function ownProperty(record: unknown, key: string): unknown;
export function ownProperty(record: unknown, key: string): unknown {
  if (typeof record !== 'object' || record === null) return undefined;
  try {
    return !Array.isArray(record) && Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
}

const hasOwn: (object: object, key: string) => boolean = Object.hasOwn;
const getPrototypeOf: (object: object) => unknown = Object.getPrototypeOf;
const OBJECT_PROTOTYPE: object = Object.prototype;

/**
 * True when the value a test has just found at `record[key]` is an own property of `record`, at
 * the cost of a plain read for plain objects: the in-memory backend's test of every field.
 *
 * `Object.hasOwn` is a call into the runtime, about 15 ns per matching record on a 21-field record
 * (bench/NOTEBOOK.md), more than the whole test of a boolean field. But a value found on a plain
 * object (whose prototype is `Object.prototype`) is its own unless `Object.prototype` has the key
 * too, and both the prototype and the `in` test are answered from inline caches: the prototype
 * from the record's map, `key in Object.prototype` from that object's map, which changes when
 * anything is added to it (prototype pollution included). Any other record (a class instance, an
 * array, a null-prototype object, a proxy) asks `Object.hasOwn`.
 *
 * Only for a value the caller found: for a key that may be missing altogether, the first test
 * would answer true for an absent key.
 *
 * @example
 * ```ts
 * ownFound({ name: 'Ada' }, 'name'); // true
 * ownFound(Object.create({ name: 'Ada' }), 'name'); // false: inherited
 * ```
 */
export function ownFound(record: object, key: string): boolean {
  return (getPrototypeOf(record) === OBJECT_PROTOTYPE && !(key in OBJECT_PROTOTYPE)) || hasOwn(record, key);
}
