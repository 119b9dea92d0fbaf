/**
 * Laws of reading stored instants (src/schema/stored-instant.ts), the reference every backend's
 * timestamp comparisons are checked against:
 *
 * - an instant written in any form of any storage reads back as the whole second it falls in,
 *   sub-second, before 1970, far future and around daylight-saving transitions alike;
 * - a value that is no valid instant of its storage has no value;
 * - the character-by-character ISO reader accepts exactly the texts of its documented grammar
 *   (a regular expression here) that name a calendar date;
 * - a wall-clock text is read in its zone as Intl's clocks show it: the earliest instant showing
 *   it, or in a spring-forward gap, the offset from before the change.
 */
import { fc, test } from '../support/property.js';
import { describe, expect } from 'vitest';
import { secondsReader, storedSeconds, storedWholeSeconds, wholeSecondsReader } from '../../src/schema/stored-instant.js';
import type { TimestampStorage } from '../../src/schema/types.js';
import {
  arbInstant,
  arbStorage,
  arbStoredInstant,
  FIRST_SECOND,
  INVALID_STORED,
  STORAGES,
  TRANSITIONS,
  wallText,
} from './arbitraries/stored-instant.js';

const RUNS = { numRuns: 300 };

describe('an instant stored in any form reads back as its whole second', () => {
  test.prop([arbStorage.chain((storage) => fc.tuple(fc.constant(storage), arbInstant.chain((i) => arbStoredInstant(i, storage))))], RUNS)(
    'storedWholeSeconds(encode(instant)) is its second; storedSeconds lies within it',
    ([storage, { value, second }]) => {
      expect(storedWholeSeconds(value, storage)).toBe(second);
      expect(wholeSecondsReader(storage)(value)).toBe(second);
      const seconds = storedSeconds(value, storage)!;
      // Within the second, or its end when a fine fraction rounds up in the double.
      expect(seconds >= second && seconds <= second + 1).toBe(true);
    },
  );
});

describe.each(STORAGES.map((s) => [describeStorage(s), s] as const))('%s: no valid instant, no value', (_, storage) => {
  test.prop([fc.constantFrom(...INVALID_STORED[storage.kind])])('has no seconds and no whole second', (value) => {
    expect(secondsReader(storage)(value)).toBeUndefined();
    expect(wholeSecondsReader(storage)(value)).toBeUndefined();
  });
});

function describeStorage(s: TimestampStorage): string {
  return s.kind === 'iso_text' ? `iso_text in ${s.timeZone}` : s.kind;
}

/** The documented grammar, as a regular expression (the reader is written without one, for speed). */
const GRAMMAR = /^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[T ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.[0-9]{1,9})?)?(Z|z|[+-][0-9]{2}(?::?[0-9]{2})?)?)?$/;

/** The second of a text in UTC by the grammar and `Date`, or undefined: the reader's oracle. */
function oracleSecond(text: string): number | undefined {
  const m = GRAMMAR.exec(text);
  if (m === null) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((x) => (x === undefined ? undefined : Number(x)));
  if (year! < 1 || month! < 1 || month! > 12 || hour > 23 || minute > 59 || second > 59) return undefined;
  const d = new Date(0);
  d.setUTCFullYear(year!, month! - 1, day!);
  if (d.getUTCDate() !== day || d.getUTCMonth() !== month! - 1) return undefined;
  let offset = 0;
  const o = m[7];
  if (o !== undefined && o.toUpperCase() !== 'Z') {
    const digits = o.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = digits.length > 2 ? Number(digits.slice(2)) : 0;
    if (oh > 23 || om > 59) return undefined;
    offset = (o[0] === '-' ? -1 : 1) * (oh * 60 + om) * 60;
  }
  return d.getTime() / 1000 + hour * 3600 + minute * 60 + second - offset;
}

/** Texts near the grammar: every field two or four digits of any value, separators right or wrong. */
const arbNearIsoText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }).map((y) => String(y).padStart(4, '0')),
        fc.constantFrom('-', '/', ''),
        fc.integer({ min: 0, max: 19 }).map((m) => String(m).padStart(2, '0')),
        fc.integer({ min: 0, max: 39 }).map((d) => String(d).padStart(2, '0')),
        fc.option(
          fc.tuple(
            fc.constantFrom('T', ' ', 't', '  ', ''),
            fc.integer({ min: 0, max: 29 }).map((h) => String(h).padStart(2, '0')),
            fc.constantFrom(':', '.'),
            fc.integer({ min: 0, max: 69 }).map((m) => String(m).padStart(2, '0')),
            fc.option(fc.tuple(fc.integer({ min: 0, max: 69 }).map((s) => `:${String(s).padStart(2, '0')}`), fc.option(fc.stringMatching(/^\.[0-9]{0,11}$/)))),
            fc.option(fc.stringMatching(/^(Z|z|[+-][0-9]{1,2}(:?[0-9]{1,2})?|[+-]2[0-9]:[0-9]{2})$/)),
          ),
        ),
      )
      .map(([y, dash, mo, d, time]) => {
        const date = `${y}${dash}${mo}${dash}${d}`;
        if (time === null) return date;
        const [sep, h, colon, mi, sec, offset] = time;
        return `${date}${sep}${h}${colon}${mi}${sec === null ? '' : sec[0] + (sec[1] ?? '')}${offset ?? ''}`;
      }),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);

test.prop([arbNearIsoText], { numRuns: 1000 })('the ISO reader accepts what the grammar does, with the same second', (text) => {
  expect(storedWholeSeconds(text, { kind: 'iso_text', timeZone: 'UTC' })).toBe(oracleSecond(text));
});

/** The zone's offset at a whole second, in seconds, by Intl. */
const offsetAt = (second: number, zone: string) => Date.parse(`${wallText(second, zone)}Z`) / 1000 - second;

const arbTransitionWall = fc
  .tuple(fc.constantFrom('Europe/Berlin', 'America/New_York'), fc.constantFrom(...TRANSITIONS), fc.integer({ min: -4 * 3600, max: 4 * 3600 }))
  .map(([zone, transition, shift]) => ({ zone, wall: wallText(transition + shift, 'UTC') }));

test.prop([arbTransitionWall], RUNS)('a wall-clock text near a transition is the earliest instant showing it, or in a gap, read with the offset before', ({ zone, wall }) => {
  const asUtc = Date.parse(`${wall}Z`) / 1000;
  // Every instant that could show `wall`: offsets are within ±14 hours, in quarter hours here.
  const showing: number[] = [];
  for (let q = -56; q <= 56; q++) {
    const t = asUtc - q * 900;
    if (t >= FIRST_SECOND && wallText(t, zone) === wall) showing.push(t);
  }
  // In a gap no instant shows it; a day before, the offset from before the change was in force.
  const expected = showing.length > 0 ? Math.min(...showing) : asUtc - offsetAt(asUtc - 86_400, zone);
  expect(storedWholeSeconds(wall, { kind: 'iso_text', timeZone: zone })).toBe(expected);
});
