/**
 * Laws of validation, over the scheduling schema and a synthetic schema with every kind of
 * attribute (`syntheticSchema`):
 *
 * - what the generators build as schema-valid is accepted, in both profiles when it uses no
 *   extension, and the validated condition has one comparison per predicate, in text order;
 * - validation is deterministic, the cache is invisible, and the normalized form printed back is
 *   a fixpoint;
 * - one injected defect gives exactly one issue, with the defect's code at the defect's span;
 *   several defects in different predicates give one issue each.
 *
 * A failure prints fast-check's seed and path; re-run it with `{ seed, path }` in the test's
 * parameters.
 */
import { OPERATOR_FACTS } from '../../src/schema/operators.js';
import { operandsOf } from '../support/condition-operands.js';
import { fc, test } from '../support/property.js';
import { describe, expect, it } from 'vitest';
import { check, safeCheck, type CheckOptions } from '../../src/api/check.js';
import { and, group, predicate as predicateNode } from '../../src/ast/builders.js';
import type { Conjunct, Expr, Or, Predicate, Span } from '../../src/ast/nodes.js';
import { print } from '../../src/ast/print.js';
import type { TqlErrorCode } from '../../src/errors/codes.js';
import { isTqlError, type TqlError } from '../../src/errors/tql-error.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { parse } from '../../src/parser/parse.js';
import type { Entity, Schema } from '../../src/schema/types.js';
import { toAst } from '../../src/validate/to-ast.js';
import type { Condition } from '../../src/validate/validated-query.js';
import { printWithLayout } from './arbitraries/ast.js';
import {
  arbPredicateDefect,
  arbTreeOver,
  arbValidExpr,
  arbValidPredicate,
  defectKindsFor,
  predicatesOf,
  syntheticSchema,
  TIME_ZONES,
  type PredicateDefect,
} from './arbitraries/schema-query.js';
import { arbQueryText } from './arbitraries/valid-query.js';

// ---- the schemas and what is drawn from them ----

const SCHEMAS = { scheduling: schedulingSchema as Schema, synthetic: syntheticSchema as Schema } as const;
type SchemaName = keyof typeof SCHEMAS;
const arbSchemaName = fc.constantFrom(...(Object.keys(SCHEMAS) as SchemaName[]));

function entityOf(schema: Schema, name: string): Entity {
  return (schema.entities as Record<string, Entity>)[name]!;
}

/** A schema, one of its entities, and a time zone for dates written without an offset. */
const arbTarget = arbSchemaName.chain((s) =>
  fc.record({ schema: fc.constant(s), entity: fc.constantFrom(...SCHEMAS[s].entityNames), timeZone: fc.constantFrom(...TIME_ZONES) }),
);

/** `expr` as text: one of the two print styles, or random separators everywhere they may stand. */
function arbText(expr: fc.Arbitrary<Expr>): fc.Arbitrary<string> {
  return fc.tuple(expr, fc.constantFrom('url', 'readable', 'layout'), fc.gen()).map(([e, style, draw]) =>
    style === 'layout' ? printWithLayout(e, draw) : print(e, { style }),
  );
}

// ---- helpers ----

/** The TqlError `check` throws; anything else thrown, or nothing, fails the test. */
function rejection(text: string, schema: Schema, entity: string, options: CheckOptions = {}): TqlError {
  let thrown: unknown;
  try {
    check(text, schema, entity, options);
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `${JSON.stringify(text)} must be rejected`).toBeDefined();
  expect(isTqlError(thrown), String(thrown)).toBe(true);
  return thrown as TqlError;
}

/** A condition without spans, for comparing validations of different texts. */
function meaning(c: Condition): unknown {
  if (c.kind !== 'Comparison') return { kind: c.kind, operands: operandsOf(c).map(meaning) };
  return { operator: c.operator, attribute: c.attribute.path, value: c.value };
}

