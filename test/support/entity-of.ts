/** Which entity a test query of the scheduling schema filters, so tables need not say it. */
import type { SchedulingEntityName } from '../../src/models/scheduling/schema.js';

/**
 * The prefix of the query's first attribute, after any leading separators, parentheses and NOTs. Not
 * checked: a wrong prefix is passed on, for tests of what `check` says about it.
 *
 * @example
 * ```ts
 * entityOf('(agent.name EQ x OR agent.role EQ User)'); // 'agent'
 * ```
 */
export function entityOf(text: string): SchedulingEntityName {
  const start = text.replace(/^(?:[\s~(]|NOT(?=[\s~]))+/, '');
  return start.slice(0, start.indexOf('.')) as SchedulingEntityName;
}
