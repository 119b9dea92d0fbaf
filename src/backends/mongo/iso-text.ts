/**
 * Timestamps stored as ISO-8601 text, as one aggregation expression (`$expr`): the text is
 * matched against the grammar of `src/schema/stored-instant.ts` by a regular expression made of
 * constants, its fields are read from the captures, and the instant is counted in whole seconds
 * by integer arithmetic. Neither MongoDB's `$dateFromString` nor mingo's is used: they accept
 * other shapes, round fractions, and mingo reads a named zone at today's offset.
 *
 * A text without an offset is a wall-clock time in the storage's zone. Its instant is not
 * computed by the engine (MongoDB and mingo would each apply their own zone rules); instead the
 * compiler turns the instants a comparison selects into the wall-clock times that stand for them
 * (`wall-clock-ranges.ts`), and the expression compares the text's wall clock with those.
 */
import { CANONICAL_ISO_PATTERN } from '../../schema/canonical-iso.js';
import type { MongoExpression } from './filter.js';
import type { SecondsRange } from './seconds-range.js';
import { wallClockRanges } from './wall-clock-ranges.js';

/**
 * The grammar, with the fields captured: year (0001–9999), month, day, hour, minute, second,
 * `Z`, the offset's sign, hours and minutes. Days up to 31 here; the month's length is checked
 * by the expression. `(?![\s\S])` ends it, not `$`, which in MongoDB's PCRE also matches before
 * a final newline.
 */
export const ISO_TEXT_PATTERN =
  '^((?!0000)[0-9]{4})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])' +
  '(?:[T ]([01][0-9]|2[0-3]):([0-5][0-9])(?::([0-5][0-9])(?:\\.[0-9]{1,9})?)?' +
  '(?:([Zz])|([+-])([01][0-9]|2[0-3])(?::?([0-5][0-9]))?)?)?(?![\\s\\S])';

/**
 * The texts of the `iso_canonical` storage (src/schema/canonical-iso.ts), ended as
 * {@link ISO_TEXT_PATTERN} is.
 *
 * @example
 * ```ts
 * new RegExp(CANONICAL_TEXT_PATTERN).test('2024-05-01T09:30:00.000Z\n'); // false
 * ```
 */
export const CANONICAL_TEXT_PATTERN = `${CANONICAL_ISO_PATTERN}(?![\\s\\S])`;

/** The capture of field `i` as an integer, 0 when the text leaves it out. */
function field(i: number): MongoExpression {
  return { $ifNull: [{ $toLong: { $arrayElemAt: ['$$captures', i] } }, 0] };
}

/** The capture of field `i` as it is (null when the text leaves it out). */
function text(i: number): MongoExpression {
  return { $arrayElemAt: ['$$captures', i] };
}

const LEAP_YEAR: MongoExpression = {
  $and: [
    { $eq: [{ $mod: ['$$year', 4] }, 0] },
    { $or: [{ $ne: [{ $mod: ['$$year', 100] }, 0] }, { $eq: [{ $mod: ['$$year', 400] }, 0] }] },
  ],
};

/** The day exists in its month (the pattern allows up to 31 in any month). */
const DAY_EXISTS: MongoExpression = {
  $lte: [
    '$$day',
    { $arrayElemAt: [[31, { $cond: [LEAP_YEAR, 29, 28] }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31], { $subtract: ['$$month', 1] }] },
  ],
};

const floorOf = (dividend: MongoExpression, divisor: number): MongoExpression => ({ $floor: { $divide: [dividend, divisor] } });

/**
 * The wall clock as seconds since 1970-01-01T00:00 (UTC-encoded): days counted from the civil
 * calendar with years starting in March, as `utcMillis` of src/validate/timestamp.ts does.
 */
const WALL_SECONDS: MongoExpression = {
  $let: {
    vars: {
      y: { $subtract: ['$$year', { $cond: [{ $lte: ['$$month', 2] }, 1, 0] }] },
      m: { $cond: [{ $gt: ['$$month', 2] }, { $subtract: ['$$month', 3] }, { $add: ['$$month', 9] }] },
    },
    in: {
      $add: [
        {
          $multiply: [
            86_400,
            {
              $add: [
                { $multiply: [365, '$$y'] },
                floorOf('$$y', 4),
                { $multiply: [-1, floorOf('$$y', 100)] },
                floorOf('$$y', 400),
                floorOf({ $add: [{ $multiply: [153, '$$m'] }, 2] }, 5),
                '$$day',
                -719_469,
              ],
            },
          ],
        },
        { $multiply: [3600, '$$hour'] },
        { $multiply: [60, '$$minute'] },
        '$$second',
      ],
    },
  },
};