function comparisonsOf(c: Condition): (Condition & { kind: 'Comparison' })[] {
  return c.kind === 'Comparison' ? [c] : operandsOf(c).flatMap(comparisonsOf);
}

/** Whether a tree uses anything the timezest profile leaves out: OR, parentheses, NOT, null, a Number attribute, STARTS_WITH or ENDS_WITH. */
function usesExtension(e: Expr, entity: Entity): boolean {
  switch (e.kind) {
    case 'Predicate':
      return (
        e.values.some((v) => v.kind === 'Null') ||
        entity.attributes[e.attribute.property]?.type === 'Number' ||
        OPERATOR_FACTS[e.operator.name].extension !== undefined
      );
    case 'Group':
    case 'Not':
    case 'Or':
      return true;
    case 'And':
      return e.operands.some((o) => usesExtension(o, entity));
  }
}

interface Found {
  readonly code: TqlErrorCode;
  readonly span: Span;
}

function found(error: TqlError): Found[] {
  for (const i of error.issues) {
    // Catches: a line/column that does not point where the span starts, an empty message.
    expect(i.position.offset).toBe(i.span.start);
    expect(i.message.length).toBeGreaterThan(10);
  }
  return error.issues.map((i) => ({ code: i.code, span: i.span }));
}

const byStart = (a: Found, b: Found) => a.span.start - b.span.start;

// ---- what is valid validates ----

describe('schema-valid queries validate', () => {
  test.prop([arbTarget.chain((t) => fc.record({ t: fc.constant(t), text: arbText(arbValidExpr(entityOf(SCHEMAS[t.schema], t.entity))) }))], { numRuns: 600 })('every generated query validates, one comparison per predicate in text order', ({ t, text }) => {
    const schema = SCHEMAS[t.schema];
    const q = check(text, schema, t.entity, { timeZone: t.timeZone, cache: false });
    const predicates = predicatesOf(parse(text).expression);
    const comparisons = comparisonsOf(q.condition);
    // Catches: a predicate dropped or duplicated by flattening, or a span that is not the predicate's.
    expect(comparisons.map((c) => [c.attribute.path, c.operator, c.span])).toEqual(
      predicates.map((p) => [`${p.attribute.entity}.${p.attribute.property}`, p.operator.name, p.span]),
    );
  });

  test.prop([fc.constantFrom(...schedulingSchema.entityNames).chain((e) => arbQueryText(e))], { numRuns: 200 })(
    'the differential test’s queries validate',
    ({ entity, text }) => {
      expect(() => check(text, schedulingSchema, entity, { cache: false })).not.toThrow();
    },
  );

  test.prop(
    [arbTarget.chain((t) => fc.record({ t: fc.constant(t), text: arbText(arbValidExpr(entityOf(SCHEMAS[t.schema], t.entity), { andOnly: true })) }))],
    { numRuns: 400 },
  )('queries of predicates joined by AND, without null, validate in both profiles to the same condition', ({ t, text }) => {
    const schema = SCHEMAS[t.schema];
    const extended = check(text, schema, t.entity, { timeZone: t.timeZone, cache: false });
    const timezest = check(text, schema, t.entity, { timeZone: t.timeZone, profile: 'timezest', cache: false });
    expect(timezest.condition).toEqual(extended.condition);
  });

  test.prop([arbTarget.chain((t) => fc.record({ t: fc.constant(t), expr: arbValidExpr(entityOf(SCHEMAS[t.schema], t.entity)) }))], { numRuns: 400 })('timezest accepts a query exactly when it uses no extension, and otherwise reports only profile violations', ({ t, expr }) => {
    const text = print(expr);
    const r = safeCheck(text, SCHEMAS[t.schema], t.entity, { profile: 'timezest', timeZone: t.timeZone, cache: false });
    expect(r.ok).toBe(!usesExtension(expr, entityOf(SCHEMAS[t.schema], t.entity)));
    if (!r.ok) expect(new Set(r.error.issues.map((i) => i.code))).toEqual(new Set(['profile_violation']));
  });
});

