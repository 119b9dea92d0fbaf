/**
 * Schema-valid TQL text for the entities of `schedulingSchema`, built as syntax trees and
 * written by the printer: every operator an attribute allows, `null` where it is allowed, IN
 * lists, AND/OR with groups and NOT groups nested a few levels, and values from the pools of `data.ts` (so
 * predicates often match) or free text. Valid by construction: the test checks every query with
 * `check`, and a generated query it rejects is a failure, never skipped.
 */
import { operandsOf } from '../../support/condition-operands.js';
import { fc } from '@fast-check/vitest';
import { and, group, not, or, predicate, query } from '../../../src/ast/builders.js';
import type { Conjunct, Disjunct, Expr, Operator } from '../../../src/ast/nodes.js';
import { print } from '../../../src/ast/print.js';
import { schedulingSchema, type SchedulingEntityName } from '../../../src/models/scheduling/schema.js';
import { LIST_OPERATORS, NULL_OPERATORS, OPERATOR_FACTS, TEXT_OPERATORS, type TextPlace } from '../../../src/schema/operators.js';
import type { Attribute, Entity } from '../../../src/schema/types.js';
import type { Comparison, Condition, ValidatedQuery } from '../../../src/validate/validated-query.js';
import {
  arbChar,
  arbIntegerId,
  arbNumberText,
  arbText,
  arbTimestamp,
  attributeTexts,
  TIMESTAMPS,
  ID_BODIES,
  TEXTS,
  TICKET_NUMBERS,
  type DataRecord,
} from './data.js';

/** A needle of a text test (LIKE and kin): a piece of a pool text, its case flipped now and then, or free text. */
const arbNeedle: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...TEXTS, ...TICKET_NUMBERS), fc.nat(), fc.nat({ max: 4 }), fc.boolean())
      .map(([t, start, length, flip]) => {
        const chars = [...t];
        const s = start % (chars.length + 1);
        const piece = chars.slice(s, s + length).join('');
        return flip ? piece.toUpperCase() : piece;
      }),
  },
  { weight: 1, arbitrary: fc.constantFrom('σ', 'ς', 'Σ', 'ος', 'İ', 'i', '\u0307', 'k', 'ß', 'ss', '%', '_', '\\') },
  { weight: 1, arbitrary: fc.string({ unit: arbChar, maxLength: 3 }) },
);

const isTicketNumber = (a: Attribute) => a.source.kind === 'element' && a.source.value === 'number';

/** The text of one value of attribute `a` for operator `op` (`null` for the bare null). */
function arbValue(a: Attribute, op: Operator, relativeAt: number | undefined): fc.Arbitrary<string | null> {
  if (OPERATOR_FACTS[op].compares === 'text') return arbNeedle;
  const value = ((): fc.Arbitrary<string> => {
    switch (a.type) {
      case 'String':
        if (a.values !== undefined) return fc.constantFrom(...a.values);
        return isTicketNumber(a) ? fc.oneof(fc.constantFrom(...TICKET_NUMBERS), arbText) : arbText;
      case 'ID':
        // Only the attribute's own prefix: another one is a validation error (it can never match).
        return a.id?.kind === 'prefixed' ? fc.constantFrom(...ID_BODIES).map((b) => `${(a.id as { prefix: string }).prefix}${b}`) : arbIntegerId.map(String);
      case 'Timestamp':
        return relativeAt === undefined
          ? arbTimestamp.chain((t) => fc.constantFrom(String(t), isoForm(t)))
          : fc.oneof(arbTimestamp.chain((t) => fc.constantFrom(String(t), isoForm(t))), arbRelativeText(relativeAt));
      case 'Boolean':
        return fc.constantFrom('true', 'false');
      case 'Number':
        return arbNumberText;
    }
  })();
  return a.nullable && NULL_OPERATORS.has(op)
    ? fc.oneof({ weight: 3, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) })
    : value;
}

/** `2023-07-01T00:00:00Z`, or `2023-07-01` at midnight: the same instant as `seconds`. */
function isoForm(seconds: number): string {
  const iso = new Date(seconds * 1000).toISOString().slice(0, 19);
  return iso.endsWith('T00:00:00') ? iso.slice(0, 10) : `${iso}Z`;
}

/** The clock the differential test resolves relative times at: one of the pool's {@link TIMESTAMPS}. */
export const DIFFERENTIAL_NOW = 1_700_000_000;

const UNIT_SECONDS = { w: 604_800, d: 86_400, h: 3_600, m: 60, s: 1 } as const;

/**
 * A relative time (`now-7d`) that names, at clock `at`, an instant of the pool (so predicates
 * meet records on their boundaries) in any unit that divides its offset, or a random day count.
 */
