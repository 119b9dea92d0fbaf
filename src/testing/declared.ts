/**
 * Divergences a backend declares (docs/backends.md): `LIKE` folding that differs from
 * JavaScript's on some letters, given as an exact condition on (needle, stored text) such as
 * `foldingDiffers(folding, …)` from `tql/sql` or `mongoFoldingDiffers` from `tql/mongo`. A record
 * where some LIKE / NOT_LIKE of the query meets a stored text inside the condition may get
 * another answer; every other record must not. The same folding reads the stored value of a
 * source that ignores case, so its equalities (EQ, NOT_EQ, IN, NOT_IN) are explained the same way:
 * an equality differs only where the text's start or end does.
 */
import { OPERATOR_FACTS, type TextPlace } from '../schema/operators.js';
import type { Attribute } from '../schema/types.js';
import { readSteps, readStored, storedForms } from '../schema/stored-form.js';
import { elementValueOf } from '../schema/element-source.js';
import { madeByValidate, type Condition, type Comparison, type ValidatedQuery } from '../validate/validated-query.js';
import { validatedQueryError } from '../backends/compile-validated.js';
import { describeValue } from '../errors/describe-value.js';
import { inputError, isTqlError, optionError } from '../errors/tql-error.js';
import { ownElements as ownList } from './own-list.js';
import { ownProperty } from '../own-property.js';

/**
 * A declared folding divergence: true when the backend answers `LIKE needle` on `haystack`
 * differently (`place` `start` or `end`: `STARTS_WITH needle`, `ENDS_WITH needle`).
 */
export type DeclaredDivergence = (needle: string, haystack: string, place: TextPlace) => boolean;

/**
 * A comparison where case folding acts, as the needles and places it tests the stored text for:
 * LIKE and its kin (its value, at its place), or an equality on a source that ignores case (each
 * value's stored forms, at the start and at the end).
 */
interface FoldedTest {
  readonly comparison: Comparison;
  readonly needles: readonly string[];
  readonly places: readonly TextPlace[];
}

function foldedTests(condition: Condition, out: FoldedTest[]): void {
  if (condition.kind === 'Comparison') {
    const { operator, value, attribute } = condition;
    const compares = OPERATOR_FACTS[operator].compares;
    const steps = readSteps(attribute.source);
    if (compares !== 'equality' && compares !== 'order' && typeof value === 'string') {
      out.push({ comparison: condition, needles: [value], places: [OPERATOR_FACTS[operator].place ?? 'anywhere'] });
    } else if (compares === 'equality' && steps?.ignoreCase === true) {
      const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
      out.push({ comparison: condition, needles: values.flatMap((v) => storedForms(v, steps)), places: ['start', 'end'] });
    }
  } else if ('operand' in condition) foldedTests((condition as { operand: Condition }).operand, out);
  else for (const o of (condition as { operands: readonly Condition[] }).operands) foldedTests(o, out);
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
 * string, or each matching element's value without the ignored prefix. Where the source ignores
 * case, the texts are not folded (the engine's folding is what a divergence is about): each is
 * given whole, and also without as many characters as the prefix has where it reads with one.
 *
 * @example
 * ```ts
 * attributeTexts({ id: 'a', name: 'Ada' }, schedulingSchema.entities.agent.attributes.name); // → ['Ada']
 * ```
 */
export function attributeTexts(record: unknown, attribute: Attribute): string[] {
  try {
    if (typeof attribute !== 'object' || attribute === null || typeof attribute.source !== 'object' || attribute.source === null) {
      throw inputError(`attributeTexts takes an attribute of a schema (schema.entities.<entity>.attributes.<name>), not ${describeValue(attribute)}.`);
    }
    return textsOf(record, attribute);
  } catch (error) {
    if (isTqlError(error)) throw error;
    throw inputError('attributeTexts could not read the attribute or the record: reading it threw an exception (a getter, a proxy trap or a broken attribute); pass an attribute of a schema made by defineSchema.');
  }
}

/** {@link attributeTexts} on arguments already checked. */
function textsOf(record: unknown, attribute: Attribute): string[] {
  const source = attribute.source;
  const texts: unknown[] = [];
  switch (source.kind) {
    case 'field':
      texts.push(ownProperty(record, source.field));
      break;
    case 'variant': {
      const tag = ownProperty(record, source.tag);
      if (typeof tag === 'string' && Object.hasOwn(source.fields, tag)) texts.push(ownProperty(record, source.fields[tag]!));
      break;
    }
    case 'element':
      for (const array of source.arrays) {
        for (const e of ownElements(ownProperty(record, array))) texts.push(elementValueOf(source, e, ownProperty));
      }
  }
  const steps = readSteps(source);
  const strings = texts.filter((t): t is string => typeof t === 'string');
  if (steps === undefined) return strings;
  if (!steps.ignoreCase) return strings.map((t) => readStored(t, steps));
  const prefix = steps.prefix;
  return strings.flatMap((t) => (prefix !== undefined && t.toLowerCase().startsWith(prefix) ? [t, [...t].slice([...prefix].length).join('')] : [t]));
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
  if (!madeByValidate(query)) {
    const problem = validatedQueryError(query, 'explainedIds');
    if (problem !== undefined) throw problem;
  }
  const list = ownList('explainedIds: the records', records) as object[];
  if (typeof declared !== 'function') throw optionError(`explainedIds: declared is a function (needle, haystack, place) → boolean, such as foldingDiffers with a folding bound, not ${describeValue(declared)}.`);
  if (typeof key !== 'string') throw optionError(`explainedIds: key is the field holding each record's id, a string, not ${describeValue(key)}.`);
  const found: FoldedTest[] = [];
  try {
    foldedTests(query.condition, found);
  } catch (error) {
    if (isTqlError(error)) throw error;
    throw inputError('explainedIds cannot read this query: it was changed after check() or validate() made it. Validate the query again instead of changing it.');
  }
  const ids = new Set<string>();
  if (found.length === 0) return ids;
  const asked = (n: string, h: string, place: TextPlace) => {
    try {
      return Boolean(declared(n, h, place));
    } catch (error) {
      if (isTqlError(error)) throw error;
      throw optionError(`explainedIds: declared threw ${error instanceof Error ? `${error.name}: ${error.message}` : describeValue(error)}; it answers (needle, haystack, place) with true or false.`);
    }
  };
  const differs = ({ comparison, needles, places }: FoldedTest, r: object) =>
    textsOf(r, comparison.attribute).some((h) => needles.some((n) => places.some((place) => asked(n, h, place))));
  try {
    for (const r of list) {
      if (found.some((t) => differs(t, r))) ids.add(String(ownProperty(r, key) ?? (r as Record<string, unknown>)[key]));
    }
  } catch (error) {
    if (isTqlError(error)) throw error;
    throw inputError('explainedIds could not read a record: reading it threw an exception (a getter or a proxy trap); pass the records as they were loaded.');
  }
  return ids;
}
