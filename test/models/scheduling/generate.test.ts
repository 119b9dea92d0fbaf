/**
 * The sample-data generator: deterministic, and every record has the shape and the invariants
 * of the API spec (section 2).
 */
import { fc, test as propTest } from '../../support/property.js';
import { describe, expect, test } from 'vitest';
import { isTqlError } from '../../../src/errors/tql-error.js';
import { generateSchedulingData, type GenerateOptions } from '../../../src/models/scheduling/generate.js';
import type { AssociatedEntityType, SchedulingRequest } from '../../../src/models/scheduling/records.js';
import { SCHEDULING_REQUEST_STATUSES } from '../../../src/models/scheduling/schema.js';

// ---- shared ----

const ID = (prefix: string) => new RegExp(`^${prefix}[0-9A-Za-z]{21}$`);
const CREATED_FROM = Date.parse('2023-01-01T00:00:00Z') / 1000;
const CREATED_TO = Date.parse('2026-01-01T00:00:00Z') / 1000;

/** One dataset big enough for every rare case to show up. */
const big = generateSchedulingData({ seed: 2024, agents: 2000, teams: 40, requests: 4000 });
/** Records whose every field is checked one by one (slower, so fewer). */
const someAgents = big.agents.slice(0, 300);
const someRequests = big.schedulingRequests.slice(0, 300);

function isBooked(r: SchedulingRequest): boolean {
  return r.selected_start_time !== null;
}

// ---- tests ----

describe('determinism', () => {
  test('the same options give the same data', () => {
    const options = { seed: 9, agents: 30, teams: 5, requests: 60 };
    expect(generateSchedulingData(options)).toEqual(generateSchedulingData(options));
  });

  test('another seed gives other data', () => {
    const a = generateSchedulingData({ seed: 1, agents: 5, teams: 0, requests: 0 });
    const b = generateSchedulingData({ seed: 2, agents: 5, teams: 0, requests: 0 });
    expect(a.agents.map((x) => x.id)).not.toEqual(b.agents.map((x) => x.id));
  });

  test('asking for more requests or teams does not change the agents', () => {
    const few = generateSchedulingData({ seed: 5, agents: 20, teams: 0, requests: 0 });
    const many = generateSchedulingData({ seed: 5, agents: 20, teams: 10, requests: 100 });
    expect(many.agents).toEqual(few.agents);
  });

  test('seed 1 always starts with these records', () => {
    const data = generateSchedulingData({ seed: 1, agents: 1, teams: 1, requests: 1 });
    expect(data).toMatchInlineSnapshot(`
      {
        "agents": [
          {
            "created_at": 1737280934,
            "email": "amelie.angstrom84@contoso.example",
            "id": "agnt_d2QezGhK0vnssTNf5kbP5",
            "name": "Amélie Ångström",
            "object": "agent",
            "role": "User",
            "schedulable": true,
            "two_factor_enabled": false,
            "updated_at": 1740472011,
            "url_slug": null,
          },
        ],
        "resources": [
          {
            "created_at": 1737280934,
            "email": "amelie.angstrom84@contoso.example",
            "id": "agnt_d2QezGhK0vnssTNf5kbP5",
            "name": "Amélie Ångström",
            "object": "agent",
            "role": "User",
            "schedulable": true,
            "two_factor_enabled": false,
            "updated_at": 1740472011,
            "url_slug": null,
          },
          {
            "created_at": 1724917189,
            "external_name": null,
            "id": "team_42AhMnxLFFYfsPyj4u5lb",
            "internal_name": "Tier 1 Support",
            "object": "team",
            "team_type": "psa_b/project",
            "updated_at": 1734275748,
            "url_slug": "tier-1-support",
          },
        ],
        "schedulingRequests": [
          {
            "appointment_type_id": "apty_cWTu09pGt33JONcGwosxV",
            "associated_entities": [
              {
                "id": 2722,
                "type": "psa_b/company",
              },
              {
                "id": 41440,
                "number": "#41440",
                "type": "psa_b/project_ticket",
              },
            ],
            "created_at": 1736608412,
            "duration_mins": 30,
            "earliest_date": null,
            "earliest_time": null,
            "end_user_email": "fatima.lecki35@müller-bau.example",
            "end_user_name": "Fatima Łęcki",
            "guests_list": [],
            "id": "sreq_0tCY7shcB8YasDQHoziDV",
            "latest_date": null,
            "latest_time": null,
            "object": "scheduling_request",
            "resources": [
              {
                "id": "agnt_d2QezGhK0vnssTNf5kbP5",
                "name": "Amélie Ångström",
                "type": "agent",
              },
            ],
            "scheduled_agents": [
              {
                "id": "agnt_d2QezGhK0vnssTNf5kbP5",
                "name": "Amélie Ångström",
                "type": "agent",
              },
            ],
            "scheduled_at": 1736694400,
            "scheduling_url": "https://scheduling.example.com/r/sreq_0tCY7shcB8YasDQHoziDV",
            "selected_start_time": 1739027700,
            "selected_time_zone": "Asia/Shanghai",
            "status": "closed",
            "updated_at": 1736699831,
          },
        ],
        "teams": [
          {
            "created_at": 1724917189,
            "external_name": null,
            "id": "team_42AhMnxLFFYfsPyj4u5lb",
            "internal_name": "Tier 1 Support",
            "object": "team",
            "team_type": "psa_b/project",
            "updated_at": 1734275748,
            "url_slug": "tier-1-support",
          },
        ],
      }
    `);
  });
});

