/**
 * The in-memory predicate on hostile records: whatever a record is, evaluating a query returns
 * a boolean or throws a `TqlError`; no inherited property decides an answer (not even a
 * prototype's getter that throws), no hole of an array counts (even with `Array.prototype`
 * polluted), and a record costs what it holds, not what its arrays' `length` says.
 *
 * The property makes, from each generated loose record, a hostile twin with the same own data:
 * its own fields turned into getters, its prototype a class-like object whose getters throw for
 * every key, and its arrays holey and stretched to a huge `length`. The twin must answer exactly
 * as the plain record does by the reference interpreter. The seed is in the describe title;
 * re-run with `TQL_HOSTILE_SEED=<seed>`.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { MAX_REGEX_NEEDLE } from '../../src/backends/memory/like.js';
import { isTqlError } from '../../src/errors/tql-error.js';
import { schedulingSchema, type SchedulingEntityName } from '../../src/models/scheduling/schema.js';
import { arbLooseRecord, arbQueryText, sampleValues } from '../backends/memory/arbitraries.js';
import { referenceMatches } from '../backends/memory/reference.js';
import { entityOf } from '../support/entity-of.js';

const SEED = Number(process.env.TQL_HOSTILE_SEED ?? Math.floor(Math.random() * 2 ** 31));

const matches = (text: string, options = {}) => compilePredicate(check(text, schedulingSchema, entityOf(text), options));

/** A prototype whose every property read throws: reading any inherited key is a failure. */
const THROWING_PROTOTYPE: object = new Proxy(Object.create(null), {
  get(_, key) {
    throw new Error(`inherited ${String(key)} was read`);
  },
});

/** The same own data, read through own getters, on a prototype that throws on every read. */
function hostileTwin(record: unknown): unknown {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return record;
  const twin = Object.create(THROWING_PROTOTYPE);
  for (const [key, value] of Object.entries(record)) {
    const shown = Array.isArray(value) ? stretched(value) : value;
    Object.defineProperty(twin, key, { enumerable: true, get: () => shown });
  }
  return twin;
}

/** The elements of `list` with a hole before each and a huge length after them. */
function stretched(list: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  list.forEach((e, i) => (out[2 * i + 1] = e));
  out.length = 2 ** 32 - 1;
  return out;
}

afterEach(() => {
  delete (Array.prototype as unknown as Record<number, unknown>)[0];
  delete (Array.prototype as unknown as Record<number, unknown>)[2];
});

