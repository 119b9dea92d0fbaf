/**
 * Schema-valid queries for any entity of any schema, and queries with defects injected on
 * purpose, for the validation laws (test/properties/validate-laws.test.ts).
 *
 * A query is built as a list of predicates (the leaves) and a random AND / OR tree over them in
 * that order, so a defect can be put at a chosen leaf and found again in the parsed tree by its
 * position. Every defect is built for an attribute where it applies (never generated and then
 * thrown away) and produces exactly one issue, with a known code at a known span.
 */
import fc from 'fast-check';
import { and, group, not, or, predicate } from '../../../src/ast/builders.js';
import { OPERATORS, type Conjunct, type Disjunct, type Expr, type Operator, type Predicate, type Span } from '../../../src/ast/nodes.js';
import type { TqlErrorCode } from '../../../src/errors/codes.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import { PROFILE_DEFINITIONS } from '../../../src/parser/profiles.js';
import { LIST_OPERATORS, NULL_OPERATORS, OPERATOR_FACTS, operatorsAllowed, TEXT_OPERATORS } from '../../../src/schema/operators.js';
import type { Attribute, Entity, Schema } from '../../../src/schema/types.js';
import { arbHostileText, ID_BODIES } from '../../../src/testing/value-pools.js';
import { arbNumberText, TICKET_NUMBERS } from './data.js';

// ---- a schema that has every kind of attribute ----

/**
 * Every type, nullable and not, closed sets (one narrowed), both id formats, narrowed operators
 * and all three source kinds, in two entities (for wrong-entity prefixes). `other` has an
 * attribute named `constructor`, a key that must never reach a prototype.
 */
export const syntheticSchema = defineSchema({
  entities: {
    item: {
      attributes: {
        label: { type: 'String' },
        note: { type: 'String', nullable: true },
        state: { type: 'String', values: ['draft', 'live', 'in review', 'say "hi"'] },
        kind: { type: 'String', values: ['a', 'b'], operators: ['EQ', 'IN', 'LIKE'] },
        code: { type: 'String', operators: ['EQ', 'NOT_IN'] },
        owner_id: { type: 'ID', id: { kind: 'prefixed', prefix: 'usr_' } },
        legacy_id: { type: 'ID', id: { kind: 'integer' }, nullable: true },
        due_at: { type: 'Timestamp', nullable: true },
        created_at: { type: 'Timestamp', operators: ['LT', 'GTE'] },
        active: { type: 'Boolean' },
        price: { type: 'Number', nullable: true },
        score: { type: 'Number', operators: ['EQ', 'LT', 'GTE', 'NOT_IN'] },
        flagged: { type: 'Boolean', nullable: true, operators: ['EQ'] },
        title: {
          type: 'String',
          nullable: true,
          source: { kind: 'variant', tag: 'type', fields: { book: 'title', film: 'name' } },
        },
        rank: { type: 'Timestamp', source: { kind: 'variant', tag: 'type', fields: { book: 'rank' } } },
        tag: {
          type: 'String',
          source: { kind: 'element', arrays: ['tags', 'labels'], where: { field: 'kind', oneOf: ['tag', 'label'] }, value: 'text', ignorePrefix: '#' },
        },
        member_id: {
          type: 'ID',
          id: { kind: 'prefixed', prefix: 'usr2_' },
          source: { kind: 'element', arrays: ['members'], where: { field: 'role', oneOf: ['member'] }, value: 'id' },
        },
        ticket_id: {
          type: 'ID',
          id: { kind: 'integer' },
          source: { kind: 'element', arrays: ['links'], where: { field: 'type', oneOf: ['ticket'] }, value: 'id' },
        },
        seen_at: {
          type: 'Timestamp',
          source: { kind: 'element', arrays: ['visits'], where: { field: 'kind', oneOf: ['seen'] }, value: 'at' },
        },
      },
    },
    other: {
      attributes: {
        label: { type: 'String' },
        constructor: { type: 'String', nullable: true },
        open: { type: 'Boolean' },
      },
    },
  },
});

// ---- valid values ----

