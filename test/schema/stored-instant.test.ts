/**
 * The whole second a record's stored instant counts as, in each storage (docs/schema.md, How
 * records store an instant): what every backend's comparisons are defined by. Undefined is "no
 * value" (language rule 3).
 */
import vm from 'node:vm';
import { describe, expect, test } from 'vitest';
import { isoTextSeconds, storedSeconds, storedWholeSeconds } from '../../src/schema/stored-instant.js';
import type { TimestampStorage } from '../../src/schema/types.js';

const SECONDS: TimestampStorage = { kind: 'unix_seconds' };
const MILLISECONDS: TimestampStorage = { kind: 'unix_milliseconds' };
const DATE: TimestampStorage = { kind: 'date' };
const iso = (timeZone = 'UTC'): TimestampStorage => ({ kind: 'iso_text', timeZone });

/** 2024-05-01T09:30:00Z. */
const T = 1714555800;

class ThrowingDate extends Date {
  override getTime(): number {
    throw new Error('not to be called');
  }
}

describe('unix_seconds: a finite number or a safe bigint', () => {
  test.for([
    [T, T],
    [T + 0.999, T],
    [-0.5, -1],
    [-1, -1],
    [-0, 0],
    [1e300, 1e300],
    [BigInt(T), T],
    [2n ** 53n - 1n, 2 ** 53 - 1],
    [2n ** 53n, undefined],
    [NaN, undefined],
    [Infinity, undefined],
    [-Infinity, undefined],
    [String(T), undefined],
    [new Date(T * 1000), undefined],
    [null, undefined],
    [undefined, undefined],
    [true, undefined],
    [{ valueOf: (): number => T }, undefined],
  ] as const)('%s → %s', ([value, second]) => {
    expect(storedWholeSeconds(value, SECONDS)).toBe(second);
  });
});

describe('unix_milliseconds: a finite number or bigint within the range of a Date', () => {
  test.for([
    [T * 1000, T],
    [T * 1000 + 999, T],
    [T * 1000 + 999.999, T],
    [T * 1000 - 0.5, T - 1],
    [-1, -1],
    [-1000, -1],
    [-1001, -2],
    [8.64e15, 8.64e12],
    [-8.64e15, -8.64e12],
    [8.64e15 + 1, undefined],
    [BigInt(T * 1000 + 5), T],
    [8_640_000_000_000_001n, undefined],
    [NaN, undefined],
    [Infinity, undefined],
    [String(T * 1000), undefined],
    [new Date(T * 1000), undefined],
  ] as const)('%s → %s', ([value, second]) => {
    expect(storedWholeSeconds(value, MILLISECONDS)).toBe(second);
  });
});

describe('date: a Date whose time is a number, read from the Date itself', () => {
  test.for([
    ['a Date', T, new Date(T * 1000 + 999)],
    ['a Date before 1970', -1, new Date(-1)],
    ['a Date of another realm', T, vm.runInNewContext(`new Date(${T * 1000})`) as unknown],
    ['a subclass whose getTime throws', T, new ThrowingDate(T * 1000)],
    ['an invalid Date', undefined, new Date(NaN)],
    ['a proxy of a Date', undefined, new Proxy(new Date(T * 1000), {})],
    ['an object with a getTime', undefined, { getTime: () => T * 1000 }],
    ['an object whose prototype is Date.prototype', undefined, Object.create(Date.prototype) as unknown],
    ['a number', undefined, T * 1000],
    ['a text', undefined, '2024-05-01T09:30:00Z'],
    ['null', undefined, null],
  ] as const)('%s → %s', ([, second, value]) => {
    expect(storedWholeSeconds(value, DATE)).toBe(second);
  });
});

