/**
 * One rule for getters at every depth of a record (docs/backends-memory.md, "Hostile records"):
 * a getter the record inherits counts as a missing field, whether it stands for a field of the
 * record, an element of one of its lists, a list method, or a field of an element; an own getter
 * or a proxy trap is the record's own data, so if it throws the predicate throws a `TqlError`
 * (`invalid_input`), and nothing else is ever thrown.
 *
 * The table pins the rule shape by shape; the properties check it over generated records made
 * hostile at every depth, against the plain interpreter (test/backends/memory/reference.ts).
 * Their seed is fast-check's global one (test/support/fast-check-seed.ts).
 */
import fc from 'fast-check';
import { describe, expect, it, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compilePredicate } from '../../../src/backends/memory/index.js';
import { isTqlError } from '../../../src/errors/tql-error.js';
import { schedulingSchema, type SchedulingEntityName } from '../../../src/models/scheduling/schema.js';
import { entityOf } from '../../support/entity-of.js';
import { arbLooseRecord, arbQueryText, sampleValues } from './arbitraries.js';
import { referenceMatches } from './reference.js';

const matches = (text: string) => compilePredicate(check(text, schedulingSchema, entityOf(text)));

/**
 * What the predicate answers on `record`: its boolean, or the code of the TqlError it threw;
 * anything else fails. `polluted` (a prototype and a key) gets a getter that throws while the
 * predicate runs, and only then: the test runner itself writes arrays and objects.
 */
function answer(text: string, record: unknown, polluted?: Pollution): boolean | string {
  const predicate = matches(text);
  if (polluted !== undefined) Object.defineProperty(polluted[0], polluted[1], { get: throwing(`polluted ${String(polluted[1])}`), configurable: true });
  try {
    return predicate(record);
  } catch (e) {
    if (!isTqlError(e)) throw new Error(`a non-TqlError escaped: ${String(e)}`);
    return e.code;
  } finally {
    if (polluted !== undefined) delete (polluted[0] as Record<PropertyKey, unknown>)[polluted[1]];
  }
}

/** A built-in prototype and the key it gets a throwing getter for. */
type Pollution = readonly [object, PropertyKey];

function throwing(what: string): () => never {
  return () => {
    throw new Error(`${what} ran`);
  };
}

/** A prototype whose every property read throws. */
const THROWING_PROTOTYPE: object = new Proxy(Object.create(null), { get: (_, key) => throwing(`inherited ${String(key)}`)() });

/** `own`'s properties on an object that inherits a throwing getter for every other key. */
function onThrowingPrototype<T extends object>(own: T): T {
  return Object.assign(Object.create(THROWING_PROTOTYPE), own);
}

class Agent {
  get name(): string {
    return throwing('Agent#name')();
  }
}

/** A resource whose id is inherited (a class getter that throws), its type its own. */
class TypedOnly {
  constructor(readonly type: string) {}
  get id(): string {
    return throwing('TypedOnly#id')();
  }
}

/** A resource whose type is inherited (a class getter that throws), its id its own. */
class IdOnly {
  constructor(readonly id: string) {}
  get type(): string {
    return throwing('IdOnly#type')();
  }
}

const AGNT_A = { type: 'agent', id: 'agnt_a' };

/** A list whose prototype throws on every read (`some` included): only its own elements count. */
function throwingList(...elements: unknown[]): unknown[] {
  return Object.setPrototypeOf(elements, THROWING_PROTOTYPE) as unknown[];
}

/** A list with a hole at index 0: the predicate runs with a throwing getter at `Array.prototype[0]`. */
function holeFirst(...elements: unknown[]): unknown[] {
  // eslint-disable-next-line no-sparse-arrays
  return [, ...elements];
}

const INDEX_0: Pollution = [Array.prototype, 0];

