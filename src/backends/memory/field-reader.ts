/**
 * Reading a record's field by a name known only when a query is compiled, at the speed of a
 * named load.
 *
 * Every closure a factory makes shares the factory's inline caches, so a `record[key]` inside a
 * shared closure sees the keys of every query compiled in the process. A keyed load that has
 * seen two keys goes megamorphic: V8 then searches the record's descriptors on every read,
 * about 30 ns on a record of twenty fields against about 1 ns for a load that has seen one key
 * (measured in one process, bench/report/notes.md). Reads therefore go through readers: a
 * reader is a closure `(r) => r[key]` of one of {@link SLOTS} separate function literals, each
 * with inline caches of its own, and each key gets its own literal (as long as there are
 * literals left), so each load sees one key. A caller's call to its reader is then monomorphic
 * or polymorphic, and V8 inlines it.
 */

/** A record's value at one key (the caller checks it is an object). */
export type FieldReader = (record: Readonly<Record<string, unknown>>) => unknown;

/**
 * How a key is read, and whether a value found there is the record's own: for a record whose
 * prototype is `Object.prototype`, unless `Object.prototype` has the key; otherwise
 * `Object.hasOwn` (see own-key.ts). Both live in the key's slot, so the `in` test of each key has
 * an inline cache of its own too (a shared one sees every key and goes megamorphic).
 */
export interface FieldAccess {
  readonly read: FieldReader;
  /** For a value `read` found (not undefined): whether it is the record's own. */
  readonly own: (record: object) => boolean;
}

type Slot = (key: string) => FieldAccess;

const hasOwn: (object: object, key: string) => boolean = Object.hasOwn;
const getPrototypeOf: (object: object) => unknown = Object.getPrototypeOf;
const OBJECT_PROTOTYPE: Readonly<Record<string, unknown>> = Object.prototype as Readonly<Record<string, unknown>>;

/**
 * The same code written out once per slot on purpose: each literal is separate code with its
 * own inline caches (the engine shares them between closures of one literal, never between
 * literals). With more keys than slots, keys share slots and those reads fall back to the
 * megamorphic load: as slow as a plain `record[key]` in shared code, never slower.
 */
const SLOTS: readonly Slot[] = [
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
  (k) => ({ read: (r) => r[k], own: (r) => (getPrototypeOf(r) === OBJECT_PROTOTYPE && !(k in OBJECT_PROTOTYPE)) || hasOwn(r, k) }),
];

/** Keys remembered with their access; beyond this many, keys get a slot each time (bounded memory). */
const MAX_REMEMBERED = 4096;

const accesses = new Map<string, FieldAccess>();
let next = 0;

/**
 * The reader of `key`: the same function for the same key every time (while fewer than
 * {@link MAX_REMEMBERED} keys have been seen), from the next free slot for a new key. `key`
 * must have passed `safeKey`.
 *
 * @example
 * ```ts
 * const readName = fieldReader('name');
 * readName({ name: 'Ada' }); // 'Ada'
 * fieldReader('name') === readName; // true
 * ```
 */
export function fieldReader(key: string): FieldReader {
  return fieldAccess(key).read;
}

/**
 * The reader of `key` and its own-property check, from the key's slot.
 *
 * @example
 * ```ts
 * const name = fieldAccess('name');
 * name.read({ name: 'Ada' }) === 'Ada' && name.own({ name: 'Ada' }); // true
 * name.own(Object.create({ name: 'Ada' })); // false: inherited
 * ```
 */
export function fieldAccess(key: string): FieldAccess {
  let access = accesses.get(key);
  if (access === undefined) {
    access = SLOTS[next++ % SLOTS.length]!(key);
    if (accesses.size < MAX_REMEMBERED) accesses.set(key, access);
  }
  return access;
}
