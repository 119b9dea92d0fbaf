/**
 * What the in-memory compiler folds a condition into before it makes any closure: comparisons
 * keep their value test as data, ANDs and ORs their operands cheapest first. Closures are made
 * from the plan afterwards (`build.ts`), so an enclosing AND makes only the form of each operand
 * it runs, and compiling allocates nothing that will not run.
 */
import type { AnyComparison } from '../../validate/validated-query.js';
import type { ValueTest } from './value-test.js';

export type Plan = ComparisonPlan | GroupPlan;

export interface ComparisonPlan {
  readonly kind: 'Comparison';
  /** The validated comparison: its attribute's source says where the value lives. */
  readonly comparison: AnyComparison;
  readonly test: ValueTest;
  /** `true`: some value of the attribute passes `test`; `false`: the exact complement of that. */
  readonly positive: boolean;
  /** Static cost, for cheap-first ordering. */
  readonly cost: number;
}

export interface GroupPlan {
  readonly kind: 'And' | 'Or';
  /** Cheapest first; equal costs keep the query's order. */
  readonly operands: readonly Plan[];
  /** The sum of the operands' costs. */
  readonly cost: number;
}

/**
 * An AND or OR of `operands`, sorted cheapest first (a stable sort: equal costs keep the query's
 * order). Each operand's cost was computed once, when it was planned, so planning a query is one
 * sort per group on top of one pass over its nodes.
 *
 * Why the order cannot change an answer: in memory the logic is two-valued and total. A missing,
 * `null` or wrong-typed value is "no value", never an unknown, so AND and OR are the Boolean ones
 * and commute. Every value test is pure and total: it looks at the JS type before anything else,
 * so no value makes it throw; it keeps no state between records (a LIKE's regex has neither the g
 * nor the y flag, so no `lastIndex`; matchers are cached when compiling, never while filtering);
 * and it writes nothing. What the order does change is which fields of a record get read, and
 * so which getters run: an inherited getter that throws is answered by reading the record's own
 * properties again (record-guard.ts), with the same answer in any order; an own getter or proxy
 * trap that throws makes the predicate throw a `TqlError` when it is read, and an order that
 * decides the record before reading it answers without reading it.
 *
 * @example
 * ```ts
 * groupPlan('And', [costly, cheap]).operands; // [cheap, costly]
 * ```
 */
export function groupPlan(kind: 'And' | 'Or', operands: readonly Plan[]): GroupPlan {
  let cost = 0;
  for (let i = 0; i < operands.length; i++) cost += operands[i]!.cost;
  const sorted = operands.length <= FEW_OPERANDS ? insertionSorted(operands) : operands.slice().sort(byCost);
  return { kind, operands: sorted, cost };
}

/**
 * Up to this many operands a group is sorted by insertion: for the few operands most groups have
 * it is far cheaper than `Array#sort` with a comparator (which copies into a work array and calls
 * out per comparison). A longer group takes `Array#sort` (stable, n log n), where insertion's
 * n² moves would make compiling a long AND quadratic.
 */
const FEW_OPERANDS = 16;

function insertionSorted(operands: readonly Plan[]): Plan[] {
  const sorted = operands.slice();
  for (let i = 1; i < sorted.length; i++) {
    const item = sorted[i]!;
    let j = i - 1;
    for (; j >= 0 && sorted[j]!.cost > item.cost; j--) sorted[j + 1] = sorted[j]!;
    sorted[j + 1] = item;
  }
  return sorted;
}

function byCost(a: Plan, b: Plan): number {
  return a.cost - b.cost;
}