describe('an inherited getter that throws counts as a missing field, at every depth', () => {
  test.for<[string, string, boolean, () => unknown, Pollution?]>([
    // The record's own fields.
    ['a class instance whose getter throws', 'agent.name EQ a', false, () => new Agent()],
    ['a class instance whose getter throws', 'agent.name NOT_EQ a', true, () => new Agent()],
    ['a class instance whose getter throws', 'agent.name NOT_LIKE a', true, () => new Agent()],
    ['a class instance whose getter throws', 'agent.name LIKE a OR agent.name NOT_IN a,b', true, () => new Agent()],
    ['a class instance whose getter throws, other fields its own', 'agent.schedulable EQ true AND agent.name NOT_EQ a', true, () => Object.assign(new Agent(), { schedulable: true })],
    ['a record on a prototype that throws for every key', 'scheduling_request.status EQ scheduled AND scheduling_request.selected_start_time EQ null', true, () => onThrowingPrototype({ status: 'scheduled' })],
    ['a variant whose tag is inherited and throws', 'resource.internal_name NOT_EQ Ada', true, () => onThrowingPrototype({ name: 'Ada' })],
    ['Object.prototype with a throwing getter of the field', 'scheduling_request.status NOT_EQ scheduled', true, () => ({}), [Object.prototype, 'status']],
    // The elements of a list.
    ['a list on a prototype that throws (its some method too)', 'scheduling_request.agent_id EQ agnt_a', true, () => ({ resources: throwingList(AGNT_A) })],
    ['a list on a prototype that throws, without the element', 'scheduling_request.agent_id NOT_EQ agnt_a', true, () => ({ resources: throwingList({ type: 'agent', id: 'agnt_b' }) })],
    ['a hole read through a throwing Array.prototype[0]', 'scheduling_request.agent_id EQ agnt_a', true, () => ({ resources: holeFirst(AGNT_A) }), INDEX_0],
    ['a hole read through a throwing Array.prototype[0]', 'scheduling_request.agent_id NOT_EQ agnt_a', true, () => ({ scheduled_agents: holeFirst() }), INDEX_0],
    ['a hole read through a throwing Array.prototype[0]', 'scheduling_request.psa_b_ticket_number EQ 77', true, () => ({ associated_entities: holeFirst({ type: 'psa_b/service_ticket', number: '#77' }) }), INDEX_0],
    ['an element that is a text, String.prototype with a throwing getter', 'scheduling_request.agent_id EQ agnt_a', true, () => ({ resources: ['agent', AGNT_A] }), [String.prototype, 'type']],
    ['a list that is no array, on a prototype that throws', 'scheduling_request.agent_id EQ agnt_a', false, () => ({ resources: onThrowingPrototype({ 0: AGNT_A, length: 1 }) })],
    // The fields of an element.
    ['an element whose id is an inherited getter that throws', 'scheduling_request.agent_id EQ agnt_a', false, () => ({ resources: [new TypedOnly('agent')] })],
    ['an element whose id is an inherited getter that throws', 'scheduling_request.agent_id NOT_EQ agnt_a', true, () => ({ resources: [new TypedOnly('agent')] })],
    ['an element whose id is an inherited getter that throws, then one that counts', 'scheduling_request.agent_id EQ agnt_a', true, () => ({ resources: [new TypedOnly('agent'), AGNT_A] })],
    ['an element whose type is an inherited getter that throws', 'scheduling_request.agent_id EQ agnt_a', false, () => ({ scheduled_agents: [new IdOnly('agnt_a')] })],
    ['an element whose type is an inherited getter that throws', 'scheduling_request.agent_id NOT_EQ agnt_a', true, () => ({ scheduled_agents: [new IdOnly('agnt_a')] })],
    ['an element on a prototype that throws', 'scheduling_request.psa_b_ticket_number NOT_EQ 77', true, () => ({ associated_entities: [onThrowingPrototype({ type: 'psa_b/service_ticket' })] })],
    ['an element on a prototype that throws', 'scheduling_request.psa_b_ticket_number LIKE 7', true, () => ({ associated_entities: [onThrowingPrototype({ type: 'psa_b/service_ticket', number: '#77' })] })],
    ['Object.prototype with a throwing getter of the element field', 'scheduling_request.status EQ sent AND scheduling_request.agent_id EQ agnt_a', true, () => ({ status: 'sent', resources: [{ type: 'agent' }, AGNT_A] }), [Object.prototype, 'id']],
    // A proxy's traps are the record's own data, and only own properties are read again.
    ['an element proxy whose get trap throws for keys it lacks', 'scheduling_request.agent_id NOT_EQ agnt_a', true, () => ({ resources: [new Proxy({ type: 'agent' }, { get: (t, k) => (k in t ? (t as Record<PropertyKey, unknown>)[k] : throwing('get')()) })] })],
  ])('%s: %s is %s', ([, text, expected, record, polluted]) => {
    expect(answer(text, record(), polluted)).toBe(expected);
  });
});

