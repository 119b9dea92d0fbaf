/** `NOT ( … )` as a Mongo filter: `$nor` of the group's filter, the complement over documents. */
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compileMongo } from '../../../src/backends/mongo/index.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { mingoIds } from '../../support/mongo.js';

const mongo = (text: string, entity: 'agent' | 'scheduling_request' = 'agent') => compileMongo(check(text, schedulingSchema, entity));

describe('the filter of a NOT group', () => {
  test('NOT over an OR is $nor of its operands; over anything else $nor of its one filter', () => {
    expect(mongo('NOT (agent.url_slug EQ ada OR agent.schedulable EQ true)')).toEqual({
      $nor: [{ url_slug: { $not: { $type: 'array' }, $eq: 'ada' } }, { schedulable: { $not: { $type: 'array' }, $eq: true } }],
    });
    expect(mongo('NOT (agent.url_slug EQ ada AND agent.schedulable EQ true)')).toEqual({
      $nor: [{ $and: [{ url_slug: { $not: { $type: 'array' }, $eq: 'ada' } }, { schedulable: { $not: { $type: 'array' }, $eq: true } }] }],
    });
  });
});

describe('on documents without the field, with null, with a wrong type or an array there', () => {
  const agents = [
    { id: 'ada', url_slug: 'ada' },
    { id: 'bob', url_slug: 'bob' },
    { id: 'null', url_slug: null },
    { id: 'missing' },
    { id: 'number', url_slug: 7 },
    // An array is no text value: tql reads it as no value, so EQ misses it and NOT matches it.
    { id: 'array', url_slug: ['ada'] },
  ];
  test.for([
    ['agent.url_slug EQ ada', ['ada']],
    ['NOT (agent.url_slug EQ ada)', ['bob', 'null', 'missing', 'number', 'array']],
    ['NOT (NOT (agent.url_slug EQ ada))', ['ada']],
    ['NOT (agent.url_slug EQ null)', ['ada', 'bob']],
  ] as const)('%s selects %j', ([text, ids]) => {
    expect(mingoIds(mongo(text), agents)).toEqual(ids);
  });

  test('on a collection, NOT (EQ) is "no element equals", as NOT_EQ', () => {
    const requests = [
      { id: 'with5', associated_entities: [{ type: 'psa_a/company', id: 5 }, { type: 'psa_a/company', id: 6 }] },
      { id: 'with6', associated_entities: [{ type: 'psa_a/company', id: 6 }] },
      { id: 'empty', associated_entities: [] },
      { id: 'none' },
    ];
    const not = mingoIds(mongo('NOT (scheduling_request.psa_a_company_id EQ 5)', 'scheduling_request'), requests);
    expect(not).toEqual(['with6', 'empty', 'none']);
    expect(mingoIds(mongo('scheduling_request.psa_a_company_id NOT_EQ 5', 'scheduling_request'), requests)).toEqual(not);
  });
});
