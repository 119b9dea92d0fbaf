/**
 * `tql/backend`: what it takes to write a backend of your own. A backend is a handler table with
 * one entry per logical node and one per operator; `foldCondition` walks a validated query with
 * it. Because the tables are mapped types over the operators, a backend that forgets one does not
 * compile.
 *
 * Every compile function goes through one gate, `compileValidated`: a query `check()` or
 * `validate()` made passes at no cost, anything else is checked or refused with a `TqlError`,
 * and whatever the backend throws that is not a `TqlError` becomes one. `scopeEntries` checks a
 * server-side scope (a tenant's field equalities) as the built-in backends do.
 *
 * `runContract` runs a contract suite (the reference one ships with the reference model's entry
 * point: records, queries and the ids each must select, each pinning a rule of docs/language.md)
 * on your backend, and `BACKENDS` is the table of backends by name that the
 * CLI, the playground and the docs read; `BACKENDS.with(yours)` adds one.
 *
 * ```ts
 * import { compileValidated, foldCondition, type ConditionHandlers } from 'tql/backend';
 *
 * const compileText = (query: ValidatedQuery) =>
 *   compileValidated(query, 'compileText', (q) => foldCondition(q.condition, handlers, undefined));
 * ```
 *
 * @module tql/backend
 */

export { foldCondition, applyComparison, type Backend, type ComparisonHandlers, type ConditionHandlers } from './backend.js';
export { compileValidated } from './compile-validated.js';
export { scopeEntries, type Scope, type ScopeEntry, type ScopeValue } from './scope.js';
export { DEFAULT_OPERATORS } from '../schema/operators.js';
export { ATTRIBUTE_TYPES } from '../schema/types.js';
export { isDefinedAttribute } from '../schema/define-schema.js';
export { runContract, contractCaseOutcome, contractQuery, type ContractOptions, type Divergences, type ContractOutcome, type RunContractQuery } from './contract/run-contract.js';
export { LANGUAGE_RULES, rulesOf, type ContractCapability, type ContractCase, type ContractRecord, type ContractSuite, type LanguageRule } from './contract/suite.js';
export { BACKENDS, BUILT_IN_BACKENDS, backendRegistry, contractOptions, contractRun, sqlBackend, type BackendContext, type BackendRegistry, type BackendRunContext, type RegisteredBackend } from './registry.js';
