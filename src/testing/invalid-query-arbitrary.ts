/**
 * Texts that must be refused with a `TqlError`: a valid query with one defect put in, each
 * defect built for an attribute where it applies (an unknown attribute, a lower-case operator,
 * an operator the type does not take, a value of the wrong type, `null` where it is not allowed,
 * a list after a one-value operator, a value outside a closed set, an id of another prefix), or a
 * text broken as a whole (an unclosed quote or parenthesis, nothing at all, too long).
 */
import type { Arbitrary } from 'fast-check';
import { fc } from './fast-check.js';
import { OPERATORS, type Operator } from '../ast/nodes.js';
import { DEFAULT_LIMITS } from '../parser/options.js';
import { OPERATOR_FACTS } from '../schema/operators.js';
import type { Attribute, AttributeType, Schema } from '../schema/types.js';
import { queryArbitrary } from './query-arbitrary.js';
import { entityArgument } from '../api/entity-argument.js';

/** An invalid text and the defect put in it. */
export interface InvalidQuery {
  readonly text: string;
  readonly defect: string;
}

/** A value of the wrong form for each type (String takes any text, so it has none). */
const WRONG_VALUE: { readonly [T in AttributeType]: (a: Attribute) => readonly string[] } = {
  String: () => [],
  ID: (a) => (a.id?.kind === 'integer' ? ['abc', '-1', '1.5'] : a.id?.kind === 'uuid' ? ['not-a-uuid', '0b5c6a4e'] : []),
  Timestamp: () => ['2023-02-30', 'yesterday', '2023-07-01T25:00', '1e3'],
  Boolean: () => ['maybe', 'TRUE', '1'],
  Number: () => ['.5', 'NaN', '0x10', '9007199254740993'],
};

const quote = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** The defective predicates that apply to `a`, as texts. */
function defects(a: Attribute, names: readonly string[]): { defect: string; text: Arbitrary<string> }[] {
  const unused = (n: string): string => (names.includes(n) ? unused(`${n}_`) : n);
  const ops = a.operators;
  const one = ops.filter((op) => OPERATOR_FACTS[op].values === 'one');
  const out: { defect: string; text: Arbitrary<string> }[] = [
    { defect: 'lower-case operator', text: fc.constantFrom(...ops).map((op) => `${a.path} ${op.toLowerCase()} x`) },
    { defect: 'unknown attribute', text: fc.constantFrom('zz_nope', `${a.name}_x`).map((n) => `${a.entity}.${unused(n)} EQ x`) },
  ];
  const outside = OPERATORS.filter((op: Operator) => !ops.includes(op));
  if (outside.length > 0) out.push({ defect: 'operator not allowed', text: fc.constantFrom(...outside).map((op) => `${a.path} ${op} x`) });
  const wrong = WRONG_VALUE[a.type](a);
  if (wrong.length > 0 && one.length > 0) out.push({ defect: 'invalid value', text: fc.tuple(fc.constantFrom(...one), fc.constantFrom(...wrong)).map(([op, v]) => `${a.path} ${op} ${v}`) });
  if (one.length > 0) out.push({ defect: 'list after a one-value operator', text: fc.constantFrom(...one).map((op) => `${a.path} ${op} 1,2`) });
  const nullOps = ops.filter((op) => !a.nullable || !OPERATOR_FACTS[op].takesNull);
  if (nullOps.length > 0) out.push({ defect: 'null not allowed', text: fc.constantFrom(...nullOps).map((op) => `${a.path} ${op} null`) });
  const closed = ops.filter((op) => OPERATOR_FACTS[op].compares === 'equality');
  if (a.values !== undefined && closed.length > 0) {
    const other = `${a.values[0] ?? ''}_not_listed`;
    out.push({ defect: 'value outside the closed set', text: fc.constantFrom(...closed).map((op) => `${a.path} ${op} ${quote(other)}`) });
  }
  const id = a.id;
  if (id?.kind === 'prefixed') out.push({ defect: 'id of another prefix', text: fc.constantFrom(...ops).map((op) => `${a.path} ${op} ${id.prefix === 'zz_' ? 'yy_' : 'zz_'}a1`) });
  return out;
}

/**
 * Texts `check(text, schema, entity)` must refuse with a `TqlError`, each with the defect put in.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * fc.assert(fc.property(invalidQueryArbitrary(schedulingSchema, 'agent'), ({ text }) => !safeCheck(text, schedulingSchema, 'agent').ok), { numRuns: 20 });
 * ```
 */
export function invalidQueryArbitrary(schema: Schema, entity: string): Arbitrary<InvalidQuery> {
  const e = entityArgument('invalidQueryArbitrary', schema, entity);
  // Each kind of defect as often as another, on any attribute where it applies.
  const byKind = new Map<string, Arbitrary<string>[]>();
  for (const { defect, text } of e.attributeNames.flatMap((n) => defects(e.attributes[n]!, e.attributeNames))) byKind.set(defect, [...(byKind.get(defect) ?? []), text]);
  const defective = fc.constantFrom(...byKind.keys()).chain((defect) => fc.oneof(...byKind.get(defect)!).map((text) => ({ defect, text })));
  const valid = queryArbitrary(schema, entity, { depth: 1, style: 'readable' });
  const inQuery = fc.tuple(defective, valid, fc.boolean()).map(([d, v, first]) => ({ defect: d.defect, text: first ? `${d.text} AND (${v})` : `(${v}) AND ${d.text}` }));
  const broken = fc.oneof(
    valid.map((v) => ({ defect: 'unclosed parenthesis', text: `(${v}` })),
    valid.map((v) => ({ defect: 'unclosed quote', text: `${v} AND ${e.name}.${e.attributeNames[0]} EQ "x` })),
    fc.constantFrom({ defect: 'empty text', text: '' }, { defect: 'only spaces', text: ' ~ ' }),
    valid.map((v) => ({ defect: 'longer than the limit', text: `${v} AND ${`(${v}) AND `.repeat(Math.ceil(DEFAULT_LIMITS.maxLength / (v.length + 7)) + 1)}${v}` })),
  );
  return fc.oneof({ weight: 4, arbitrary: defective }, { weight: 3, arbitrary: inQuery }, { weight: 2, arbitrary: broken });
}
