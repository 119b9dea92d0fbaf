/**
 * The SQL section's workloads: for each attribute family, the TQL query and the SQL a good
 * engineer writes by hand for the same rows, per dialect. The values are picked from the
 * generated data (so every query matches some rows), never tuned to a plan.
 */
import type { BenchDialect } from './sql-engines.js';
import type { SchedulingData } from '../../src/models/scheduling/generate.js';

/** Hand-written SQL for one dialect: the statement and its bound values. */
export interface HandSql {
  readonly text: string;
  readonly values: readonly unknown[];
}

/** One attribute family: a TQL filter on `entity` and the hand-written `SELECT id …` per dialect. */
export interface SqlFamily {
  readonly id: string;
  readonly title: string;
  readonly entity: 'scheduling_request' | 'agent';
  readonly tql: string;
  readonly hand: { readonly [D in BenchDialect]: HandSql };
}

/** `"…"` with `\` and `"` escaped: a TQL value that is read as written, whatever it holds. */
function tqlValue(v: string | number): string {
  return `"${String(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** `$1, $2 …` from `from` (PostgreSQL) or `?, ? …` (SQLite). */
function placeholders(dialect: BenchDialect, count: number, from = 1): string {
  return Array.from({ length: count }, (_, i) => (dialect === 'postgres' ? `$${from + i}` : '?')).join(', ');
}

const WEEK = 7 * 86400;

/** The same statement text for both dialects, with `$n` placeholders turned into `?` for SQLite. */
function both(text: string, values: readonly unknown[], sqliteText = text.replace(/\$\d+/g, '?')): SqlFamily['hand'] {
  return { postgres: { text, values }, sqlite: { text: sqliteText, values } };
}

/**
 * The families of the issue, with values taken from `data` at fixed positions.
 *
 * @example
 * ```ts
 * sqlFamilies(generateSchedulingData({ seed: 1, agents: 100, teams: 5, requests: 1000 })).map((f) => f.id);
 * ```
 */
export function sqlFamilies(data: SchedulingData): SqlFamily[] {
  const requests = data.schedulingRequests;
  const at = (fraction: number) => requests[Math.floor(requests.length * fraction)]!;
  // An ASCII last name: SQLite folds only ASCII in LIKE, so both engines match the same rows.
  const lastName = requests
    .slice(Math.floor(requests.length / 2))
    .map((r) => r.end_user_name.split(' ').at(-1)!.toLowerCase())
    .find((name) => /^[a-z]{4,}$/.test(name))!;
  const weekStart = at(0.25).created_at - (at(0.25).created_at % WEEK);
  const emails = [...new Set(Array.from({ length: 100 }, (_, i) => requests[Math.floor((requests.length * i) / 100)]!.end_user_email))];
  const agentId = requests.slice(Math.floor(requests.length / 3)).flatMap((r) => r.resources).find((x) => x.type === 'agent')!.id;
  const ticket = requests
    .slice(Math.floor(requests.length / 3))
    .flatMap((r) => r.associated_entities)
    .find((e) => e.type === 'psa_b/service_ticket' || e.type === 'psa_b/project_ticket') as { number: string };
  const ticketNumber = ticket.number.replace(/^#/, '');

  return [
    {
      id: 'like-name',
      title: 'LIKE on a name',
      entity: 'scheduling_request',
      tql: `scheduling_request.end_user_name LIKE ${tqlValue(lastName)}`,
      // SQLite's LIKE folds ASCII as its lower() does, so the column needs no lower() there.
      hand: {
        postgres: { text: `SELECT id FROM scheduling_request WHERE lower(end_user_name) LIKE $1`, values: [`%${lastName}%`] },
        sqlite: { text: `SELECT id FROM scheduling_request WHERE end_user_name LIKE ?`, values: [`%${lastName}%`] },
      },
    },
    {
      id: 'week-status',
      title: 'created_at week range + status',
      entity: 'scheduling_request',
      tql: `scheduling_request.created_at GTE ${weekStart} AND scheduling_request.created_at LT ${weekStart + WEEK} AND scheduling_request.status EQ scheduled`,
      hand: both(`SELECT id FROM scheduling_request WHERE created_at >= $1 AND created_at < $2 AND status = $3`, [weekStart, weekStart + WEEK, 'scheduled']),
    },
    {
      id: 'email-in-100',
      title: `email IN ${emails.length} values`,
      entity: 'scheduling_request',
      tql: `scheduling_request.end_user_email IN ${emails.map(tqlValue).join(',')}`,
      hand: {
        postgres: { text: `SELECT id FROM scheduling_request WHERE end_user_email IN (${placeholders('postgres', emails.length)})`, values: emails },
        // One JSON array: SQLite seeks its elements in the index faster than it binds a placeholder each.
        sqlite: { text: `SELECT id FROM scheduling_request WHERE end_user_email IN (SELECT value FROM json_each(?))`, values: [JSON.stringify(emails)] },
      },
    },
    {
      id: 'agent-id-eq',
      title: 'agent_id EQ (collection)',
      entity: 'scheduling_request',
      tql: `scheduling_request.agent_id EQ ${agentId}`,
      hand: both(
        `SELECT id FROM scheduling_request WHERE id IN (SELECT request_id FROM request_resource WHERE type = 'agent' AND id = $1 AND role IN ('resource', 'scheduled_agent'))`,
        [agentId],
      ),
    },
    {
      id: 'status-not-eq',
      title: 'status NOT_EQ',
      entity: 'scheduling_request',
      tql: 'scheduling_request.status NOT_EQ new',
      hand: both(`SELECT id FROM scheduling_request WHERE status IS DISTINCT FROM $1`, ['new'], `SELECT id FROM scheduling_request WHERE status IS NOT ?`),
    },
    {
      id: 'psa-b-ticket-eq',
      title: 'psa_b_ticket_number EQ',
      entity: 'scheduling_request',
      tql: `scheduling_request.psa_b_ticket_number EQ ${tqlValue(ticketNumber)}`,
      hand: both(
        `SELECT id FROM scheduling_request WHERE id IN (SELECT request_id FROM associated_entity WHERE type IN ('psa_b/project_ticket', 'psa_b/service_ticket') AND number IN ($1, $2))`,
        [ticketNumber, `#${ticketNumber}`],
      ),
    },
    {
      id: 'boolean',
      title: 'a boolean (agent.two_factor_enabled EQ true)',
      entity: 'agent',
      tql: 'agent.two_factor_enabled EQ true',
      hand: {
        postgres: { text: `SELECT id FROM agent WHERE two_factor_enabled`, values: [] },
        sqlite: { text: `SELECT id FROM agent WHERE two_factor_enabled = 1`, values: [] },
      },
    },
    {
      id: 'null-test',
      title: 'a null test (scheduled_at EQ null)',
      entity: 'scheduling_request',
      tql: 'scheduling_request.scheduled_at EQ null',
      hand: both(`SELECT id FROM scheduling_request WHERE scheduled_at IS NULL`, []),
    },
  ];
}

