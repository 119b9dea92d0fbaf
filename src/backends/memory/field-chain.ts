/**
 * Queries of comparisons on fields joined by AND (or a single one): the whole predicate is a
 * chain of links from the keys' slots (field-slots.ts). A link reads its key, tests the value,
 * checks the record is an object and the value its own, and calls the next link; the last is
 * `MATCHES`. Each link is code of its key's slot, so V8 inlines the reads and the chain's calls. An
 * equality on a collection (`agent_id EQ …`) is a link too: its list's slot scans the elements,
 * and the exact test with its own-property checks runs only where the scan found one that may
 * count.
 *
 * The general path (build.ts), for ORs and variants, calls a guard, then a conjunction or
 * disjunction, then each comparison's predicate (on a field, its key's link ending the chain at
 * once): calls that V8 cannot inline once several queries share those closures. A link catches
 * what a getter or proxy trap throws, and the whole query is then read again through the
 * record's own properties, as the guard does (record-guard.ts).
 */
import { exactPredicate } from './build.js';
import { fieldAccess, listAccess } from './field-reader.js';
import { fieldLink, MATCHES } from './field-link.js';
import type { SlotPredicate } from './field-slot-types.js';
import type { ComparisonPlan, Plan } from './plan.js';
import { onOwnView } from './record-guard.js';
import { safeKey } from './safe-key.js';
import { elementEqualParts, hasElementScan, type RecordPredicate, type ScannedSource } from './sources.js';
import { readSteps } from '../../schema/stored-form.js';
import type { ValueTest } from './value-test.js';

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

/** The links of `links`, made last first, each calling the next; `plan` is what they are the chain of. */
function chain(links: readonly ComparisonPlan[], plan: Plan, text: string): RecordPredicate {
  // What answers when reading a record threw, made on the first throw only: most chains never need it.
  let general: RecordPredicate | undefined;
  let ownViewAnswer: RecordPredicate | undefined;
  const generalPredicate = () => (general ??= exactPredicate(plan, text));
  // Reading null or undefined throws in a link: they have no values, which the general path
  // answers for (as for every record that is not an object).
  const onThrow: SlotPredicate = (r) =>
    typeof r === 'object' && r !== null ? (ownViewAnswer ??= onOwnView(generalPredicate, plan))(r) : generalPredicate()(r);
  let next: SlotPredicate = MATCHES;
  for (let i = links.length - 1; i >= 0; i--) {
    const c = links[i]!;
    const { attribute, span } = c.comparison;
    const source = attribute.source;
    const key = (k: string) => safeKey(k, attribute.path, text, span);
    next =
      source.kind === 'element'
        ? // hasLink let only sources with a tag and a value field through.
          elementLink(source as ScannedSource, c.test as Extract<ValueTest, { kind: 'equals' }>, key, c.positive, next, onThrow)
        : fieldLink(fieldAccess(key((source as { readonly field: string }).field)), c.test, c.positive, next, onThrow);
  }
  return next;
}

/**
 * The link of an equality on a collection: the first list's slot scans it, and the second's,
 * if the source has one (see {@link hasElementScan}).
 */
function elementLink(
  source: ScannedSource,
  test: Extract<ValueTest, { kind: 'equals' }>,
  key: (k: string) => string,
  positive: boolean,
  next: SlotPredicate,
  onThrow: SlotPredicate,
): SlotPredicate {
  const { keys, exact } = elementEqualParts(source, test, key);
  const tag = keys.oneOf[0]!;
  const [first, second] = keys.arrays;
  const other = second === undefined ? undefined : listAccess(second).holdsEqual(keys.where, tag, keys.value, test.value);
  return listAccess(first!).someEqual(keys.where, tag, keys.value, test.value, other, exact, positive, next, onThrow);
}

/**
 * Whether the comparison can be a link: every test on a plain field has one (value-test.ts), and
 * a test on a collection does where the list slots scan for it.
 */
function hasLink({ comparison, test }: ComparisonPlan): boolean {
  const source = comparison.attribute.source;
  // A field with a declared stored form takes the general path (sources.ts).
  return (source.kind === 'field' && readSteps(source) === undefined) || (source.kind === 'element' && hasElementScan(source, test));
}
