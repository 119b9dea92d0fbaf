/**
 * The hand-made records every backend is tested on. Small enough to check each expected answer
 * by eye, and full of what breaks filters: null and missing fields, non-ASCII names, `%`, `_`,
 * quotes, backslashes, `~` and commas in values, psa_b ticket numbers with and without `#`,
 * several associated entities of one type, empty and missing arrays.
 *
 * Every value has the JS type the schema gives its attribute (a backend with typed columns can
 * store it); records with wrong-typed values are tested by the in-memory backend alone.
 */
import type {
  Agent,
  AgentRef,
  AssociatedEntity,
  SchedulingRequest,
  Team,
  TeamRef,
} from '../records.js';
import type { SchedulingEntityName } from '../schema.js';

/** A record that may lack any field but its id. */
export type ContractRecord<T> = { readonly id: string } & { readonly [K in keyof T]?: T[K] };

/**
 * A resource whose `object` tag is neither `agent` nor `team`: every `resource.*` attribute is
 * missing on it (schema: "a record whose tag is not listed has no value").
 */
export interface UnknownResource {
  readonly id: string;
  readonly object: string;
  readonly [field: string]: unknown;
}

export interface ContractData {
  readonly agent: readonly ContractRecord<Agent>[];
  readonly team: readonly ContractRecord<Team>[];
  readonly resource: readonly (ContractRecord<Agent> | ContractRecord<Team> | UnknownResource)[];
  readonly scheduling_request: readonly ContractRecord<SchedulingRequest>[];
}

// ---- agents ----

const ada = {
  id: 'agnt_ada',
  object: 'agent',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'Administrator',
  schedulable: true,
  two_factor_enabled: true,
  url_slug: 'ada',
  created_at: 1672531200, // 2023-01-01T00:00:00Z
  updated_at: 1680000000,
} as const satisfies Agent;

const jose = {
  id: 'agnt_jose',
  object: 'agent',
  name: 'José Müller',
  email: 'jose.muller@example.org',
  role: 'User',
  schedulable: true,
  two_factor_enabled: false,
  url_slug: 'jose-muller',
  created_at: 1688169600, // 2023-07-01T00:00:00Z exactly: the GTE/GT boundary
  updated_at: 1688169600,
} as const satisfies Agent;

const zoe = {
  id: 'agnt_zoe',
  object: 'agent',
  name: 'ZOË ÅNGSTRÖM',
  email: 'Zoe@Example.COM',
  role: 'Dispatcher',
  schedulable: false,
  two_factor_enabled: false,
  url_slug: null,
  created_at: 1688169599, // one second before 2023-07-01
  updated_at: 1690000000,
} as const satisfies Agent;

const pct = {
  id: 'agnt_pct',
  object: 'agent',
  name: '100% Sales_Team',
  email: 'sales_100%@example.com',
  role: 'User',
  schedulable: true,
  two_factor_enabled: true,
  url_slug: 'sales_100',
  created_at: 1700000000,
  updated_at: 1700000000,
} as const satisfies Agent;

const quote = {
  id: 'agnt_quote',
  object: 'agent',
  name: 'O\'Brien "Bob" \\ Back',
  email: "o'brien@example.com",
  role: 'user',
  schedulable: true,
  two_factor_enabled: false,
  url_slug: 'o-brien',
  created_at: 1735689600, // 2025-01-01
  updated_at: 1735689600,
} as const satisfies Agent;

/** No `url_slug` field at all (missing, not null). */
const wang = {
  id: 'agnt_wang',
  object: 'agent',
  name: '王芳',
  email: 'wang.fang@example.cn',
  role: 'Administrator',
  schedulable: false,
  two_factor_enabled: true,
  created_at: 1704067200, // 2024-01-01
  updated_at: 1704067200,
} as const satisfies ContractRecord<Agent>;

const ilkay = {
  id: 'agnt_ilkay',
  object: 'agent',
  name: 'İlkay Straße',
  email: 'ilkay~a,b@example.com',
  role: 'Team Lead',
  schedulable: true,
  two_factor_enabled: false,
  url_slug: 'ilkay',
  created_at: 1719792000, // 2024-07-01
  updated_at: 1719792000,
} as const satisfies Agent;

