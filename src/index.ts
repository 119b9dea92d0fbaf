/**
 * tql: the TQL filter language as an engine. The root entry holds what most users call: check a
 * filter against a schema, parse and print it, and the errors. Backends, the reference models and
 * the tools for building trees or backends have their own subpaths.
 *
 * ```ts
 * import { check } from 'tql';
 * import { schedulingSchema } from 'tql/scheduling';
 * import { compilePredicate } from 'tql/memory';
 *
 * const query = check('agent.name~LIKE~john~AND~agent.schedulable~EQ~true', schedulingSchema, 'agent');
 * const matches = compilePredicate(query);
 * ```
 *
 * @module tql
 */

// ---- the one-call API ----
export { check, safeCheck, type CheckOptions } from './api/check.js';

// ---- syntax ----
export { parse, safeParse, type ParseResult } from './parser/parse.js';
export { print, type PrintOptions, type PrintStyle } from './ast/print.js';
// The node types of the tree parse() returns are in tql/ast with the builders.
export type { Query } from './ast/nodes.js';
export { DEFAULT_LIMITS, type Limits, type ParseOptions } from './parser/options.js';
export { PROFILES, PROFILE_DEFINITIONS, type Extension, type Profile, type ProfileDefinition } from './parser/profiles.js';
export type { TextPlace } from './schema/operators.js';

// ---- schemas ----
export { defineSchema, isSchema } from './schema/define-schema.js';
export { storedSeconds, storedWholeSeconds } from './api/stored-seconds.js';
export { schemaFromJsonSchema, type DerivedSchema, type SkippedProperty } from './schema/from-json-schema.js';
export {
  diagnoseRecords,
  recordsDiagnoser,
  type DiagnoseRecordsOptions,
  type MismatchExample,
  type RecordsDiagnoser,
  type RecordsDiagnosis,
  type StorageMismatch,
} from './diagnose/diagnose-records.js';
export type {
  Attribute,
  AttributeDefinition,
  AttributeSource,
  StoredForm,
  AttributeType,
  Entity,
  EntityDefinition,
  EntityName,
  IdFormat,
  IdKind,
  Schema,
  SchemaDefinition,
  TimestampStorage,
  TimestampStorageDefinition,
  TimestampStorageKind,
  ValueStorage,
  ValueStorageDefinition,
} from './schema/types.js';

// ---- validation ----
export { validate, safeValidate, type Result, type ValidateOptions } from './validate/validate.js';
export type {
  AndCondition,
  AnyComparison,
  Comparison,
  Condition,
  NotCondition,
  OperatorValue,
  OrCondition,
  Scalar,
  ValidatedQuery,
} from './validate/validated-query.js';
export type { ComparedOperator } from './schema/operator-facts.js';
export { resolveNow } from './validate/resolve-now.js';
export type { Clock } from './validate/relative-time.js';

// ---- errors ----
export { TqlError, isTqlError, type IssueInit, type TqlIssue } from './errors/tql-error.js';
export { ERROR_CODES, type TqlErrorCode } from './errors/codes.js';
export type { Position } from './errors/position.js';
