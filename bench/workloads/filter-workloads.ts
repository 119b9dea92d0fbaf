/**
 * The filter workloads: one query each, written once in TQL, once as the plain arrow function a
 * developer would write for it (in query order, `toLowerCase().includes` for LIKE: the limit),
 * and once in each peer's own language. A peer that cannot say the query gets the reason
 * instead, and is reported as n/a.
 */
import type { Agent, SchedulingRequest } from '../../src/models/scheduling/records.js';
import type { Fixture } from '../data/datasets.js';

/** The reason a peer cannot express a workload. */
export interface NotExpressible {
  readonly na: string;
}

/** A MongoDB query document (evaluated by sift, mingo and @ucast/mongo2js). */
export type MongoFilter = Readonly<Record<string, unknown>>;

/** A JsonLogic rule; `like` is a custom operation registered by the bench (JsonLogic has none). */
export type JsonLogicRule = Readonly<Record<string, unknown>>;

/** The workload in each peer language. */
export interface PeerForms {
  readonly mongo: MongoFilter | NotExpressible;
  /** filtrex, with a custom `like(text, needle)` function (filtrex has none). */
  readonly filtrex: string | NotExpressible;
  readonly liqe: string | NotExpressible;
  readonly jsonLogic: JsonLogicRule | NotExpressible;
  /** CEL over a variable `r` holding the record. */
  readonly cel: string | NotExpressible;
}

export type PeerForm = keyof PeerForms;

interface WorkloadOf<E extends string, R> {
  readonly id: string;
  readonly entity: E;
  readonly predicates: number;
  readonly tql: string;
  readonly hand: (record: R) => boolean;
  /**
   * The fastest hand-written function with the same result that we know, where it is not the
   * arrow: a case-insensitive regex for LIKE (one native call, no lower-cased copy) and the
   * cheapest tests first. The goal "within 1.25x of the best hand-written function" is judged
   * against it, and against the arrow where there is none.
   */
  readonly best?: (record: R) => boolean;
  readonly peers: PeerForms;
}

/**
 * Workloads whose per-record work is one native call (a single LIKE: `RegExp#test` in tql and in
 * the peers that compile `$regex`): there tql's goal is to be ahead of every peer, not 3x ahead
 * (issue 14).
 */
export const NATIVE_CALL_WORKLOADS: readonly string[] = ['agent-1'];

export type FilterWorkload = WorkloadOf<'agent', Agent> | WorkloadOf<'scheduling_request', SchedulingRequest>;

const NO_IN_LIQE: NotExpressible = {
  na: 'liqe has no IN; a /^(a|b)$/ regex or an OR of phrase matches (substring, not equality) would be a different query',
};
const NO_ARRAYS_LIQE: NotExpressible = { na: 'liqe cannot test two properties of the same array element' };
const NO_ARRAYS_FILTREX: NotExpressible = {
  na: 'filtrex has no quantifier over arrays (only a custom JavaScript function could say "some element")',
};

const T_2024_07_01 = 1719792000;
const T_2024_01_01 = 1704067200;
const T_2025_01_01 = 1735689600;

const JOHN = /john/i;
const SMITH = /smith/i;
const EXAMPLE_ORG = /example\.org/i;

