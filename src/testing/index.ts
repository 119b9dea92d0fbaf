/**
 * `tql/testing`: property-based tests of query semantics for the apps that use tql. Generators
 * driven by any schema (valid and invalid queries, records, datasets), the in-memory backend as
 * the reference, a differential checker that proves a data layer selects what tql means (shrunk
 * to one query and one record, naming the rule of docs/language.md at stake), targets for the
 * stores tql ships, and the language's laws as properties. Needs fast-check (an optional peer).
 *
 * @example
 * ```ts
 * import Database from 'better-sqlite3';
 * import { assertAgreement, sqlTarget } from 'tql/testing';
 *
 * const target = sqlTarget({ db: new Database(':memory:'), schema, entity: 'item', mapping });
 * await assertAgreement({ schema, entity: 'item', ...target, runs: 50 });
 * ```
 *
 * @module tql/testing
 */
export { queryArbitrary, validatedQueryArbitrary, type QueryArbitraryOptions } from './query-arbitrary.js';
export { invalidQueryArbitrary, type InvalidQuery } from './invalid-query-arbitrary.js';
export { datasetArbitrary, recordArbitrary, type DatasetArbitraryOptions, type RecordArbitraryOptions, type TestRecord } from './record-arbitrary.js';
export { referenceIds, sortedIds } from './reference.js';
export {
  checkAgreement,
  type AgreementReport,
  type AgreementTarget,
  type CheckAgreementOptions,
  type Disagreement,
  type Explained,
} from './check-agreement.js';
export { AgreementError, assertAgreement, formatReport } from './assert-agreement.js';
export { attributeTexts, explainedIds, type DeclaredDivergence } from './declared.js';
export { LANGUAGE_RULES, comparisonRules, queryRules, type LanguageRule } from './rules.js';
export { sqlTarget, type SqlTarget, type SqlTargetOptions } from './sql-target.js';
export type { ColumnTypeChoice } from '../backends/sql/table-plan.js';
export { mongoTarget, type MongoScratchCollection, type MongoTargetOptions } from './mongo-target.js';
export { checkIdempotenceLaw, complementLaw, normalizationStabilityLaw, roundTripLaw, type ComplementPair, type LawOptions } from './laws.js';
export { HOSTILE_TEXTS, arbHostileText, arbNeedle } from './value-pools.js';
