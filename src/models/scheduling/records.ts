/**
 * Record shapes of the scheduling API, as the list endpoints return them.
 * Where the API's documentation says "not shown" (a team in `resources`, an element of `scheduled_agents`,
 * the psa_c entities) we use the shape of the documented siblings and say so.
 */

/** Unix seconds. */
export type Timestamp = number;

/** The status of a scheduling request. */
export type SchedulingRequestStatus = 'new' | 'sent' | 'scheduled' | 'cancelled' | 'closed';

/** Associated entities (2.3). `number` is the ticket number as displayed (`#1234` for psa_b). */
export type AssociatedEntity =
  | { readonly type: 'psa_a/company'; readonly id: number }
  | { readonly type: 'psa_a/contact'; readonly id: number }
  | { readonly type: 'psa_a/ticket'; readonly id: number; readonly number: string }
  | { readonly type: 'psa_b/company'; readonly id: number }
  | { readonly type: 'psa_b/contact'; readonly id: number }
  | { readonly type: 'psa_b/project_ticket'; readonly id: number; readonly number: string }
  | { readonly type: 'psa_b/service_ticket'; readonly id: number; readonly number: string }
  // psa_c shapes are not shown in the API's documentation; we give them the psa_a shapes.
  | { readonly type: 'psa_c/client'; readonly id: number }
  | { readonly type: 'psa_c/user'; readonly id: number }
  | { readonly type: 'psa_c/ticket'; readonly id: number; readonly number: string };

/** The `type` of an associated entity: `'psa_a/company'`, `'psa_b/service_ticket'`, … */
export type AssociatedEntityType = AssociatedEntity['type'];

/** An agent inside `resources` or `scheduled_agents`. */
export interface AgentRef {
  readonly type: 'agent';
  readonly id: string;
  readonly name: string;
}

/** A team inside `resources` (shape not documented by the API; like an agent's). */
export interface TeamRef {
  readonly type: 'team';
  readonly id: string;
  readonly name: string;
}

/** An element of a request's `resources`: an agent or a team. */
export type ResourceRef = AgentRef | TeamRef;

/** A scheduling request as `GET /v1/scheduling_requests` returns it. */
export interface SchedulingRequest {
  readonly id: string;
  readonly object: 'scheduling_request';
  readonly appointment_type_id: string;
  readonly end_user_email: string;
  readonly end_user_name: string;
  readonly duration_mins: number;
  readonly earliest_date: string | null;
  readonly earliest_time: string | null;
  readonly latest_date: string | null;
  readonly latest_time: string | null;
  readonly associated_entities: readonly AssociatedEntity[];
  readonly resources: readonly ResourceRef[];
  readonly guests_list: readonly string[];
  readonly scheduled_agents: readonly AgentRef[];
  readonly scheduled_at: Timestamp | null;
  readonly scheduling_url: string;
  readonly selected_start_time: Timestamp | null;
  readonly selected_time_zone: string | null;
  readonly status: SchedulingRequestStatus;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}

/** An agent as `GET /v1/agents` returns it. */
export interface Agent {
  readonly id: string;
  readonly object: 'agent';
  readonly name: string;
  readonly email: string;
  readonly role: string;
  readonly schedulable: boolean;
  readonly two_factor_enabled: boolean;
  readonly url_slug: string | null;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}

/** A team as the resources list shows it. */
export interface Team {
  readonly id: string;
  readonly object: 'team';
  readonly internal_name: string;
  readonly external_name: string | null;
  readonly team_type: string;
  readonly url_slug: string;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}

/** An element of GET /v1/resources. */
export type Resource = Agent | Team;

/** The records of each entity of the scheduling schema. */
export interface SchedulingRecords {
  scheduling_request: SchedulingRequest;
  agent: Agent;
  resource: Resource;
  team: Team;
}
