/**
 * Seeded, realistic sample data for the scheduling models (record shapes in records.ts): agents, teams,
 * the resources list and scheduling requests that refer to them. Pure and deterministic: the
 * same options give the same records on every run. Built for volume (benchmarks generate a
 * million agents), so each record is one object literal of a fixed shape and the word pools are
 * prepared once.
 */
import { optionError } from '../../errors/tql-error.js';
import { CUSTOM_ROLES, TEAM_NAMES, TEAM_TYPES, TIME_ZONES } from './names.js';
import { randomEmail, randomPerson } from './people.js';
import { createRng, type Rng } from './prng.js';
import type {
  Agent,
  AgentRef,
  AssociatedEntity,
  Resource,
  ResourceRef,
  SchedulingRequest,
  SchedulingRequestStatus,
  Team,
} from './records.js';

/**
 * How much data {@link generateSchedulingData} makes, and from which seed.
 *
 * @example
 * ```ts
 * generateSchedulingData({ seed: 7, agents: 20, teams: 5, requests: 100 });
 * ```
 */
export interface GenerateOptions {
  /** Any integer; the same seed gives the same data. */
  readonly seed: number;
  readonly agents: number;
  readonly teams: number;
  readonly requests: number;
}

/** Everything the list endpoints of the scheduling API return. */
export interface SchedulingData {
  readonly agents: Agent[];
  readonly teams: Team[];
  /** The schedulable agents and all teams, as GET /v1/resources lists them (same objects). */
  readonly resources: Resource[];
  readonly schedulingRequests: SchedulingRequest[];
}

/** The largest count of one kind of record we generate (a guard against typos, not a design limit). */
const MAX_GENERATED = 10_000_000;

/** 2023-01-01T00:00:00Z to 2025-12-31T23:59:59Z: when generated records are created. */
const CREATED_FROM = 1672531200;
const CREATED_TO = 1767225599;
/** 2025-06-12, when requests gained date and time windows (the service's changelog). */
const WINDOWS_SINCE = 1749686400;
const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Generates a consistent dataset: requests refer to the generated agents and teams, and every
 * record follows the invariants of the scheduling API (a request is booked exactly when it has a
 * selected start time, a booking time, a time zone and scheduled agents; only `scheduled`,
 * `cancelled` and `closed` requests can be booked, and `scheduled` ones always are). Each kind of
 * record has its own random stream, so asking for more requests does not change the agents.
 * Throws a `TqlError` (`invalid_option`) for a count that is not a whole number in range.
 *
 * @example
 * ```ts
 * const data = generateSchedulingData({ seed: 7, agents: 50, teams: 5, requests: 200 });
 * data.agents[0]?.id; // 'agnt_…' followed by 21 letters and digits, the same on every run
 * ```
 */
export function generateSchedulingData(options: GenerateOptions): SchedulingData {
  const { seed, agents: agentCount, teams: teamCount, requests: requestCount } = checkOptions(options);
  const agents = new Array<Agent>(agentCount);
  const agentRng = createRng(seed ^ 0x0a9e17);
  for (let i = 0; i < agentCount; i++) agents[i] = makeAgent(agentRng, i);

  const teams = new Array<Team>(teamCount);
  const teamRng = createRng(seed ^ 0x7ea3);
  for (let i = 0; i < teamCount; i++) teams[i] = makeTeam(teamRng, i);

  const resources: Resource[] = [];
  for (const a of agents) if (a.schedulable) resources.push(a);
  for (const t of teams) resources.push(t);

  const schedulingRequests = new Array<SchedulingRequest>(requestCount);
  if (requestCount > 0) {
    const requestRng = createRng(seed ^ 0x5e9);
    const appointmentTypes = Array.from({ length: 8 }, () => publicId(requestRng, 'apty_'));
    const schedulable = agents.filter((a) => a.schedulable).map(agentRef);
    const world: World = { schedulable, teams, appointmentTypes };
    for (let i = 0; i < requestCount; i++) schedulingRequests[i] = makeRequest(requestRng, world);
  }

  return { agents, teams, resources, schedulingRequests };
}

function checkOptions(options: GenerateOptions): GenerateOptions {
  const problems: string[] = [];
  if (typeof options !== 'object' || options === null) {
    throw optionError('generateSchedulingData takes { seed, agents, teams, requests }.');
  }
  if (!Number.isSafeInteger(options.seed)) problems.push(`seed must be an integer, not ${String(options.seed)}`);
  for (const key of ['agents', 'teams', 'requests'] as const) {
    const n = options[key];
    if (!Number.isSafeInteger(n) || n < 0 || n > MAX_GENERATED) {
      problems.push(`${key} must be a whole number from 0 to ${MAX_GENERATED}, not ${String(n)}`);
    }
  }
  if (problems.length > 0) throw optionError(`generateSchedulingData: ${problems.join('; ')}.`);
  return options;
}

