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

type Slot = (key: string) => FieldReader;

/**
 * The same code written out once per slot on purpose: each literal is separate code with its
 * own inline caches (the engine shares them between closures of one literal, never between
 * literals). With more keys than slots, keys share slots and those reads fall back to the
 * megamorphic load: as slow as a plain `record[key]` in shared code, never slower.
 */
const SLOTS: readonly Slot[] = [
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
  (k) => (r) => r[k],
];

/** Keys remembered with their reader; beyond this many, keys get a slot each time (bounded memory). */
const MAX_REMEMBERED = 4096;

const readers = new Map<string, FieldReader>();
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
  let read = readers.get(key);
  if (read === undefined) {
    read = SLOTS[next++ % SLOTS.length]!(key);
    if (readers.size < MAX_REMEMBERED) readers.set(key, read);
  }
  return read;
}
