/**
 * The in-memory backend on timestamps of every storage and on uuid ids (docs/language.md, rule
 * 6), over generated records whose instants are sub-second, before 1970, far in the future, near
 * daylight-saving transitions, or no valid instant at all:
 *
 * - a comparison on a field answers as the oracle: the whole second of the stored instant
 *   (`storedWholeSeconds`, the floor of its seconds) compared with the query's second, and no
 *   value for anything that is not a valid instant of the storage;
 * - any AND or OR of comparisons, on fields, variants and elements, answers as the reference
 *   interpreter (test/backends/memory/reference.ts);
 * - `NOT_EQ t` is the exact complement of `EQ t`, and `EQ null` of "has a value", also on
 *   invalid values;
 * - a uuid equals itself in any case of its hex digits.
 */
import { fc, test } from '../support/property.js';
import { describe, expect } from 'vitest';
import { check } from '../../src/api/check.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { dateMilliseconds, storedWholeSeconds } from '../../src/schema/stored-instant.js';
import type { Attribute } from '../../src/schema/types.js';
import { instantSchema, storageOf, TIMESTAMP_ATTRIBUTES } from '../backends/memory/instant-schema.js';
import { referenceMatches } from '../backends/memory/reference.js';
import { arbSecond, arbStoredValue } from './arbitraries/stored-instant.js';

const attributes = instantSchema.entities.event.attributes;
const FIELD_ATTRIBUTES = TIMESTAMP_ATTRIBUTES.filter((a) => a.source.kind === 'field');
/** Collections are never nullable: `EQ null` would mean "no element". */
const NULLABLE = TIMESTAMP_ATTRIBUTES.filter((a) => a.nullable);

/** A stored value of the attribute, or (sometimes) none at all: the field is then left out. */
function arbValueOf(a: Attribute): fc.Arbitrary<unknown> {
  return arbStoredValue(storageOf(a)).map((s) => s.value);
}

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 5 });

/** An element of a list: the right tag or another, with a value of the attribute's storage. */
const arbElements = (a: Attribute, tag: string) =>
  fc.array(fc.record({ type: fc.constantFrom(tag, tag, 'other'), at: arbValueOf(a) }), { maxLength: 3 });

const UUIDS = ['0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a', '9f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b'];

/** A uuid in lower, upper or mixed case, or another uuid. */
const arbStoredUuid = fc.oneof(
  fc.constantFrom(...UUIDS).chain((u) => fc.constantFrom(u, u.toUpperCase(), u.slice(0, 18) + u.slice(18).toUpperCase())),
  fc.uuid(),
  fc.constantFrom('not-a-uuid', 42, null),
);

/** A record of the fixture's entity: every field maybe there, each with a stored value of its storage. */
const arbEvent: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    id: arbStoredUuid,
    people: fc.array(fc.record({ role: fc.constantFrom('owner', 'guest'), id: arbStoredUuid }), { maxLength: 2 }),
    at_seconds: maybe(arbValueOf(attributes.at_seconds)),
    at_millis: maybe(arbValueOf(attributes.at_millis)),
    at_date: maybe(arbValueOf(attributes.at_date)),
    at_text: maybe(arbValueOf(attributes.at_text)),
    at_berlin: maybe(arbValueOf(attributes.at_berlin)),
    at_new_york: maybe(arbValueOf(attributes.at_new_york)),
    kind: maybe(fc.constantFrom('task', 'call', 'other')),
    task_due: maybe(arbValueOf(attributes.due_at)),
    call_due: maybe(arbValueOf(attributes.due_at)),
    reminders: maybe(arbElements(attributes.reminder_at, 'reminder')),
    alarms: maybe(arbElements(attributes.reminder_at, 'reminder')),
    stamps: maybe(arbElements(attributes.stamp_at, 'stamp')),
  })
  // A field left undefined is a field left out.
  .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)));

/** A second of the query: one the records hold, a second either side of it, or any. */
function arbQuerySecond(records: readonly Record<string, unknown>[]): fc.Arbitrary<number> {
  const held = records.flatMap((r) => FIELD_ATTRIBUTES.map((a) => storedWholeSeconds(r[a.name], storageOf(a))).filter((s) => s !== undefined));
  const near = held.length === 0 ? arbSecond : fc.tuple(fc.constantFrom(...held), fc.integer({ min: -1, max: 1 })).map(([s, d]) => s + d);
  return fc.oneof(near, arbSecond);
}

/** The first second a query can write (0100-01-01T00:00:00Z, validator), and the last. */
const FIRST_QUERY_SECOND = -59011459200;
const LAST_QUERY_SECOND = 253402300799;

/** A second as a query writes it: Unix seconds, or a UTC date-time (before 1970, or sometimes). */
function written(t: number, asDate: boolean): string {
  const s = Math.min(Math.max(t, FIRST_QUERY_SECOND), LAST_QUERY_SECOND);
  return s >= 0 && !asDate ? String(s) : new Date(s * 1000).toISOString().replace('.000Z', 'Z');
}

const ORDER = ['LT', 'LTE', 'GT', 'GTE'] as const;
const ALL = ['EQ', 'NOT_EQ', ...ORDER] as const;
type TimestampOperator = (typeof ALL)[number];

/** The oracle of one comparison: the whole second against `t`, never true without a value. */
const ORACLE: { readonly [Op in TimestampOperator]: (s: number | undefined, t: number) => boolean } = {
  EQ: (s, t) => s !== undefined && s === t,
  NOT_EQ: (s, t) => !(s !== undefined && s === t),
  LT: (s, t) => s !== undefined && s < t,
  LTE: (s, t) => s !== undefined && s <= t,
  GT: (s, t) => s !== undefined && s > t,
  GTE: (s, t) => s !== undefined && s >= t,
};