// ---- ids ----

/** `prefix` followed by 21 base62 characters (about 125 random bits). */
function publicId(rng: Rng, prefix: string): string {
  let id = prefix;
  for (let word = 0; word < 4; word++) {
    let x = rng.uint32();
    // Five base62 digits per 32-bit word (62^5 < 2^32); the slight bias does not matter here.
    for (let k = 0; k < 5; k++) {
      id += BASE62[x % 62];
      x = Math.floor(x / 62);
    }
  }
  return id + BASE62[rng.uint32() % 62];
}

// ---- agents and teams ----

function makeAgent(rng: Rng, index: number): Agent {
  const who = randomPerson(rng);
  const roleRoll = rng.float();
  const createdAt = rng.int(CREATED_FROM, CREATED_TO);
  return {
    id: publicId(rng, 'agnt_'),
    object: 'agent',
    name: who.name,
    email: randomEmail(rng, who),
    role: roleRoll < 0.15 ? 'Administrator' : roleRoll < 0.9 ? 'User' : rng.pick(CUSTOM_ROLES),
    schedulable: rng.chance(0.85),
    two_factor_enabled: rng.chance(0.4),
    // Slugs are unique, so they carry the agent's number.
    url_slug: rng.chance(0.1) ? null : `${who.slug}-${index + 1}`,
    created_at: createdAt,
    updated_at: createdAt + rng.int(0, 90 * DAY),
  };
}

function makeTeam(rng: Rng, index: number): Team {
  const [internal, external, slug] = TEAM_NAMES[index % TEAM_NAMES.length]!;
  // Past the pool, names repeat with a number: "Tier 1 Support 2".
  const round = Math.floor(index / TEAM_NAMES.length);
  const suffix = round === 0 ? '' : ` ${round + 1}`;
  const createdAt = rng.int(CREATED_FROM, CREATED_TO);
  return {
    id: publicId(rng, 'team_'),
    object: 'team',
    internal_name: internal + suffix,
    external_name: external === null || rng.chance(0.15) ? null : external + suffix,
    team_type: rng.pick(TEAM_TYPES),
    url_slug: round === 0 ? slug : `${slug}-${round + 1}`,
    created_at: createdAt,
    updated_at: createdAt + rng.int(0, 180 * DAY),
  };
}

// ---- scheduling requests ----

interface World {
  readonly schedulable: readonly AgentRef[];
  readonly teams: readonly Team[];
  readonly appointmentTypes: readonly string[];
}

function agentRef(a: Agent): AgentRef {
  return { type: 'agent', id: a.id, name: a.name };
}

const STATUS_WEIGHTS: readonly (readonly [SchedulingRequestStatus, number])[] = [
  ['new', 0.12],
  ['sent', 0.5],
  ['scheduled', 0.8],
  ['cancelled', 0.9],
  ['closed', 1],
];

function status(rng: Rng): SchedulingRequestStatus {
  const roll = rng.float();
  for (const [s, upTo] of STATUS_WEIGHTS) if (roll < upTo) return s;
  return 'closed';
}

/** Whether a request with this status was booked (a cancelled or closed one may have been). */
function wasBooked(rng: Rng, s: SchedulingRequestStatus): boolean {
  switch (s) {
    case 'new':
    case 'sent':
      return false;
    case 'scheduled':
      return true;
    case 'cancelled':
      return rng.chance(0.6);
    case 'closed':
      return rng.chance(0.5);
  }
}

function resourcesFor(rng: Rng, world: World): ResourceRef[] {
  const { schedulable, teams } = world;
  const roll = rng.float();
  const agent = schedulable.length > 0 ? rng.pick(schedulable as [AgentRef]) : undefined;
  const team = teams.length > 0 ? rng.pick(teams as [Team]) : undefined;
  const teamRef = team && ({ type: 'team', id: team.id, name: team.internal_name } as const);
  if (roll < 0.7) return agent ? [agent] : teamRef ? [teamRef] : [];
  if (roll < 0.9) return teamRef ? [teamRef] : agent ? [agent] : [];
  const both: ResourceRef[] = [];
  if (agent) both.push(agent);
  if (teamRef) both.push(teamRef);
  return both;
}