const like = (field: string, needle: string) => ({ [field]: { $regex: needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' } });

/**
 * Every filter workload: `agent` and `scheduling_request`, with 1, 3 and 6 predicates (a text
 * test written first in each AND of several, so tql's order is what runs it last), ones that
 * match 30-99% of the records (the number in their id is the share, in percent), a collection
 * attribute among them, and an IN of 50 names.
 *
 * @example
 * ```ts
 * filterWorkloads(fixture).map((w) => w.id); // ['agent-1', 'agent-3', 'agent-6', 'request-1', …]
 * ```
 */
export function filterWorkloads(fixture: Fixture): readonly FilterWorkload[] {
  const { agentId, teamId, agentNames } = fixture;
  const quotedNames = agentNames.map((n) => JSON.stringify(n)).join(', ');
  const nameSet = new Set(agentNames);
  const agentElement = { type: 'agent', id: agentId };
  const agentSome = (array: string) => ({
    some: [{ var: array }, { and: [{ '==': [{ var: 'type' }, 'agent'] }, { '==': [{ var: 'id' }, agentId] }] }],
  });
  return [
    {
      id: 'agent-1',
      entity: 'agent',
      predicates: 1,
      tql: 'agent.name LIKE john',
      hand: (r) => r.name.toLowerCase().includes('john'),
      best: (r) => JOHN.test(r.name),
      peers: {
        mongo: like('name', 'john'),
        filtrex: 'like(name, "john")',
        liqe: 'name:john',
        jsonLogic: { like: [{ var: 'name' }, 'john'] },
        cel: 'r.name.lowerAscii().contains("john")',
      },
    },
    {
      id: 'agent-3',
      entity: 'agent',
      predicates: 3,
      tql: 'agent.name LIKE john AND agent.two_factor_enabled EQ false AND agent.created_at GTE 2024-07-01',
      hand: (r) => r.name.toLowerCase().includes('john') && r.two_factor_enabled === false && r.created_at >= T_2024_07_01,
      best: (r) => r.two_factor_enabled === false && r.created_at >= T_2024_07_01 && JOHN.test(r.name),
      peers: {
        mongo: { $and: [like('name', 'john'), { two_factor_enabled: { $eq: false } }, { created_at: { $gte: T_2024_07_01 } }] },
        filtrex: `like(name, "john") and not two_factor_enabled and created_at >= ${T_2024_07_01}`,
        liqe: `name:john AND two_factor_enabled:false AND created_at:>=${T_2024_07_01}`,
        jsonLogic: {
          and: [{ like: [{ var: 'name' }, 'john'] }, { '===': [{ var: 'two_factor_enabled' }, false] }, { '>=': [{ var: 'created_at' }, T_2024_07_01] }],
        },
        cel: `r.name.lowerAscii().contains("john") && r.two_factor_enabled == false && r.created_at >= ${T_2024_07_01}`,
      },
    },
    {
      id: 'agent-6',
      entity: 'agent',
      predicates: 6,
      tql:
        '(agent.name LIKE john OR agent.email LIKE example.org) AND agent.two_factor_enabled EQ false AND ' +
        '(agent.role IN Administrator,Billing OR agent.created_at GTE 2024-07-01) AND agent.schedulable EQ true',
      hand: (r) =>
        (r.name.toLowerCase().includes('john') || r.email.toLowerCase().includes('example.org')) &&
        r.two_factor_enabled === false &&
        (r.role === 'Administrator' || r.role === 'Billing' || r.created_at >= T_2024_07_01) &&
        r.schedulable === true,
      best: (r) =>
        r.two_factor_enabled === false &&
        r.schedulable === true &&
        (r.created_at >= T_2024_07_01 || r.role === 'Administrator' || r.role === 'Billing') &&
        (JOHN.test(r.name) || EXAMPLE_ORG.test(r.email)),
      peers: {
        mongo: {
          $and: [
            { $or: [like('name', 'john'), like('email', 'example.org')] },
            { two_factor_enabled: { $eq: false } },
            { $or: [{ role: { $in: ['Administrator', 'Billing'] } }, { created_at: { $gte: T_2024_07_01 } }] },
            { schedulable: { $eq: true } },
          ],
        },
        filtrex:
          '(like(name, "john") or like(email, "example.org")) and not two_factor_enabled and ' +
          `(role in ("Administrator", "Billing") or created_at >= ${T_2024_07_01}) and schedulable`,
        liqe: NO_IN_LIQE,
        jsonLogic: {
          and: [
            { or: [{ like: [{ var: 'name' }, 'john'] }, { like: [{ var: 'email' }, 'example.org'] }] },
            { '===': [{ var: 'two_factor_enabled' }, false] },
            { or: [{ in: [{ var: 'role' }, ['Administrator', 'Billing']] }, { '>=': [{ var: 'created_at' }, T_2024_07_01] }] },
            { '===': [{ var: 'schedulable' }, true] },
          ],
        },
        cel:
          '(r.name.lowerAscii().contains("john") || r.email.lowerAscii().contains("example.org")) && ' +
          `r.two_factor_enabled == false && (r.role in ["Administrator", "Billing"] || r.created_at >= ${T_2024_07_01}) && ` +
          'r.schedulable == true',
      },
    },
    {
      id: 'request-1',
      entity: 'scheduling_request',
      predicates: 1,
      tql: `scheduling_request.agent_id EQ ${agentId}`,
      hand: (r) =>
        r.resources.some((x) => x.type === 'agent' && x.id === agentId) ||
        r.scheduled_agents.some((x) => x.type === 'agent' && x.id === agentId),
      peers: {
        mongo: { $or: [{ resources: { $elemMatch: agentElement } }, { scheduled_agents: { $elemMatch: agentElement } }] },
        filtrex: NO_ARRAYS_FILTREX,
        liqe: NO_ARRAYS_LIQE,
        jsonLogic: { or: [agentSome('resources'), agentSome('scheduled_agents')] },
        cel:
          `r.resources.exists(x, x.type == "agent" && x.id == "${agentId}") || ` +
          `r.scheduled_agents.exists(x, x.type == "agent" && x.id == "${agentId}")`,
      },
    },
    {
      id: 'request-3',
      entity: 'scheduling_request',
      predicates: 3,
      tql:
        'scheduling_request.status IN scheduled,closed AND scheduling_request.selected_start_time GTE 2025-01-01 AND ' +
        'scheduling_request.end_user_name LIKE smith',
      hand: (r) =>
        (r.status === 'scheduled' || r.status === 'closed') &&
        r.selected_start_time !== null &&
        r.selected_start_time >= T_2025_01_01 &&
        r.end_user_name.toLowerCase().includes('smith'),
      best: (r) =>
        r.selected_start_time !== null &&
        r.selected_start_time >= T_2025_01_01 &&
        (r.status === 'scheduled' || r.status === 'closed') &&
        SMITH.test(r.end_user_name),
      peers: {
        mongo: {
          $and: [{ status: { $in: ['scheduled', 'closed'] } }, { selected_start_time: { $gte: T_2025_01_01 } }, like('end_user_name', 'smith')],
        },
        // filtrex turns a comparison with null into an error object (truthy), hence exists().
        filtrex:
          `status in ("scheduled", "closed") and exists(selected_start_time) and selected_start_time >= ${T_2025_01_01} and ` +
          'like(end_user_name, "smith")',
        liqe: NO_IN_LIQE,
        jsonLogic: {
          and: [
            { in: [{ var: 'status' }, ['scheduled', 'closed']] },
            { '!==': [{ var: 'selected_start_time' }, null] },
            { '>=': [{ var: 'selected_start_time' }, T_2025_01_01] },
            { like: [{ var: 'end_user_name' }, 'smith'] },
          ],
        },
        cel:
          'r.status in ["scheduled", "closed"] && r.selected_start_time != null && ' +
          `r.selected_start_time >= ${T_2025_01_01} && r.end_user_name.lowerAscii().contains("smith")`,
      },
    },
    {
      id: 'request-6',
      entity: 'scheduling_request',
      predicates: 6,
      tql:
        '(scheduling_request.end_user_name LIKE smith OR scheduling_request.end_user_email LIKE example.org) AND ' +
        'scheduling_request.status IN scheduled,cancelled,closed AND scheduling_request.created_at GTE 2024-01-01 AND ' +
        `(scheduling_request.psa_b_ticket_number LIKE 123 OR scheduling_request.team_id EQ ${teamId})`,
      hand: (r) =>
        (r.end_user_name.toLowerCase().includes('smith') || r.end_user_email.toLowerCase().includes('example.org')) &&
        (r.status === 'scheduled' || r.status === 'cancelled' || r.status === 'closed') &&
        r.created_at >= T_2024_01_01 &&
        (r.associated_entities.some(
          (e) => (e.type === 'psa_b/project_ticket' || e.type === 'psa_b/service_ticket') && e.number.includes('123'),
        ) ||
          r.resources.some((x) => x.type === 'team' && x.id === teamId)),
      best: (r) =>
        r.created_at >= T_2024_01_01 &&
        (r.status === 'scheduled' || r.status === 'cancelled' || r.status === 'closed') &&
        (SMITH.test(r.end_user_name) || EXAMPLE_ORG.test(r.end_user_email)) &&
        (r.resources.some((x) => x.type === 'team' && x.id === teamId) ||
          r.associated_entities.some((e) => (e.type === 'psa_b/project_ticket' || e.type === 'psa_b/service_ticket') && e.number.includes('123'))),
      peers: {
        mongo: {
          $and: [
            { $or: [like('end_user_name', 'smith'), like('end_user_email', 'example.org')] },
            { status: { $in: ['scheduled', 'cancelled', 'closed'] } },
            { created_at: { $gte: T_2024_01_01 } },
            {
              $or: [
                {
                  associated_entities: {
                    $elemMatch: { type: { $in: ['psa_b/project_ticket', 'psa_b/service_ticket'] }, number: { $regex: '123' } },
                  },
                },
                { resources: { $elemMatch: { type: 'team', id: teamId } } },
              ],
            },
          ],
        },
        filtrex: NO_ARRAYS_FILTREX,
        liqe: NO_ARRAYS_LIQE,
        jsonLogic: {
          and: [
            { or: [{ like: [{ var: 'end_user_name' }, 'smith'] }, { like: [{ var: 'end_user_email' }, 'example.org'] }] },
            { in: [{ var: 'status' }, ['scheduled', 'cancelled', 'closed']] },
            { '>=': [{ var: 'created_at' }, T_2024_01_01] },
            {
              or: [
                {
                  some: [
                    { var: 'associated_entities' },
                    {
                      and: [
                        { in: [{ var: 'type' }, ['psa_b/project_ticket', 'psa_b/service_ticket']] },
                        { in: ['123', { var: 'number' }] },
                      ],
                    },
                  ],
                },
                {
                  some: [{ var: 'resources' }, { and: [{ '==': [{ var: 'type' }, 'team'] }, { '==': [{ var: 'id' }, teamId] }] }],
                },
              ],
            },
          ],
        },
        cel:
          '(r.end_user_name.lowerAscii().contains("smith") || r.end_user_email.lowerAscii().contains("example.org")) && ' +
          `r.status in ["scheduled", "cancelled", "closed"] && r.created_at >= ${T_2024_01_01} && ` +
          '(r.associated_entities.exists(e, e.type in ["psa_b/project_ticket", "psa_b/service_ticket"] && e.number.contains("123")) || ' +
          `r.resources.exists(x, x.type == "team" && x.id == "${teamId}"))`,
      },
    },
    // Workloads that match many records (share on the seeded data): the cost of what runs only
    // for a record that passes a test (the own-property check) grows with the share, and the
    // workloads above, which match 0.05-6%, hide it.
    {
      id: 'agent-bool-40',
      entity: 'agent',
      predicates: 1,
      tql: 'agent.two_factor_enabled EQ true',
      hand: (r) => r.two_factor_enabled === true,
      peers: {
        mongo: { two_factor_enabled: { $eq: true } },
        filtrex: 'two_factor_enabled',
        liqe: 'two_factor_enabled:true',
        jsonLogic: { '===': [{ var: 'two_factor_enabled' }, true] },
        cel: 'r.two_factor_enabled == true',
      },
    },
    {
      id: 'request-eq-38',
      entity: 'scheduling_request',
      predicates: 1,
      tql: 'scheduling_request.status EQ sent',
      hand: (r) => r.status === 'sent',
      peers: {
        mongo: { status: { $eq: 'sent' } },
        filtrex: 'status == "sent"',
        liqe: 'status:/^sent$/',
        jsonLogic: { '===': [{ var: 'status' }, 'sent'] },
        cel: 'r.status == "sent"',
      },
    },
    {
      id: 'request-in-32',
      entity: 'scheduling_request',
      predicates: 1,
      tql: 'scheduling_request.status IN new,cancelled,closed',
      hand: (r) => r.status === 'new' || r.status === 'cancelled' || r.status === 'closed',
      peers: {
        mongo: { status: { $in: ['new', 'cancelled', 'closed'] } },
        filtrex: 'status in ("new", "cancelled", "closed")',
        liqe: NO_IN_LIQE,
        jsonLogic: { in: [{ var: 'status' }, ['new', 'cancelled', 'closed']] },
        cel: 'r.status in ["new", "cancelled", "closed"]',
      },
    },
    {
      id: 'request-null-59',
      entity: 'scheduling_request',
      predicates: 1,
      tql: 'scheduling_request.selected_start_time EQ null',
      hand: (r) => r.selected_start_time === null,
      peers: {
        mongo: { selected_start_time: { $eq: null } },
        filtrex: 'not exists(selected_start_time)',
        liqe: { na: 'liqe has no test for null: field:null matches the text "null"' },
        jsonLogic: { '===': [{ var: 'selected_start_time' }, null] },
        cel: 'r.selected_start_time == null',
      },
    },
    {
      // A collection attribute: no team among the resources is this one (all but 0.6%).
      id: 'request-team-not-99',
      entity: 'scheduling_request',
      predicates: 1,
      tql: `scheduling_request.team_id NOT_EQ ${teamId}`,
      hand: (r) => !r.resources.some((x) => x.type === 'team' && x.id === teamId),
      peers: {
        mongo: { $nor: [{ resources: { $elemMatch: { type: 'team', id: teamId } } }] },
        filtrex: NO_ARRAYS_FILTREX,
        liqe: NO_ARRAYS_LIQE,
        jsonLogic: { '!': { some: [{ var: 'resources' }, { and: [{ '==': [{ var: 'type' }, 'team'] }, { '==': [{ var: 'id' }, teamId] }] }] } },
        cel: `!r.resources.exists(x, x.type == "team" && x.id == "${teamId}")`,
      },
    },
    {
      // An IN of many values: the arrow scans the list, the best function asks a Set.
      id: 'agent-in-many',
      entity: 'agent',
      predicates: 1,
      tql: `agent.name IN ${agentNames.map((n) => JSON.stringify(n)).join(',')}`,
      hand: (r) => agentNames.includes(r.name),
      best: (r) => nameSet.has(r.name),
      peers: {
        mongo: { name: { $in: agentNames } },
        filtrex: `name in (${quotedNames})`,
        liqe: NO_IN_LIQE,
        jsonLogic: { in: [{ var: 'name' }, agentNames] },
        cel: `r.name in [${quotedNames}]`,
      },
    },
    {
      id: 'agent-3-high',
      entity: 'agent',
      predicates: 3,
      tql: 'agent.schedulable EQ true AND agent.role IN User,Administrator AND agent.url_slug NOT_EQ null',
      hand: (r) => r.schedulable === true && (r.role === 'User' || r.role === 'Administrator') && r.url_slug !== null,
      peers: {
        mongo: { $and: [{ schedulable: { $eq: true } }, { role: { $in: ['User', 'Administrator'] } }, { url_slug: { $ne: null } }] },
        filtrex: 'schedulable and role in ("User", "Administrator") and exists(url_slug)',
        liqe: NO_IN_LIQE,
        jsonLogic: {
          and: [{ '===': [{ var: 'schedulable' }, true] }, { in: [{ var: 'role' }, ['User', 'Administrator']] }, { '!==': [{ var: 'url_slug' }, null] }],
        },
        cel: 'r.schedulable == true && r.role in ["User", "Administrator"] && r.url_slug != null',
      },
    },
  ];
}
