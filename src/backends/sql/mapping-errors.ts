/**
 * The errors of SQL mappings, shared by `defineSqlMapping`, which checks a mapping whole, and the
 * compiler, which meets an unchecked one.
 */
import { TqlError, issue, type TqlIssue } from '../../errors/tql-error.js';

/**
 * An `invalid_mapping` error, one issue per problem (`entry: what is wrong`).
 *
 * @example
 * ```ts
 * mappingError(['entities.agent.table: missing']); // TqlError invalid_mapping: "Invalid SQL mapping: entities.agent.table: missing."
 * ```
 */
export function mappingError(problems: readonly string[]): TqlError {
  const issues = problems.map((p): TqlIssue => issue('', { code: 'invalid_mapping', message: `Invalid SQL mapping: ${p}.`, span: { start: 0, end: 0 } }));
  return new TqlError('', issues as [TqlIssue, ...TqlIssue[]]);
}

/**
 * The problem of an array without a table, for the attributes that look in it.
 *
 * @example
 * ```ts
 * missingArray(['ticket.label']); // 'missing: ticket.label looks in this array; add { table, foreignKey } for its elements'
 * ```
 */
export function missingArray(paths: readonly string[]): string {
  const named = paths.length <= 3 ? paths.join(', ') : `${paths.slice(0, 2).join(', ')} and ${paths.length - 2} more attributes`;
  return `missing: ${named} ${paths.length === 1 ? 'looks' : 'look'} in this array; add { table, foreignKey } for its elements`;
}