function arbRelativeText(at: number): fc.Arbitrary<string> {
  const written = (offset: number): fc.Arbitrary<string> => {
    if (offset === 0) return fc.constantFrom('now', 'now-0s', 'now+0d');
    const units = (Object.keys(UNIT_SECONDS) as (keyof typeof UNIT_SECONDS)[]).filter((u) => offset % UNIT_SECONDS[u] === 0);
    return fc.constantFrom(...units).map((u) => `now${offset < 0 ? '-' : '+'}${Math.abs(offset) / UNIT_SECONDS[u]}${u}`);
  };
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...TIMESTAMPS).chain((t) => written(t - at)) },
    { weight: 1, arbitrary: fc.integer({ min: -20_000, max: 20_000 }).chain((days) => written(days * 86_400)) },
  );
}

function arbPredicate(entity: Entity, relativeAt: number | undefined): fc.Arbitrary<Expr> {
  const attributes = entity.attributeNames.map((n) => entity.attributes[n]!);
  return fc
    .constantFrom(...attributes)
    .chain((a) => fc.constantFrom(...a.operators).map((op) => [a, op] as const))
    .chain(([a, op]) =>
      (LIST_OPERATORS.has(op)
        ? fc.array(arbValue(a, op, relativeAt), { minLength: 1, maxLength: 4 })
        : arbValue(a, op, relativeAt).map((v) => [v])
      ).map((values) => predicate(a.path as `${string}.${string}`, op, values[0]!, ...values.slice(1))),
    );
}

const asConjunct = (e: Expr): Conjunct => (e.kind === 'Predicate' || e.kind === 'Group' || e.kind === 'Not' ? e : group(e));
const asDisjunct = (e: Expr): Disjunct => (e.kind === 'Or' ? group(e) : e);

/** Expressions of up to `maxDepth` levels of AND/OR/NOT, a NOT possible at every level. */
function arbExpr(entity: Entity, maxDepth: number, relativeAt: number | undefined): fc.Arbitrary<Expr> {
  const leaf = arbPredicate(entity, relativeAt);
  const { expr } = fc.letrec<{ expr: Expr; and: Expr; or: Expr; not: Expr }>((tie) => ({
    expr: fc.oneof({ maxDepth, depthIdentifier: 'tql-expr' }, leaf, tie('and'), tie('or'), tie('not')),
    not: tie('expr').map(not),
    and: fc.array(tie('expr'), { minLength: 2, maxLength: 3 }).map((xs) => and(asConjunct(xs[0]!), asConjunct(xs[1]!), ...xs.slice(2).map(asConjunct))),
    or: fc.array(tie('expr'), { minLength: 2, maxLength: 3 }).map((xs) => or(asDisjunct(xs[0]!), asDisjunct(xs[1]!), ...xs.slice(2).map(asDisjunct))),
  }));
  return expr;
}

/** A generated query: its entity and its text. */
export interface GeneratedQuery {
  readonly entity: SchedulingEntityName;
  readonly text: string;
}

/**
 * Schema-valid query text for `entity`, in either print style. With `relativeAt`, Timestamp
 * values are also relative times (`now-7d`) that name pool instants at that clock.
 *
 * @example
 * ```ts
 * fc.sample(arbQueryText('agent'), 1); // ['agent.name NOT_LIKE "ẞ" OR agent.created_at GT 1688169600']
 * ```
 */
export function arbQueryText(entity: SchedulingEntityName, maxDepth = 3, relativeAt?: number): fc.Arbitrary<GeneratedQuery> {
  return fc
    .tuple(arbExpr(schedulingSchema.entities[entity], maxDepth, relativeAt), fc.constantFrom('url', 'readable') as fc.Arbitrary<'url' | 'readable'>)
    .map(([expr, style]) => ({ entity, text: print(query(expr), { style }) }));
}

/** A comparison that tests a piece of text (LIKE, NOT_LIKE, STARTS_WITH, ENDS_WITH). */
type TextComparison = Comparison<'LIKE' | 'NOT_LIKE' | 'STARTS_WITH' | 'ENDS_WITH'>;

/** The text tests of a validated query, where a folding divergence can act. */
export function likeComparisons(condition: Condition): TextComparison[] {
  if (condition.kind !== 'Comparison') return operandsOf(condition).flatMap(likeComparisons);
  return TEXT_OPERATORS.has(condition.operator) ? [condition as TextComparison] : [];
}

/** A declared folding divergence: true when an engine answers the text test of `needle` at `place` on `haystack` differently. */
export type FoldingDiffers = (needle: string, haystack: string, place: TextPlace) => boolean;

/**
 * The ids of the records where a declared divergence can change the answer of `query`: some
 * LIKE or NOT_LIKE of the query meets one of the record's values on which `differs` holds.
 * Every other record must get the same answer from every engine.
 *
 * @example
 * ```ts
 * divergentIds(check('agent.name LIKE σ', schedulingSchema, 'agent'), agents, mongoFoldingDiffers);
 * ```
 */
export function divergentIds(query: ValidatedQuery, records: readonly DataRecord[], differs: FoldingDiffers): Set<string> {
  const likes = likeComparisons(query.condition);
  const ids = new Set<string>();
  if (likes.length === 0) return ids;
  for (const r of records) {
    if (likes.some((c) => attributeTexts(r, c.attribute).some((h) => differs(c.value, h, OPERATOR_FACTS[c.operator].place!)))) ids.add(r.id);
  }
  return ids;
}
