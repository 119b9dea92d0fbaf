/**
 * Hover: what the word at an offset is, for an editor's tooltip. An attribute's type, operators,
 * nullability and description; an operator's meaning; a value as tql reads it (a timestamp in UTC
 * and in the query's time zone); and what the profile leaves out.
 */
import { OPERATORS, type Operator, type Span } from '../ast/nodes.js';
import { describeValue } from '../errors/describe-value.js';
import { TqlError } from '../errors/tql-error.js';
import { PROFILE_DEFINITIONS, type Extension, type Profile } from '../parser/profiles.js';
import { OPERATOR_FACTS } from '../schema/operators.js';
import { TYPE_FACTS } from '../schema/type-facts.js';
import type { Attribute, AttributeType, Entity, Schema } from '../schema/types.js';
import { isoUtc } from '../validate/timestamp.js';
import { resolveTarget, type Target, type ValidateOptions } from '../validate/validate.js';
import { FIRST_SECOND, LAST_SECOND, relativeText } from '../validate/relative-time.js';
import { readValue } from '../validate/values.js';
import { attributeOf, attributeSummary, firstFew, KEYWORD_MEANINGS, operatorOf, storageSummary, TEXT_PLACE_WORDS } from './describe.js';
import { optionsOf, textAndOffset } from './arguments.js';
import { toolingNow } from './tooling-now.js';
import { cursorAt, type Token } from './scan.js';
import { looksLikeMilliseconds } from './warnings.js';

/** What is at an offset. */
export interface Hover {
  readonly kind: 'attribute' | 'operator' | 'value' | 'keyword';
  /** The word it is about. */
  readonly span: Span;
  /** One line: `agent.name: String`, `LIKE`, `2023-07-01`. */
  readonly title: string;
  /** What it means here, in a sentence or two. */
  readonly detail: string;
}

/**
 * Options of {@link hover}: the profile and time zone the query is read with. Under a profile that
 * leaves out `OR`, `null` or Number attributes, their hover says so.
 */
export interface HoverOptions extends Pick<ValidateOptions, 'profile' | 'timeZone'> {
  /**
   * The time a relative time (`now-7d`) is shown resolved at, in Unix milliseconds as for
   * `complete` (from 0 to the end of 9999). Default: now.
   */
  readonly now?: number | undefined;
}

/**
 * What the word at `offset` (or just before it) in a filter of `entity` is: an attribute, an
 * operator, a value or a keyword. `undefined` between words. Never throws for any text and offset; an
 * unknown entity, profile or time zone is a {@link TqlError} (`invalid_option`), as in `check`, and
 * a text that is not a string or an offset that is not a number is `invalid_input`. An instant
 * past JavaScript's dates (year 275760) is shown in Unix seconds only.
 *
 * @example
 * ```ts
 * hover('agent.created_at GTE 2023-07-01', 25, schedulingSchema, 'agent', { timeZone: 'Europe/Berlin' })!.detail; // → '1688162400 in Unix seconds: 2023-06-30T22:00:00Z, 2023-07-01 00:00 in Europe/Berlin.'
 * hover('agent.name LIKE jo', 3, schedulingSchema, 'agent')!.title; // → 'agent.name: String'
 * hover('agent.created_at GTE now-7d', 25, schedulingSchema, 'agent', { now: 1700000000000 })!.detail;
 * // → '1 week before now: at now = 1700000000, 1699395200 in Unix seconds: 2023-11-07T22:13:20Z. Resolved again at every compile.'
 * ```
 */