// ---- determinism, the cache, normalization ----

describe('validation is a function of its input', () => {
  const arbValid = arbTarget.chain((t) =>
    fc.record({ t: fc.constant(t), text: arbText(arbValidExpr(entityOf(SCHEMAS[t.schema], t.entity))), style: fc.constantFrom('url', 'readable') }),
  );

  test.prop([arbValid], { numRuns: 400 })('with and without the cache, twice each: the same condition', ({ t, text }) => {
    const schema = SCHEMAS[t.schema];
    const options = { timeZone: t.timeZone };
    const cached = check(text, schema, t.entity, options);
    // Catches: a cache entry shared across options or entities, or one that is mutated later.
    expect(check(text, schema, t.entity, options)).toBe(cached);
    const fresh = check(text, schema, t.entity, { ...options, cache: false });
    expect(fresh).not.toBe(cached);
    expect(fresh).toEqual(cached);
    expect(check(text, schema, t.entity, { ...options, cache: false })).toEqual(fresh);
  });

  test.prop([arbValid], { numRuns: 400 })('the normalized form, printed and checked again, is a fixpoint', ({ t, text, style }) => {
    const schema = SCHEMAS[t.schema];
    const first = check(text, schema, t.entity, { timeZone: t.timeZone, cache: false });
    const normalized = print(toAst(first), { style });
    // Catches: a normalized value that reads back as another value (a dropped prefix, a lost zone).
    const second = check(normalized, schema, t.entity, { timeZone: t.timeZone, cache: false });
    expect(meaning(second.condition)).toEqual(meaning(first.condition));
    expect(print(toAst(second), { style })).toBe(normalized);
  });
});

// ---- defects are reported, each once, where they are ----

/** A query of `entity` with the defective predicates among valid ones, under a random tree. */
function arbQueryWith(schema: Schema, entity: string, defects: readonly PredicateDefect[]) {
  return fc
    .tuple(fc.array(arbValidPredicate(entityOf(schema, entity)), { maxLength: 4 }), fc.array(fc.nat(), { minLength: defects.length, maxLength: defects.length }))
    .chain(([valid, positions]) => {
      // Insert each defect at a drawn position; remember which leaves are defects.
      const leaves: (Predicate | PredicateDefect)[] = [...valid];
      defects.forEach((d, i) => leaves.splice(positions[i]! % (leaves.length + 1), 0, d));
      const predicates = leaves.map((l) => ('kind' in l && l.kind === 'Predicate' ? l : (l as PredicateDefect).predicate));
      return arbText(arbTreeOver(predicates, false)).map((text) => ({ text, leaves }));
    });
}

/** The issues a query with these leaves must get: each defect's code at its leaf's parsed span. */
function expectedIssues(text: string, leaves: readonly (Predicate | PredicateDefect)[]): Found[] {
  const parsed = predicatesOf(parse(text).expression);
  expect(parsed.length).toBe(leaves.length);
  return leaves
    .flatMap((l, i) => (l.kind === 'Predicate' ? [] : [{ code: l.code, span: l.locate(parsed[i]!) }]))
    .sort(byStart);
}

