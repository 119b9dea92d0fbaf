/**
 * Generated documents holding timestamps of every storage, generated timestamp filters over
 * them, and the answer the reference reading (`storedWholeSeconds`) gives: for the Mongo backend
 * on mingo (test/storage/mongo-storage.test.ts) and on a real server (real-mongo.test.ts).
 *
 * The instants: sub-second, before 1970, the far future, around the DST changes of the declared
 * zones (wall clocks in their gaps and overlaps), and values that are no valid instant of the
 * storage (NaN, ±Infinity, invalid Dates, texts outside the grammar or naming no day), null and
 * missing, in fields, variants and elements of arrays.
 */
import fc from 'fast-check';
import { check } from '../../../src/api/check.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import { storedWholeSeconds } from '../../../src/schema/stored-instant.js';
import type { Attribute, AttributeDefinition, TimestampStorage } from '../../../src/schema/types.js';
import type { ValidatedQuery } from '../../../src/validate/validated-query.js';


/** The wall clocks (UTC-encoded seconds) where the zones under test change their offset. */
const CHANGES: Readonly<Record<string, readonly number[]>> = {
  'Europe/Berlin': [Date.UTC(2024, 2, 31, 2), Date.UTC(2024, 9, 27, 2), Date.UTC(1980, 3, 6, 2)].map((ms) => ms / 1000),
  'America/New_York': [Date.UTC(2024, 2, 10, 2), Date.UTC(2024, 10, 3, 1), Date.UTC(1969, 9, 26, 1)].map((ms) => ms / 1000),
  // Half an hour: 02:00 → 02:30 in October, 02:00 → 01:30 in April.
  'Australia/Lord_Howe': [Date.UTC(2024, 9, 6, 2), Date.UTC(2024, 3, 7, 1, 30)].map((ms) => ms / 1000),
};

const ZONES = ['UTC', ...Object.keys(CHANGES)] as const;

/** Seconds of 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z: what ISO texts can write. */
const FIRST_TEXT = -62_135_596_800;
const LAST_TEXT = 253_402_300_799;
/** A query writes an instant before 1970 as a date, whose years start at 0100. */
const FIRST_QUERY = -59_011_459_200;
const MAX_DATE_MS = 8.64e15;

/** Instants in seconds, whole: before 1970, near the zones' changes, the far future, anywhere. */
const arbWholeSeconds: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...Object.values(CHANGES).flat()).chain((c) => fc.integer({ min: c - 4 * 3600, max: c + 4 * 3600 })),
  fc.integer({ min: -3_000_000_000, max: 0 }),
  fc.integer({ min: 1_600_000_000, max: 1_800_000_000 }),
  fc.integer({ min: FIRST_TEXT, max: LAST_TEXT }),
  fc.integer({ min: LAST_TEXT, max: MAX_DATE_MS / 1000 }),
);

/** Milliseconds within a second: none, some, the last. */
export const arbMilliseconds = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 998 }), fc.constant(999));

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** An ISO text of the grammar for the wall clock `wall` (UTC-encoded seconds), in one of its shapes. */
const arbIsoText = (wall: number): fc.Arbitrary<string> =>
  fc
    .record({
      shape: fc.constantFrom('date', 'minutes', 'seconds', 'fraction'),
      separator: fc.constantFrom('T', ' '),
      fraction: fc.tuple(fc.nat(999_999_999), fc.integer({ min: 1, max: 9 })).map(([n, digits]) => pad(n, 9).slice(0, digits)),
      offset: fc.oneof(
        fc.constant(''),
        fc.constantFrom('Z', 'z'),
        fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.constantFrom(':', '', 'hours')).map(
          ([sign, h, m, form]) => `${sign}${pad(h, 2)}${form === 'hours' ? '' : `${form}${pad(m, 2)}`}`,
        ),
      ),
    })
    .map(({ shape, separator, fraction, offset }) => {
      const iso = new Date(wall * 1000).toISOString(); // YYYY-MM-DDTHH:MM:SS.000Z for years 0001–9999
      if (shape === 'date') return iso.slice(0, 10);
      const time = shape === 'minutes' ? iso.slice(11, 16) : shape === 'seconds' ? iso.slice(11, 19) : `${iso.slice(11, 19)}.${fraction}`;
      return `${iso.slice(0, 10)}${separator}${time}${offset}`;
    });

