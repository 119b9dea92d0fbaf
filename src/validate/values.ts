/**
 * Reading one written value as a value of an attribute's type. A handler per type, so a new
 * attribute type does not compile until its values can be read.
 */
import type { TqlErrorCode } from '../errors/codes.js';
import { describeValue } from '../errors/describe-value.js';
import type { Attribute, AttributeType, IdFormat, IdKind } from '../schema/types.js';
import { readSteps, readStored } from '../schema/stored-form.js';
import { numberValue } from './number.js';
import { looksRelative, relativeOffset, type RelativeOffset } from './relative-time.js';
import { timestampSeconds } from './timestamp.js';
import type { Scalar } from './validated-query.js';

/** Why a written value is not a value of its attribute's type. */
export interface ValueProblem {
  readonly code: TqlErrorCode;
  readonly message: string;
  readonly suggestion?: string;
}

/**
 * The value read, a relative time (`now-7d` on a Timestamp), or the problem with it. A
 * {@link Scalar} is never an object, so `typeof r === 'object'` tells a value from the other
 * two without a result object per value, and `'relative' in r` a relative time from a problem.
 */
export type ValueResult = Scalar | RelativeOffset | ValueProblem;

export interface ValueContext {
  readonly timeZone: string;
  /** What the ids of each prefix identify, for messages (the schema's `ids`). */
  readonly idNames?: Readonly<Record<string, string>> | undefined;
}

const INTEGER = /^[0-9]+$/;
const ID_BODY = /^[A-Za-z0-9]+$/;
/** What looks like an id prefix: the shape `defineSchema` allows for one (`agnt_`, `usr2_`). */
const SOME_PREFIX = /^([a-z][a-z0-9]*_)/;
/** A uuid in its text form, in either case (RFC 9562: 8-4-4-4-12 hex digits; any version). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;


type IdReader<F extends IdFormat> = (text: string, a: Attribute, format: F, ctx: ValueContext) => ValueResult;

/** One reader per id format: a new format does not compile until its ids can be read. */
const ID_READERS: { readonly [K in IdKind]: IdReader<Extract<IdFormat, { kind: K }>> } = {
  integer: (text, a) => {
    if (INTEGER.test(text)) {
      const n = Number(text);
      if (Number.isSafeInteger(n)) return n;
      return { code: 'invalid_value', message: `${a.path} takes integer ids; ${describeValue(text)} is too large.` };
    }
    return { code: 'invalid_value', message: `${a.path} takes integer ids (such as 12345); ${describeValue(text)} is not an integer id.` };
  },
  // Canonical (lower-case) here; the backends compare stored uuids case-insensitively.
  uuid: (text, a) =>
    UUID.test(text)
      ? text.toLowerCase()
      : { code: 'invalid_value', message: `${a.path} takes uuids such as 0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a (32 hex digits in groups of 8-4-4-4-12), not ${describeValue(text)}.` },
  text: (text, a) => (text.length > 0 ? text : { code: 'invalid_value', message: `${a.path} takes text ids: write the id, or null for none.` }),
  prefixed: (text, a, { prefix }, ctx) => {
    if (text.startsWith(prefix) && ID_BODY.test(text.slice(prefix.length))) return text;
    const other = SOME_PREFIX.exec(text)?.[1];
    const names = ctx.idNames;
    const whose = names?.[prefix] ?? `an object with prefix ${prefix}`;
    if (other !== undefined && other !== prefix) {
      const what = names?.[other] !== undefined ? ` is the id of ${names[other]}` : ` has the prefix ${other}`;
      return {
        code: 'wrong_id_prefix',
        message: `${describeValue(text)}${what}, so it can never match ${a.path}, which takes the id of ${whose} (${prefix}…).`,
      };
    }
    return {
      code: 'invalid_value',
      message: `${a.path} takes the id of ${whose}: ${prefix} followed by letters and digits, not ${describeValue(text)}.`,
    };
  },
};

const READERS: { readonly [T in AttributeType]: (text: string, a: Attribute, ctx: ValueContext) => ValueResult } = {
  String: (text, a) => {
    const steps = readSteps(a.source);
    // Read as the stored value is: `#1234` and `1234` are the same ticket number (one leading
    // prefix dropped), `Ada@Example.com` and `ada@example.com` the same e-mail (case folded).
    return steps === undefined ? text : readStored(text, steps);
  },
  Boolean: (text, a) => {
    if (text === 'true') return true;
    if (text === 'false') return false;
    const lower = text.toLowerCase();
    const guess = ['true', 'yes', '1', 'on'].includes(lower) ? 'true' : ['false', 'no', '0', 'off'].includes(lower) ? 'false' : undefined;
    return {
      code: 'invalid_value',
      message: `${a.path} is a Boolean: write true or false, not ${describeValue(text)}.`,
      ...(guess === undefined ? {} : { suggestion: guess }),
    };
  },
  Timestamp: (text, a, ctx) => {
    if (looksRelative(text)) {
      const r = relativeOffset(text);
      if ('relative' in r) return r;
      return { code: 'invalid_value', message: `${a.path} is a Timestamp: ${r.why}.`, ...(r.fix === undefined ? {} : { suggestion: r.fix }) };
    }
    const seconds = timestampSeconds(text, ctx.timeZone);
    return typeof seconds === 'number' ? seconds : { code: 'invalid_value', message: `${a.path} is a Timestamp: ${seconds}.` };
  },
  Number: (text, a) => {
    const n = numberValue(text);
    if (typeof n === 'number') return n;
    return { code: 'invalid_value', message: `${a.path} is a Number, and ${describeValue(text)} ${n.why}.`, ...(n.fix === undefined ? {} : { suggestion: n.fix }) };
  },
  ID: (text, a, ctx) => {
    const format = a.id!;
    // The table is keyed by kind, so the format matches its reader; TS cannot see the correlation.
    return (ID_READERS[format.kind] as IdReader<IdFormat>)(text, a, format, ctx);
  },
};

/**
 * Reads `text` as a value of attribute `a`.
 *
 * @example
 * ```ts
 * readValue('false', agentTwoFactor, { timeZone: 'UTC' }); // false
 * readValue('maybe', agentTwoFactor, { timeZone: 'UTC' }); // { code: 'invalid_value', message: '… is a Boolean: …' }
 * readValue('now-7d', agentCreatedAt, { timeZone: 'UTC' }); // { relative: -604800 }
 * ```
 */
export function readValue(text: string, a: Attribute, ctx: ValueContext): ValueResult {
  return READERS[a.type](text, a, ctx);
}

/** NUL cannot be stored in PostgreSQL text and a lone surrogate is not Unicode: reject both. */
export function findBadCharacter(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return 'the NUL character (U+0000)';
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return `a lone surrogate (U+${c.toString(16).toUpperCase()})`;
    } else if (c >= 0xdc00 && c <= 0xdfff) return `a lone surrogate (U+${c.toString(16).toUpperCase()})`;
  }
  return undefined;
}
