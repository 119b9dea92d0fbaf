/**
 * Schema definitions as plain data: most that defineSchema accepts, so whole schemas reach the
 * backends and the tools, and wild ones (junk types, sources, names) that it must refuse.
 */
import fc from 'fast-check';
import { OPERATORS } from '../../../src/ast/nodes.js';
import { DEFAULT_OPERATORS } from '../../../src/schema/operators.js';
import { ATTRIBUTE_TYPES } from '../../../src/schema/types.js';
import { arbJunk, maybe } from './junk.js';

export const arbGoodName = fc.stringMatching(/^[a-z][a-z0-9_]{0,5}$/);
export const arbName = fc.oneof({ weight: 4, arbitrary: arbGoodName }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'Bad', '', 'a.b', 'to_string') });
export const arbSource = fc.oneof(
  fc.record({ kind: fc.constant('field'), field: maybe(arbName), ignorePrefix: maybe(fc.constantFrom('#', '', 'x')), ignoreCase: maybe(fc.constantFrom(true, false, 'yes')) }, { requiredKeys: ['kind'] }),
  fc.record(
    { kind: fc.constant('variant'), tag: maybe(arbName), fields: maybe(fc.dictionary(arbName, maybe(arbName), { maxKeys: 3 })), ignorePrefix: maybe(fc.constantFrom('#', '', 'x')) },
    { requiredKeys: ['kind'] },
  ),
  fc.record(
    {
      kind: fc.constant('element'),
      arrays: maybe(fc.array(maybe(arbName), { maxLength: 3 })),
      where: maybe(fc.record({ field: maybe(arbName), oneOf: maybe(fc.array(maybe(fc.string({ maxLength: 4 })), { maxLength: 3 })) }, { requiredKeys: [] })),
      value: maybe(arbName),
      ignorePrefix: maybe(fc.constantFrom('#', '', 'x')),
    },
    { requiredKeys: ['kind'] },
  ),
  fc.record({ kind: fc.constantFrom('other', 'Field', '') }),
  arbJunk,
);
/**
 * A definition `defineSchema` accepts, so that whole schemas often are. A String with a source
 * declares how its stored value is read on it most of the time, whatever its kind: an ignored
 * prefix, ignored case, or both (with a prefix that has a letter).
 */
export const arbGoodAttributeDefinition = fc.constantFrom(...ATTRIBUTE_TYPES).chain((type) =>
  fc.tuple(
    fc.record(
      {
        type: fc.constant(type),
        operators: fc.subarray([...DEFAULT_OPERATORS[type]], { minLength: 1 }),
        nullable: fc.boolean(),
        values: type === 'String' ? fc.array(fc.string({ maxLength: 4 }), { minLength: 1, maxLength: 3 }) : fc.constant(undefined),
        id: type === 'ID' ? fc.oneof(fc.constant({ kind: 'integer' }), fc.constantFrom('usr_', 'a1_').map((prefix) => ({ kind: 'prefixed', prefix }))) : fc.constant(undefined),
        source: fc.oneof(
          fc.record({ kind: fc.constant('field'), field: arbName }),
          fc.record({ kind: fc.constant('variant'), tag: arbName, fields: fc.dictionary(fc.string({ maxLength: 3 }), arbName, { maxKeys: 3 }) }),
          // Elements picked by a tag, or every element (no where).
          fc.record(
            {
              kind: fc.constant('element'),
              arrays: fc.array(arbName, { minLength: 1, maxLength: 2 }),
              where: fc.record({ field: arbName, oneOf: fc.array(fc.string({ maxLength: 3 }), { minLength: 1, maxLength: 2 }) }),
              value: arbName,
            },
            { requiredKeys: ['kind', 'arrays', 'value'] },
          ),
          // An array of scalars: the elements are the values.
          fc.record({ kind: fc.constant('element'), arrays: fc.array(arbName, { minLength: 1, maxLength: 2 }) }),
        ),
      },
      { requiredKeys: ['type'] },
    ),
    fc.constantFrom(undefined, undefined, { ignorePrefix: '#' }, { ignoreCase: true }, { ignorePrefix: 'T-', ignoreCase: true }),
  ).map(([def, read]) =>
    // A closed set does not go with a declared read (defineSchema refuses it): the read drops it.
    read !== undefined && def.type === 'String' && def.source !== undefined ? { ...def, values: undefined, source: { ...def.source, ...read } } : def,
  ),
);
export const arbAttributeDefinition = fc.oneof(
  { weight: 6, arbitrary: arbGoodAttributeDefinition },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        type: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ATTRIBUTE_TYPES) }, { weight: 1, arbitrary: arbJunk }),
        operators: maybe(fc.subarray([...OPERATORS, 'eq', 'BETWEEN'])),
        nullable: maybe(fc.boolean()),
        values: maybe(fc.array(maybe(fc.string({ maxLength: 5 })), { maxLength: 4 })),
        id: maybe(fc.oneof(fc.constant({ kind: 'integer' }), fc.record({ kind: fc.constant('prefixed'), prefix: maybe(fc.constantFrom('usr_', 'a1_', 'x', '', 'Usr_')) }), fc.record({ kind: maybe(fc.string()) }))),
        source: arbSource,
        description: maybe(fc.string({ maxLength: 5 })),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: arbJunk },
);
/** Own keys from entries, `__proto__` included. */
export const entriesToObject = (entries: readonly [string, unknown][]) => Object.fromEntries(entries);
/** Entities of attributes: good names and definitions, or wild ones. */
export function arbEntities(name: fc.Arbitrary<string>, attribute: fc.Arbitrary<unknown>, entity: fc.Arbitrary<unknown> = fc.constant(undefined)) {
  const attributes = fc.array(fc.tuple(name, attribute), { minLength: 1, maxLength: 4 }).map(entriesToObject);
  const entityDefinition = fc.oneof({ weight: 5, arbitrary: fc.record({ attributes, description: fc.option(fc.string(), { nil: undefined }) }) }, { weight: 1, arbitrary: entity });
  return fc.array(fc.tuple(name, entityDefinition), { minLength: 1, maxLength: 3 }).map((entities) => ({ entities: entriesToObject(entities) }));
}
export const arbDefinition: fc.Arbitrary<unknown> = fc.oneof(
  // Most are accepted: every backend then gets queries on them.
  { weight: 3, arbitrary: arbEntities(arbGoodName, arbGoodAttributeDefinition) },
  { weight: 3, arbitrary: arbEntities(arbName, arbAttributeDefinition, arbJunk) },
  { weight: 1, arbitrary: fc.record({ entities: arbJunk }) },
  { weight: 1, arbitrary: arbJunk },
);