export function hover<S extends Schema>(
  text: string,
  offset: number,
  schema: S,
  entity: S['entityNames'][number],
  options: HoverOptions = {},
): Hover | undefined {
  const { text: t, at } = textAndOffset('hover', text, offset);
  const opts = optionsOf('hover', options, ['profile', 'timeZone', 'now']);
  const target = resolveTarget(schema, entity, opts);
  const now = Math.floor(toolingNow(opts.now) / 1000);
  if (target instanceof TqlError) throw target;
  const { token, before } = cursorAt(t, at);
  if (token === undefined) return undefined;
  const span = { start: token.start, end: token.end };
  switch (token.role) {
    case 'attribute':
      return attributeHover(target.entity, token.text, target.profile, span);
    case 'operator':
      return operatorHover(attributeOf(target.entity, before.attribute), token.text, target.profile, span);
    case 'value':
      return valueHover(schema, attributeOf(target.entity, before.attribute), before.operator, token, target, span, now);
    case 'keyword':
      return keywordHover(token.text as keyof typeof KEYWORD_MEANINGS, target.profile, span);
    default:
      return undefined;
  }
}

/**
 * The line a hover adds when the profile leaves out what the word is, so the tooltip warns before
 * `check` reports a profile_violation (and in its words).
 */
function outsideProfile(profile: Profile, extension: Extension): string {
  const p = PROFILE_DEFINITIONS[profile];
  return p.allows[extension] ? '' : `\nNot part of the ${p.name} profile, which ${p.summary}.`;
}

function attributeHover(entity: Entity, path: string, profile: Profile, span: Span): Hover {
  const a = attributeOf(entity, path);
  if (a === undefined) {
    return { kind: 'attribute', span, title: path, detail: `Not an attribute of ${entity.name}: its attributes are ${firstFew(entity.attributeNames.map((n) => `${entity.name}.${n}`))}.` };
  }
  const detail = [a.description, attributeSummary(a)].filter((s) => s !== undefined).join('\n');
  const extension = TYPE_FACTS[a.type].extension;
  return { kind: 'attribute', span, title: `${a.path}: ${a.type}`, detail: extension === undefined ? detail : detail + outsideProfile(profile, extension) };
}

/** The extension each keyword is, if it is one; keyed by keyword, so a new one does not compile until decided. */
const KEYWORD_EXTENSIONS: { readonly [K in keyof typeof KEYWORD_MEANINGS]: Extension | undefined } = {
  AND: undefined,
  OR: 'or',
  NOT: 'not',
};

function keywordHover(keyword: keyof typeof KEYWORD_MEANINGS, profile: Profile, span: Span): Hover {
  const extension = KEYWORD_EXTENSIONS[keyword];
  const detail = KEYWORD_MEANINGS[keyword] + (extension === undefined ? '' : outsideProfile(profile, extension));
  return { kind: 'keyword', span, title: keyword, detail };
}

/** The profile line of an operator that is an extension. */
function extensionOutside(profile: Profile, op: Operator): string {
  const extension = OPERATOR_FACTS[op].extension;
  return extension === undefined ? '' : outsideProfile(profile, extension);
}

function operatorHover(a: Attribute | undefined, word: string, profile: Profile, span: Span): Hover {
  const op = operatorOf(word);
  if (op === undefined) return { kind: 'operator', span, title: word, detail: `Not an operator: they are ${OPERATORS.join(', ')}.` };
  const allowed = a === undefined || a.operators.includes(op) ? '' : `\nNot allowed on ${a.path} (${a.type}): use ${a.operators.join(', ')}.`;
  return { kind: 'operator', span, title: op, detail: `${OPERATOR_FACTS[op].meaning}.${allowed}${extensionOutside(profile, op)}` };
}

