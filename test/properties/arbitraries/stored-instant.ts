/**
 * Generated instants and the values that store them in each Timestamp storage, for the laws of
 * src/schema/stored-instant.ts and for any backend's agreement with it: whole seconds around
 * 1970, before it, far in the future and around the daylight-saving transitions of the zones
 * below, each with a fraction; and per storage, values that are no valid instant.
 */
import fc from 'fast-check';
import type { TimestampStorage, TimestampStorageKind } from '../../../src/schema/types.js';

/** Zones with and without daylight saving, and one half an hour off. */
export const INSTANT_ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata'] as const;

/** Offset changes of the zones above (spring forward, fall back), in Unix seconds. */
export const TRANSITIONS: readonly number[] = [
  '2024-03-31T01:00:00Z', // Berlin, +01:00 → +02:00
  '2024-10-27T01:00:00Z', // Berlin, +02:00 → +01:00
  '1996-10-27T01:00:00Z',
  '2024-03-10T07:00:00Z', // New York, -05:00 → -04:00
  '2024-11-03T06:00:00Z', // New York, -04:00 → -05:00
  '1970-04-26T07:00:00Z',
].map((t) => Date.parse(t) / 1000);

/** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z: what ISO text and a Date can both hold. */
export const FIRST_SECOND = -62135596800;
export const LAST_SECOND = 253402300799;

/** A day within those, so that every zone's clocks show a year from 0001 to 9999. */
const FIRST_LOCAL_SECOND = FIRST_SECOND + 86_400;
const LAST_LOCAL_SECOND = LAST_SECOND - 86_400;

/** An instant: its whole second and the nanoseconds after it. */
export interface Instant {
  readonly second: number;
  readonly nanos: number;
}

/** A whole second: mostly recent, some before 1970, some far future, some around a transition. */
export const arbSecond: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -2_208_988_800, max: 4_102_444_800 }) },
  { weight: 1, arbitrary: fc.integer({ min: FIRST_LOCAL_SECOND, max: -1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 4_102_444_800, max: LAST_LOCAL_SECOND }) },
  { weight: 1, arbitrary: fc.constantFrom(-1, 0, 1, FIRST_LOCAL_SECOND, LAST_LOCAL_SECOND) },
  { weight: 3, arbitrary: fc.constantFrom(...TRANSITIONS).chain((t) => fc.integer({ min: t - 7_200, max: t + 7_200 })) },
);

export const arbInstant: fc.Arbitrary<Instant> = fc.record({
  second: arbSecond,
  nanos: fc.oneof(fc.constant(0), fc.constant(999_999_999), fc.integer({ min: 0, max: 999_999_999 })),
});

