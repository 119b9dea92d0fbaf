/**
 * The hand-written endpoint's own filter reading: just enough for the server bench's URLs
 * (`attr~OP~value` joined by `~AND~`, the operators LIKE, EQ, IN, GTE, LT), turned into a SQL
 * condition on the table aliased `r` with `$n` placeholders. No tql: this is what a service
 * owner would write for a few fixed filters.
 */

import type { HandDialect } from './hand-sql.js';

/** A SQL condition and the values of its placeholders. */
export interface HandCondition {
  readonly text: string;
  readonly values: unknown[];
}

type Column = 'text' | 'integer' | 'agent-ref';

/** The attributes each list accepts, by the entity prefix the filter names them with. */
const COLUMNS: { readonly [entity: string]: { readonly [attribute: string]: Column } } = {
  scheduling_request: { end_user_name: 'text', end_user_email: 'text', status: 'text', created_at: 'integer', agent_id: 'agent-ref' },
  agent: { name: 'text', email: 'text', role: 'text', created_at: 'integer' },
  resource: { internal_name: 'text', external_name: 'text', url_slug: 'text' },
};

const SQL_OPERATORS = { EQ: '=', GTE: '>=', LT: '<' } as const;

/** `%`, `_` and `\` stand for themselves in the LIKE pattern. */
const likePattern = (value: string) => `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The condition of `filter` on `entity`'s table, or a message saying what is not understood.
 *
 * @example
 * ```ts
 * handCondition('postgres', 'agent', 'agent.role~IN~Administrator,Billing');
 * // { text: 'r.role IN ($1, $2)', values: ['Administrator', 'Billing'] }
 * ```
 */
export function handCondition(dialect: HandDialect, entity: string, filter: string | null): HandCondition | string {
  const values: unknown[] = [];
  const bind = (value: unknown) => `$${values.push(value)}`;
  if (filter === null || filter.trim() === '') return { text: 'TRUE', values };
  const parts: string[] = [];
  for (const predicate of filter.split('~AND~')) {
    const [name, op, value, ...rest] = predicate.split('~');
    const dot = name?.indexOf('.') ?? -1;
    const column = dot > 0 && name!.slice(0, dot) === entity ? COLUMNS[entity]?.[name!.slice(dot + 1)] : undefined;
    if (column === undefined || op === undefined || value === undefined || rest.length > 0) return `cannot read the predicate ${JSON.stringify(predicate)}`;
    const attribute = name!.slice(dot + 1);
    const typed = (v: string) => (column === 'integer' ? Number(v) : v);
    if (column === 'agent-ref' && op === 'EQ') {
      parts.push(`r.id IN (SELECT request_id FROM request_resource WHERE type = 'agent' AND id = ${bind(value)} AND role IN ('resource', 'scheduled_agent'))`);
    } else if (column === 'text' && op === 'LIKE') {
      // MariaDB's text columns fold case in their collation already; PostgreSQL's lower() folds as tql's LIKE does.
      parts.push(`${dialect === 'postgres' ? `lower(r.${attribute})` : `r.${attribute}`} LIKE ${bind(likePattern(value))}`);
    } else if (column !== 'agent-ref' && op === 'IN') {
      parts.push(`r.${attribute} IN (${value.split(',').map((v) => bind(typed(v))).join(', ')})`);
    } else if (column !== 'agent-ref' && (op === 'EQ' || op === 'GTE' || op === 'LT')) {
      parts.push(`r.${attribute} ${SQL_OPERATORS[op]} ${bind(typed(value))}`);
    } else {
      return `cannot read the operator ${op} on ${attribute}`;
    }
  }
  return { text: parts.join(' AND '), values };
}