const lukasz = {
  id: 'agnt_lukasz',
  object: 'agent',
  name: 'Łukasz Kowalski',
  email: 'LUKASZ@EXAMPLE.COM',
  role: 'User',
  schedulable: true,
  two_factor_enabled: true,
  url_slug: 'lukasz',
  created_at: 1695000000,
  updated_at: 1695000000,
} as const satisfies Agent;

/** Only an id: every attribute is missing. */
const agentSparse = { id: 'agnt_sparse', object: 'agent' } as const satisfies ContractRecord<Agent>;

// ---- teams ----

const blue = {
  id: 'team_blue',
  object: 'team',
  internal_name: 'Blue Team',
  external_name: 'Support',
  team_type: 'psa_b/project',
  url_slug: 'blue',
  created_at: 1680000000,
  updated_at: 1680000000,
} as const satisfies Team;

const red = {
  id: 'team_red',
  object: 'team',
  internal_name: 'Red_Team 50%',
  external_name: null,
  team_type: 'psa_a/service',
  url_slug: 'red',
  created_at: 1690000000,
  updated_at: 1690000000,
} as const satisfies Team;

const ops = {
  id: 'team_ops',
  object: 'team',
  internal_name: 'Ops \\ Infra "Core"',
  external_name: 'Ops, Infra & Co',
  team_type: 'psa_b/service',
  url_slug: 'ops-infra',
  created_at: 1710000000,
  updated_at: 1710000000,
} as const satisfies Team;

/** Only an internal name: external_name, team_type, url_slug and created_at are missing. */
const teamSparse = { id: 'team_sparse', object: 'team', internal_name: 'Sparse' } as const satisfies ContractRecord<Team>;

const munchen = {
  id: 'team_munchen',
  object: 'team',
  internal_name: 'München Süd',
  external_name: 'MÜNCHEN',
  team_type: 'psa_b/project',
  url_slug: 'muenchen',
  created_at: 1740000000,
  updated_at: 1740000000,
} as const satisfies Team;

/** A resource of a kind the schema does not list: it has no value for any attribute. */
const bot: UnknownResource = { id: 'rsrc_bot', object: 'bot', name: 'Robo', internal_name: 'Robo', url_slug: 'robo' };

// ---- scheduling requests ----

const agentRef = (a: { id: string; name: string }): AgentRef => ({ type: 'agent', id: a.id, name: a.name });
const teamRef = (t: { id: string; internal_name: string }): TeamRef => ({ type: 'team', id: t.id, name: t.internal_name });

/** Fields a request has before the end user books. */
const unbooked = { scheduled_agents: [], scheduled_at: null, selected_start_time: null, selected_time_zone: null } as const;

const request = (
  fields: Omit<ContractRecord<SchedulingRequest>, 'object'> & {
    readonly associated_entities?: readonly AssociatedEntity[];
  },
): ContractRecord<SchedulingRequest> => ({
  object: 'scheduling_request',
  appointment_type_id: 'apty_intro',
  duration_mins: 30,
  earliest_date: null,
  earliest_time: null,
  latest_date: null,
  latest_time: null,
  guests_list: [],
  scheduling_url: `https://schedule.example.com/r/${fields.id}`,
  ...fields,
});

/**
 * A psa_b service ticket given with only its number (allowed on create, API spec 2.3): no `id`,
 * and the number stored without `#`.
 */
const numberOnlyServiceTicket = { type: 'psa_b/service_ticket', number: '1001' } as unknown as AssociatedEntity;
/** A psa_a company without its id: it has no value for `psa_a_company_id`. */
const idlessCompany = { type: 'psa_a/company' } as unknown as AssociatedEntity;

