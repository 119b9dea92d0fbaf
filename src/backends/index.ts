/**
 * `tql/backend`: what it takes to write a backend of your own. A backend is a handler table with
 * one entry per logical node and one per operator; `foldCondition` walks a validated query with
 * it. Because the tables are mapped types over the operators, a backend that forgets one does not
 * compile.
 *
 * ```ts
 * import { foldCondition, type ConditionHandlers } from 'tql/backend';
 * ```
 *
 * @module tql/backend
 */

export { foldCondition, applyComparison, type Backend, type ComparisonHandlers, type ConditionHandlers } from './backend.js';
export { DEFAULT_OPERATORS } from '../schema/operators.js';
export { ATTRIBUTE_TYPES } from '../schema/types.js';
export { isDefinedAttribute } from '../schema/define-schema.js';