describe(`hostile records (seed ${SEED}; re-run with TQL_HOSTILE_SEED=${SEED})`, () => {
  const ENTITIES: readonly SchedulingEntityName[] = ['agent', 'scheduling_request', 'resource', 'team'];

  it.each(ENTITIES)('%s: a hostile twin answers as its plain record, with Array.prototype polluted', (entity) => {
    fc.assert(
      fc.property(arbQueryText(entity, sampleValues(entity)), fc.array(arbLooseRecord(entity), { maxLength: 20 }), (text, records) => {
        const q = check(text, schedulingSchema, entity);
        const predicate = compilePredicate(q);
        // Holes read through the prototype would find these elements.
        const polluted = { type: 'agent', id: 'agnt_a', number: '#77' };
        (Array.prototype as unknown as Record<number, unknown>)[0] = polluted;
        (Array.prototype as unknown as Record<number, unknown>)[2] = polluted;
        try {
          for (const record of records) {
            const expected = referenceMatches(q.condition, record);
            expect(predicate(hostileTwin(record)), JSON.stringify(record)).toBe(expected);
          }
        } finally {
          delete (Array.prototype as unknown as Record<number, unknown>)[0];
          delete (Array.prototype as unknown as Record<number, unknown>)[2];
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});

describe('no record makes the predicate count an inherited property or throw anything but TqlError', () => {
  class Agent {
    get name(): string {
      throw new Error('a class getter ran');
    }
  }

  test.for([
    ['agent.name LIKE a', false],
    ['agent.name NOT_LIKE a', true],
    ['agent.name NOT_EQ a', true],
    ['agent.name EQ a AND agent.email LIKE x', false],
    ['agent.email LIKE x OR agent.name NOT_EQ a', true],
  ] as const)('%s on a class instance whose getter throws: %s', ([text, expected]) => {
    expect(matches(text)(new Agent())).toBe(expected);
  });

  it('an own getter is the record’s own value: it runs, and counts', () => {
    expect(matches('agent.name LIKE ada')({ get name() { return 'Ada'; } })).toBe(true);
  });

  test.for([
    ['an own getter that throws', { get name(): string { throw new Error('own'); } }],
    ['a proxy whose get trap throws', new Proxy({ name: 'x' }, { get() { throw new Error('trap'); } })],
    ['a proxy of a class instance whose getOwnPropertyDescriptor trap throws', new Proxy(Object.assign(new (class Agent {})(), { name: 'abc' }), { getOwnPropertyDescriptor() { throw new Error('trap'); } })],
    ['a revoked proxy', (() => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; })()],
  ] as const)('%s: a TqlError (invalid_input)', ([, record]) => {
    let thrown: unknown;
    try {
      matches('agent.name LIKE a')(record);
    } catch (e) {
      thrown = e;
    }
    expect(isTqlError(thrown) && thrown.code).toBe('invalid_input');
  });

  it('a proxy of a plain object: its get and getPrototypeOf traps are its own data, getOwnPropertyDescriptor is not asked', () => {
    // A value found on an object whose prototype is Object.prototype is its own unless
    // Object.prototype has the key (ownFound, src/own-property.ts); a proxy says both itself.
    const trap = () => {
      throw new Error('not asked');
    };
    expect(matches('agent.name LIKE a')(new Proxy({ name: 'abc' }, { getOwnPropertyDescriptor: trap }))).toBe(true);
    expect(matches('agent.name LIKE a')(new Proxy({}, { get: (_t, k) => (k === 'name' ? 'abc' : undefined) }))).toBe(true);
    // A getPrototypeOf trap that throws: the record is read again through its own properties.
    expect(matches('agent.name LIKE a')(new Proxy({ name: 'abc' }, { getPrototypeOf: trap }))).toBe(true);
  });

  it('a hole of a collection is not an element, even with Array.prototype[0] polluted', () => {
    (Array.prototype as unknown as Record<number, unknown>)[0] = { type: 'agent', id: 'agnt_a' };
    const p = matches('scheduling_request.agent_id EQ agnt_a');
    // eslint-disable-next-line no-sparse-arrays
    expect(p({ resources: [, { type: 'agent', id: 'agnt_b' }], scheduled_agents: [,] })).toBe(false);
    expect(matches('scheduling_request.agent_id NOT_EQ agnt_a')({ resources: [,] })).toBe(true);
  });

  it('a sparse array of length 2^32 - 1 costs its elements: the element at the last index is found', () => {
    const far: unknown[] = [];
    far[2 ** 32 - 2] = { type: 'agent', id: 'agnt_a' };
    const empty: unknown[] = [];
    empty.length = 2 ** 32 - 1;
    expect(matches('scheduling_request.agent_id EQ agnt_a')({ resources: far, scheduled_agents: empty })).toBe(true);
    expect(matches('scheduling_request.agent_id EQ agnt_b')({ resources: far, scheduled_agents: empty })).toBe(false);
  });
});

describe('LIKE needles of any length the limits allow', () => {
  const limits = { limits: { maxValueLength: 200_000, maxLength: 400_000 } };
  test.for([MAX_REGEX_NEEDLE, MAX_REGEX_NEEDLE + 1, 40_000, 100_000])('agent.name LIKE a needle of %i k’s', (n) => {
    const p = matches(`agent.name LIKE ${'k'.repeat(n)}`, limits);
    expect(p({ name: `x${'K'.repeat(n)}y` })).toBe(true);
    expect(p({ name: 'K'.repeat(n - 1) })).toBe(false);
  });
});
