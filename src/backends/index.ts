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
 * The kit a backend needs besides: the operators' facts (`OPERATOR_FACTS`: one value or a list,
 * what each compares, where a text test looks), the steps a source declares for reading its
 * stored text (`readSteps`, `readStored`, `storedForms`), an instant's whole seconds as stored
 * (`storedWholeSeconds`) and LIKE patterns with every character of the needle literal
 * (`likePattern`, `textPattern`). `foldQuery` hands each handler the query text, and
 * `comparisonError` makes the error that points into it. docs/backend-authors.md walks through
 * a whole backend.
 *
 * `runContract` runs a contract suite (the reference one ships with the reference model's entry
 * point: records, queries and the ids each must select, each pinning a rule of docs/language.md)
 * on your backend, and `BACKENDS` is the table of backends by name that the
 * CLI, the playground and the docs read; `BACKENDS.with(yours)` adds one. A SQL dialect of your
 * own is checked without an engine by `checkDialectContract`: every case compiled through it,
 * and through its `markerDialect`, which shows that every fragment of engine SQL came from one
 * of its hooks.
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

export { foldCondition, foldQuery, applyComparison, comparisonError, type Backend, type ComparisonHandlers, type ConditionHandlers, type QueryContext } from './backend.js';
export { compileValidated } from './compile-validated.js';
export { scopeEntries, type Scope, type ScopeEntry, type ScopeValue } from './scope.js';
export { DEFAULT_OPERATORS, OPERATOR_FACTS, TEXT_PLACE_TESTS, type Bound, type IndexKind, type OperatorFacts, type TextPlace } from '../schema/operators.js';
export { readSteps, readStored, storedForms, type ReadSteps } from '../schema/stored-form.js';
export { storedWholeSeconds } from '../api/stored-seconds.js';
export { LIKE_ESCAPE, LIKE_WILDCARDS, likePattern, textPattern, type LikeSyntax } from './sql/like-pattern.js';
export type { AnyComparison, Comparison, Condition, Scalar, ValidatedQuery } from '../validate/validated-query.js';
export type { Attribute, AttributeSource, AttributeType } from '../schema/types.js';
export { ATTRIBUTE_TYPES } from '../schema/types.js';
export { isDefinedAttribute } from '../schema/define-schema.js';
export { scalarArraysContract } from './contract/scalar-arrays.js';
export { runContract, contractCaseOutcome, contractQuery, type ContractOptions, type Divergences, type ContractOutcome, type RunContractQuery } from './contract/run-contract.js';
export {
  BUILT_IN_CAPABILITIES,
  LANGUAGE_RULES,
  rulesOf,
  type BuiltInCapability,
  type ContractCapability,
  type ContractCase,
  type ContractRecord,
  type ContractSuite,
  type LanguageRule,
  type OwnCapability,
} from './contract/suite.js';
export { checkDialectContract, dialectStatementProblems, type DialectCheckOptions, type DialectOutcome, type DialectStatementCheck } from './contract/dialect-contract.js';
export { markerDialect, placeholderNumbers, taggedFragments, untagged, untaggedText } from './sql/dialect-marker.js';
export { BACKENDS, BUILT_IN_BACKENDS, backendRegistry, contractOptions, contractRun, sqlBackend, type BackendContext, type BackendRegistry, type BackendRunContext, type RegisteredBackend } from './registry.js';