describe('a defect is rejected with its code at its span', () => {
  const arbOneDefect = arbSchemaName.chain((s) =>
    fc
      .constantFrom(...defectKindsFor(SCHEMAS[s]))
      .chain((kind) => arbPredicateDefect(SCHEMAS[s], kind))
      .chain((d) => arbQueryWith(SCHEMAS[s], d.entity, [d]).map((q) => ({ schema: s, entity: d.entity, kind: d.kind, ...q }))),
  );

  test.prop([arbOneDefect], { numRuns: 1200 })('one defect, one issue', ({ schema, entity, text, leaves }) => {
    const error = rejection(text, SCHEMAS[schema], entity, { cache: false });
    expect(found(error)).toEqual(expectedIssues(text, leaves));
    // Catches: safeCheck and check disagreeing on what is wrong.
    const r = safeCheck(text, SCHEMAS[schema], entity);
    expect(r.ok ? undefined : r.error.issues).toEqual(error.issues);
  });

  const arbSeveral = arbSchemaName
    .chain((s) => fc.record({ s: fc.constant(s), entity: fc.constantFrom(...SCHEMAS[s].entityNames) }))
    .chain(({ s, entity }) =>
      fc
        .array(fc.constantFrom(...defectKindsFor(SCHEMAS[s], entity)), { minLength: 2, maxLength: 4 })
        .chain((kinds) => fc.tuple(...kinds.map((k) => arbPredicateDefect(SCHEMAS[s], k, entity))))
        .chain((defects) => arbQueryWith(SCHEMAS[s], entity, defects).map((q) => ({ schema: s, entity, ...q }))),
    );

  test.prop([arbSeveral], { numRuns: 600 })('several defects in different predicates, one issue each, in text order', ({ schema, entity, text, leaves }) => {
    const error = rejection(text, SCHEMAS[schema], entity, { cache: false });
    expect(found(error)).toEqual(expectedIssues(text, leaves));
  });
});

describe('the timezest profile reports each extension once, where it is', () => {
  /** Predicates joined by AND without null, at least two. */
  const arbAndOnly = arbTarget.chain((t) =>
    fc.record({ t: fc.constant(t), leaves: fc.array(arbValidPredicate(entityOf(SCHEMAS[t.schema], t.entity), false), { minLength: 2, maxLength: 6 }) }),
  );
  const chain = (xs: readonly Predicate[]): Expr => (xs.length === 1 ? xs[0]! : and(xs[0]!, xs[1]!, ...xs.slice(2)));

  test.prop([arbAndOnly, fc.nat(), fc.gen()], { numRuns: 300 })('OR between two runs of AND', ({ t, leaves }, cut, draw) => {
    const at = 1 + (cut % (leaves.length - 1));
    const left = chain(leaves.slice(0, at));
    const right = chain(leaves.slice(at));
    const text = printWithLayout({ kind: 'Or', operands: [left as Conjunct, right as Conjunct], span: { start: 0, end: 0 } }, draw);
    const or = parse(text).expression as Or;
    const between = text.slice(or.operands[0].span.end, or.operands[1].span.start);
    const start = or.operands[0].span.end + between.indexOf('OR');
    const error = rejection(text, SCHEMAS[t.schema], t.entity, { profile: 'timezest', cache: false });
    expect(found(error)).toEqual([{ code: 'profile_violation', span: { start, end: start + 2 } }]);
  });

  test.prop([arbAndOnly, fc.nat(), fc.nat(), fc.gen()], { numRuns: 300 })('parentheses around some of the predicates', ({ t, leaves }, i, n, draw) => {
    const from = i % leaves.length;
    const to = from + 1 + (n % (leaves.length - from));
    const inner = leaves.slice(from, to);
    const grouped = group(chain(inner));
    const operands: Conjunct[] = [...leaves.slice(0, from), grouped, ...leaves.slice(to)];
    const expr: Expr = operands.length === 1 ? grouped : and(operands[0]!, operands[1]!, ...operands.slice(2));
    const text = printWithLayout(expr, draw);
    const parsed = parse(text).expression;
    const groupSpan = parsed.kind === 'Group' ? parsed.span : (parsed as { operands: readonly Expr[] }).operands[from]!.span;
    const error = rejection(text, SCHEMAS[t.schema], t.entity, { profile: 'timezest', cache: false });
    expect(found(error)).toEqual([{ code: 'profile_violation', span: groupSpan }]);
  });

  const withNullable = (Object.keys(SCHEMAS) as SchemaName[]).flatMap((s) =>
    SCHEMAS[s].entityNames.flatMap((e) =>
      entityOf(SCHEMAS[s], e)
        .attributeNames.map((n) => entityOf(SCHEMAS[s], e).attributes[n]!)
        .filter((a) => a.nullable && a.type !== 'Number' && (a.operators.includes('EQ') || a.operators.includes('NOT_EQ')))
        .map((a) => ({ schema: s, attribute: a })),
    ),
  );

  // A Number attribute is itself outside timezest (its own violation), so only other types here.
  test.prop([fc.constantFrom(...withNullable), fc.nat(), fc.gen()], { numRuns: 300 })('null on a nullable attribute', ({ schema, attribute }, at, draw) => {
    const entity = entityOf(SCHEMAS[schema], attribute.entity);
    const leaves = draw(() => fc.array(arbValidPredicate(entity, false), { maxLength: 4 }));
    const op = draw(() => fc.constantFrom(...attribute.operators.filter((o) => o === 'EQ' || o === 'NOT_EQ')));
    const i = at % (leaves.length + 1);
    const all = [...leaves.slice(0, i), predicateNode(attribute.path as `${string}.${string}`, op, null), ...leaves.slice(i)];
    const text = printWithLayout(chain(all), draw);
    const nullSpan = predicatesOf(parse(text).expression)[i]!.values[0].span;
    const error = rejection(text, SCHEMAS[schema], entity.name, { profile: 'timezest', cache: false });
    expect(found(error)).toEqual([{ code: 'profile_violation', span: nullSpan }]);
    // Catches: the extended profile rejecting what only timezest leaves out.
    expect(() => check(text, SCHEMAS[schema], entity.name, { cache: false })).not.toThrow();
  });
});