/** Zones with odd offsets and daylight saving, for dates written without an offset. */
export const TIME_ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'Australia/Lord_Howe'] as const;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Any valid timestamp text: Unix seconds (any safe integer, leading zeros too), a date, a date and time. */
export const arbTimestampText: fc.Arbitrary<string> = fc.oneof(
  fc.oneof(fc.nat({ max: 4102444800 }), fc.maxSafeNat()).map(String),
  fc.nat({ max: 99999 }).map((n) => `000${n}`),
  fc
    .tuple(
      fc.integer({ min: 100, max: 9999 }),
      fc.integer({ min: 1, max: 12 }),
      fc.nat(),
      fc.option(fc.tuple(fc.nat({ max: 23 }), fc.nat({ max: 59 }), fc.option(fc.nat({ max: 59 }), { nil: undefined }))),
      fc.option(fc.oneof(fc.constant('Z'), fc.tuple(fc.constantFrom('+', '-'), fc.nat({ max: 23 }), fc.nat({ max: 59 })).map(([s, h, m]) => `${s}${pad(h, 2)}:${pad(m, 2)}`))),
    )
    .map(([y, mo, d, time, offset]) => {
      const days = new Date(Date.UTC(2000, mo, 0)).getUTCDate() - (mo === 2 && !isLeap(y) ? 1 : 0);
      const date = `${pad(y, 4)}-${pad(mo, 2)}-${pad((d % days) + 1, 2)}`;
      if (time === null) return date;
      const [h, m, s] = time;
      return `${date}T${pad(h, 2)}:${pad(m, 2)}${s === undefined ? '' : `:${pad(s, 2)}`}${offset ?? ''}`;
    }),
);

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** A text test (LIKE and kin): its value is free text, even on a closed set. */
const isText = (op: Operator) => TEXT_OPERATORS.has(op);

const arbIntegerIdText = fc.oneof(fc.nat({ max: 100000 }).map(String), fc.maxSafeNat().map(String), fc.nat({ max: 99 }).map((n) => `00${n}`));

/** A valid value (not null) of `a` for `op`. */
function arbValidText(a: Attribute, op: Operator): fc.Arbitrary<string> {
  switch (a.type) {
    case 'String':
      if (a.values !== undefined && !isText(op)) return fc.constantFrom(...a.values);
      return fc.oneof({ weight: 4, arbitrary: arbHostileText }, { weight: 1, arbitrary: fc.constantFrom(...TICKET_NUMBERS) });
    case 'ID': {
      const format = a.id!;
      switch (format.kind) {
        case 'integer':
          return arbIntegerIdText;
        case 'prefixed':
          return fc.constantFrom(...ID_BODIES).map((b) => format.prefix + b);
        case 'uuid':
          // Either case: the validator lower-cases it.
          return fc.uuid().chain((u) => fc.constantFrom(u, u.toUpperCase()));
        case 'text':
          return arbHostileText.filter((t) => t.length > 0);
      }
    }
    case 'Timestamp':
      return arbTimestampText;
    case 'Boolean':
      return fc.constantFrom('true', 'false');
    case 'Number':
      return arbNumberText;
  }
}

/** The values of a valid predicate on `a` with `op`: a list for IN / NOT_IN, null now and then where allowed. */
function arbValidValues(a: Attribute, op: Operator, nulls: boolean): fc.Arbitrary<(string | null)[]> {
  if (LIST_OPERATORS.has(op)) return fc.array(arbValidText(a, op), { minLength: 1, maxLength: 4 });
  const one = arbValidText(a, op).map((v): string | null => v);
  if (!nulls || !a.nullable || !NULL_OPERATORS.has(op)) return one.map((v) => [v]);
  return fc.oneof({ weight: 3, arbitrary: one }, { weight: 1, arbitrary: fc.constant(null) }).map((v) => [v]);
}

function attributesOf(entity: Entity): Attribute[] {
  return entity.attributeNames.map((n) => entity.attributes[n]!);
}

function build(path: string, op: Operator, values: readonly (string | null)[]): Predicate {
  return predicate(path as `${string}.${string}`, op, values[0] ?? null, ...values.slice(1));
}

/**
 * A predicate that `entity` accepts; `extensions: false` keeps the bare null, Number attributes
 * and the operators of an extension (STARTS_WITH, ENDS_WITH) out (for timezest).
 */
