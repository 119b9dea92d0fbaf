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
 * An AND or OR of `operands`, sorted cheapest first. Predicates are pure and total, so the order
 * cannot change the answer, only how soon a record is decided.
 *
 * @example
 * ```ts
 * groupPlan('And', [costly, cheap]).operands; // [cheap, costly]
 * ```
 */
export function groupPlan(kind: 'And' | 'Or', operands: readonly Plan[]): GroupPlan {
  // Insertion sort: stable, and for the few operands a group has far cheaper than
  // Array#sort with a comparator (which copies into a work array and calls out per comparison).
  const sorted = operands.slice();
  let cost = 0;
  for (let i = 0; i < sorted.length; i++) {
    const item = sorted[i]!;
    cost += item.cost;
    let j = i - 1;
    for (; j >= 0 && sorted[j]!.cost > item.cost; j--) sorted[j + 1] = sorted[j]!;
    sorted[j + 1] = item;
  }
  return { kind, operands: sorted, cost };
}