const requests: readonly ContractRecord<SchedulingRequest>[] = [
  request({
    id: 'sreq_new1',
    status: 'new',
    end_user_name: 'Pat Smith',
    end_user_email: 'pat@example.com',
    associated_entities: [
      { type: 'psa_a/company', id: 5 },
      { type: 'psa_a/contact', id: 77 },
      { type: 'psa_a/ticket', id: 9001, number: 'T-1001' },
    ],
    resources: [agentRef(ada)],
    ...unbooked,
    created_at: 1690000000, // 2023-07-22
    updated_at: 1690000000,
  }),
  request({
    id: 'sreq_sent2',
    status: 'sent',
    end_user_name: 'Zoë Ångström',
    end_user_email: 'zoe+test@example.org',
    associated_entities: [
      { type: 'psa_b/company', id: 5 },
      { type: 'psa_b/contact', id: 12 },
      { type: 'psa_b/service_ticket', id: 1234, number: '#1234' },
    ],
    resources: [teamRef(blue)],
    ...unbooked,
    created_at: 1700000000, // 2023-11-14
    updated_at: 1700000100,
  }),
  request({
    id: 'sreq_sched3',
    status: 'scheduled',
    end_user_name: "José O'Neil",
    end_user_email: 'jose@example.com',
    associated_entities: [
      { type: 'psa_b/project_ticket', id: 4321, number: '#4321' },
      { type: 'psa_b/service_ticket', id: 55, number: '#55' },
      { type: 'psa_b/company', id: 6 },
    ],
    resources: [agentRef(jose), teamRef(blue)],
    scheduled_agents: [agentRef(jose)],
    scheduled_at: 1700500000,
    selected_start_time: 1701000000, // 2023-11-26T12:00Z
    selected_time_zone: 'Europe/Berlin',
    created_at: 1700400000,
    updated_at: 1700500000,
  }),
  request({
    id: 'sreq_sched4',
    status: 'scheduled',
    end_user_name: '100%_done \\ "quoted"',
    end_user_email: 'under_score@example.com',
    associated_entities: [
      { type: 'psa_c/client', id: 5 },
      { type: 'psa_c/user', id: 8 },
      { type: 'psa_c/ticket', id: 3, number: 'C-77' },
    ],
    // A team was requested; the service picked one of its agents at booking.
    resources: [teamRef(red)],
    scheduled_agents: [agentRef(wang)],
    scheduled_at: 1720000000,
    selected_start_time: 1720100000, // 2024-07-04
    selected_time_zone: 'Asia/Shanghai',
    created_at: 1719000000,
    updated_at: 1720000000,
  }),
  request({
    id: 'sreq_cancel5',
    status: 'cancelled',
    end_user_name: 'Pat Smith',
    end_user_email: 'PAT@EXAMPLE.COM',
    associated_entities: [],
    resources: [],
    // Booked, then cancelled: the booking fields stay.
    scheduled_agents: [],
    scheduled_at: 1705000000,
    selected_start_time: 1705500000, // 2024-01-17
    selected_time_zone: 'America/New_York',
    created_at: 1704067200, // 2024-01-01 exactly
    updated_at: 1705600000,
  }),
  request({
    id: 'sreq_closed6',
    status: 'closed',
    end_user_name: '王芳',
    end_user_email: 'wang@example.cn',
    associated_entities: [
      { type: 'psa_a/company', id: 6 },
      { type: 'psa_a/company', id: 5 },
      { type: 'psa_a/ticket', id: 9002, number: 'T-1002' },
      numberOnlyServiceTicket,
    ],
    resources: [agentRef(ada), agentRef(zoe)],
    ...unbooked,
    created_at: 1735689600, // 2025-01-01
    updated_at: 1735689600,
  }),
  /** Only id and status: names, emails, timestamps and all arrays are missing. */
  { id: 'sreq_sparse7', object: 'scheduling_request', status: 'new' },
  request({
    id: 'sreq_sched8',
    status: 'scheduled',
    end_user_name: 'İlkay',
    end_user_email: 'ilkay@example.com',
    associated_entities: [idlessCompany, { type: 'psa_b/project_ticket', id: 77, number: '##77' }],
    resources: [{ type: 'agent', id: 'agnt_zoe', name: 'ZOË' }],
    scheduled_agents: [agentRef(ilkay)],
    scheduled_at: 1672531100,
    selected_start_time: 1672600000, // 2023-01-01T19:06:40Z
    selected_time_zone: 'Europe/Istanbul',
    created_at: 1672531199, // 2022-12-31T23:59:59Z
    updated_at: 1672531199,
  }),
];

/**
 * The contract records by entity name of `schedulingSchema`.
 *
 * @example
 * ```ts
 * CONTRACT_DATA.agent.map((a) => a.id); // ['agnt_ada', 'agnt_jose', …]
 * ```
 */
export const CONTRACT_DATA: ContractData & { readonly [E in SchedulingEntityName]: readonly unknown[] } = {
  agent: [ada, jose, zoe, pct, quote, wang, ilkay, lukasz, agentSparse],
  team: [blue, red, ops, teamSparse, munchen],
  resource: [ada, zoe, wang, agentSparse, blue, red, ops, teamSparse, bot],
  scheduling_request: requests,
};