describe('an own getter or a proxy trap that throws is a TqlError (invalid_input), at every depth', () => {
  test.for<[string, string, () => unknown]>([
    ['an own getter of the record', 'agent.name LIKE a', () => ({ get name(): string { return throwing('own name')(); } })],
    ['a record proxy whose get trap throws', 'agent.name EQ x', () => new Proxy({ name: 'x' }, { get: throwing('get') })],
    ['an own getter of the list', 'scheduling_request.agent_id EQ agnt_a', () => ({ get resources(): unknown[] { return throwing('own resources')(); } })],
    ['a list proxy whose get trap throws', 'scheduling_request.agent_id EQ agnt_a', () => ({ resources: new Proxy([AGNT_A], { get: throwing('get') }) })],
    ['a revoked proxy as the list', 'scheduling_request.agent_id EQ agnt_a', () => { const p = Proxy.revocable([], {}); p.revoke(); return { resources: p.proxy }; }],
    ['an own getter of an element field', 'scheduling_request.agent_id EQ agnt_a', () => ({ resources: [{ type: 'agent', get id(): string { return throwing('own id')(); } }] })],
    ['an element proxy whose get trap throws', 'scheduling_request.psa_a_ticket_number EQ 1', () => ({ associated_entities: [new Proxy({ type: 'psa_a/ticket', number: '1' }, { get: throwing('get') })] })],
    ['an element proxy whose getOwnPropertyDescriptor trap throws', 'scheduling_request.agent_id EQ agnt_a', () => ({ resources: [new TypedOnly('agent'), new Proxy(AGNT_A, { getOwnPropertyDescriptor: throwing('getOwnPropertyDescriptor') })] })],
  ])('%s: %s', ([, text, record]) => {
    expect(answer(text, record())).toBe('invalid_input');
  });
});

// ---- properties ----

const ENTITIES: readonly SchedulingEntityName[] = ['scheduling_request', 'agent', 'resource'];

/**
 * The same own data hostile at every depth: every object on a prototype that throws for every
 * key, lists holey, half of them on that prototype too (their `some` included), the others on
 * `Array.prototype`, whose indices 0 and 2 hold elements that would match. Returns the twin and, through `spots`, every own property
 * it has, for the second property to turn into a throwing own getter.
 */
function deepTwin(value: unknown, spots: Array<[object, string]>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const list: unknown[] = [];
    // An odd index for each element: the even ones are holes, read through Array.prototype.
    value.forEach((e, i) => (list[2 * i + 1] = deepTwin(e, spots)));
    for (let i = 1; i < list.length; i += 2) spots.push([list, String(i)]);
    // Half the lists keep Array.prototype, so that their holes read its polluted indices.
    return value.length % 2 === 0 ? Object.setPrototypeOf(list, THROWING_PROTOTYPE) : list;
  }
  const twin = Object.create(THROWING_PROTOTYPE);
  for (const [k, v] of Object.entries(value)) {
    twin[k] = deepTwin(v, spots);
    spots.push([twin, k]);
  }
  return twin;
}

function withPollutedArrays<T>(run: () => T): T {
  const polluted = { type: 'agent', id: 'agnt_a', number: '#77' };
  const proto = Array.prototype as unknown as Record<number, unknown>;
  proto[0] = polluted;
  proto[2] = polluted;
  try {
    return run();
  } finally {
    delete proto[0];
    delete proto[2];
  }
}

describe('generated records, hostile at every depth', () => {
  it.each(ENTITIES)('%s: a twin whose every inherited read throws answers as its plain record', (entity) => {
    fc.assert(
      fc.property(arbQueryText(entity, sampleValues(entity)), fc.array(arbLooseRecord(entity), { maxLength: 12 }), (text, records) => {
        const q = check(text, schedulingSchema, entity);
        const predicate = compilePredicate(q);
        withPollutedArrays(() => {
          for (const record of records) {
            expect(predicate(deepTwin(record, [])), JSON.stringify(record)).toBe(referenceMatches(q.condition, record));
          }
        });
      }),
      { numRuns: 60 },
    );
  });

  /** Ways an own property of a twin is made to throw when read. */
  const OWN_THROWS = ['own getter', 'proxy get trap', 'proxy getOwnPropertyDescriptor trap'] as const;

  it.each(ENTITIES)('%s: a twin with a throwing own getter or proxy trap somewhere answers or throws invalid_input', (entity) => {
    fc.assert(
      fc.property(
        arbQueryText(entity, sampleValues(entity)),
        arbLooseRecord(entity),
        fc.nat(),
        fc.constantFrom(...OWN_THROWS),
        (text, record, at, how) => {
          const spots: Array<[object, string]> = [];
          let twin = deepTwin(record, spots);
          if (spots.length > 0) {
            const [owner, key] = spots[at % spots.length]!;
            if (how === 'own getter') Object.defineProperty(owner, key, { get: throwing('own getter'), enumerable: true });
            else if (owner === twin) twin = new Proxy(owner, how === 'proxy get trap' ? { get: throwing('get') } : { getOwnPropertyDescriptor: throwing('getOwnPropertyDescriptor') });
            else Object.defineProperty(owner, key, { value: new Proxy({}, { get: throwing('get'), getOwnPropertyDescriptor: throwing('getOwnPropertyDescriptor') }), enumerable: true });
          }
          const got = withPollutedArrays(() => answer(text, twin));
          expect([true, false, 'invalid_input']).toContain(got);
        },
      ),
      { numRuns: 150 },
    );
  });
});