function valueHover(schema: Schema, a: Attribute | undefined, operator: string | undefined, token: Token, target: Target, span: Span, now: number): Hover {
  const { timeZone } = target;
  const title = token.quoted ? JSON.stringify(token.text) : token.text;
  if (a === undefined) return { kind: 'value', span, title, detail: 'A value of an attribute this query does not have.' };
  if (token.text === 'null' && !token.quoted) {
    return { kind: 'value', span, title, detail: `No value: matches records whose ${a.path} is null or missing.${outsideProfile(target.profile, 'null')}` };
  }
  const op = operatorOf(operator);
  const place = op === undefined ? undefined : OPERATOR_FACTS[op].place;
  if (place !== undefined) return { kind: 'value', span, title, detail: `The text ${describeValue(token.text)}, found ${TEXT_PLACE_WORDS[place]} ${a.path}, ignoring case.` };
  const read = readValue(token.text, a, { timeZone, idNames: schema.ids });
  if (typeof read === 'object' && 'relative' in read) return { kind: 'value', span, title, detail: relativeDetail(read.relative, a, target, now) };
  if (typeof read === 'object') return { kind: 'value', span, title, detail: read.message };
  if (a.values !== undefined && !a.values.includes(String(read))) {
    return { kind: 'value', span, title, detail: `Not one of the values of ${a.path}: ${firstFew(a.values)}.` };
  }
  if (read !== token.text && TYPE_FACTS[a.type].freeText) return { kind: 'value', span, title, detail: `The text ${describeValue(read)}: a leading ${describeValue(token.text.slice(0, token.text.length - String(read).length))} does not count.` };
  return { kind: 'value', span, title, detail: VALUE_DETAIL[a.type](read, a, timeZone) };
}

/** A relative time: what it counts from, and the instant it is at the tooling's clock. */
function relativeDetail(offset: number, a: Attribute, target: Target, at: number): string {
  const from = offset === 0 ? 'The instant of compiling' : `${offsetWords(Math.abs(offset))} ${offset < 0 ? 'before' : 'after'} now`;
  const instant = at + offset;
  const resolved = instant < FIRST_SECOND || instant > LAST_SECOND ? 'outside the instants a timestamp can be: compiling it is an error.' : VALUE_DETAIL.Timestamp(instant, a, target.timeZone);
  return `${from}: at now = ${at}, ${resolved} Resolved again at every compile.${outsideProfile(target.profile, 'relative_time')}`;
}

/** `7 days`, `90 minutes`: the offset in its largest whole unit. */
function offsetWords(seconds: number): string {
  const text = relativeText(seconds);
  const count = Number(text.slice(4, -1));
  const unit = RELATIVE_UNIT_WORDS[text.slice(-1) as keyof typeof RELATIVE_UNIT_WORDS];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

const RELATIVE_UNIT_WORDS = { s: 'second', m: 'minute', h: 'hour', d: 'day', w: 'week' } as const;

const VALUE_DETAIL: { readonly [T in AttributeType]: (value: string | number | boolean, a: Attribute, timeZone: string) => string } = {
  String: (v) => `The text ${describeValue(v)}.`,
  Boolean: (v) => `The Boolean ${String(v)}.`,
  Number: (v) => `The number ${String(v)}.`,
  ID: (v, a) =>
    a.id?.kind === 'integer'
      ? `The integer id ${String(v)}.`
      : a.id?.kind === 'uuid'
        ? `The uuid ${describeValue(v)}, matched whatever the case of its hex digits.`
        : `The id ${describeValue(v)}.`,
  Timestamp: (v, a, timeZone) => {
    const seconds = Number(v);
    const stored = storageSummary(a);
    // Whatever the storage, a record's instant counts as the whole second it falls in.
    const whole = stored === undefined ? '' : ` ${a.path} is ${stored}, compared by the whole second.`;
    const read = `${String(v)} in Unix seconds${datesOf(seconds, timeZone)}.${whole}`;
    if (!looksLikeMilliseconds(seconds)) return read;
    return `${read} In milliseconds it would be ${isoUtc(seconds)}: divide by 1000.`;
  },
};

/** Unix seconds as a date in UTC and in the query's time zone; nothing past JavaScript's dates. */
function datesOf(seconds: number, timeZone: string): string {
  const date = new Date(seconds * 1000);
  if (Number.isNaN(date.getTime())) return ", past the dates JavaScript can show (the year 275760)";
  const utc = isoUtc(date.getTime());
  return timeZone === 'UTC' ? `: ${utc}` : `: ${utc}, ${inZone(date, timeZone)} in ${timeZone}`;
}

/** `2023-07-01 00:00` in a time zone. */
function inZone(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
}
