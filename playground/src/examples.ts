/** Filters to start from, per entity: the public dialect's own examples and a few extensions. */
import type { SchedulingEntityName } from '../../src/models/scheduling/schema.js';

export const EXAMPLES: { readonly [E in SchedulingEntityName]: readonly string[] } = {
  scheduling_request: [
    'scheduling_request.status~IN~new,sent',
    'scheduling_request.status~EQ~scheduled~AND~scheduling_request.end_user_email~LIKE~@example.com',
    'scheduling_request.selected_start_time GTE 2024-01-01 AND scheduling_request.selected_start_time LT 2024-02-01',
    'scheduling_request.scheduled_at EQ null',
    'scheduling_request.psa_b_ticket_number LIKE 12',
    '(scheduling_request.status EQ cancelled OR scheduling_request.status EQ closed) AND scheduling_request.end_user_name LIKE an',
  ],
  agent: [
    'agent.name~LIKE~john',
    'agent.two_factor_enabled EQ false AND agent.schedulable EQ true',
    'agent.role IN Administrator,User',
    'agent.url_slug EQ null OR agent.email LIKE example.org',
    'agent.name eq john',
  ],
  resource: ['resource.url_slug NOT_IN alice,bob', 'resource.internal_name LIKE support', 'resource.external_name EQ null'],
  team: ['team.team_type EQ psa_b/project', 'team.internal_name LIKE a AND team.external_name NOT_EQ null'],
};
