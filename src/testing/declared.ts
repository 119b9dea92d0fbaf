/**
 * Divergences a backend declares (docs/backends.md): `LIKE` folding that differs from
 * JavaScript's on some letters, given as an exact condition on (needle, stored text) such as
 * `foldingDiffers(folding, …)` from `tql/sql` or `mongoFoldingDiffers` from `tql/mongo`. A record
 * where some LIKE / NOT_LIKE of the query meets a stored text inside the condition may get
 * another answer; every other record must not.
 */
import { OPERATOR_FACTS, type TextPlace } from '../schema/operators.js';
import type { Attribute } from '../schema/types.js';
import { ignoredPrefix, withoutIgnoredPrefix } from '../schema/stored-form.js';
import type { Condition, Comparison, ValidatedQuery } from '../validate/validated-query.js';

/**
 * A declared folding divergence: true when the backend answers `LIKE needle` on `haystack`
 * differently (`place` `start` or `end`: `STARTS_WITH needle`, `ENDS_WITH needle`).
 */
export type DeclaredDivergence = (needle: string, haystack: string, place: TextPlace) => boolean;

/** A comparison of a piece of text (LIKE and its kin), where case folding acts. */
type TextComparison = Comparison & { readonly value: string };

function likes(condition: Condition, out: TextComparison[]): void {
  if (condition.kind === 'Comparison') {
    const compares = OPERATOR_FACTS[condition.operator].compares;
    if (compares !== 'equality' && compares !== 'order' && typeof condition.value === 'string') out.push(condition as TextComparison);
  } else if ('operand' in condition) likes((condition as { operand: Condition }).operand, out);
  else for (const o of (condition as { operands: readonly Condition[] }).operands) likes(o, out);
}

/** An own property of an object (never an inherited one, never a throwing read). */
function own(o: unknown, k: string): unknown {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return undefined;
  try {
    return Object.hasOwn(o, k) ? (o as Record<string, unknown>)[k] : undefined;
  } catch {
    return undefined;
  }
}

/** The own elements of an array: as many reads as it holds, whatever its `length`. */
function ownElements(list: unknown): unknown[] {
  if (!Array.isArray(list)) return [];
  return Object.keys(list)
    .filter((k) => /^(0|[1-9]\d*)$/.test(k))
    .map((k) => (list as unknown[])[Number(k)]);
}

/**
 * The texts `attribute` holds in `record`, as LIKE compares them: a field's or a variant's
 * string, or each matching element's value without the ignored prefix.
 *
 * @example
 * ```ts
 * attributeTexts({ id: 'a', name: 'Ada' }, schedulingSchema.entities.agent.attributes.name); // → ['Ada']
 * ```
 */
export function attributeTexts(record: unknown, attribute: Attribute): string[] {
  const source = attribute.source;
  const texts: unknown[] = [];
  switch (source.kind) {
    case 'field':
      texts.push(own(record, source.field));
      break;
    case 'variant': {
      const tag = own(record, source.tag);
      if (typeof tag === 'string' && Object.hasOwn(source.fields, tag)) texts.push(own(record, source.fields[tag]!));
      break;
    }
    case 'element':
      for (const array of source.arrays) {
        for (const e of ownElements(own(record, array))) {
          if (!source.where.oneOf.includes(own(e, source.where.field) as string)) continue;
          texts.push(own(e, source.value));
        }
      }
  }
  const prefix = ignoredPrefix(source);
  const read = (t: string) => (prefix === undefined ? t : withoutIgnoredPrefix(t, prefix));
  return texts.filter((t): t is string => typeof t === 'string').map(read);
}

/**
 * The ids of the records on which `declared` lets the backend answer `query` differently.
 *
 * @example
 * ```ts
 * explainedIds(check('agent.name LIKE σ', schedulingSchema, 'agent'), [{ id: 'a', name: 'ΟΔΟΣ' }], mongoFoldingDiffers, 'id'); // → new Set(['a'])
 * ```
 */
export function explainedIds(query: ValidatedQuery, records: readonly object[], declared: DeclaredDivergence, key: string): Set<string> {
  const found: TextComparison[] = [];
  likes(query.condition, found);
  const ids = new Set<string>();
  if (found.length === 0) return ids;
  for (const r of records) {
    if (found.some((c) => attributeTexts(r, c.attribute).some((h) => declared(c.value, h, OPERATOR_FACTS[c.operator].place ?? 'anywhere')))) ids.add(String(own(r, key) ?? (r as Record<string, unknown>)[key]));
  }
  return ids;
}
