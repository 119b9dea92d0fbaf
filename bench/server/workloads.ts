/**
 * The server bench's six list requests, with values taken from the sample data the reference
 * server loads (seed 42) at fixed positions, so that every page has records.
 */
import type { SchedulingData } from '../../src/models/scheduling/generate.js';

/** One request the bench sends to both endpoints. */
export interface ServerWorkload {
  readonly id: string;
  readonly title: string;
  /** Path and query, e.g. `/v1/agents?filter=agent.role~IN~Administrator,Billing`. */
  readonly path: string;
}

const DAY = 86400;

/** Newest first, ids by code units: the order of every list. */
const listOrder = <T extends { created_at: number; id: string }>(records: readonly T[]) =>
  [...records].sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));

/**
 * The six requests: a LIKE, an IN, a created_at range, a collection attribute, a page after a
 * cursor and a page before one.
 *
 * @example
 * ```ts
 * serverWorkloads(sampleData()).map((w) => w.id); // ['like', 'in', 'range', 'collection', 'after', 'before']
 * ```
 */
export function serverWorkloads(data: SchedulingData): ServerWorkload[] {
  const requests = listOrder(data.schedulingRequests);
  // The most common ASCII last name among the requests.
  const names = new Map<string, number>();
  for (const r of requests) {
    const last = r.end_user_name.split(' ').at(-1)!.toLowerCase();
    if (/^[a-z]{4,}$/.test(last)) names.set(last, (names.get(last) ?? 0) + 1);
  }
  const lastName = [...names].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
  const middle = requests[Math.floor(requests.length / 2)]!.created_at;
  const from = middle - (middle % DAY) - 60 * DAY;
  // The agent that most requests name, among their resources or scheduled agents.
  const agents = new Map<string, number>();
  for (const r of requests) for (const x of [...r.resources, ...r.scheduled_agents]) if (x.type === 'agent') agents.set(x.id, (agents.get(x.id) ?? 0) + 1);
  const agentId = [...agents].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
  const resources = listOrder(data.resources);
  return [
    { id: 'like', title: 'LIKE on a name', path: `/v1/scheduling_requests?filter=scheduling_request.end_user_name~LIKE~${lastName}` },
    { id: 'in', title: 'IN of two roles', path: '/v1/agents?filter=agent.role~IN~Administrator,Billing' },
    {
      id: 'range',
      title: 'created_at range (60 days)',
      path: `/v1/scheduling_requests?filter=scheduling_request.created_at~GTE~${from}~AND~scheduling_request.created_at~LT~${from + 60 * DAY}`,
    },
    { id: 'collection', title: 'agent_id EQ (collection)', path: `/v1/scheduling_requests?filter=scheduling_request.agent_id~EQ~${agentId}` },
    { id: 'after', title: 'page after a cursor', path: `/v1/scheduling_requests?starting_after=${requests[Math.floor(requests.length / 4)]!.id}` },
    { id: 'before', title: 'page before a cursor (resources)', path: `/v1/resources?limit=10&ending_before=${resources[Math.floor(resources.length / 2)]!.id}` },
  ];
}
