/**
 * Runs a contract suite (suite.ts) on a backend, without a test framework: each case's query is
 * checked against the suite's schema, its relative times resolved at the suite's clock, and the
 * ids the backend selects compared with the expected ones. A test framework's runner wraps
 * {@link contractCaseOutcome} in one test per case.
 */
import { check } from '../../api/check.js';
import { resolveNow } from '../../validate/resolve-now.js';
import type { ValidatedQuery } from '../../validate/validated-query.js';
import type { ContractCapability, ContractCase, ContractSuite } from './suite.js';

/** Runs a validated query on a backend's copy of the suite's data; returns the ids selected. */
export type RunContractQuery<E extends string = string> = (query: ValidatedQuery, entity: E) => Promise<readonly string[]> | readonly string[];

/**
 * Capabilities a backend declares it lacks, each with the reason as written in its docs: built-in
 * ones by name, and its own as `<owner>:<what>`.
 */
export type Divergences = { readonly [C in ContractCapability]?: string };

/** How a backend runs a contract: the divergences it declares. */
export interface ContractOptions {
  /** Cases that need one of these are reported as skipped with its reason, never dropped silently. */
  readonly divergences?: Divergences;
}

/** What one case gave: passed, failed with the ids selected, or skipped for a declared divergence. */
export type ContractOutcome<E extends string = string> =
  | { readonly status: 'passed'; readonly case: ContractCase<E> }
  | { readonly status: 'failed'; readonly case: ContractCase<E>; readonly selected: readonly string[] }
  | { readonly status: 'skipped'; readonly case: ContractCase<E>; readonly reason: string };

/**
 * The validated query of a case, as a backend gets it: checked against the suite's schema, its
 * relative times resolved at the suite's clock.
 *
 * @example
 * ```ts
 * import { schedulingContract } from 'tql/scheduling';
 * contractQuery(schedulingContract, schedulingContract.cases[0]!).text; // the case's query
 * ```
 */
export function contractQuery<E extends string>(suite: ContractSuite<E>, c: ContractCase<E>): ValidatedQuery {
  return resolveNow(check(c.query, suite.schema, c.entity as never), suite.now);
}

/**
 * The outcome of one case on a backend. Ids compare as sets, in any order.
 *
 * @example
 * ```ts
 * import { schedulingContract } from 'tql/scheduling';
 * const run = contractRun(BACKENDS.get('memory'), schedulingContract)!;
 * (await contractCaseOutcome(schedulingContract, schedulingContract.cases[0]!, run)).status; // 'passed'
 * ```
 */
export async function contractCaseOutcome<E extends string>(
  suite: ContractSuite<E>,
  c: ContractCase<E>,
  run: RunContractQuery<E>,
  options: ContractOptions = {},
): Promise<ContractOutcome<E>> {
  const reason = c.needs === undefined ? undefined : options.divergences?.[c.needs];
  if (reason !== undefined) return { status: 'skipped', case: c, reason };
  const selected = [...(await run(contractQuery(suite, c), c.entity))].sort();
  const expected = [...c.expected].sort();
  const same = selected.length === expected.length && selected.every((id, i) => id === expected[i]);
  return same ? { status: 'passed', case: c } : { status: 'failed', case: c, selected };
}

/**
 * Every case of the suite on a backend, one after another, in the suite's order.
 *
 * @example
 * ```ts
 * import { filterRecords } from 'tql/memory';
 * import { schedulingContract } from 'tql/scheduling';
 * const outcomes = await runContract(schedulingContract, (query, entity) =>
 *   filterRecords(query, schedulingContract.data[entity]).map((r) => r.id));
 * outcomes.every((o) => o.status === 'passed'); // true: the in-memory backend is the reference
 * ```
 */
export async function runContract<E extends string>(suite: ContractSuite<E>, run: RunContractQuery<E>, options: ContractOptions = {}): Promise<ContractOutcome<E>[]> {
  const out: ContractOutcome<E>[] = [];
  for (const c of suite.cases) out.push(await contractCaseOutcome(suite, c, run, options));
  return out;
}