/** A stored value for a failure's message (`String` would call a hostile Date's methods). */
function shown(v: unknown): string {
  try {
    return String(v);
  } catch {
    return `a value whose conversion to text throws (time ${dateMilliseconds(v)})`;
  }
}

const compile = (text: string) => compilePredicate(check(text, instantSchema, 'event'));

const arbCase = fc.array(arbEvent, { minLength: 1, maxLength: 12 }).chain((records) =>
  fc.record({
    records: fc.constant(records),
    t: arbQuerySecond(records),
    asDate: fc.boolean(),
    attribute: fc.constantFrom(...FIELD_ATTRIBUTES),
    operator: fc.constantFrom(...ALL),
  }),
);

describe('a timestamp comparison on a field answers as the whole second of the stored instant', () => {
  test.prop([arbCase], { numRuns: 200 })('event.<at> <op> <t>', ({ records, t, asDate, attribute, operator }) => {
    const text = `event.${attribute.name} ${operator} ${written(t, asDate)}`;
    const q = check(text, instantSchema, 'event');
    const second = q.condition.kind === 'Comparison' ? (q.condition.value as number) : NaN;
    const isMatch = compilePredicate(q);
    for (const r of records) {
      const s = storedWholeSeconds(r[attribute.name], storageOf(attribute));
      expect(isMatch(r), `${text} on ${shown(r[attribute.name])}`).toBe(ORACLE[operator](s, second));
    }
  });
});

/** A comparison on any timestamp attribute, or on a uuid. */
function arbComparison(records: readonly Record<string, unknown>[]): fc.Arbitrary<string> {
  const onTimestamp = fc
    .tuple(fc.constantFrom(...TIMESTAMP_ATTRIBUTES), fc.constantFrom(...ALL), arbQuerySecond(records), fc.boolean())
    .map(([a, op, t, asDate]) => `event.${a.name} ${op} ${written(t, asDate)}`);
  const isNull = fc.tuple(fc.constantFrom(...NULLABLE), fc.constantFrom('EQ', 'NOT_EQ')).map(([a, op]) => `event.${a.name} ${op} null`);
  const onUuid = fc
    .tuple(fc.constantFrom('id', 'owner_id'), fc.constantFrom('EQ', 'NOT_EQ'), fc.constantFrom(...UUIDS).chain((u) => fc.constantFrom(u, u.toUpperCase())))
    .map(([name, op, u]) => `event.${name} ${op} ${u}`);
  return fc.oneof({ weight: 4, arbitrary: onTimestamp }, isNull, onUuid);
}

const arbQuery = fc.array(arbEvent, { minLength: 1, maxLength: 12 }).chain((records) =>
  fc.record({
    records: fc.constant(records),
    // Alone (a chain of links), in an AND (links), in an OR inside an AND (the general path).
    text: fc.oneof(
      arbComparison(records),
      fc.tuple(arbComparison(records), arbComparison(records)).map(([a, b]) => `${a} AND ${b}`),
      fc.tuple(arbComparison(records), arbComparison(records), arbComparison(records)).map(([a, b, c]) => `${a} AND (${b} OR ${c})`),
    ),
  }),
);

describe('ANDs and ORs on fields, variants and elements', () => {
  test.prop([arbQuery], { numRuns: 200 })('answer as the reference interpreter', ({ records, text }) => {
    const q = check(text, instantSchema, 'event');
    const isMatch = compilePredicate(q);
    for (const r of records) expect(isMatch(r), text).toBe(referenceMatches(q.condition, r));
  });
});

describe('complements', () => {
  test.prop([arbCase], { numRuns: 100 })('NOT_EQ t is the complement of EQ t, and EQ null of NOT_EQ null', ({ records, t, attribute }) => {
    const value = written(t, false);
    const pairs = [
      [`event.${attribute.name} EQ ${value}`, `event.${attribute.name} NOT_EQ ${value}`],
      [`event.${attribute.name} EQ null`, `event.${attribute.name} NOT_EQ null`],
    ] as const;
    for (const [yes, no] of pairs) {
      const [p, n] = [compile(yes), compile(no)];
      for (const r of records) expect(p(r), `${yes} on ${shown(r[attribute.name])}`).toBe(!n(r));
    }
  });

  test.prop([arbCase], { numRuns: 100 })('a value that is no instant of the storage is null', ({ records, attribute }) => {
    const isNull = compile(`event.${attribute.name} EQ null`);
    for (const r of records) {
      const s = storedWholeSeconds(r[attribute.name], storageOf(attribute));
      expect(isNull(r), shown(r[attribute.name])).toBe(s === undefined);
    }
  });
});

/** A prototype whose every read throws: an inherited key that is read fails the test. */
const THROWING_PROTOTYPE: object = new Proxy(Object.create(null), {
  get(_, key) {
    throw new Error(`inherited ${String(key)} was read`);
  },
});

/** The same own data, as own getters on a prototype that throws on every read. */
function hostileTwin(record: Record<string, unknown>): unknown {
  const twin = Object.create(THROWING_PROTOTYPE);
  for (const [key, value] of Object.entries(record)) Object.defineProperty(twin, key, { enumerable: true, get: () => value });
  return twin;
}

describe('hostile records', () => {
  test.prop([arbQuery], { numRuns: 100 })('a record read through own getters on a throwing prototype answers as the plain record', ({ records, text }) => {
    const isMatch = compile(text);
    for (const r of records) expect(isMatch(hostileTwin(r)), text).toBe(isMatch(r));
  });
});
