/**
 * The scheduling service's filterable attributes (docs/server.md, Filtering) as a tql schema.
 * Record shapes are in `records.ts`; this file says where each attribute is found in them.
 */
import { defineSchema } from '../../schema/define-schema.js';
import type { AttributeDefinition } from '../../schema/types.js';

/** The statuses of a scheduling request. */
export const SCHEDULING_REQUEST_STATUSES = ['new', 'sent', 'scheduled', 'cancelled', 'closed'] as const;

/** "Some associated entity of one of these types whose `value` field …". */
function associated(types: readonly [string, ...string[]], value: 'id' | 'number'): AttributeDefinition {
  const base = {
    source: { kind: 'element', arrays: ['associated_entities'], where: { field: 'type', oneOf: types }, value },
  } as const;
  return value === 'id' ? { type: 'ID', id: { kind: 'integer' }, ...base } : { type: 'String', ...base };
}

/**
 * The schema of the scheduling API: `scheduling_request` (4.1), `agent` (4.4), `resource` (4.5)
 * and `team`.
 *
 * @example
 * ```ts
 * const q = check('scheduling_request.status~IN~new,sent', schedulingSchema, 'scheduling_request');
 * ```
 */
export const schedulingSchema = defineSchema({
  ids: { agnt_: 'an agent', team_: 'a team', sreq_: 'a scheduling request', apty_: 'an appointment type' },
  entities: {
    scheduling_request: {
      description: 'GET /v1/scheduling_requests',
      attributes: {
        psa_a_company_id: associated(['psa_a/company'], 'id'),
        psa_a_contact_id: associated(['psa_a/contact'], 'id'),
        psa_a_ticket_number: associated(['psa_a/ticket'], 'number'),
        psa_b_company_id: associated(['psa_b/company'], 'id'),
        psa_b_contact_id: associated(['psa_b/contact'], 'id'),
        psa_b_ticket_number: {
          type: 'String',
          description: 'The number of a project or service ticket; "#1234" and "1234" are the same.',
          source: {
            kind: 'element',
            arrays: ['associated_entities'],
            where: { field: 'type', oneOf: ['psa_b/project_ticket', 'psa_b/service_ticket'] },
            value: 'number',
            ignorePrefix: '#',
          },
        },
        psa_b_project_ticket_number: {
          type: 'String',
          source: {
            kind: 'element',
            arrays: ['associated_entities'],
            where: { field: 'type', oneOf: ['psa_b/project_ticket'] },
            value: 'number',
            ignorePrefix: '#',
          },
        },
        psa_b_service_ticket_number: {
          type: 'String',
          source: {
            kind: 'element',
            arrays: ['associated_entities'],
            where: { field: 'type', oneOf: ['psa_b/service_ticket'] },
            value: 'number',
            ignorePrefix: '#',
          },
        },
        psa_c_client_id: associated(['psa_c/client'], 'id'),
        psa_c_user_id: associated(['psa_c/user'], 'id'),
        psa_c_ticket_number: associated(['psa_c/ticket'], 'number'),
        end_user_name: { type: 'String' },
        end_user_email: { type: 'String' },
        status: { type: 'String', values: SCHEDULING_REQUEST_STATUSES },
        selected_start_time: { type: 'Timestamp', nullable: true },
        scheduled_at: { type: 'Timestamp', nullable: true },
        created_at: { type: 'Timestamp' },
        agent_id: {
          type: 'ID',
          id: { kind: 'prefixed', prefix: 'agnt_' },
          description: 'An agent among the resources or the scheduled agents.',
          source: {
            kind: 'element',
            arrays: ['resources', 'scheduled_agents'],
            where: { field: 'type', oneOf: ['agent'] },
            value: 'id',
          },
        },
        team_id: {
          type: 'ID',
          id: { kind: 'prefixed', prefix: 'team_' },
          description: 'A team among the resources.',
          source: { kind: 'element', arrays: ['resources'], where: { field: 'type', oneOf: ['team'] }, value: 'id' },
        },
      },
    },
    agent: {
      description: 'GET /v1/agents',
      attributes: {
        name: { type: 'String' },
        email: { type: 'String' },
        role: { type: 'String', description: 'Open set: Administrator, User and custom roles.' },
        schedulable: { type: 'Boolean' },
        two_factor_enabled: { type: 'Boolean' },
        url_slug: { type: 'String', nullable: true },
        created_at: { type: 'Timestamp' },
      },
    },
    resource: {
      description: 'GET /v1/resources: agents and teams together.',
      attributes: {
        internal_name: {
          type: 'String',
          description: "An agent's name or a team's internal_name.",
          source: { kind: 'variant', tag: 'object', fields: { agent: 'name', team: 'internal_name' } },
        },
        external_name: {
          type: 'String',
          nullable: true,
          description: "An agent's name or a team's external_name (null for some teams).",
          source: { kind: 'variant', tag: 'object', fields: { agent: 'name', team: 'external_name' } },
        },
        url_slug: {
          type: 'String',
          nullable: true,
          source: { kind: 'variant', tag: 'object', fields: { agent: 'url_slug', team: 'url_slug' } },
        },
      },
    },
    team: {
      description: 'The teams endpoint (its filter attributes are not in the public spec; these follow the team record).',
      attributes: {
        internal_name: { type: 'String' },
        external_name: { type: 'String', nullable: true },
        team_type: { type: 'String' },
        url_slug: { type: 'String' },
        created_at: { type: 'Timestamp' },
      },
    },
  },
});

/** The type of {@link schedulingSchema}, with its entity and attribute names as literal types. */
export type SchedulingSchema = typeof schedulingSchema;
/** `'scheduling_request' | 'agent' | 'resource' | 'team'`. */
export type SchedulingEntityName = SchedulingSchema['entityNames'][number];
