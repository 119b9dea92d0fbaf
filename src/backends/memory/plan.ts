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
  readonly want: boolean;
  /** Static cost, for cheap-first ordering. */
  readonly cost: number;
}

export interface GroupPlan {
  readonly kind: 'And' | 'Or';
  /** Cheapest first; equal costs keep the query's order. */
  readonly operands: readonly Plan[];
  /** The sum of the operands' costs. */
  readonly cost: number;
  /** Whether this node is an AND or has one below it. */
  readonly holdsAnd: boolean;
  /**
   * Whether an enclosing AND may run this OR as a loose test and recheck it once at its end
   * (`build.ts`): it has a {@link isLooseComparison} below it and no AND. With an AND below, the
   * recheck would build and run that AND a second time, and with ANDs and ORs nested in turn the
   * work would double with each level; without one it repeats only comparisons.
   */
  readonly loose: boolean;
}

/**
 * Whether the comparison can run without its own-property check inside an AND, which then makes
 * that check once at its end: a positive comparison on a plain field.
 *
 * @example
 * ```ts
 * isLooseComparison(planOf('agent.name LIKE ada')); // true
 * isLooseComparison(planOf('agent.name NOT_LIKE ada')); // false: a complement holds on a missing field
 * ```
 */
export function isLooseComparison(plan: ComparisonPlan): boolean {
  return plan.want && plan.comparison.attribute.source.kind === 'field';
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
  let holdsAnd = kind === 'And';
  let looseBelow = false;
  for (let i = 0; i < sorted.length; i++) {
    const item = sorted[i]!;
    cost += item.cost;
    // Known here from the operands' own flags, so no later walk revisits a subtree.
    if (item.kind === 'Comparison') looseBelow ||= isLooseComparison(item);
    else {
      holdsAnd ||= item.holdsAnd;
      looseBelow ||= item.loose;
    }
    let j = i - 1;
    for (; j >= 0 && sorted[j]!.cost > item.cost; j--) sorted[j + 1] = sorted[j]!;
    sorted[j + 1] = item;
  }
  return { kind, operands: sorted, cost, holdsAnd, loose: !holdsAnd && looseBelow };
}