// ---- what these laws found, kept as examples ----

describe('regressions', () => {
  it.for([
    // A psa_b ticket number that still starts with # once one # is dropped is written with two.
    ['scheduling_request.psa_b_ticket_number EQ ##77', 'scheduling', 'scheduling_request', 'UTC', 'scheduling_request.psa_b_ticket_number EQ ##77'],
    ['scheduling_request.psa_b_ticket_number LIKE ##', 'scheduling', 'scheduling_request', 'UTC', 'scheduling_request.psa_b_ticket_number LIKE ##'],
    ['scheduling_request.psa_b_ticket_number IN #1234,1234,##1', 'scheduling', 'scheduling_request', 'UTC', 'scheduling_request.psa_b_ticket_number IN 1234, 1234, ##1'],
    // Unix seconds have no sign: an instant before 1970 is written as a UTC date-time.
    ['item.due_at EQ 1969-12-31T23:59:59Z', 'synthetic', 'item', 'UTC', 'item.due_at EQ 1969-12-31T23:59:59Z'],
    ['item.due_at EQ 0100-01-02', 'synthetic', 'item', 'Europe/Berlin', 'item.due_at EQ 0100-01-01T23:06:32Z'],
  ] as const)('%s normalizes to a fixpoint', ([text, schema, entity, timeZone, normalized]) => {
    const first = check(text, SCHEMAS[schema], entity, { timeZone, cache: false });
    expect(print(toAst(first))).toBe(normalized);
    expect(meaning(check(normalized, SCHEMAS[schema], entity, { cache: false }).condition)).toEqual(meaning(first.condition));
  });

  it.for([
    // An instant before 0100 could not be written back; it is refused like a year before 0100.
    ['item.due_at EQ 0100-01-01T00:00+01:00', 'UTC', 'invalid_value'],
    ['item.due_at EQ 0100-01-01', 'Europe/Berlin', 'invalid_value'],
    // usr2_ is an id prefix like any other: the id can never match an attribute of usr_ ids.
    ['item.owner_id EQ usr2_a', 'UTC', 'wrong_id_prefix'],
    ['item.member_id EQ usr_a', 'UTC', 'wrong_id_prefix'],
  ] as const)('%s in %s is %s', ([text, timeZone, code]) => {
    expect(rejection(text, syntheticSchema, 'item', { timeZone, cache: false }).issues.map((i) => i.code)).toEqual([code]);
  });
});
