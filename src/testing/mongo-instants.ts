/**
 * Records as mingo is given them by `mongoTarget`: each instant a Timestamp attribute reads,
 * rewritten as the in-memory backend reads it (stored-instant.ts), since mingo compares a bigint
 * of seconds with no number and calls the methods of a Date, which a Date of another realm or
 * one whose methods were replaced answers otherwise. Records holding no such value are given as
 * they are.
 */
import type { Attribute, Entity, TimestampStorageKind } from '../schema/types.js';
import { dateMilliseconds, unixMilliseconds, unixSeconds } from '../schema/stored-instant.js';

/** A stored instant as memory reads it: the value to give mingo, or the value itself when it reads alike. */
const AS_READ: { readonly [K in TimestampStorageKind]: (v: unknown) => unknown } = {
  unix_seconds: (v) => (typeof v === 'bigint' ? numberOrNull(unixSeconds(v)) : v),
  unix_milliseconds: (v) => (typeof v === 'bigint' ? numberOrNull(unixMilliseconds(v)) : v),
  date: (v) => {
    if (typeof v !== 'object' || v === null) return v;
    const ms = dateMilliseconds(v);
    // A proxy of a Date or a look-alike has no time: no value, as in memory.
    return Number.isNaN(ms) ? null : new Date(ms);
  },
  iso_text: (v) => v,
  iso_canonical: (v) => v,
};

/** The longest list whose elements are rewritten. */
const MAX_REWRITTEN_LIST = 4096;

const numberOrNull = (n: number) => (Number.isNaN(n) ? null : n);

function own(o: unknown, k: string): unknown {
  return typeof o === 'object' && o !== null && Object.hasOwn(o, k) ? (o as Record<string, unknown>)[k] : undefined;
}

/** `record` with `field` set to `value`, copied once (`copy` holds the copy made so far). */
function withField(record: object, copy: Record<string, unknown> | undefined, field: string, value: unknown): Record<string, unknown> {
  const out = copy ?? { ...(record as Record<string, unknown>) };
  Object.defineProperty(out, field, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

/** The fields of `record` the instants of `a` are read from, rewritten by `read`. */
function rewritten(record: object, a: Attribute, read: (v: unknown) => unknown, copy: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const source = a.source;
  const fields = source.kind === 'field' ? [source.field] : source.kind === 'variant' ? Object.values(source.fields) : [];
  for (const field of fields) {
    const v = own(record, field);
    const r = read(v);
    if (r !== v) copy = withField(record, copy, field, r);
  }
  if (source.kind !== 'element') return copy;
  for (const array of source.arrays) {
    const list = own(record, array);
    // A list longer than any a dataset holds (a sparse one of length 2^32 − 1) is left as it is: rewriting it would visit every index.
    if (!Array.isArray(list) || list.length > MAX_REWRITTEN_LIST) continue;
    let changed = false;
    const elements = list.map((e: unknown) => {
      if (source.value === undefined) {
        const r = read(e);
        changed ||= r !== e;
        return r;
      }
      const v = own(e, source.value);
      const r = read(v);
      if (r === v) return e;
      changed = true;
      return withField(e as object, undefined, source.value, r);
    });
    if (changed) copy = withField(record, copy, array, elements);
  }
  return copy;
}

/**
 * `records` with every instant the Timestamp attributes of `entity` read as memory reads it.
 *
 * @example
 * ```ts
 * instantsAsRead(schema.entities.event, [{ id: 'a', at: 1700000000n }]); // [{ id: 'a', at: 1700000000 }]
 * ```
 */
export function instantsAsRead(entity: Entity, records: readonly object[]): object[] {
  const instants = entity.attributeNames.map((n) => entity.attributes[n]!).filter((a) => a.storage !== undefined);
  if (instants.length === 0) return [...records];
  return records.map((record) => {
    if (typeof record !== 'object' || record === null) return record;
    let copy: Record<string, unknown> | undefined;
    for (const a of instants) copy = rewritten(record, a, AS_READ[a.storage!.kind], copy);
    return copy ?? record;
  });
}
