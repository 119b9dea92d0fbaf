/**
 * tql: the TQL filter language as an engine.
 *
 * ```ts
 * import { check, schedulingSchema } from 'tql';
 * import { compilePredicate } from 'tql/memory';
 * import { compileSql, postgres } from 'tql/sql';
 * import { compileMongo } from 'tql/mongo';
 *
 * const query = check('agent.name~LIKE~john~AND~agent.schedulable~EQ~true', schedulingSchema, 'agent');
 * ```
 *
 * @module tql
 */

// ---- the one-call API ----
export { check, safeCheck, type CheckOptions } from './api/check.js';

// ---- syntax ----
export { parse, safeParse, type ParseResult } from './parser/parse.js';
export { print, type PrintOptions, type PrintStyle } from './ast/print.js';
export { and, or, group, predicate, attribute, text, nullValue, query, type ValueInput } from './ast/builders.js';
export { stripSpans, type Unspanned } from './ast/strip-spans.js';
export { OPERATORS } from './ast/nodes.js';
export type {
  And,
  AttributeRef,
  Conjunct,
  Disjunct,
  Expr,
  Group,
  Node,
  NodeKind,
  NullValue,
  Operator,
  OperatorRef,
  Or,
  Predicate,
  Query,
  Span,
  TextValue,
  Value,
} from './ast/nodes.js';
export { DEFAULT_LIMITS, PROFILES, type Limits, type ParseOptions, type Profile } from './parser/options.js';

// ---- schemas ----
export { defineSchema, isSchema } from './schema/define-schema.js';
export { DEFAULT_OPERATORS } from './schema/operators.js';
export { ATTRIBUTE_TYPES } from './schema/types.js';
export type {
  Attribute,
  AttributeDefinition,
  AttributeSource,
  AttributeType,
  Entity,
  EntityDefinition,
  EntityName,
  IdFormat,
  Schema,
  SchemaDefinition,
} from './schema/types.js';

// ---- validation ----
export { validate, safeValidate, type Result, type ValidateOptions } from './validate/validate.js';
export { toAst } from './validate/to-ast.js';
export type {
  AndCondition,
  AnyComparison,
  Comparison,
  Condition,
  OperatorValue,
  OrCondition,
  Scalar,
  ValidatedQuery,
} from './validate/validated-query.js';

// ---- errors ----
export { TqlError, isTqlError, type IssueInit, type TqlIssue } from './errors/tql-error.js';
export { ERROR_CODES, type TqlErrorCode } from './errors/codes.js';
export type { Position } from './errors/position.js';

// ---- writing a backend ----
export {
  foldCondition,
  applyComparison,
  type Backend,
  type ComparisonHandlers,
  type ConditionHandlers,
} from './backends/backend.js';

// ---- the scheduling reference models ----
export { schedulingSchema, SCHEDULING_REQUEST_STATUSES, type SchedulingSchema, type SchedulingEntityName } from './models/scheduling/schema.js';