export function arbValidPredicate(entity: Entity, extensions = true): fc.Arbitrary<Predicate> {
  const operators = (a: Attribute) => (extensions ? a.operators : operatorsAllowed(PROFILE_DEFINITIONS.timezest.allows, a.operators));
  return fc
    .constantFrom(...attributesOf(entity).filter((a) => extensions || (a.type !== 'Number' && operators(a).length > 0)))
    .chain((a) => fc.constantFrom(...operators(a)).chain((op) => arbValidValues(a, op, extensions).map((vs) => build(a.path, op, vs))));
}

// ---- trees over a given list of leaves ----

const asConjunct = (e: Expr): Conjunct => (e.kind === 'Predicate' || e.kind === 'Group' || e.kind === 'Not' ? e : group(e));
const asDisjunct = (e: Expr): Disjunct => (e.kind === 'Or' ? group(e) : e);

/**
 * A random tree whose predicates are `leaves`, in order: AND / OR nested with parentheses and
 * NOT groups, or a flat AND when `andOnly`. Depth stays below twice the leaf count, far under the
 * parser's limit.
 */
export function arbTreeOver(leaves: readonly Predicate[], andOnly: boolean): fc.Arbitrary<Expr> {
  return fc.gen().map((draw) => {
    const nat = (max: number) => draw(fc.nat, { max });
    // A NOT now and then, around a leaf or a whole subtree.
    const buildTree = (xs: readonly Predicate[]): Expr => {
      const tree = buildBare(xs);
      return !andOnly && nat(7) === 0 ? not(tree) : tree;
    };
    const buildBare = (xs: readonly Predicate[]): Expr => {
      if (xs.length === 1) return !andOnly && nat(5) === 0 ? group(xs[0]!) : xs[0]!;
      // Cut into 2..n contiguous runs.
      const cuts = new Set<number>([1 + nat(xs.length - 2)]);
      for (let k = nat(Math.min(3, xs.length - 2)); k > 0; k--) cuts.add(1 + nat(xs.length - 2));
      const bounds = [0, ...[...cuts].sort((p, q) => p - q), xs.length];
      const parts = bounds.slice(1).map((end, i) => buildTree(xs.slice(bounds[i], end)));
      if (andOnly || nat(1) === 0) {
        const operands = andOnly ? parts.flatMap((p) => (p.kind === 'And' ? p.operands : [p as Conjunct])) : parts.map(asConjunct);
        return and(operands[0]!, operands[1]!, ...operands.slice(2));
      }
      const operands = parts.map(asDisjunct);
      return or(operands[0]!, operands[1]!, ...operands.slice(2));
    };
    return buildTree(leaves);
  });
}

/** A schema-valid query of `entity`: 1 to `maxLeaves` predicates under a random tree. */
export function arbValidExpr(entity: Entity, options: { readonly andOnly?: boolean; readonly maxLeaves?: number } = {}): fc.Arbitrary<Expr> {
  const andOnly = options.andOnly ?? false;
  return fc
    .array(arbValidPredicate(entity, !andOnly), { minLength: 1, maxLength: options.maxLeaves ?? 6 })
    .chain((leaves) => arbTreeOver(leaves, andOnly));
}

// ---- defects ----

/** Each kind of mistake the validator must report, one issue each. */
export const PREDICATE_DEFECTS = [
  'unknown_attribute',
  'unknown_entity',
  'wrong_entity',
  'operator_not_allowed',
  'invalid_value',
  'list_not_allowed',
  'null_on_non_nullable',
  'null_with_other_operator',
  'null_in_list',
  'value_not_allowed',
  'wrong_id_prefix',
  'invalid_character',
] as const;
export type PredicateDefectKind = (typeof PREDICATE_DEFECTS)[number];

/** A defective predicate, the code it must get, and where that issue must point once parsed. */
export interface PredicateDefect {
  readonly kind: PredicateDefectKind;
  readonly entity: string;
  readonly predicate: Predicate;
  readonly code: TqlErrorCode;
  /** The span of the issue, from the predicate as parsed back from the printed text. */
  readonly locate: (parsed: Predicate) => Span;
}

