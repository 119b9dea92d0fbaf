/**
 * Wrong options of tql/testing are `invalid_option` TqlErrors that say what to pass, thrown when
 * the arbitrary or target is made (never later, inside a property), and never what a throwing
 * getter threw.
 */
import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import { isTqlError } from '../../src/errors/tql-error.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { checkAgreement, datasetArbitrary, mongoTarget, queryArbitrary, recordArbitrary, sqlTarget } from '../../src/testing/index.js';
import { tqlErrorOf } from '../support/tql-error.js';

const shop = defineSchema({ entities: { product: { attributes: { name: { type: 'String', operators: ['EQ'] }, price: { type: 'Number' } } } } });

const message = (run: () => unknown) => {
  const error = tqlErrorOf(run);
  expect(error.code).toBe('invalid_option');
  return error.message;
};

test.each([
  ['queryArbitrary: an entity the schema lacks', () => queryArbitrary(schedulingSchema, 'agents' as 'agent'), 'invalid_option: queryArbitrary: The schema has no entity "agents". Did you mean agent? Entities: scheduling_request, agent, resource, team.'],
  ['queryArbitrary: a depth below 0', () => queryArbitrary(schedulingSchema, 'agent', { depth: -1 }), 'invalid_option: queryArbitrary: depth is a whole number ≥ 0, not -1.'],
  ['queryArbitrary: an unknown profile', () => queryArbitrary(schedulingSchema, 'agent', { profile: 'strict' as 'extended' }), 'invalid_option: queryArbitrary: profile is one of extended, timezest, not "strict".'],
  ['queryArbitrary: an operator that is none', () => queryArbitrary(schedulingSchema, 'agent', { operators: ['eq' as 'EQ'] }), expect.stringMatching(/^invalid_option: queryArbitrary: operators is a list of some of EQ, NOT_EQ, /)],
  [
    'queryArbitrary: operators no attribute takes in the profile',
    () => queryArbitrary(shop, 'product', { operators: ['LT'], profile: 'timezest' }),
    'invalid_option: queryArbitrary: no attribute of product takes any of LT in the timezest profile (its Number attributes are not part of it); allow more operators, or use another profile.',
  ],
  ['recordArbitrary: a key that is no name', () => recordArbitrary(schedulingSchema, 'agent', { key: '' }), 'invalid_option: recordArbitrary: key is a non-empty string, not "".'],
  ['datasetArbitrary: a size that is no count', () => datasetArbitrary(schedulingSchema, 'agent', { size: 1.5 }), 'invalid_option: datasetArbitrary: size is a whole number ≥ 0, not 1.5.'],
  ['mongoTarget: a collection that is none', () => mongoTarget({ collection: {} as never }), 'invalid_option: mongoTarget: collection is a MongoDB collection (deleteMany, insertMany, find).'],
])('%s', (_title, run, expected) => {
  expect(message(run)).toEqual(expected);
});

test('sqlTarget: a column read as two types is refused when the target is made', () => {
  const schema = defineSchema({
    entities: { thing: { attributes: { n: { type: 'Number' }, t: { type: 'String', source: { kind: 'field', field: 'n' } } } } },
  });
  expect(message(() => sqlTarget({ db: new Database(':memory:'), schema, entity: 'thing' }))).toMatchInlineSnapshot(
    `"invalid_option: sqlTarget: column n is read by thing.n, thing.t, which need different column types (double, text); give each its own field."`,
  );
});

test('checkAgreement: load and run must be functions, runs a positive count', async () => {
  const base = { schema: schedulingSchema, entity: 'agent', ...mongoTarget() };
  const refused = async (options: object) => {
    const error = await checkAgreement(options as never).catch((e: unknown) => e);
    expect(isTqlError(error)).toBe(true);
    return (error as Error).message;
  };
  expect(await refused({ ...base, run: 'SELECT' })).toBe('invalid_option: checkAgreement: load and run are functions (load(records), run(query) → ids).');
  expect(await refused({ ...base, runs: 0 })).toBe('invalid_option: checkAgreement: runs is a whole number ≥ 1, not 0.');
  expect(await refused({ ...base, seed: 'abc' })).toBe('invalid_option: checkAgreement: seed is an integer, not "abc".');
});

test('an option whose reading throws is an invalid_option, not what was thrown', () => {
  const options = Object.defineProperty({}, 'depth', {
    get() {
      throw new Error('boom');
    },
  });
  expect(message(() => queryArbitrary(schedulingSchema, 'agent', options))).toBe(
    'invalid_option: queryArbitrary could not read its option depth: reading it threw an exception (a getter or a proxy trap). Pass the options as plain values.',
  );
});
