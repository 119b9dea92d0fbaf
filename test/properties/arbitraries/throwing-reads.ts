/**
 * Options and mappings whose reading throws: a getter (own or inherited), a proxy whose traps
 * throw, a revoked proxy, placed at the top or anywhere inside. Each value comes with `ran()`,
 * whether one of its throwing reads ran: a public function that ran one must answer with an
 * `invalid_option`, never with what was thrown.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { isTqlError } from '../../../src/errors/tql-error.js';

/** Ways a read of an object can throw. */
export const THROWING_READS = ['own getter', 'inherited getter', 'proxy get trap', 'proxy of every trap', 'revoked proxy'] as const;
export type ThrowingRead = (typeof THROWING_READS)[number];

/** A value whose reading may throw, and whether such a read ran. */
export interface Hostile {
  readonly value: unknown;
  readonly ran: () => boolean;
}

/**
 * A copy of `value` with one read made to throw, `how`, at one of the objects in it (the top
 * included), chosen by `pick`, and at one of that object's keys.
 */
export function throwingAt(value: object, how: ThrowingRead, pick: number): Hostile {
  let ran = false;
  const boom = (): never => {
    ran = true;
    throw new Error('a read of the caller’s object ran');
  };
  const holders: { holder: Record<string, unknown> | undefined; key: string | undefined; object: Record<string, unknown> }[] = [];
  const copy = (v: unknown, holder: Record<string, unknown> | undefined, key: string | undefined, depth: number): unknown => {
    if (typeof v !== 'object' || v === null || depth > 6) return v;
    const out = (Array.isArray(v) ? [] : {}) as Record<string, unknown>;
    holders.push({ holder, key, object: out });
    for (const [k, x] of Object.entries(v)) out[k] = copy(x, out, k, depth + 1);
    return out;
  };
  const root = copy(value, undefined, undefined, 0) as Record<string, unknown>;
  const { holder, key, object } = holders[pick % holders.length]!;
  const keys = Object.keys(object);
  const name = keys.length === 0 ? 'profile' : keys[pick % keys.length]!;
  let made: unknown = object;
  switch (how) {
    case 'own getter':
      Object.defineProperty(object, name, { get: boom, enumerable: true, configurable: true });
      break;
    case 'inherited getter': {
      const own = Object.fromEntries(Object.entries(object).filter(([k]) => k !== name));
      made = Object.assign(Object.create(Object.defineProperty({}, name, { get: boom })), own);
      break;
    }
    case 'proxy get trap':
      made = new Proxy(object, { get: boom });
      break;
    case 'proxy of every trap':
      made = new Proxy(object, { get: boom, has: boom, ownKeys: boom, getOwnPropertyDescriptor: boom, getPrototypeOf: boom });
      break;
    case 'revoked proxy': {
      const r = Proxy.revocable(object, {});
      r.revoke();
      // Its TypeErrors are not seen coming: only the TqlError oracle applies.
      made = r.proxy;
      break;
    }
  }
  if (holder === undefined) return { value: made, ran: () => ran };
  holder[key!] = made;
  return { value: root, ran: () => ran };
}

/** `good` values made hostile somewhere, or at the top. */
export function arbThrowingReads(good: fc.Arbitrary<object>): fc.Arbitrary<Hostile> {
  return fc.tuple(good, fc.constantFrom(...THROWING_READS), fc.nat()).map(([v, how, pick]) => throwingAt(v, how, pick));
}

/**
 * What a call given a {@link Hostile} value answered: `ok`, or the code of its TqlError, which
 * must be `invalid_option` when one of the value's throwing reads ran. Anything else thrown
 * fails the test.
 */
export function throwingReadAnswer(call: () => unknown, ran: () => boolean): string {
  try {
    call();
  } catch (error) {
    expect(isTqlError(error), `threw ${String(error)}`).toBe(true);
    const code = isTqlError(error) ? error.code : 'not a TqlError';
    if (ran()) expect(code).toBe('invalid_option');
    return code;
  }
  // A call that read a throwing property cannot have succeeded.
  expect(ran()).toBe(false);
  return 'ok';
}

/** As {@link throwingReadAnswer}, for an async call. */
export async function throwingReadAnswerAsync(call: () => Promise<unknown>, ran: () => boolean): Promise<string> {
  let failure: unknown;
  try {
    await call();
  } catch (error) {
    failure = error;
  }
  return throwingReadAnswer(() => {
    if (failure !== undefined) throw failure;
  }, ran);
}
