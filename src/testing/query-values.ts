/**
 * Values a query may compare an attribute with, as written in the query: one per type, drawn
 * from the pools the records use (value-pools.ts) so predicates often match, and in each form
 * the language reads (a timestamp as Unix seconds, an ISO date and time, a date at midnight, with
 * an offset; a number with an exponent or a zero fraction; a uuid in upper case).
 */
import type { Arbitrary } from 'fast-check';
import { fc } from './fast-check.js';
import type { Operator } from '../ast/nodes.js';
import { OPERATOR_FACTS } from '../schema/operators.js';
import { UNIT_SECONDS, UNITS_LARGEST_FIRST } from '../validate/relative-time.js';
import type { Attribute, AttributeType } from '../schema/types.js';
import { arbHostileText, arbNeedle, arbNumber, arbSecond, BOUNDARY_SECONDS, ID_BODIES, INTEGER_IDS, TEST_NOW, UUIDS } from './value-pools.js';

/** The instant `seconds` as the language writes it: Unix seconds (not below 0), ISO with `Z`, with an offset, or a date. */
function timestampText(seconds: number): Arbitrary<string> {
  const iso = new Date(seconds * 1000).toISOString().slice(0, 19);
  const shifted = new Date((seconds + 5400) * 1000).toISOString().slice(0, 19);
  const forms = [`${iso}Z`, `${shifted}+01:30`];
  if (seconds >= 0) forms.push(String(seconds));
  if (iso.endsWith('T00:00:00')) forms.push(iso.slice(0, 10));
  if (iso.endsWith(':00')) forms.push(`${iso.slice(0, 16)}Z`);
  return fc.constantFrom(...forms);
}

/**
 * A number literal meaning `n`: plain, with an exponent, a zero fraction, `-0`.
 *
 * @example
 * ```ts
 * fc.sample(numberText(1000), 2); // ['1000', '1e3']
 * ```
 */
export function numberText(n: number): Arbitrary<string> {
  const forms = [String(n).replace('e+', 'e'), n.toExponential().replace('e+', 'e')];
  if (Number.isInteger(n) && Math.abs(n) < 1e21) forms.push(`${n.toFixed(0)}.0`);
  if (Object.is(n, 0) || Object.is(n, -0)) forms.push('-0', '0e5');
  return fc.constantFrom(...forms);
}

/** `offset` seconds from the clock, written in each unit that divides it (`now-7d`, `now-1w`, …). */
function relativeTexts(offset: number): Arbitrary<string> {
  if (offset === 0) return fc.constantFrom('now', 'now-0s', 'now+0d');
  const units = UNITS_LARGEST_FIRST.filter((u) => offset % UNIT_SECONDS[u]! === 0);
  return fc.constantFrom(...units).map((u) => `now${offset < 0 ? '-' : '+'}${Math.abs(offset) / UNIT_SECONDS[u]!}${u}`);
}

/**
 * Times relative to the clock (extended profile): on the testing clock ({@link TEST_NOW}) most
 * name a boundary second of the pools, so they meet records on their edges; the others are
 * whole days either side.
 */
const arbRelativeTime: Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BOUNDARY_SECONDS).chain((s) => relativeTexts(s - TEST_NOW)) },
  { weight: 1, arbitrary: fc.integer({ min: -20_000, max: 20_000 }).chain((days) => relativeTexts(days * 86_400)) },
);

/** The text of one value (not null) of each type; `relative`: relative times too. */
const VALUE_TEXT: { readonly [T in AttributeType]: (a: Attribute, op: Operator, relative: boolean) => Arbitrary<string> } = {
  String: (a, op) => {
    // Operators that compare a piece of text (LIKE and its kin) take needles; the others whole values.
    const compares = OPERATOR_FACTS[op].compares;
    if (compares !== 'equality' && compares !== 'order') return arbNeedle;
    if (a.values !== undefined) return fc.constantFrom(...a.values);
    const prefix = a.source.ignorePrefix;
    // With an ignored prefix, the same value with and without it; where case is ignored, in
    // either case (the prefix too).
    const texts = prefix === undefined ? arbHostileText : fc.tuple(arbHostileText, fc.boolean()).map(([t, p]) => (p ? prefix + t : t));
    return a.source.ignoreCase === true ? fc.tuple(texts, fc.boolean()).map(([t, upper]) => (upper ? t.toUpperCase() : t)) : texts;
  },
  ID: (a) => {
    const id = a.id!;
    switch (id.kind) {
      case 'prefixed':
        return fc.constantFrom(...ID_BODIES).map((b) => id.prefix + b);
      case 'integer':
        return fc.oneof(fc.constantFrom(...INTEGER_IDS).map(String), fc.constantFrom('007', '0'));
      case 'uuid':
        // Either case: the validator lower-cases it.
        return fc.tuple(fc.constantFrom(...UUIDS), fc.boolean()).map(([u, upper]) => (upper ? u.toUpperCase() : u));
      case 'text':
        return arbHostileText.map((t) => (t === '' ? 'x' : t));
    }
  },
  Timestamp: (_a, _op, relative) =>
    relative ? fc.oneof({ weight: 4, arbitrary: arbSecond.chain(timestampText) }, { weight: 1, arbitrary: arbRelativeTime }) : arbSecond.chain(timestampText),
  Boolean: () => fc.constantFrom('true', 'false'),
  Number: () => arbNumber.chain(numberText),
};

/**
 * The values of a predicate on `attribute` with `op`: a list of one to four for IN and NOT_IN,
 * else one, now and then the bare `null` where the attribute and operator take it and `nulls`,
 * and with `relative`, now and then a time relative to the clock (`now-7d`).
 *
 * @example
 * ```ts
 * fc.sample(predicateValues(createdAt, 'GTE', true, true), 2); // [['1700000000'], ['now-7d']]
 * ```
 */
export function predicateValues(attribute: Attribute, op: Operator, nulls: boolean, relative: boolean): Arbitrary<readonly [string | null, ...(string | null)[]]> {
  const one = VALUE_TEXT[attribute.type](attribute, op, relative);
  if (OPERATOR_FACTS[op].values === 'list') return fc.array(one, { minLength: 1, maxLength: 4 }).map((vs) => vs as unknown as readonly [string, ...string[]]);
  if (!nulls || !attribute.nullable || !OPERATOR_FACTS[op].takesNull) return one.map((v) => [v] as const);
  return fc.oneof({ weight: 3, arbitrary: one }, { weight: 1, arbitrary: fc.constant(null) }).map((v) => [v] as const);
}
