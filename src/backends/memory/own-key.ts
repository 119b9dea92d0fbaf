/**
 * Whether a value that a test has just found at `record[key]` is the record's own, at the cost of
 * a plain read for plain objects.
 *
 * `Object.hasOwn` is a call into the runtime, about 15 ns per matching record on a 21-field record
 * (bench/NOTEBOOK.md), more than the whole test of a boolean field. But a value found on a
 * plain object (whose prototype is `Object.prototype`) is its own unless `Object.prototype` has
 * the key too, and both the prototype and the `in` test are answered from inline caches: the
 * prototype from the record's map, `key in Object.prototype` from that object's map, which
 * changes when anything is added to it (prototype pollution included). Any other record (a class
 * instance, an array, a null-prototype object, a proxy) asks `Object.hasOwn`.
 *
 * Only for a value the caller found: for a key that may be missing altogether, the first test
 * would answer true for an inherited-nowhere, absent key.
 */

const hasOwn: (object: object, key: string) => boolean = Object.hasOwn;
const getPrototypeOf: (object: object) => unknown = Object.getPrototypeOf;
const OBJECT_PROTOTYPE: object = Object.prototype;

/**
 * True when the value found at `record[key]` is an own property of `record`.
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