/** The offset the text names, in seconds east of UTC (0 for `Z`). */
const OFFSET_SECONDS: MongoExpression = {
  $multiply: [
    { $cond: [{ $eq: ['$$sign', '-'] }, -1, 1] },
    { $add: [{ $multiply: [3600, '$$offsetHours'] }, { $multiply: [60, '$$offsetMinutes'] }] },
  ],
};

/** `$$name` lies in one of `ranges`. */
function inRanges(name: string, ranges: readonly SecondsRange[]): MongoExpression {
  const tests = ranges.map((r): MongoExpression => {
    const bounds: MongoExpression[] = [];
    if (r.from !== undefined) bounds.push({ $gte: [name, r.from] });
    if (r.to !== undefined) bounds.push({ $lt: [name, r.to] });
    return bounds.length === 0 ? true : bounds.length === 1 ? bounds[0]! : { $and: bounds };
  });
  return tests.length === 0 ? false : tests.length === 1 ? tests[0]! : { $or: tests };
}

/**
 * An expression that is true when `value` (an expression: `'$created_at'`, `'$$e.at'`) is an
 * ISO-8601 text of the grammar whose instant, floored to the second, lies in one of `ranges`.
 * Total: it is false, never an error, for any other value.
 *
 * @example
 * ```ts
 * isoTextIn('$created_at', [{ from: 1700000000, to: 1700000001 }], 'UTC');
 * // { $let: { vars: { match: { $cond: [{ $eq: [{ $type: '$created_at' }, 'string'] }, { $regexFind: … }, null] } }, in: … } }
 * ```
 */
export function isoTextIn(value: string, ranges: readonly SecondsRange[], timeZone: string): MongoExpression {
  if (ranges.length === 0) return false;
  const compare: MongoExpression = {
    $let: {
      vars: { wall: WALL_SECONDS },
      in: {
        $cond: [
          { $or: [{ $ne: ['$$z', null] }, { $ne: ['$$sign', null] }] },
          { $let: { vars: { instant: { $subtract: ['$$wall', OFFSET_SECONDS] } }, in: inRanges('$$instant', ranges) } },
          inRanges('$$wall', ranges.flatMap((r) => wallClockRanges(r, timeZone))),
        ],
      },
    },
  };
  return withIsoCaptures(value, false, { $and: [DAY_EXISTS, compare] });
}

/**
 * An expression for the whole second of `value` (an expression: `'$$x'`) read as ISO-8601 text
 * of the grammar whose wall-clock times without an offset are UTC, or null when it is no such
 * text. What a list sorts by: the instant itself, which only a zone without changes of offset
 * lets the engine compute (a named zone's rules are not in the engine the same way everywhere).
 *
 * @example
 * ```ts
 * isoTextUtcSeconds('$$x'); // 1714555800 for '2024-05-01T11:30:00.9+02:00'
 * ```
 */
export function isoTextUtcSeconds(value: string): MongoExpression {
  // Without an offset, the sign is null and the offset 0: the wall clock is UTC.
  return withIsoCaptures(value, null, { $cond: [DAY_EXISTS, { $subtract: [WALL_SECONDS, OFFSET_SECONDS] }, null] });
}

/**
 * `body` with the fields of `value` read as ISO-8601 text of the grammar bound as variables
 * (`$$year` … `$$second`, `$$z`, `$$sign`, `$$offsetHours`, `$$offsetMinutes`), or `otherwise`
 * when it is no such text.
 */
function withIsoCaptures(value: string, otherwise: MongoExpression, body: MongoExpression): MongoExpression {
  return {
    $let: {
      vars: {
        // $regexFind refuses anything but a string in MongoDB, so the type is tested first.
        match: { $cond: [{ $eq: [{ $type: value }, 'string'] }, { $regexFind: { input: value, regex: ISO_TEXT_PATTERN } }, null] },
      },
      in: {
        $cond: [
          { $eq: ['$$match', null] },
          otherwise,
          {
            $let: {
              vars: { captures: '$$match.captures' },
              in: {
                $let: {
                  vars: {
                    year: field(0),
                    month: field(1),
                    day: field(2),
                    hour: field(3),
                    minute: field(4),
                    second: field(5),
                    z: text(6),
                    sign: text(7),
                    offsetHours: field(8),
                    offsetMinutes: field(9),
                  },
                  in: body,
                },
              },
            },
          },
        ],
      },
    },
  };
}