describe('iso_text: the documented grammar, calendar dates only', () => {
  test.for([
    ['2024-05-01', T - 9.5 * 3600],
    ['2024-05-01T09:30', T],
    ['2024-05-01 09:30', T],
    ['2024-05-01T09:30:00', T],
    ['2024-05-01T09:30:00.999999999', T],
    ['2024-05-01T09:30:59.5Z', T + 59],
    ['2024-05-01T09:30:00z', T],
    ['2024-05-01T11:30:00+02:00', T],
    ['2024-05-01T11:30:00+0200', T],
    ['2024-05-01T11:30+02', T],
    ['2024-05-01T04:00-05:30', T],
    ['2024-05-01T09:30:00-00:00', T],
    ['2024-02-29T00:00Z', 1709164800],
    ['1969-12-31T23:59:59.5Z', -1],
    ['0001-01-01T00:00:00Z', -62135596800],
    ['9999-12-31T23:59:59.999Z', 253402300799],
    ['0050-06-01T00:00:00Z', -60576249600],
  ] as const)('%s → %s', ([text, second]) => {
    expect(storedWholeSeconds(text, iso())).toBe(second);
  });

  test.for([
    '2023-02-30',
    '2023-02-29T00:00Z',
    '2100-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024-05-00',
    '0000-01-01',
    '2024-05-01T24:00',
    '2024-05-01T09:60',
    '2024-05-01T09:30:60',
    '2024-05-01T09:30:00.',
    '2024-05-01T09:30:00.1234567890',
    '2024-05-01T09:30.5',
    '2024-05-01Z',
    '2024-05-01+02:00',
    '2024-05-01T09:30+2',
    '2024-05-01T09:30+24:00',
    '2024-05-01T09:30+02:60',
    '2024-05-01T09:30+02:0',
    '2024-05-01T09:30+020',
    '2024-05-01T09:30 +02:00',
    '2024-05-01T09:30Z ',
    '2024-05-01t09:30',
    '2024-05-01  09:30',
    '2024-05-01T0930',
    '2024-5-1',
    ' 2024-05-01',
    '２０２４-05-01',
    '+002024-05-01',
    '',
  ])('%j is no instant', (text) => {
    expect(storedWholeSeconds(text, iso())).toBeUndefined();
  });

  test.for([
    [T, 'a number'],
    [new Date(T * 1000), 'a Date'],
    [Object('2024-05-01'), 'a String object'],
  ] as const)('%s is no instant (%s)', ([value]) => {
    expect(storedWholeSeconds(value, iso())).toBeUndefined();
  });
});

describe('iso_text without an offset: a wall-clock time in the declared zone', () => {
  test.for([
    ['Europe/Berlin', '2024-05-01 11:30', '2024-05-01T09:30:00Z', 'summer time'],
    ['Europe/Berlin', '2024-01-15T10:00', '2024-01-15T09:00:00Z', 'winter time'],
    ['Europe/Berlin', '2024-03-31T02:30', '2024-03-31T01:30:00Z', 'in the spring-forward gap: the offset from before'],
    ['Europe/Berlin', '2024-10-27T02:30', '2024-10-27T00:30:00Z', 'twice in the fall-back overlap: the earlier'],
    ['Europe/Berlin', '2024-10-27T02:30+01:00', '2024-10-27T01:30:00Z', 'the later one, with its offset'],
    ['America/New_York', '2024-03-10T02:30', '2024-03-10T07:30:00Z', 'in the spring-forward gap: the offset from before'],
    ['America/New_York', '2024-11-03T01:30', '2024-11-03T05:30:00Z', 'twice in the fall-back overlap: the earlier'],
    ['America/New_York', '2024-11-03', '2024-11-03T04:00:00Z', 'a date: its midnight'],
    ['Asia/Kolkata', '2024-05-01 15:00:00.75', '2024-05-01T09:30:00Z', 'a zone half an hour off'],
    ['Europe/Berlin', '1800-01-01T00:53:28', '1800-01-01T00:00:00Z', 'local mean time, before time zones'],
    ['America/New_York', '0001-01-01T00:00', '0001-01-01T04:56:02Z', 'the first day of year 1'],
  ] as const)('%s: %s is %s (%s)', ([zone, text, utc]) => {
    expect(storedWholeSeconds(text, iso(zone))).toBe(Date.parse(utc) / 1000);
  });
});

describe('the instant with its fraction', () => {
  test.for([
    [T * 1000 + 250, MILLISECONDS, T + 0.25],
    [new Date(T * 1000 + 250), DATE, T + 0.25],
    [T + 0.25, SECONDS, T + 0.25],
    ['2024-05-01T09:30:00.25Z', iso(), T + 0.25],
    ['2024-05-01T09:30Z', iso(), T],
  ] as const)('%s in %o → %s', ([value, storage, seconds]) => {
    expect(storedSeconds(value, storage)).toBe(seconds);
  });

  test('a fraction too fine for the double is rounded, the whole second never', () => {
    expect(isoTextSeconds('2024-05-01T09:30:00.999999999Z', 'UTC', true)).toBe(T + 1);
    expect(storedWholeSeconds('2024-05-01T09:30:00.999999999Z', iso())).toBe(T);
  });
});