const wholeAttribute = (p: Predicate): Span => p.attribute.span;
const entityPrefix = (p: Predicate): Span => ({ start: p.attribute.span.start, end: p.attribute.span.start + p.attribute.entity.length });
const operatorSpan = (p: Predicate): Span => p.operator.span;
const valueAt = (i: number) => (p: Predicate): Span => p.values[i]!.span;
const allValues = (p: Predicate): Span => ({ start: p.values[0].span.start, end: p.values[p.values.length - 1]!.span.end });

/** Names that read prototypes if looked up carelessly, and ordinary ones. */
const arbName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'Name', 'agents'),
  fc.stringMatching(/^[a-z_][a-z0-9_]{0,9}$/),
);

/** `name`, or `name_x…` until it is none of `taken`: built unused, never filtered. */
function unused(name: string, taken: readonly string[]): string {
  let n = name;
  while (taken.includes(n)) n += '_x';
  return n;
}

/** Texts that are not values of `a` (an ID, Timestamp or Boolean), and not of another id's prefix. */
function arbWrongTypeText(a: Attribute): fc.Arbitrary<string> {
  switch (a.type) {
    case 'Boolean':
      return fc.oneof(fc.constantFrom('yes', 'no', 'TRUE', 'False', '1', '0', 'on', '', 'null', 'true ', 't'), arbHostileText).map((t) => (t === 'true' || t === 'false' ? `${t}x` : t));
    case 'Timestamp':
      return fc.constantFrom(
        '2023-02-30', '2023-13-01', '2023-00-10', '2023-07-01T24:00', '2023-07-01T09:60', '2023-07-01T09:30:61', '1.5', '-5', '+5',
        'yesterday', '2023-7-1', '99999999999999999999', '0099-01-01', '2023-07-01T09:30+25:00', '2023-07-01T09:30+02:75',
        '2023-07-01 09:30', '', 'null', '1e9', '0x10', '١٢٣',
      );
    case 'ID':
      return a.id!.kind === 'integer'
        ? fc.constantFrom('abc', '-1', '1.0', 'agnt_x', '99999999999999999999', '', '#5', '1e3', ' 1', '٣')
        : fc.constantFrom('', 'a-b', 'a b', 'é', '_x', '-', '.').map((body) => (body.length % 2 === 0 ? (a.id as { prefix: string }).prefix + body : `X${body}`));
    case 'Number':
      return fc.constantFrom('+5', '.5', '5.', '1e', 'NaN', 'Infinity', '-Infinity', '0x10', '1,5', '1 000', '', 'null', 'abc', '1e400', '-1e999', '9007199254740993', '-18014398509481984', '١٢٣', '1_000');
    case 'String':
      throw new Error(`every text is a String value (${a.path})`);
  }
}

/** A text with NUL or a lone surrogate inserted somewhere. */
const arbBadCharacterText: fc.Arbitrary<string> = fc
  .tuple(arbHostileText, fc.nat(), fc.constantFrom('\u0000', '\ud800', '\udfff', '\udbff'))
  .map(([t, at, c]) => {
    const i = at % (t.length + 1);
    // Never split a surrogate pair of the text: that would make two bad characters.
    const j = i > 0 && i < t.length && /[\ud800-\udbff]/.test(t[i - 1]!) ? i + 1 : i;
    return t.slice(0, j) + c + t.slice(j);
  });

/** The (entity, attribute) pairs of `schema` that a defect kind applies to. */
function eligible(schema: Schema, test: (a: Attribute, entity: Entity) => boolean): [Entity, Attribute][] {
  const pairs: [Entity, Attribute][] = [];
  for (const name of schema.entityNames) {
    const entity = (schema.entities as Record<string, Entity>)[name]!;
    for (const a of attributesOf(entity)) if (test(a, entity)) pairs.push([entity, a]);
  }
  return pairs;
}

const isList = (op: Operator) => LIST_OPERATORS.has(op);
const closedOps = (a: Attribute) => a.operators.filter((op) => OPERATOR_FACTS[op].compares === 'equality');

