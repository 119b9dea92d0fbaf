/**
 * Values a record may hold for an attribute, by type (and, for a Timestamp, by how the records
 * store the instant): values of the type that meet the query values' pools, instants a fraction
 * before and after a second, and with `hostile`, values of the wrong JavaScript type, which every
 * backend must treat as missing (docs/language.md, rules 3 and 6).
 */
import type { Arbitrary } from 'fast-check';
import { fc } from './fast-check.js';
import type { Attribute, AttributeType, TimestampStorage, TimestampStorageKind } from '../schema/types.js';
import { readSteps } from '../schema/stored-form.js';
import { arbHostileText, arbNumber, arbSecond, ID_BODIES, INTEGER_IDS, UUIDS } from './value-pools.js';

/** A fraction of a second in 1024ths: exact in a double, so the stored value stays in its second. */
const arbFraction: Arbitrary<number> = fc.constantFrom(0, 0, 1 / 1024, 512 / 1024, 1023 / 1024);

/** Milliseconds within a second: its first, its middle and its last. */
const arbMillis: Arbitrary<number> = fc.constantFrom(0, 0, 1, 500, 999);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A zone's wall clock at `ms`, `YYYY-MM-DDTHH:MM:SS.mmm`, by Intl. */
function wallClock(ms: number, timeZone: string): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  for (const p of format.formatToParts(ms)) parts[p.type] = p.value;
  return `${parts['year']!.padStart(4, '0')}-${pad(Number(parts['month']))}-${pad(Number(parts['day']))}T${pad(Number(parts['hour']))}:${pad(Number(parts['minute']))}:${pad(Number(parts['second']))}.${pad(((ms % 1000) + 1000) % 1000, 3)}`;
}

/** ISO-8601 texts of `ms`: in UTC with or without milliseconds, with an offset, or as the zone's wall clock. */
function isoTexts(ms: number, timeZone: string): Arbitrary<string> {
  const utc = new Date(ms).toISOString();
  const plusTwo = `${new Date(ms + 7_200_000).toISOString().slice(0, 23)}+02:00`;
  const wall = wallClock(ms, timeZone);
  return fc.constantFrom(utc, `${utc.slice(0, 19)}Z`, plusTwo, wall, wall.slice(0, 19));
}

/** Stored instants per storage: around boundary seconds, with fractions that must be floored. */
const STORED_INSTANTS: { readonly [K in TimestampStorageKind]: (storage: Extract<TimestampStorage, { kind: K }>) => Arbitrary<unknown> } = {
  unix_seconds: () => fc.tuple(arbSecond, arbFraction).map(([s, f]) => s + f),
  unix_milliseconds: () => fc.tuple(arbSecond, arbMillis).map(([s, m]) => s * 1000 + m),
  date: () => fc.tuple(arbSecond, arbMillis).map(([s, m]) => new Date(s * 1000 + m)),
  iso_text: (storage) => fc.tuple(arbSecond, arbMillis).chain(([s, m]) => isoTexts(s * 1000 + m, storage.timeZone)),
  // Past 9999 and before 0001 toISOString writes texts that are no value of the storage.
  iso_canonical: () => fc.tuple(arbSecond, arbMillis).map(([s, m]) => new Date(s * 1000 + m).toISOString()),
};

/**
 * The texts as a source that declares how it reads them may store them: with an ignored prefix
 * (once or twice) and without, so the read that drops one is tested on both sides; where case is
 * ignored, in another case now and then (the pool's letters include those whose folding differs
 * between engines), the prefix too.
 */
function storedVariants(a: Attribute, texts: Arbitrary<string>): Arbitrary<string> {
  const source = a.source;
  const steps = readSteps(source);
  if (steps === undefined) return texts;
  const prefix = source.ignorePrefix;
  const prefixed = prefix === undefined ? texts : fc.tuple(texts, fc.constantFrom('', prefix, prefix + prefix)).map(([t, p]) => p + t);
  return steps.ignoreCase ? fc.tuple(prefixed, fc.constantFrom(...CASE_VARIANTS)).map(([t, variant]) => variant(t)) : prefixed;
}