/** Texts that are not in the grammar, or name no day or time: each has no value. */
const NOT_INSTANTS_AS_TEXT = [
  '2023-02-30', '1900-02-29', '2100-02-29T00:00', '2023-04-31', '2024-05-01T24:00', '2024-05-01T23:60',
  '2024-05-01T23:59:60', '0000-01-01', '2024-05-01Z', '2024-05-01T09:30+24:00', '2024-05-01T09:30+02:60',
  '2024-05-01T09:30:00.', '2024-05-01T09:30:00.1234567890', '2024-05-01\n', '2024-05-01T09:30\n', ' 2024-05-01',
  '2024-5-01', '２０２４-05-01', '2024-05-01t09:30', '2024-05-01T09:30+0', '2024-05-01T09:30:00,5', '20240501',
  '2024-05-01T09', '2024-05-01T09:30Z ', '1714555800', '',
];

/**
 * Values no storage reads, or only some do: every storage must see through the others'. (A
 * bigint is not among them: mingo cannot compare one with a number, a declared divergence tested
 * in test/backends/mongo/timestamp-storage.test.ts.)
 */
const arbOtherValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, NaN, Infinity, -Infinity, new Date(NaN), true, '1714555800', {}, [], MAX_DATE_MS + 1, -MAX_DATE_MS - 1),
  fc.constantFrom(...NOT_INSTANTS_AS_TEXT),
  arbWholeSeconds.map((s) => [s]),
  fc.constantFrom('2024-02-29', '2000-02-29T12:00', '0001-01-01T00:00', '9999-12-31T23:59:59.999999999-23:59'),
  // One change from toISOString's form: no value of iso_canonical, some of them of iso_text.
  fc.constantFrom('2024-05-01t09:30:00.000z', '2023-02-29T00:00:00.000Z', '2024-05-01T09:30:00.000Z\n', '2024-05-01T24:00:00.000Z', '0000-03-01T00:00:00.000Z', '2024-05-01T09:30:00.5Z'),
);

type StorageKind = TimestampStorage['kind'];

/** A valid stored value of each storage for the instant `s` + `ms`, in the storage's zone for texts. */
const VALID: { readonly [K in StorageKind]: (s: number, ms: number) => fc.Arbitrary<unknown> } = {
  unix_seconds: (s, ms) => fc.constantFrom(s, s + ms / 1000),
  unix_milliseconds: (s, ms) => {
    // A filter that refused both would retry for ever: past the range a Date holds, the farthest value stands in.
    const within = [s * 1000 + ms, s * 1000 + ms + 0.5].filter((v) => Math.abs(v) <= MAX_DATE_MS);
    return within.length > 0 ? fc.constantFrom(...within) : fc.constant(Math.sign(s) * MAX_DATE_MS);
  },
  date: (s, ms) => fc.constant(new Date(s * 1000 + ms)),
  // A wall clock near the instant: in the zone's gaps and overlaps when `s` is near a change.
  iso_text: (s) => (s >= FIRST_TEXT && s <= LAST_TEXT ? arbIsoText(s) : fc.constant('9999-12-31T23:59:59Z')),
  iso_canonical: (s, ms) => fc.constant(new Date(Math.min(Math.max(s, FIRST_TEXT), LAST_TEXT) * 1000 + ms).toISOString()),
};

const arbStored = (kind: StorageKind): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.tuple(arbWholeSeconds, arbMilliseconds).chain(([s, ms]) => VALID[kind](s, ms)) },
    { weight: 2, arbitrary: arbOtherValue },
  );

/** A record field: the value, or missing. */
const MISSING = Symbol('missing');
const arbField = (kind: StorageKind) => fc.oneof({ weight: 8, arbitrary: arbStored(kind) }, { weight: 1, arbitrary: fc.constant<unknown>(MISSING) });