/** For each defect kind, which attributes it can be put on. */
const APPLIES: { readonly [K in PredicateDefectKind]: (a: Attribute, entity: Entity, schema: Schema) => boolean } = {
  unknown_attribute: () => true,
  unknown_entity: () => true,
  wrong_entity: (_a, _e, schema) => schema.entityNames.length > 1,
  operator_not_allowed: (a) => a.operators.length < OPERATORS.length,
  invalid_value: (a) => a.type !== 'String' && a.operators.some((op) => !isList(op)),
  list_not_allowed: (a) => a.operators.some((op) => !isList(op)),
  null_on_non_nullable: (a) => !a.nullable && a.operators.some((op) => NULL_OPERATORS.has(op)),
  null_with_other_operator: (a) => a.operators.some((op) => !NULL_OPERATORS.has(op) && !isList(op)),
  null_in_list: (a) => a.operators.some(isList),
  value_not_allowed: (a) => a.values !== undefined && closedOps(a).length > 0,
  wrong_id_prefix: (a) => a.id?.kind === 'prefixed',
  invalid_character: (a) => a.type === 'String' && (a.values === undefined || a.operators.some(isText)),
};

/** The defect kinds that some attribute of `schema` (of its entity `entity`, if given) can take. */
export function defectKindsFor(schema: Schema, entity?: string): PredicateDefectKind[] {
  return PREDICATE_DEFECTS.filter(
    (k) => eligible(schema, (a, e) => (entity === undefined || e.name === entity) && APPLIES[k](a, e, schema)).length > 0,
  );
}

/**
 * A defective predicate of kind `kind` on some attribute of `schema` where it applies.
 * `entity` restricts it to one entity (for several defects in one query).
 */
export function arbPredicateDefect(schema: Schema, kind: PredicateDefectKind, entity?: string): fc.Arbitrary<PredicateDefect> {
  const pairs = eligible(schema, (a, e) => (entity === undefined || e.name === entity) && APPLIES[kind](a, e, schema));
  if (pairs.length === 0) throw new Error(`no attribute of ${entity ?? 'the schema'} can take the defect ${kind}`);
  return fc.constantFrom(...pairs).chain(([e, a]) => defectOn(schema, kind, e, a));
}

