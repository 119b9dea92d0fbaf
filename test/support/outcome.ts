/** The contract of every public function, as a test checks it on one call: a value or a TqlError. */
import { expect } from 'vitest';
import { isTqlError } from '../../src/errors/tql-error.js';

/** What a call gave: its value, or that it threw a TqlError. */
export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false };

/** Runs `f`: its value, or a TqlError it threw. Anything else thrown fails the test. */
export function outcome<T>(f: () => T): Outcome<T> {
  try {
    return { ok: true, value: f() };
  } catch (error) {
    // Catches: a TypeError, RangeError or SyntaxError escaping from deep inside.
    expect(isTqlError(error), `threw ${String(error)}`).toBe(true);
    if (isTqlError(error)) {
      expect(error.issues.length).toBeGreaterThan(0);
      expect(typeof error.message).toBe('string');
    }
    return { ok: false };
  }
}