/** The attributes under test: each storage (and zone) in a field, and ISO text and dates in variants and elements. */
const STORAGES: Readonly<Record<string, TimestampStorage>> = {
  seconds: { kind: 'unix_seconds' },
  millis: { kind: 'unix_milliseconds' },
  date: { kind: 'date' },
  ...Object.fromEntries(ZONES.map((zone) => [`text_${zone.replace(/\W/g, '_').toLowerCase()}`, { kind: 'iso_text', timeZone: zone }])),
  canonical: { kind: 'iso_canonical' },
};

const FIELDS: Readonly<Record<string, AttributeDefinition>> = Object.fromEntries(
  Object.entries(STORAGES).map(([name, storage]) => [name, { type: 'Timestamp', nullable: true, storage }]),
);

const BERLIN_TEXT: TimestampStorage = { kind: 'iso_text', timeZone: 'Europe/Berlin' };
const SOURCES: Readonly<Record<string, AttributeDefinition>> = {
  tagged_text: { type: 'Timestamp', nullable: true, storage: BERLIN_TEXT, source: { kind: 'variant', tag: 'object', fields: { a: 'a_at', b: 'b_at' } } },
  step_text: {
    type: 'Timestamp',
    storage: BERLIN_TEXT,
    source: { kind: 'element', arrays: ['steps', 'extra_steps'], where: { field: 'type', oneOf: ['start', 'stop'] }, value: 'at' },
  },
  step_date: {
    type: 'Timestamp',
    storage: { kind: 'date' },
    source: { kind: 'element', arrays: ['steps'], where: { field: 'type', oneOf: ['start'] }, value: 'on' },
  },
};

export const storageSchema = defineSchema({ entities: { event: { attributes: { ...FIELDS, ...SOURCES } } } });
const ATTRIBUTES = Object.keys(storageSchema.entities.event.attributes);

/** An element of a steps array: a kind, maybe one that does not count, and its instants. */
const arbStep = fc.oneof(
  { weight: 6, arbitrary: fc.record({ type: fc.constantFrom('start', 'stop', 'other'), at: arbField('iso_text'), on: arbField('date') }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, 'start', 5) },
);

const arbRecord = fc
  .record({
    ...Object.fromEntries(Object.entries(STORAGES).map(([name, s]) => [name, arbField(s.kind)])),
    object: fc.constantFrom('a', 'b', 'c'),
    a_at: arbField('iso_text'),
    b_at: arbField('iso_text'),
    steps: fc.oneof({ weight: 5, arbitrary: fc.array(arbStep, { maxLength: 3 }) }, { weight: 1, arbitrary: fc.constantFrom<unknown>(MISSING, null, 'x') }),
    extra_steps: fc.array(arbStep, { maxLength: 2 }),
  })
  .map((fields) => Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== MISSING)));

/** What the attribute holds in `record`, by the in-memory reading: its whole seconds (undefined: no value), one per element. */
function wholeSecondsOf(a: Attribute, record: Readonly<Record<string, unknown>>): (number | undefined)[] {
  const storage = a.storage!;
  const source = a.source;
  switch (source.kind) {
    case 'field':
      return [storedWholeSeconds(record[source.field], storage)];
    case 'variant': {
      const field = source.fields[String(record[source.tag])];
      return [field === undefined || typeof record[source.tag] !== 'string' ? undefined : storedWholeSeconds(record[field], storage)];
    }
    case 'element':
      return source.arrays.flatMap((array) => {
        const elements = record[array];
        if (!Array.isArray(elements)) return [];
        const { where, value } = source;
        if (value === undefined) return elements.map((e) => storedWholeSeconds(e, storage));
        return elements
          .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null && !Array.isArray(e))
          .filter((e) => where === undefined || (where.oneOf as readonly unknown[]).includes(e[where.field]))
          .map((e) => storedWholeSeconds(e[value], storage));
      });
  }
}

