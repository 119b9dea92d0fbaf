/**
 * schemaFromZod given what looks like zod and is not: a TqlError naming the entity or field and
 * what to pass, never a TypeError, and a wrapper chain made by hand that loops is not followed
 * forever.
 */
import { expect, test } from 'vitest';
import { schemaFromZod } from '../../src/integrations/zod.js';
import { isTqlError } from '../../src/errors/tql-error.js';

/** The message of what `run` throws; anything but a TqlError fails the test. */
function thrown(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (!isTqlError(error)) throw error;
    return error.message;
  }
  return 'no error';
}

const looping: { _zod: { def: { type: string; innerType?: unknown } } } = { _zod: { def: { type: 'optional' } } };
looping._zod.def.innerType = looping;
/** An object schema made by hand whose field `name` is `field`. */
const objectWith = (field: unknown) => ({ _zod: { def: { type: 'object', shape: { name: field } } } });

test.each([
  ['{ a: { _zod: {} } }', { a: { _zod: {} } }, 'invalid_schema: a is not a zod schema: pass z.object({ … }).'],
  ['{ a: { _zod: null } }', { a: { _zod: null } }, 'invalid_schema: a is not a zod schema: pass z.object({ … }).'],
  ['{ a: { _zod: { def: 5 } } }', { a: { _zod: { def: 5 } } }, 'invalid_schema: a is not a zod schema: pass z.object({ … }).'],
  ['{ a: { _zod: { def: {} } } }', { a: { _zod: { def: {} } } }, 'invalid_schema: a is not a zod schema: pass z.object({ … }).'],
  ['{ a: 5 }', { a: 5 }, 'invalid_schema: a is not a zod schema: pass z.object({ … }).'],
  ['{ a: null }', { a: null }, 'invalid_schema: a is not a zod schema: pass z.object({ … }).'],
  ['a field that is 5', { a: objectWith(5) }, 'invalid_schema: a.name is not a zod schema: pass a zod type such as z.string().'],
  ['a field { _zod: {} }', { a: objectWith({ _zod: {} }) }, 'invalid_schema: a.name is not a zod schema: pass a zod type such as z.string().'],
  ['an optional wrapping nothing', { a: objectWith({ _zod: { def: { type: 'optional' } } }) }, 'invalid_schema: zod could not describe a as JSON Schema (Cannot read properties of undefined (reading \'_zod\')).'],
  ['an optional wrapping 5', { a: objectWith({ _zod: { def: { type: 'optional', innerType: 5 } } }) }, 'invalid_schema: a.name wraps something that is not a zod schema: pass a zod type such as z.string().optional().'],
  ['an optional wrapping itself', { a: objectWith(looping) }, 'invalid_schema: a.name is wrapped more than 64 times (optional, nullable, pipe, …): a zod schema made by hand that loops? Write it with zod\'s own methods.'],
  ['a shape getter that throws', { a: { _zod: { def: { type: 'object', get shape(): never { throw new Error('boom'); } } } } }, 'invalid_schema: a could not be read as a zod schema: reading it threw an exception (a getter or a proxy trap). Pass z.object({ … }).'],
  ['entities whose getter throws', Object.defineProperty({}, 'a', { enumerable: true, get: () => { throw new Error('boom'); } }), 'invalid_schema: schemaFromZod could not read its entities: reading them threw an exception (a getter or a proxy trap). Pass { entity: z.object({ … }), … } as plain values.'],
])('%s', (_title, entities, expected) => {
  expect(thrown(() => schemaFromZod(entities as never))).toBe(expected);
});
