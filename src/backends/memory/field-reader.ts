/**
 * Reading a record's field by a name known only when a query is compiled, at the speed of a
 * named load.
 *
 * Every closure a factory makes shares the factory's inline caches, so a `record[key]` inside a
 * shared closure sees the keys of every query compiled in the process. A keyed load that has
 * seen two keys goes megamorphic: V8 then searches the record's descriptors on every read,
 * about 30 ns on a record of twenty fields against about 1 ns for a load that has seen one key
 * (measured in one process, bench/NOTEBOOK.md). Reads therefore go through readers: a
 * reader is a closure `(r) => r[key]` of one of the separate function literals of field-slots.ts, each
 * with inline caches of its own, and each key gets its own literal (as long as there are
 * literals left), so each load sees one key. A caller's call to its reader is then monomorphic
 * or polymorphic, and V8 inlines it.
 */

import type { FieldReader, FieldSlot, ListSlot } from './field-slot-types.js';
import { FIELD_SLOTS, LIST_SLOTS, SHARED_FIELD_SLOT, SHARED_LIST_SLOT } from './field-slots.js';
import { moreSlots } from './more-slots.js';

export type { FieldReader } from './field-slot-types.js';

/**
 * How a key is read, whether a value found there is the record's own (for a record whose
 * prototype is `Object.prototype`, unless `Object.prototype` has the key; otherwise
 * `Object.hasOwn`, see own-property.ts), and the links of its tests. All live in the key's slot, so
 * the loads and `in` tests of each key have inline caches of their own (a shared one sees every
 * key and goes megamorphic). The slots are copies of one literal, written by
 * scripts/write-field-slots.mjs.
 */
export type FieldAccess = FieldSlot;

/** Keys remembered with their access; beyond this many, keys get a slot each time (bounded memory). */
const MAX_REMEMBERED = 4096;

/**
 * A key's slot: the same for the same key every time (while fewer than {@link MAX_REMEMBERED}
 * keys have been seen). Each new key takes the next literal of `first`, then of `more()` (the
 * pool's rest, loaded when `first` is used up) while there is one, so the keys read first, the
 * hot ones of most processes, each get code of their own; every key after them shares `shared`,
 * which answers the same, only with slower loads. Which keys those are depends on the queries,
 * never on a schema.
 */
function slotPool<T>(first: readonly ((key: string) => T)[], more: () => readonly ((key: string) => T)[], shared: (key: string) => T): (key: string) => T {
  const made = new Map<string, T>();
  let pool = first;
  let handedOut = 0;
  return (key) => {
    let access = made.get(key);
    if (access === undefined) {
      if (handedOut === pool.length && pool === first) {
        pool = more();
        handedOut = 0;
      }
      access = (handedOut < pool.length ? pool[handedOut++]! : shared)(key);
      if (made.size < MAX_REMEMBERED) made.set(key, access);
    }
    return access;
  };
}

const fieldSlot = slotPool(FIELD_SLOTS, () => moreSlots().MORE_FIELD_SLOTS, SHARED_FIELD_SLOT);
const listSlot = slotPool(LIST_SLOTS, () => moreSlots().MORE_LIST_SLOTS, SHARED_LIST_SLOT);

/**
 * The reader of `key`: the same function for the same key every time (while fewer than
 * {@link MAX_REMEMBERED} keys have been seen), from the next free slot of the pool, or the
 * shared one, for a new key. `key` must have passed `safeKey`.
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
  return fieldSlot(key);
}

/**
 * The scans of the list of elements at `key` (a collection attribute's `arrays`), from the key's
 * list slot: the same for the same key every time, as {@link fieldAccess}.
 *
 * @example
 * ```ts
 * const holds = listAccess('resources').holdsEqual('type', 'team', 'id', 'team_1');
 * holds({ resources: [{ type: 'team', id: 'team_1' }] }); // true
 * ```
 */
export function listAccess(key: string): ListSlot {
  return listSlot(key);
}
