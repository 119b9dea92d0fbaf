import { fc, test as propTest } from '../support/property.js';
import { describe, expect, test } from 'vitest';
import { timestampSeconds } from '../../src/validate/timestamp.js';

describe('timestamp values', () => {
  test.for([
    ['1700000000', 'UTC', 1700000000],
    ['0', 'UTC', 0],
    ['2023-07-01', 'UTC', 1688169600],
    ['2023-07-01T00:00', 'UTC', 1688169600],
    ['2023-07-01T09:30:15Z', 'UTC', 1688203815],
    ['2023-07-01T09:30+02:00', 'UTC', 1688196600],
    ['2023-07-01T09:30-05:30', 'UTC', 1688223600],
    ['2024-02-29', 'UTC', 1709164800],
    // Without an offset a date is midnight in the query's zone.
    ['2023-07-01', 'Europe/Berlin', 1688162400],
    ['2023-01-01', 'Europe/Berlin', 1672527600],
    ['2023-07-01', 'America/New_York', 1688184000],
    // An explicit offset wins over the zone.
    ['2023-07-01T00:00Z', 'Europe/Berlin', 1688169600],
    // 02:30 does not exist in Berlin on 2023-03-26 (clocks jump 02:00 → 03:00): it is read as 03:30 summer time.
    ['2023-03-26T02:30', 'Europe/Berlin', 1679794200],
    // 02:30 happens twice on 2023-10-29: the earlier instant is taken.
    ['2023-10-29T02:30', 'Europe/Berlin', 1698539400],
  ] as const)('%s in %s is %i', ([text, zone, seconds]) => {
    expect(timestampSeconds(text, zone)).toBe(seconds);
  });

  test.for([
    ['2023-02-30', '2023-02-30 is not a date: February 2023 has 28 days'],
    ['2023-13-01', '2023-13-01 is not a date: there is no month 13'],
    ['2023-07-01T24:00', '2023-07-01T24:00 is not a time of day'],
    ['2023-07-01T10:00+25:00', '+25:00 is not a UTC offset'],
    ['yesterday', 'expected Unix seconds (1700000000), a date (2023-07-01) or a date and time (2023-07-01T09:30:00Z), got "yesterday"'],
    ['-5', 'expected Unix seconds (1700000000), a date (2023-07-01) or a date and time (2023-07-01T09:30:00Z), got "-5"'],
    ['2023-7-1', 'expected Unix seconds (1700000000), a date (2023-07-01) or a date and time (2023-07-01T09:30:00Z), got "2023-7-1"'],
    ['99999999999999999999', '99999999999999999999 is too large for a timestamp in seconds'],
  ] as const)('%s is rejected', ([text, reason]) => {
    expect(timestampSeconds(text, 'UTC')).toBe(reason);
  });
});

describe('the forms read are those of the regular expressions in the design', () => {
  const INTEGER = /^[0-9]+$/;
  const DATE_TIME = /^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:T([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?(Z|[+-][0-9]{2}:[0-9]{2})?)?$/;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const arbWellFormed = fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
      fc.option(fc.tuple(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }), fc.option(fc.integer({ min: 0, max: 61 })))),
      fc.constantFrom('', 'Z', '+', '-'),
      fc.integer({ min: 0, max: 25 }),
      fc.integer({ min: 0, max: 61 }),
    )
    .map(([y, mo, d, time, sign, oh, om]) => {
      const date = `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}`;
      if (time === null) return date;
      const [h, mi, s] = time;
      const offset = sign === '' || sign === 'Z' ? sign : `${sign}${pad(oh, 2)}:${pad(om, 2)}`;
      return `${date}T${pad(h, 2)}:${pad(mi, 2)}${s === null ? '' : `:${pad(s, 2)}`}${offset}`;
    });
  /** A well-formed text with one character replaced, dropped or added. */
  const arbNearMiss = fc
    .tuple(arbWellFormed, fc.nat(), fc.constantFrom('', '0', '9', '-', ':', 'T', 'Z', '+', ' ', '٣', 'x'), fc.boolean())
    .map(([text, at, c, insert]) => {
      const i = at % (text.length + 1);
      return text.slice(0, i) + c + text.slice(insert ? i : i + 1);
    });
  const arbTimestampish = fc.oneof(
    arbWellFormed,
    arbNearMiss,
    fc.string({ unit: fc.constantFrom('0', '1', '2', '9', '-', 'T', ':', 'Z', '+'), maxLength: 25 }),
  );

  propTest.prop([arbTimestampish], { numRuns: 3000 })('a text is read iff a regular expression matches it; its instant is the one Date.parse sees', (text) => {
    const r = timestampSeconds(text, 'UTC');
    const matches = INTEGER.test(text) || DATE_TIME.test(text);
    expect(typeof r === 'number' || !r.startsWith('expected Unix seconds'), text).toBe(matches);
    if (typeof r !== 'number' || INTEGER.test(text)) return;
    // Date.parse reads a date-time without an offset as local time: name UTC.
    const withOffset = text.length > 10 && !/(Z|[+-]\d\d:\d\d)$/.test(text) ? `${text}Z` : text;
    expect(r, text).toBe(Date.parse(withOffset) / 1000);
  });
});