function defectOn(schema: Schema, kind: PredicateDefectKind, e: Entity, a: Attribute): fc.Arbitrary<PredicateDefect> {
  const made = (p: fc.Arbitrary<Predicate>, code: TqlErrorCode, locate: (parsed: Predicate) => Span) =>
    p.map((predicate): PredicateDefect => ({ kind, entity: e.name, predicate, code, locate }));
  const anyOp = fc.constantFrom(...a.operators);
  const valid = (op: Operator) => arbValidValues(a, op, true);
  switch (kind) {
    case 'unknown_attribute':
      return made(
        fc.tuple(arbName, anyOp).chain(([n, op]) => valid(op).map((vs) => build(`${e.name}.${unused(n, e.attributeNames)}`, op, vs))),
        'unknown_attribute',
        wholeAttribute,
      );
    case 'unknown_entity':
      return made(
        fc.tuple(fc.oneof(arbName, fc.constant(`${e.name}s`)), anyOp).chain(([n, op]) =>
          valid(op).map((vs) => build(`${unused(n, schema.entityNames)}.${a.name}`, op, vs)),
        ),
        'unknown_entity',
        entityPrefix,
      );
    case 'wrong_entity': {
      const others = schema.entityNames.filter((n) => n !== e.name);
      return made(
        fc.tuple(fc.constantFrom(...others), fc.oneof(fc.constant(a.name), arbName), anyOp).chain(([other, property, op]) =>
          valid(op).map((vs) => build(`${other}.${property}`, op, vs)),
        ),
        'wrong_entity',
        entityPrefix,
      );
    }
    case 'operator_not_allowed': {
      const outside = OPERATORS.filter((op) => !a.operators.includes(op));
      // The values do not matter once the operator is refused; any valid-looking list will do.
      return made(
        fc.tuple(fc.constantFrom(...outside), fc.array(fc.option(arbHostileText), { minLength: 1, maxLength: 3 })).map(([op, vs]) => build(a.path, op, vs)),
        'operator_not_allowed',
        operatorSpan,
      );
    }
    case 'invalid_value':
      return made(
        fc.tuple(fc.constantFrom(...a.operators.filter((op) => !isList(op))), arbWrongTypeText(a)).map(([op, v]) => build(a.path, op, [v])),
        'invalid_value',
        valueAt(0),
      );
    case 'list_not_allowed':
      return made(
        fc
          .constantFrom(...a.operators.filter((op) => !isList(op)))
          .chain((op) => fc.array(arbValidValues(a, op, true), { minLength: 2, maxLength: 4 }).map((vss) => build(a.path, op, vss.flat()))),
        'list_not_allowed',
        allValues,
      );
    case 'null_on_non_nullable':
      return made(fc.constantFrom(...a.operators.filter((op) => NULL_OPERATORS.has(op))).map((op) => build(a.path, op, [null])), 'null_not_allowed', valueAt(0));
    case 'null_with_other_operator':
      return made(
        fc.constantFrom(...a.operators.filter((op) => !NULL_OPERATORS.has(op) && !isList(op))).map((op) => build(a.path, op, [null])),
        'null_not_allowed',
        valueAt(0),
      );
    case 'null_in_list':
      return made(
        fc.tuple(fc.constantFrom(...a.operators.filter(isList)), fc.array(arbValidText(a, 'IN'), { maxLength: 3 }), fc.nat()).map(([op, vs, at]) => {
          const i = at % (vs.length + 1);
          return build(a.path, op, [...vs.slice(0, i), null, ...vs.slice(i)]);
        }),
        'null_not_allowed',
        (parsed) => parsed.values.find((v) => v.kind === 'Null')!.span,
      );
    case 'value_not_allowed': {
      const set = a.values!;
      const outside = fc
        .oneof(fc.constantFrom(...set).map((v) => v.toUpperCase()), fc.constantFrom(...set).map((v) => ` ${v}`), arbHostileText)
        .map((v) => unused(v, set));
      return made(
        fc.tuple(fc.constantFrom(...closedOps(a)), outside, fc.nat()).chain(([op, bad, at]) =>
          (isList(op) ? fc.array(fc.constantFrom(...set), { maxLength: 3 }) : fc.constant([])).map((vs) => {
            const i = at % (vs.length + 1);
            return build(a.path, op, [...vs.slice(0, i), bad, ...vs.slice(i)]);
          }),
        ),
        'value_not_allowed',
        (parsed) => parsed.values.find((v) => v.kind === 'Text' && !set.includes(v.text))!.span,
      );
    }
    case 'wrong_id_prefix': {
      const prefix = (a.id as { prefix: string }).prefix;
      const other = fc.constantFrom('agnt_', 'team_', 'sreq_', 'usr_', 'usr2_', 'x_').map((o) => (o === prefix ? `q${o}` : o));
      return made(
        fc.tuple(anyOp, other, fc.constantFrom(...ID_BODIES)).map(([op, o, body]) => build(a.path, op, [o + body])),
        'wrong_id_prefix',
        valueAt(0),
      );
    }
    case 'invalid_character': {
      const ops = a.values === undefined ? a.operators : a.operators.filter(isText);
      return made(
        fc.tuple(fc.constantFrom(...ops), arbBadCharacterText, fc.nat()).chain(([op, bad, at]) =>
          (isList(op) ? fc.array(arbValidText(a, op), { maxLength: 3 }) : fc.constant([])).map((vs) => {
            const i = at % (vs.length + 1);
            return build(a.path, op, [...vs.slice(0, i), bad, ...vs.slice(i)]);
          }),
        ),
        'invalid_character',
        (parsed) => parsed.values.find((v) => v.kind === 'Text' && hasBadCharacter(v.text))!.span,
      );
    }
  }
}

function hasBadCharacter(text: string): boolean {
  return /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

/** The predicates of a tree in text order (the order the leaves were given in). */
export function predicatesOf(e: Expr): Predicate[] {
  switch (e.kind) {
    case 'Predicate':
      return [e];
    case 'Group':
    case 'Not':
      return predicatesOf(e.expression);
    case 'And':
    case 'Or':
      return e.operands.flatMap(predicatesOf);
  }
}