/** A text as written, in upper or lower case, or with the case of each letter flipped. */
const CASE_VARIANTS: readonly ((t: string) => string)[] = [
  (t) => t,
  (t) => t.toUpperCase(),
  (t) => t.toLowerCase(),
  (t) => Array.from(t, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join(''),
];

/** Values of each type, as records hold them. */
const STORED: { readonly [T in AttributeType]: (a: Attribute) => Arbitrary<unknown> } = {
  String: (a) => storedVariants(a, a.values === undefined ? arbHostileText : fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...a.values) }, { weight: 1, arbitrary: arbHostileText })),
  ID: (a) => {
    const id = a.id!;
    switch (id.kind) {
      case 'prefixed':
        return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ID_BODIES).map((b) => id.prefix + b) }, { weight: 1, arbitrary: fc.constantFrom('x_a', `${id.prefix}`) });
      case 'integer':
        return fc.constantFrom(...INTEGER_IDS);
      case 'uuid':
        // Either case of the hex digits: every backend compares them canonically.
        return fc.tuple(fc.constantFrom(...UUIDS), fc.boolean()).map(([u, upper]) => (upper ? u.toUpperCase() : u));
      case 'text':
        return arbHostileText;
    }
  },
  Timestamp: (a) => {
    const storage = a.storage!;
    return (STORED_INSTANTS[storage.kind] as (s: TimestampStorage) => Arbitrary<unknown>)(storage);
  },
  Boolean: () => fc.boolean(),
  Number: () => arbNumber,
};

/**
 * Values of the wrong JavaScript type, or no valid instant of the storage: each is missing to
 * every backend.
 */
const MISTYPED: { readonly [T in AttributeType]: (a: Attribute) => readonly unknown[] } = {
  String: () => [5, true, ['a'], { a: 1 }],
  ID: (a) => (a.id?.kind === 'integer' ? ['5', 5.5, NaN, true] : [5, true, ['a']]),
  Timestamp: (a) => {
    switch (a.storage!.kind) {
      case 'unix_seconds':
        return [NaN, Infinity, '1700000000', true, new Date(0)];
      case 'unix_milliseconds':
        return [NaN, -Infinity, '1700000000000', 8.64e15 + 1];
      case 'date':
        return [new Date(NaN), 1700000000000, '2023-11-14T22:13:20Z'];
      case 'iso_text':
        return ['2023-02-30', '2024-13-01', 'yesterday', '', 1700000000, new Date(0)];
      case 'iso_canonical':
        // Other ISO forms, a day past the month's end, another case, a trailing newline, year 0000.
        return ['2024-05-01T09:30:00Z', '2024-05-01T09:30:00.5Z', '2024-05-01 09:30:00.000Z', '2023-02-29T00:00:00.000Z', '2024-05-01t09:30:00.000z', '2024-05-01T09:30:00.000Z\n', '0000-06-01T00:00:00.000Z', '2024-05-01T24:00:00.000Z', 1700000000, new Date(0)];
    }
  },
  Boolean: () => ['true', 1, 0, null],
  Number: () => ['18', NaN, Infinity, -Infinity, true, 10n],
};

/**
 * A value a record may hold for `attribute`: one of its type, and with `hostile` now and then
 * one of another type (missing to every backend).
 *
 * @example
 * ```ts
 * fc.sample(storedValue(createdAt, false), 2); // [1699999999.9990234, 0]
 * ```
 */
export function storedValue(attribute: Attribute, hostile: boolean): Arbitrary<unknown> {
  const good = STORED[attribute.type](attribute);
  if (!hostile) return good;
  return fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: fc.constantFrom(...MISTYPED[attribute.type](attribute)) });
}
