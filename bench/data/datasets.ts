/**
 * The records every filter workload runs on, from the project's seeded generator: the same
 * seed gives the same data on every machine, so match counts are comparable between runs.
 * Smaller sizes are prefixes of the largest one (the same objects), which keeps memory and
 * generation time to one dataset per entity.
 */
import { generateSchedulingData } from '../../src/models/scheduling/generate.js';
import type { Agent, SchedulingRequest, Team } from '../../src/models/scheduling/records.js';

export interface Datasets {
  readonly agents: readonly Agent[];
  readonly requests: readonly SchedulingRequest[];
  /** The teams requests refer to. */
  readonly teams: readonly Team[];
}

/** Agents that requests are booked with: enough that an `agent_id` matches a few hundred requests per million. */
const REQUEST_AGENT_POOL = 2000;
const TEAMS = 40;

/**
 * Generates `size` agents and `size` scheduling requests.
 *
 * @example
 * ```ts
 * const { agents, requests } = makeDatasets(1000, 42);
 * agents.length; // 1000
 * ```
 */
export function makeDatasets(size: number, seed: number): Datasets {
  // Two calls: a million agents, then a million requests among a smaller pool of agents (each
  // kind of record has its own random stream, so the teams are the same in both).
  const { agents } = generateSchedulingData({ seed, agents: size, teams: 0, requests: 0 });
  const { schedulingRequests, teams } = generateSchedulingData({
    seed,
    agents: REQUEST_AGENT_POOL,
    teams: TEAMS,
    requests: size,
  });
  return { agents, requests: schedulingRequests, teams };
}

/** What workloads need to know about the data: ids that occur in it. */
export interface Fixture {
  /** An agent that requests are booked with. */
  readonly agentId: string;
  /** A team that requests are booked with. */
  readonly teamId: string;
  /** The first {@link IN_NAMES} distinct agent names, for an IN of many values. */
  readonly agentNames: readonly string[];
}

/** How many names the IN of many values lists. */
export const IN_NAMES = 50;

/**
 * Picks the ids the `agent_id` and `team_id` workloads look for: those of the first request
 * that names an agent, and of the first team; and the first agents' names, for an IN.
 *
 * @example
 * ```ts
 * fixtureOf(makeDatasets(1000, 42)).agentId; // 'agnt_…'
 * ```
 */
export function fixtureOf(data: Datasets): Fixture {
  let agent: { readonly id: string } | undefined;
  for (const r of data.requests) {
    agent = r.resources.find((x) => x.type === 'agent');
    if (agent !== undefined) break;
  }
  const team = data.teams[0];
  const names = new Set<string>();
  for (const a of data.agents) {
    if (names.size === IN_NAMES) break;
    names.add(a.name);
  }
  if (agent === undefined || team === undefined || names.size < IN_NAMES) throw new Error('the dataset is too small to have an agent, a team and the names');
  return { agentId: agent.id, teamId: team.id, agentNames: [...names] };
}