/** Records as a failure prints them: dates, NaN and ±Infinity visible. */
export function show(records: readonly unknown[]): string {
  return records
    .map((r) =>
      JSON.stringify(r, function (key, v: unknown) {
        const raw = (this as Record<string, unknown>)[key];
        return raw instanceof Date ? `Date(${raw.getTime()})` : typeof v === 'number' && !Number.isFinite(v) ? String(v) : v;
      }),
    )
    .join('\n');
}

/** The operators a Timestamp takes. */
type Op = 'EQ' | 'NOT_EQ' | 'LT' | 'LTE' | 'GT' | 'GTE';

/** The reference answer: some value satisfies the positive operator; a negative one is its complement. */
function expectedOf(op: Op, t: number | null, values: readonly (number | undefined)[]): boolean {
  const some = (test: (w: number) => boolean) => values.some((w) => w !== undefined && test(w));
  if (t === null) return op === 'EQ' ? !some(() => true) : some(() => true);
  switch (op) {
    case 'EQ':
      return some((w) => w === t);
    case 'NOT_EQ':
      return !some((w) => w === t);
    case 'LT':
      return some((w) => w < t);
    case 'LTE':
      return some((w) => w <= t);
    case 'GT':
      return some((w) => w > t);
    case 'GTE':
      return some((w) => w >= t);
  }
}

/** `t` as a query writes it: Unix seconds, or a UTC date and time before 1970. */
export function queryValue(t: number): string {
  return t >= 0 ? String(t) : new Date(t * 1000).toISOString().replace('.000Z', 'Z');
}

/** Filter values near the records' instants (the boundaries), or anywhere a query can reach. */
function arbQueryValue(records: readonly Readonly<Record<string, unknown>>[], a: Attribute): fc.Arbitrary<number> {
  const near = records.flatMap((r) => wholeSecondsOf(a, r)).filter((w): w is number => w !== undefined && w >= FIRST_QUERY);
  const anywhere = fc.integer({ min: FIRST_QUERY, max: 9e12 });
  if (near.length === 0) return anywhere;
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...near), fc.constantFrom(-1, 0, 1)).map(([w, d]) => Math.max(w + d, FIRST_QUERY)) },
    { weight: 1, arbitrary: anywhere },
  );
}

const arbCase = fc.array(arbRecord, { minLength: 1, maxLength: 8 }).chain((records) =>
  fc.constantFrom(...ATTRIBUTES).chain((name) => {
    const a = storageSchema.entities.event.attributes[name]!;
    const value = arbQueryValue(records, a);
    return fc.constantFrom<Op>('EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE').chain((op) => fc.record({
      records: fc.constant(records.map((r, i) => ({ id: `r${i}`, ...r }))),
      name: fc.constant(name),
      op: fc.constant(op),
      // null only with EQ and NOT_EQ, and never on a collection ("EQ null" would mean "no element").
      t: a.collection || (op !== 'EQ' && op !== 'NOT_EQ') ? value : fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 6, arbitrary: value }),
    }));
  }),
);

/** A generated case: documents, and a filter on one timestamp attribute of them. */
export interface StorageCase {
  readonly records: readonly Readonly<Record<string, unknown>>[];
  readonly text: string;
  readonly query: ValidatedQuery;
  /** The ids of the records the reference reading selects. */
  readonly expected: readonly string[];
}

/**
 * A generated {@link StorageCase}. `stored` gives the documents as the engine holds them (a
 * server stores what the driver writes), which the reference then reads.
 */
export function arbStorageCase(stored: (records: readonly Record<string, unknown>[]) => readonly Record<string, unknown>[] = (r) => r): fc.Arbitrary<StorageCase> {
  return arbCase.map(({ records, name, op, t }) => {
    const a = storageSchema.entities.event.attributes[name]!;
    const text = `event.${name} ${op} ${t === null ? 'null' : queryValue(t)}`;
    const held = stored(records);
    const expected = held.filter((r) => expectedOf(op, t, wholeSecondsOf(a, r))).map((r) => String(r.id));
    return { records: held, text, query: check(text, storageSchema, 'event'), expected };
  });
}