describe('agents', () => {
  test('have the fields and types of API spec 2.4', () => {
    for (const a of someAgents) {
      expect(a).toEqual({
        id: expect.stringMatching(ID('agnt_')),
        object: 'agent',
        name: expect.any(String),
        email: expect.stringContaining('@'),
        role: expect.any(String),
        schedulable: expect.any(Boolean),
        two_factor_enabled: expect.any(Boolean),
        url_slug: a.url_slug === null ? null : expect.any(String),
        created_at: expect.any(Number),
        updated_at: expect.any(Number),
      });
      expect(a.created_at).toBeGreaterThanOrEqual(CREATED_FROM);
      expect(a.created_at).toBeLessThan(CREATED_TO);
      expect(a.updated_at).toBeGreaterThanOrEqual(a.created_at);
    }
  });

  test('ids and slugs are unique', () => {
    const ids = big.agents.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    const slugs = big.agents.flatMap((a) => (a.url_slug === null ? [] : [a.url_slug]));
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  test('roles are Administrator, User and custom ones', () => {
    const roles = new Set(big.agents.map((a) => a.role));
    expect(roles).toContain('Administrator');
    expect(roles).toContain('User');
    expect([...roles].filter((r) => r !== 'Administrator' && r !== 'User').length).toBeGreaterThan(1);
  });

  test('some have no url_slug, some are not schedulable, some use two-factor', () => {
    expect(big.agents.some((a) => a.url_slug === null)).toBe(true);
    expect(big.agents.some((a) => !a.schedulable)).toBe(true);
    expect(big.agents.some((a) => a.two_factor_enabled)).toBe(true);
  });

  test.for([
    ['non-ASCII letters', /[^\x00-\x7f]/],
    ['CJK', /[\u4e00-\u9fff]/],
    ['İ', /İ/],
    ['%', /%/],
    ['_', /_/],
    ['a double quote', /"/],
    ['a backslash', /\\/],
    ['~', /~/],
    ['a comma', /,/],
    ["an apostrophe", /'/],
  ] as const)('some names contain %s', ([, pattern]) => {
    expect(big.agents.some((a) => pattern.test(a.name))).toBe(true);
  });

  test.for([
    ['%', /%/],
    ['_', /_/],
    ['a comma', /,/],
    ['~', /~/],
    ['upper case', /[A-Z]/],
  ] as const)('some emails contain %s', ([, pattern]) => {
    expect(big.agents.some((a) => pattern.test(a.email))).toBe(true);
  });
});

describe('teams and resources', () => {
  test('teams have the fields and types of API spec 2.5', () => {
    for (const t of big.teams) {
      expect(t).toEqual({
        id: expect.stringMatching(ID('team_')),
        object: 'team',
        internal_name: expect.any(String),
        external_name: t.external_name === null ? null : expect.any(String),
        team_type: expect.any(String),
        url_slug: expect.any(String),
        created_at: expect.any(Number),
        updated_at: expect.any(Number),
      });
    }
    expect(big.teams.some((t) => t.external_name === null)).toBe(true);
    expect(new Set(big.teams.map((t) => t.internal_name)).size).toBe(big.teams.length);
  });

  test('resources are the schedulable agents and all teams, as the same objects', () => {
    const expected = [...big.agents.filter((a) => a.schedulable), ...big.teams];
    expect(big.resources).toHaveLength(expected.length);
    big.resources.forEach((r, i) => expect(r).toBe(expected[i]));
  });
});

describe('scheduling requests', () => {
  const requests = big.schedulingRequests;
  const agentsById = new Map(big.agents.map((a) => [a.id, a]));
  const teamsById = new Map(big.teams.map((t) => [t.id, t]));

  test('have the fields and types of API spec 2.2', () => {
    for (const r of someRequests) {
      expect(r.id).toMatch(ID('sreq_'));
      expect(r.object).toBe('scheduling_request');
      expect(r.appointment_type_id).toMatch(ID('apty_'));
      expect(SCHEDULING_REQUEST_STATUSES).toContain(r.status);
      expect(typeof r.end_user_name).toBe('string');
      expect(r.end_user_email).toContain('@');
      expect(Number.isInteger(r.duration_mins)).toBe(true);
      expect(r.scheduling_url).toBe(`https://scheduling.example.com/r/${r.id}`);
      for (const d of [r.earliest_date, r.latest_date]) if (d !== null) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const t of [r.earliest_time, r.latest_time]) if (t !== null) expect(t).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      expect(r.created_at).toBeGreaterThanOrEqual(CREATED_FROM);
      expect(r.created_at).toBeLessThan(CREATED_TO);
      expect(r.updated_at).toBeGreaterThanOrEqual(r.created_at);
    }
  });

  test('a request is booked exactly when it has a start time, a booking time, a time zone and scheduled agents', () => {
    const inconsistent = requests.filter(
      (r) =>
        isBooked(r) !== (r.scheduled_at !== null) ||
        isBooked(r) !== (r.selected_time_zone !== null) ||
        isBooked(r) !== r.scheduled_agents.length > 0,
    );
    expect(inconsistent).toEqual([]);
  });

  test('statuses agree with booking: scheduled ones are booked, new and sent ones are not', () => {
    const wrong = requests.filter((r) =>
      r.status === 'scheduled' ? !isBooked(r) : r.status === 'new' || r.status === 'sent' ? isBooked(r) : false,
    );
    expect(wrong).toEqual([]);
    // Cancelled and closed requests come both ways.
    for (const s of ['cancelled', 'closed'] as const) {
      const withStatus = requests.filter((r) => r.status === s);
      expect(withStatus.some(isBooked)).toBe(true);
      expect(withStatus.some((r) => !isBooked(r))).toBe(true);
    }
    expect(new Set(requests.map((r) => r.status))).toEqual(new Set(SCHEDULING_REQUEST_STATUSES));
  });

  test('booking comes after creation and the appointment after booking, on a quarter hour', () => {
    const wrong = requests
      .filter(isBooked)
      .filter((r) => !(r.scheduled_at! > r.created_at && r.selected_start_time! > r.scheduled_at! && r.selected_start_time! % 900 === 0));
    expect(wrong).toEqual([]);
  });

  test('resources and scheduled agents refer to generated agents and teams by id and name', () => {
    const dangling = requests.flatMap((r) =>
      [...r.resources, ...r.scheduled_agents].filter((ref) =>
        ref.type === 'agent' ? agentsById.get(ref.id)?.name !== ref.name : teamsById.get(ref.id)?.internal_name !== ref.name,
      ),
    );
    expect(dangling).toEqual([]);
    expect(requests.flatMap((r) => r.scheduled_agents).every((a) => a.type === 'agent')).toBe(true);
    expect(requests.some((r) => r.resources.some((x) => x.type === 'team'))).toBe(true);
    expect(requests.some((r) => r.resources.length === 2)).toBe(true);
  });

  test('the booked agents are the requested agents, or one picked from a requested team', () => {
    for (const r of requests.filter(isBooked)) {
      const requested = r.resources.filter((x) => x.type === 'agent').map((x) => x.id);
      const scheduled = r.scheduled_agents.map((x) => x.id);
      if (requested.length > 0) expect(scheduled).toEqual(requested);
      else expect(scheduled).toHaveLength(1);
    }
  });

  test('associated entities come from all three PSA systems, every type present', () => {
    const types = new Set(requests.flatMap((r) => r.associated_entities.map((e) => e.type)));
    const all: AssociatedEntityType[] = [
      'psa_a/company', 'psa_a/contact', 'psa_a/ticket',
      'psa_b/company', 'psa_b/contact', 'psa_b/project_ticket', 'psa_b/service_ticket',
      'psa_c/client', 'psa_c/user', 'psa_c/ticket',
    ];
    expect(types).toEqual(new Set(all));
    expect(requests.some((r) => r.associated_entities.length === 0)).toBe(true);
    // Several entities of one type on one request.
    expect(
      requests.some((r) => r.associated_entities.filter((e) => e.type === 'psa_a/company').length > 1),
    ).toBe(true);
  });

  test('psa_b ticket numbers are the id with a leading #', () => {
    const entities = requests.flatMap((r) => r.associated_entities);
    const wrong = entities.filter((e) =>
      e.type === 'psa_b/project_ticket' || e.type === 'psa_b/service_ticket'
        ? e.number !== `#${e.id}`
        : e.type === 'psa_a/ticket'
          ? !/^T\d{8}\.\d{4}$/.test(e.number)
          : false,
    );
    expect(wrong).toEqual([]);
  });

  test('some requests carry date windows and guests', () => {
    expect(requests.some((r) => r.earliest_date !== null)).toBe(true);
    expect(requests.some((r) => r.guests_list.length > 0)).toBe(true);
  });
});

describe('edge cases', () => {
  test('without agents or teams, requests have no resources and none is booked', () => {
    const data = generateSchedulingData({ seed: 3, agents: 0, teams: 0, requests: 200 });
    expect(data.schedulingRequests.every((r) => r.resources.length === 0 && !isBooked(r))).toBe(true);
    expect(data.schedulingRequests.some((r) => r.status === 'scheduled')).toBe(false);
  });

  test('with teams but no agents, no request can be booked', () => {
    const data = generateSchedulingData({ seed: 3, agents: 0, teams: 3, requests: 200 });
    expect(data.schedulingRequests.every((r) => !isBooked(r))).toBe(true);
    expect(data.schedulingRequests.some((r) => r.resources.length > 0)).toBe(true);
  });

  test('zero of everything is an empty dataset', () => {
    expect(generateSchedulingData({ seed: 0, agents: 0, teams: 0, requests: 0 })).toEqual({
      agents: [],
      teams: [],
      resources: [],
      schedulingRequests: [],
    });
  });

  test.for([
    [{ seed: 1.5, agents: 1, teams: 1, requests: 1 }],
    [{ seed: 1, agents: -1, teams: 1, requests: 1 }],
    [{ seed: 1, agents: 1, teams: Number.NaN, requests: 1 }],
    [{ seed: 1, agents: 1, teams: 1, requests: 2e7 }],
    [{ seed: 1 } as unknown as GenerateOptions],
    [null as unknown as GenerateOptions],
  ] as const)('%j is refused with invalid_option', ([options]) => {
    let thrown: unknown;
    try {
      generateSchedulingData(options);
    } catch (e) {
      thrown = e;
    }
    expect(isTqlError(thrown) && thrown.code).toBe('invalid_option');
  });

  test('the message names every bad option', () => {
    expect(() => generateSchedulingData({ seed: 0.5, agents: -2, teams: 1, requests: 1 })).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: generateSchedulingData: seed must be an integer, not 0.5; agents must be a whole number from 0 to 10000000, not -2.]`);
  });
});

describe('for any seed', () => {
  propTest.prop([fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })], { numRuns: 25 })(
    'requests are consistent with their status and refer to generated agents',
    (seed) => {
      const data = generateSchedulingData({ seed, agents: 20, teams: 4, requests: 80 });
      const agentIds = new Set(data.agents.map((a) => a.id));
      for (const r of data.schedulingRequests) {
        expect(isBooked(r)).toBe(r.scheduled_agents.length > 0);
        if (r.status === 'scheduled') expect(isBooked(r)).toBe(true);
        if (r.status === 'new' || r.status === 'sent') expect(isBooked(r)).toBe(false);
        for (const a of r.scheduled_agents) expect(agentIds.has(a.id)).toBe(true);
      }
    },
  );
});
