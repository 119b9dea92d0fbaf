/**
 * Queries of comparisons on fields joined by AND (or a single one): the whole predicate is a
 * chain of links from the keys' slots (field-slots.ts). A link reads its key, tests the value,
 * checks the record is an object and the value its own, and calls the next link; the last calls
 * `yes`. Each link is code of its key's slot, so V8 inlines the reads and the chain's calls. An
 * equality on a collection (`agent_id EQ …`) is a link too: its list's slot scans the elements,
 * and the exact test with its own-property checks runs only where the scan found one that may
 * count.
 *
 * The general path (build.ts) calls a guard, then a conjunction, then each test closure, then the
 * key's reader and own check: calls that V8 cannot inline once several queries share those
 * closures, which cost 1.3–2.2x the hand-written arrow at 30–60% matches and 7.7x on a
 * three-predicate AND matching 69% (bench/NOTEBOOK.md). A link catches what a getter or proxy
 * trap throws, and the whole query is then read again through the record's own properties, as
 * the guard does (record-guard.ts).
 */
import { exactPredicate } from './build.js';
import { fieldAccess, listAccess } from './field-reader.js';
import type { FieldSlot, SlotPredicate } from './field-slot-types.js';
import type { AttributeSource } from '../../schema/types.js';
import type { ComparisonPlan, Plan } from './plan.js';
import { ownRetry } from './record-guard.js';
import { safeKey } from './safe-key.js';
import { elementEqualParts, hasElementScan, type RecordPredicate } from './sources.js';
import type { ValueTest } from './value-test.js';
import { caselessEquals } from './caseless.js';
import { instantPredicate, numberWindow } from './instant-test.js';

const yes: SlotPredicate = () => true;

/**
 * The chain of a plan that is one field comparison, or an AND of field comparisons only (in the
 * plan's order, cheapest first); undefined for any other plan.
 *
 * @example
 * ```ts
 * fieldChain(planOf('agent.schedulable EQ true AND agent.role IN User,Administrator'), text)!(agent); // true or false
 * ```
 */
export function fieldChain(plan: Plan, text: string): RecordPredicate | undefined {
  if (plan.kind === 'Comparison') return hasLink(plan) ? chain([plan], plan, text) : undefined;
  if (plan.kind !== 'And') return undefined;
  // A loop, not `every` with a callback: this runs for every uncached query.
  const operands = plan.operands;
  for (let i = 0; i < operands.length; i++) {
    const o = operands[i]!;
    if (o.kind !== 'Comparison' || !hasLink(o)) return undefined;
  }
  return chain(operands as readonly ComparisonPlan[], plan, text);
}

/**
 * The links of `links`, made last first, each calling the next; `plan` is what they are the
 * chain of. Undefined if a slot has no link for one of them ({@link LINKS} says which have).
 */
function chain(links: readonly ComparisonPlan[], plan: Plan, text: string): RecordPredicate | undefined {
  // What answers when reading a record threw, made on the first throw only: most chains never need it.
  let exact: RecordPredicate | undefined;
  let again: RecordPredicate | undefined;
  const exactly = () => (exact ??= exactPredicate(plan, text));
  // Reading null or undefined throws in a link: they have no values, which the general path
  // answers for (as for every record that is not an object).
  const retry: SlotPredicate = (r) => (typeof r === 'object' && r !== null ? (again ??= ownRetry(exactly, plan))(r) : exactly()(r));
  let next: SlotPredicate | undefined = yes;
  for (let i = links.length - 1; i >= 0 && next !== undefined; i--) {
    const c = links[i]!;
    const { attribute, span } = c.comparison;
    const source = attribute.source;
    next =
      source.kind === 'element'
        ? elementLink(source, c.test as Extract<ValueTest, { kind: 'equals' }>, (k) => safeKey(k, attribute.path, text, span), c.want, next, retry)
        : LINKS[c.test.kind](fieldAccess(safeKey((source as { readonly field: string }).field, attribute.path, text, span)), c.test as never, c.want, next, retry);
  }
  return next;
}

/**
 * The link of an equality on a collection: the first list's slot scans it, and the second's,
 * if the source has one (see {@link hasElementScan}).
 */
function elementLink(
  source: ElementSource,
  test: Extract<ValueTest, { kind: 'equals' }>,
  key: (k: string) => string,
  want: boolean,
  next: SlotPredicate,
  retry: SlotPredicate,
): SlotPredicate {
  const { keys, exact } = elementEqualParts(source, test, key);
  const tag = keys.oneOf[0]!;
  const [first, second] = keys.arrays;
  const other = second === undefined ? undefined : listAccess(second).holdsEqual(keys.where, tag, keys.value, test.value);
  return listAccess(first!).someEqual(keys.where, tag, keys.value, test.value, other, exact, want, next, retry);
}

type ElementSource = Extract<AttributeSource, { readonly kind: 'element' }>;

type TestOf<K extends ValueTest['kind']> = Extract<ValueTest, { kind: K }>;

/**
 * Whether the comparison's source can be a link: a plain field (the test then decides, by
 * {@link LINKS}), or a collection whose test the list slots scan.
 */
function hasLink({ comparison, test }: ComparisonPlan): boolean {
  const source = comparison.attribute.source;
  return source.kind === 'field' || (source.kind === 'element' && hasElementScan(source, test));
}

/**
 * The link of each test kind on a field, or undefined where the slots have none (see
 * scripts/write-field-slots.mjs for which): a kind without an entry does not compile.
 */
const LINKS: {
  readonly [K in ValueTest['kind']]: (slot: FieldSlot, test: TestOf<K>, want: boolean, next: SlotPredicate, retry: SlotPredicate) => SlotPredicate | undefined;
} = {
  equals: (s, { value }, want, next, retry) => s.equals(value, want, next, retry),
  oneOfFew: (s, { values }, want, next, retry) => {
    const [a, b, c] = values;
    if (values.length === 1) return s.equals(a!, want, next, retry);
    if (values.length === 2) return s.oneOfTwo(a!, b!, want, next, retry);
    if (values.length === 3) return s.oneOfThree(a!, b!, c!, want, next, retry);
    return undefined;
  },
  oneOfSet: () => undefined,
  present: (s, { valueKind }, want, next, retry) => {
    switch (valueKind) {
      case 'string':
        return s.isString(want, next, retry);
      case 'number':
        return s.isNumber(want, next, retry);
      case 'boolean':
        return s.isBoolean(want, next, retry);
    }
  },
  range: (s, { operator, bound }, want, next, retry) => {
    switch (operator) {
      case 'LT':
        return s.lessThan(bound, want, next, retry);
      case 'LTE':
        return s.atMost(bound, want, next, retry);
      case 'GT':
        return s.greaterThan(bound, want, next, retry);
      case 'GTE':
        return s.atLeast(bound, want, next, retry);
    }
  },
  instant: (s, test, want, next, retry) => {
    const numbers = numberWindow(test);
    return numbers === undefined ? s.satisfies(instantPredicate(test), want, next, retry) : s.numberWindow(numbers.lo, numbers.hi, numbers.other, want, next, retry);
  },
  caselessEquals: (s, { value }, want, next, retry) => s.satisfies(caselessEquals(value), want, next, retry),
  like: (s, { matcher }, want, next, retry) => {
    switch (matcher.kind) {
      case 'any':
        return s.isString(want, next, retry);
      case 'regex':
        return s.matches(matcher.regex, want, next, retry);
      case 'includes':
      case 'affix':
        return undefined;
    }
  },
};