/**
 * The hand-written keyset page: the next `limit` rows of the list (newest first) after `from`,
 * as a row comparison the `(created_at, id)` index answers by a range scan. Ids compare by bytes
 * on both engines (`COLLATE "C"` on PostgreSQL), as the store's order requires. It reads whole
 * rows, as the store does: a page of a list is records, and reading two columns the index holds
 * skips the table, which no list endpoint can.
 *
 * @example
 * ```ts
 * handPage('sqlite', { createdAt: 1700000000, id: 'sreq_x' }, 50).text;
 * ```
 */
export function handPage(dialect: BenchDialect, from: { readonly createdAt: number; readonly id: string } | undefined, limit: number): HandSql {
  const id = dialect === 'postgres' ? 'id COLLATE "C"' : 'id';
  if (from === undefined) {
    return { text: `SELECT * FROM scheduling_request ORDER BY created_at DESC, ${id} DESC LIMIT ${placeholders(dialect, 1)}`, values: [limit] };
  }
  const [a, b, c] = placeholders(dialect, 3).split(', ');
  return {
    text: `SELECT * FROM scheduling_request WHERE (created_at, ${id}) < (${a}, ${b}) ORDER BY created_at DESC, ${id} DESC LIMIT ${c}`,
    values: [from.createdAt, from.id, limit],
  };
}