/** Entities of one PSA system, as a request created from that system carries them. */
function associatedEntities(rng: Rng, createdAt: number): AssociatedEntity[] {
  const roll = rng.float();
  const out: AssociatedEntity[] = [];
  if (roll < 0.4) {
    out.push({ type: 'psa_a/company', id: rng.int(1, 5000) });
    if (rng.chance(0.05)) out.push({ type: 'psa_a/company', id: rng.int(1, 5000) });
    if (rng.chance(0.8)) out.push({ type: 'psa_a/contact', id: rng.int(1, 50000) });
    if (rng.chance(0.7)) {
      // psa_a shows ticket numbers as T<yyyymmdd>.<nnnn>; the id is unrelated.
      const day = isoDate(createdAt).replaceAll('-', '');
      out.push({ type: 'psa_a/ticket', id: rng.int(1, 900000), number: `T${day}.${String(rng.int(1, 9999)).padStart(4, '0')}` });
    }
  } else if (roll < 0.75) {
    out.push({ type: 'psa_b/company', id: rng.int(1, 5000) });
    if (rng.chance(0.8)) out.push({ type: 'psa_b/contact', id: rng.int(1, 50000) });
    const ticketRoll = rng.float();
    if (ticketRoll < 0.4 || ticketRoll >= 0.9) {
      const id = rng.int(1000, 99999);
      out.push({ type: 'psa_b/project_ticket', id, number: `#${id}` });
    }
    if (ticketRoll >= 0.4) {
      const id = rng.int(1000, 99999);
      out.push({ type: 'psa_b/service_ticket', id, number: `#${id}` });
    }
  } else if (roll < 0.9) {
    out.push({ type: 'psa_c/client', id: rng.int(1, 5000) });
    if (rng.chance(0.8)) out.push({ type: 'psa_c/user', id: rng.int(1, 50000) });
    if (rng.chance(0.7)) {
      const id = rng.int(1, 500000);
      out.push({ type: 'psa_c/ticket', id, number: String(id) });
    }
  }
  return out;
}

function isoDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

const DURATIONS = [15, 30, 30, 45, 60, 60, 90] as const;

function makeRequest(rng: Rng, world: World): SchedulingRequest {
  const id = publicId(rng, 'sreq_');
  const createdAt = rng.int(CREATED_FROM, CREATED_TO);
  const endUser = randomPerson(rng);
  const resources = resourcesFor(rng, world);
  let s = status(rng);
  // Whom the booking went to: the requested agents, or an agent the service picked from a team.
  const requestedAgents = resources.filter((r): r is AgentRef => r.type === 'agent');
  const pickable = requestedAgents.length > 0 ? requestedAgents : world.schedulable;
  let booked = wasBooked(rng, s);
  if (booked && pickable.length === 0) {
    booked = false;
    if (s === 'scheduled') s = 'sent';
  }
  const scheduledAgents: AgentRef[] =
    !booked ? [] : requestedAgents.length > 0 ? requestedAgents : [rng.pick(pickable as [AgentRef])];
  const scheduledAt = booked ? createdAt + rng.int(5 * MINUTE, 14 * DAY) : null;
  // Appointments start on a quarter hour, one to thirty days after booking.
  const start = scheduledAt === null ? null : Math.ceil((scheduledAt + rng.int(1, 30) * DAY) / (15 * MINUTE)) * 15 * MINUTE;
  const windowed = createdAt >= WINDOWS_SINCE && rng.chance(0.3);
  const guests = rng.chance(0.1) ? [randomEmail(rng, randomPerson(rng))] : [];
  return {
    id,
    object: 'scheduling_request',
    appointment_type_id: rng.pick(world.appointmentTypes as [string]),
    end_user_email: randomEmail(rng, endUser),
    end_user_name: endUser.name,
    duration_mins: rng.pick(DURATIONS),
    earliest_date: windowed ? isoDate(createdAt + DAY) : null,
    earliest_time: windowed ? '09:00:00' : null,
    latest_date: windowed ? isoDate(createdAt + 15 * DAY) : null,
    latest_time: windowed ? '17:00:00' : null,
    associated_entities: associatedEntities(rng, createdAt),
    resources,
    guests_list: guests,
    scheduled_agents: scheduledAgents,
    scheduled_at: scheduledAt,
    scheduling_url: `https://scheduling.example.com/r/${id}`,
    selected_start_time: start,
    selected_time_zone: booked ? rng.pick(TIME_ZONES) : null,
    status: s,
    created_at: createdAt,
    updated_at: (scheduledAt ?? createdAt) + (s === 'new' ? 0 : rng.int(MINUTE, 2 * HOUR)),
  };
}
