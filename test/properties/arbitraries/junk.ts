/**
 * Values of any JavaScript type for arguments that expect something else: what a plain
 * JavaScript caller, or client JSON passed on unread, may hand to a public function.
 */
import fc from 'fast-check';

/** Keys that lead into prototypes, as own properties (JSON.parse makes `__proto__` an own key). */
export const PROTOTYPE_OBJECTS: readonly unknown[] = [
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}'),
  JSON.parse('{"__proto__": null}'),
  Object.create(null),
  { toString: 'not a function', valueOf: 5 },
];

/** Values of every JavaScript type, odd numbers, symbols and prototype keys. */
export const arbJunk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.anything({ maxDepth: 2, withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withSet: true, withBoxedValues: true, withSparseArray: true }) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, undefined, NaN, Infinity, -Infinity, -1, 0, 1.5, 1e300, -0, 2 ** 53, '', 'x', '__proto__', 'constructor', true, [], {}) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(Symbol('junk'), 10n, () => 1, ...PROTOTYPE_OBJECTS) },
);

/** A value of the expected kind now and then, junk otherwise. */
export const maybe = <T>(good: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof({ weight: 2, arbitrary: good as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: arbJunk });

/** Mostly a good value (or none), now and then junk: so that some calls get far enough to succeed. */
export const mostly = <T>(good: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 6, arbitrary: good as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: arbJunk });

/** A copy of `value` with one object property or array element, anywhere, replaced by junk. */
export function withJunkSomewhere(value: unknown, draw: fc.GeneratorValue): unknown {
  const slots: { holder: Record<string | number, unknown>; key: string | number }[] = [];
  const copy = (v: unknown, depth: number): unknown => {
    if (typeof v !== 'object' || v === null || depth > 12) return v;
    const out = (Array.isArray(v) ? [] : {}) as Record<string | number, unknown>;
    for (const [k, x] of Object.entries(v)) {
      out[k] = copy(x, depth + 1);
      slots.push({ holder: out, key: Array.isArray(v) ? Number(k) : k });
    }
    return out;
  };
  const root = copy(value, 0);
  if (slots.length === 0) return draw(() => arbJunk);
  const slot = slots[draw(() => fc.nat({ max: slots.length - 1 }))]!;
  slot.holder[slot.key] = draw(() => arbJunk);
  return root;
}