/** A zone's wall clock at a whole second, `YYYY-MM-DDTHH:MM:SS`, by Intl (independent of the reader). */
export function wallText(second: number, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const p of wallFormat(timeZone).formatToParts(second * 1000)) parts[p.type] = p.value;
  const two = (s: string | undefined) => s!.padStart(2, '0');
  return `${parts.year!.padStart(4, '0')}-${two(parts.month)}-${two(parts.day)}T${two(parts.hour)}:${two(parts.minute)}:${two(parts.second)}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** A stored value and the whole second it must count as. */
export interface Stored {
  readonly value: unknown;
  readonly second: number;
}

/** An ISO text of `instant`: UTC (`Z`/`z`), an offset in any of its forms, or `storage`'s wall clock. */
function arbIsoText(instant: Instant, timeZone: string): fc.Arbitrary<Stored> {
  const { second, nanos } = instant;
  const fraction = fc.integer({ min: 0, max: 9 }).map((digits) => (digits === 0 ? '' : `.${String(nanos).padStart(9, '0').slice(0, digits)}`));
  const separator = fc.constantFrom('T', ' ');
  const shifted = (offsetMinutes: number) => wallText(second + offsetMinutes * 60, 'UTC');
  const offsetText = (minutes: number, form: number) => {
    const sign = minutes < 0 ? '-' : '+';
    const hh = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
    const mm = String(Math.abs(minutes) % 60).padStart(2, '0');
    return form === 0 ? `${sign}${hh}:${mm}` : form === 1 ? `${sign}${hh}${mm}` : mm === '00' ? `${sign}${hh}` : `${sign}${hh}:${mm}`;
  };
  // The time: without seconds when they are zero and there is no fraction, if `short`.
  const form = fc.record({ sep: separator, frac: fraction, short: fc.boolean() });
  const write = (wall: string, { sep, frac, short }: { sep: string; frac: string; short: boolean }, suffix: string) => {
    const [date, time] = wall.split('T') as [string, string];
    const t = short && frac === '' && time.endsWith(':00') ? time.slice(0, 5) : time + frac;
    return `${date}${sep}${t}${suffix}`;
  };
  const inUtc = fc.tuple(form, fc.constantFrom('Z', 'z')).map(([f, z]) => ({ value: write(shifted(0), f, z), second }));
  // Offsets in quarter hours up to ±23:45, as far as the local time stays within years 0001–9999.
  const quarters = fc.integer({
    min: Math.max(-95, Math.ceil((FIRST_SECOND - second) / 900)),
    max: Math.min(95, Math.floor((LAST_SECOND - second) / 900)),
  });
  const withOffset = fc
    .tuple(form, quarters, fc.integer({ min: 0, max: 2 }))
    .map(([f, q, syntax]) => ({ value: write(shifted(q * 15), f, offsetText(q * 15, syntax)), second }));
  // A wall-clock text stands for the earliest instant the zone's clocks show it at: in a
  // fall-back overlap, the one an hour before the later.
  const wall = wallText(second, timeZone);
  const earlier = wallText(second - 3600, timeZone) === wall ? second - 3600 : second;
  const wallClock = form.map((f) => ({ value: write(wall, f, ''), second: earlier }));
  const dateOnly = wall.endsWith('T00:00:00') && nanos === 0 ? [fc.constant({ value: wall.slice(0, 10), second: earlier })] : [];
  return fc.oneof(inUtc, withOffset, wallClock, ...dateOnly);
}

/**
 * The values that store `instant` in `storage` (every form the storage takes), each with the
 * whole second it counts as.
 */
export function arbStoredInstant(instant: Instant, storage: TimestampStorage): fc.Arbitrary<Stored> {
  const { second, nanos } = instant;
  const ms = Math.floor(nanos / 1e6);
  switch (storage.kind) {
    case 'unix_seconds':
      // A fraction in 1024ths: exact in a double for every second above, so it stays in its second.
      return fc.oneof(
        fc.constant({ value: second, second }),
        fc.constant({ value: BigInt(second), second }),
        fc.constant({ value: second + Math.floor(nanos / 1e9 * 1024) / 1024, second }),
      );
    case 'unix_milliseconds':
      return fc.oneof(
        fc.constant({ value: second * 1000 + ms, second }),
        fc.constant({ value: BigInt(second * 1000 + ms), second }),
        // In 32nds of a millisecond: exact in a double up to 2^48 ms (year 10889).
        fc.constant({ value: second * 1000 + ms + Math.floor(((nanos % 1e6) / 1e6) * 32) / 32, second }),
      );
    case 'date':
      return fc.oneof(
        fc.constant({ value: new Date(second * 1000 + ms), second }),
        fc.constant({ value: new HostileDate(second * 1000 + ms), second }),
      );
    case 'iso_text':
      return arbIsoText(instant, storage.timeZone);
    case 'iso_canonical':
      // Its only form (the seconds are within years 0001–9999; the years beyond are among INVALID_STORED).
      return fc.constant({ value: new Date(second * 1000 + ms).toISOString(), second });
  }
}

/** A Date whose methods throw: its time is still its own, read without calling them. */
class HostileDate extends Date {
  override getTime(): number {
    throw new Error('getTime was called');
  }
  override valueOf(): number {
    throw new Error('valueOf was called');
  }
  override [Symbol.toPrimitive](): never {
    throw new Error('a Date was converted');
  }
}

/** Values that are no valid instant of each storage: each must have no value. */
export const INVALID_STORED: { readonly [K in TimestampStorageKind]: readonly unknown[] } = {
  unix_seconds: [NaN, Infinity, -Infinity, '1714555800', null, undefined, true, {}, [], new Date(0), 2n ** 60n, { valueOf: () => 1 }],
  unix_milliseconds: [NaN, Infinity, -Infinity, '1714555800000', 8.64e15 + 1, -8.64e15 - 1, 1e300, 2n ** 60n, null, new Date(0), [0]],
  date: [
    new Date(NaN),
    1714555800000,
    '2024-05-01T09:30:00Z',
    { getTime: () => 0 },
    new Proxy(new Date(0), {}),
    Object.create(Date.prototype) as unknown,
    null,
    [new Date(0)],
  ],
  iso_text: [
    '2023-02-30',
    '2024-13-01',
    '0000-01-01',
    '2024-05-01T24:00',
    '2024-05-01T09:30:60',
    '2024-05-01T09:30:00.1234567890',
    '2024-05-01Z',
    '2024-05-01T09:30+24:00',
    '2024-05-01t09:30',
    'yesterday',
    '',
    1714555800,
    new Date(0),
    null,
  ],
  iso_canonical: [
    '2024-05-01T09:30:00Z',
    '2024-05-01T09:30:00.5Z',
    '2024-05-01T09:30:00.000+00:00',
    '2024-05-01 09:30:00.000Z',
    '2024-05-01t09:30:00.000z',
    '2024-05-01T09:30:00.000Z\n',
    ' 2024-05-01T09:30:00.000Z',
    '2023-02-29T00:00:00.000Z',
    '2024-04-31T00:00:00.000Z',
    '2024-05-01T24:00:00.000Z',
    '2024-05-01T09:60:00.000Z',
    '0000-06-01T00:00:00.000Z',
    '+010000-01-01T00:00:00.000Z',
    '２０２４-05-01T09:30:00.000Z',
    1714555800,
    new Date(0),
    null,
  ],
};

/** A storage of each kind, iso_text in each zone. */
export const STORAGES: readonly TimestampStorage[] = [
  { kind: 'unix_seconds' },
  { kind: 'unix_milliseconds' },
  { kind: 'date' },
  ...INSTANT_ZONES.map((timeZone) => ({ kind: 'iso_text', timeZone }) as const),
  { kind: 'iso_canonical' },
];

export const arbStorage: fc.Arbitrary<TimestampStorage> = fc.constantFrom(...STORAGES);

/** A stored value of `storage` and the second it counts as, or `undefined` for one that is no instant. */
export function arbStoredValue(storage: TimestampStorage): fc.Arbitrary<{ readonly value: unknown; readonly second: number | undefined }> {
  return fc.oneof(
    { weight: 4, arbitrary: arbInstant.chain((i) => arbStoredInstant(i, storage)) },
    { weight: 1, arbitrary: fc.constantFrom(...INVALID_STORED[storage.kind]).map((value) => ({ value, second: undefined })) },
  );
}
