/**
 * The reference contract (src/models/scheduling/contract/) as vitest tests: one per case,
 * grouped by the rules of docs/language.md they pin. A backend test calls
 * {@link describeBackendContract} with a function that runs a validated query against its copy
 * of the data and returns the ids it selects; the cases and their runner are the package's own
 * (`tql/backend`, `tql/scheduling`), so this file holds no case.
 */
import { describe, expect, test } from 'vitest';
import { contractCaseOutcome, type ContractOptions, type RunContractQuery } from '../../../src/backends/contract/run-contract.js';
import { LANGUAGE_RULES, rulesOf, type ContractCase as SuiteCase, type ContractSuite } from '../../../src/backends/contract/suite.js';
import { schedulingContract } from '../../../src/models/scheduling/contract/cases.js';
import type { SchedulingEntityName } from '../../../src/models/scheduling/schema.js';

export { CONTRACT_CASES, CONTRACT_DATA, CONTRACT_NOW, type ContractCase, type ContractData, type ContractRecord, type UnknownResource } from '../../../src/models/scheduling/contract/cases.js';
export { LANGUAGE_RULES, rulesOf, type ContractCapability, type LanguageRule } from '../../../src/backends/contract/suite.js';
export type { ContractOptions } from '../../../src/backends/contract/run-contract.js';

/** Runs a validated query on a backend's copy of the reference data; returns the ids selected. */
export type RunContractQueryOn = RunContractQuery<SchedulingEntityName>;
export type { RunContractQueryOn as RunContractQuery };

/**
 * Defines one test per contract case for a backend.
 *
 * @example
 * ```ts
 * describeBackendContract('memory', (query, entity) =>
 *   filterRecords(query, CONTRACT_DATA[entity]).map((r) => (r as { id: string }).id));
 * ```
 */
export function describeBackendContract(name: string, run: RunContractQueryOn, options: ContractOptions = {}): void {
  describeSuite(`${name} backend contract`, schedulingContract, name, run as RunContractQuery, options);
}

/**
 * One test per case of `suite` (another contract than the reference one, such as
 * `scalarArraysContract`), grouped by the rules they pin.
 *
 * @example
 * ```ts
 * describeSuite('memory: arrays of scalars', scalarArraysContract, 'memory', (query, entity) =>
 *   filterRecords(query, scalarArraysContract.data[entity]).map((r) => r.id));
 * ```
 */
export function describeSuite<E extends string>(title: string, suite: ContractSuite<E>, name: string, run: RunContractQuery<E>, options: ContractOptions = {}): void {
  describe(title, () => {
    // One describe per set of rules, in the order of the rules, titled with their numbers and names.
    const byRules = new Map<string, SuiteCase<E>[]>();
    for (const c of [...suite.cases].sort((a, b) => rulesOf(a)[0]! - rulesOf(b)[0]!)) {
      const rules = rulesOf(c);
      const title = `${rules.length === 1 ? 'rule' : 'rules'} ${rules.join(', ')}: ${rules.map((r) => LANGUAGE_RULES[r]).join(', ')}`;
      byRules.set(title, [...(byRules.get(title) ?? []), c]);
    }
    for (const [title, cases] of byRules) {
      describe(title, () => {
        for (const c of cases) defineCase(suite, name, run, options, c);
      });
    }
  });
}

/** The test of one case, or its skip with the divergence's reason. */
function defineCase<E extends string>(suite: ContractSuite<E>, name: string, run: RunContractQuery<E>, options: ContractOptions, c: SuiteCase<E>): void {
  const reason = c.needs === undefined ? undefined : options.divergences?.[c.needs];
  const title = `${c.entity}: ${c.query}`;
  if (reason !== undefined) {
    test.skip(`${title} [diverges: ${reason}]`, () => {});
    return;
  }
  test(title, async () => {
    const outcome = await contractCaseOutcome(suite, c, run, options);
    // The ids selected, on failure, against the expected ones: the diff names what differs.
    expect(outcome.status === 'failed' ? [...outcome.selected].sort() : [...c.expected].sort(), name).toEqual([...c.expected].sort());
  });
}
