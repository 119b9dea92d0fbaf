/**
 * `test.prop` and `it.prop` as the property tests write them, without @fast-check/vitest (whose
 * import costs about two seconds in every file that takes it): a property is one vitest test that
 * fast-check runs with the run's seed (fast-check-seed.ts), its arguments drawn from a tuple or a
 * record of arbitraries. A body that throws, rejects or returns `false` fails the property.
 */
import fc from 'fast-check';
import { it as vitestIt, test as vitestTest } from 'vitest';

/** A property as a vitest test: the title, the body over the drawn values, an optional timeout. */
type PropertyTest<Args extends unknown[]> = (title: string, body: (...values: Args) => unknown, timeout?: number) => void;

function prop<Ts extends [unknown, ...unknown[]]>(arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> }, params?: fc.Parameters<Ts>): PropertyTest<Ts>;
function prop<Ts extends Record<string, unknown>>(arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> }, params?: fc.Parameters<[Ts]>): PropertyTest<[Ts]>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the overloads above carry the types
function prop(arbitraries: readonly fc.Arbitrary<unknown>[] | Record<string, fc.Arbitrary<unknown>>, params?: fc.Parameters<any>): PropertyTest<any[]> {
  return (title: string, body: (...values: unknown[]) => unknown, timeout?: number) =>
    vitestTest(
      title,
      async () => {
        const tuple = Array.isArray(arbitraries) ? fc.tuple(...(arbitraries as fc.Arbitrary<unknown>[])) : fc.tuple(fc.record(arbitraries as Record<string, fc.Arbitrary<unknown>>));
        await fc.assert(
          fc.asyncProperty(tuple, async (values) => (await body(...values)) !== false),
          params as fc.Parameters<[unknown[]]> | undefined,
        );
      },
      timeout,
    );
}

/** vitest's `test`, with `test.prop(arbitraries, parameters)(title, body)`. */
export const test: typeof vitestTest & { readonly prop: typeof prop } = Object.assign(vitestTest, { prop });

/** vitest's `it`, with `it.prop`, the same as {@link test}'s. */
export const it: typeof vitestIt & { readonly prop: typeof prop } = Object.assign(vitestIt, { prop });

export { fc };
