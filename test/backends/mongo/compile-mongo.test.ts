/**
 * The exact filter documents for a table of queries: each title is the query, each snapshot the
 * document MongoDB receives. Answers on data are tested in `mingo.test.ts` and `real-mongo.test.ts`.
 */
import { Query } from 'mingo';
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compileMongo, type MongoFilter } from '../../../src/backends/mongo/index.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import { schedulingSchema, type SchedulingEntityName } from '../../../src/models/scheduling/schema.js';
import type { ValidatedQuery } from '../../../src/validate/validated-query.js';

// ---- helpers ----

const mongo = (entity: SchedulingEntityName, query: string): MongoFilter =>
  compileMongo(check(query, schedulingSchema, entity));
const agent = (query: string) => mongo('agent', query);
const request = (query: string) => mongo('scheduling_request', query);
const resource = (query: string) => mongo('resource', query);

// ---- tests ----

describe('field attributes', () => {
  test('agent.name EQ "Ada Lovelace"', () => {
    expect(agent('agent.name EQ "Ada Lovelace"')).toMatchInlineSnapshot(`
      {
        "name": {
          "$eq": "Ada Lovelace",
          "$not": {
            "$type": "array",
          },
        },
      }
    `);
  });
  test('agent.name NOT_EQ Ada', () => {
    expect(agent('agent.name NOT_EQ Ada')).toMatchInlineSnapshot(`
      {
        "$nor": [
          {
            "name": {
              "$eq": "Ada",
              "$not": {
                "$type": "array",
              },
            },
          },
        ],
      }
    `);
  });
  test('agent.url_slug EQ null', () => {
    expect(agent('agent.url_slug EQ null')).toMatchInlineSnapshot(`
      {
        "$nor": [
          {
            "url_slug": {
              "$not": {
                "$type": "array",
              },
              "$type": "string",
            },
          },
        ],
      }
    `);
  });
  test('agent.url_slug NOT_EQ null', () => {
    expect(agent('agent.url_slug NOT_EQ null')).toMatchInlineSnapshot(`
      {
        "url_slug": {
          "$not": {
            "$type": "array",
          },
          "$type": "string",
        },
      }
    `);
  });
  test('agent.name IN Ada,Bob', () => {
    expect(agent('agent.name IN Ada,Bob')).toMatchInlineSnapshot(`
      {
        "name": {
          "$in": [
            "Ada",
            "Bob",
          ],
          "$not": {
            "$type": "array",
          },
        },
      }
    `);
  });
  test('agent.name NOT_IN Ada,Bob', () => {
    expect(agent('agent.name NOT_IN Ada,Bob')).toMatchInlineSnapshot(`
      {
        "$nor": [
          {
            "name": {
              "$in": [
                "Ada",
                "Bob",
              ],
              "$not": {
                "$type": "array",
              },
            },
          },
        ],
      }
    `);
  });
  test('agent.two_factor_enabled EQ false', () => {
    expect(agent('agent.two_factor_enabled EQ false')).toMatchInlineSnapshot(`
      {
        "two_factor_enabled": {
          "$eq": false,
          "$not": {
            "$type": "array",
          },
        },
      }
    `);
  });
  test('agent.created_at GTE 2023-07-01 AND agent.created_at LT 1700000000', () => {
    expect(agent('agent.created_at GTE 2023-07-01 AND agent.created_at LT 1700000000')).toMatchInlineSnapshot(`
      {
        "$and": [
          {
            "created_at": {
              "$gte": 1688169600,
              "$lt": 1.7976931348623157e+308,
              "$not": {
                "$type": "array",
              },
            },
          },
          {
            "created_at": {
              "$gt": -1.7976931348623157e+308,
              "$lt": 1700000000,
              "$not": {
                "$type": "array",
              },
            },
          },
        ],
      }
    `);
  });
  test('agent.created_at GT 2023-07-01 OR agent.created_at LTE 2023-01-01', () => {
    expect(agent('agent.created_at GT 2023-07-01 OR agent.created_at LTE 2023-01-01')).toMatchInlineSnapshot(`
      {
        "$or": [
          {
            "created_at": {
              "$gte": 1688169601,
              "$lt": 1.7976931348623157e+308,
              "$not": {
                "$type": "array",
              },
            },
          },
          {
            "created_at": {
              "$gt": -1.7976931348623157e+308,
              "$lt": 1672531201,
              "$not": {
                "$type": "array",
              },
            },
          },
        ],
      }
    `);
  });
  test('(agent.name LIKE a OR agent.role EQ User) AND agent.schedulable NOT_EQ true', () => {
    expect(agent('(agent.name LIKE a OR agent.role EQ User) AND agent.schedulable NOT_EQ true')).toMatchInlineSnapshot(`
      {
        "$and": [
          {
            "$or": [
              {
                "name": {
                  "$not": {
                    "$type": "array",
                  },
                  "$regex": "[aA]",
                },
              },
              {
                "role": {
                  "$eq": "User",
                  "$not": {
                    "$type": "array",
                  },
                },
              },
            ],
          },
          {
            "$nor": [
              {
                "schedulable": {
                  "$eq": true,
                  "$not": {
                    "$type": "array",
                  },
                },
              },
            ],
          },
        ],
      }
    `);
  });
});

describe('LIKE: a case-expanded, escaped literal, never the i flag', () => {
  test('agent.name LIKE "Jo.*"', () => {
    expect(agent('agent.name LIKE "Jo.*"')).toMatchInlineSnapshot(`
      {
        "name": {
          "$not": {
            "$type": "array",
          },
          "$regex": "[jJ][oO]\\.\\*",
        },
      }
    `);
  });
  test('agent.name NOT_LIKE straße', () => {
    expect(agent('agent.name NOT_LIKE straße')).toMatchInlineSnapshot(`
      {
        "$nor": [
          {
            "name": {
              "$not": {
                "$type": "array",
              },
              "$regex": "[sS][tT][rR][aA][ßẞ][eE]",
            },
          },
        ],
      }
    `);
  });
  test('agent.name LIKE kai', () => {
    // K (U+212A KELVIN SIGN) lowercases to k; a final i may be the first half of İ's i + U+0307.
    expect(agent('agent.name LIKE kai')).toMatchInlineSnapshot(`
      {
        "name": {
          "$not": {
            "$type": "array",
          },
          "$regex": "[kKK][aA][iIİ]",
        },
      }
    `);
  });
  test('agent.name LIKE "a|b(c)[d]{2}^$\\\\"', () => {
    expect(agent('agent.name LIKE "a|b(c)[d]{2}^$\\\\"')).toMatchInlineSnapshot(`
      {
        "name": {
          "$not": {
            "$type": "array",
          },
          "$regex": "[aA]\\|[bB]\\([cC]\\)\\[[dD]\\]\\{2\\}\\^\\$\\\\",
        },
      }
    `);
  });
  test('agent.name LIKE "%_"', () => {
    expect(agent('agent.name LIKE "%_"')).toMatchInlineSnapshot(`
      {
        "name": {
          "$not": {
            "$type": "array",
          },
          "$regex": "%_",
        },
      }
    `);
  });
  test('agent.name LIKE ""', () => {
    expect(agent('agent.name LIKE ""')).toMatchInlineSnapshot(`
      {
        "name": {
          "$not": {
            "$type": "array",
          },
          "$regex": "",
        },
      }
    `);
  });
});

describe('collection attributes', () => {
  test('scheduling_request.psa_a_company_id EQ 5', () => {
    expect(request('scheduling_request.psa_a_company_id EQ 5')).toMatchInlineSnapshot(`
      {
        "associated_entities": {
          "$elemMatch": {
            "id": {
              "$eq": 5,
              "$not": {
                "$type": "array",
              },
            },
            "type": {
              "$eq": "psa_a/company",
              "$not": {
                "$type": "array",
              },
            },
          },
        },
      }
    `);
  });
  test('scheduling_request.psa_a_company_id NOT_EQ 5', () => {
    expect(request('scheduling_request.psa_a_company_id NOT_EQ 5')).toMatchInlineSnapshot(`
      {
        "$nor": [
          {
            "associated_entities": {
              "$elemMatch": {
                "id": {
                  "$eq": 5,
                  "$not": {
                    "$type": "array",
                  },
                },
                "type": {
                  "$eq": "psa_a/company",
                  "$not": {
                    "$type": "array",
                  },
                },
              },
            },
          },
        ],
      }
    `);
  });
  test('scheduling_request.psa_b_ticket_number EQ #1234', () => {
    expect(request('scheduling_request.psa_b_ticket_number EQ #1234')).toMatchInlineSnapshot(`
      {
        "associated_entities": {
          "$elemMatch": {
            "number": {
              "$in": [
                "1234",
                "#1234",
              ],
              "$not": {
                "$type": "array",
              },
            },
            "type": {
              "$in": [
                "psa_b/project_ticket",
                "psa_b/service_ticket",
              ],
              "$not": {
                "$type": "array",
              },
            },
          },
        },
      }
    `);
  });
  test('scheduling_request.psa_b_ticket_number EQ ##77', () => {
    // One # is dropped from each side: only the stored "##77" is "#77" without its prefix.
    expect(request('scheduling_request.psa_b_ticket_number EQ ##77')).toMatchInlineSnapshot(`
      {
        "associated_entities": {
          "$elemMatch": {
            "number": {
              "$eq": "##77",
              "$not": {
                "$type": "array",
              },
            },
            "type": {
              "$in": [
                "psa_b/project_ticket",
                "psa_b/service_ticket",
              ],
              "$not": {
                "$type": "array",
              },
            },
          },
        },
      }
    `);
  });
  test('scheduling_request.psa_b_service_ticket_number NOT_IN 1,#2', () => {
    expect(request('scheduling_request.psa_b_service_ticket_number NOT_IN 1,#2')).toMatchInlineSnapshot(`
      {
        "$nor": [
          {
            "associated_entities": {
              "$elemMatch": {
                "number": {
                  "$in": [
                    "1",
                    "#1",
                    "2",
                    "#2",
                  ],
                  "$not": {
                    "$type": "array",
                  },
                },
                "type": {
                  "$eq": "psa_b/service_ticket",
                  "$not": {
                    "$type": "array",
                  },
                },
              },
            },
          },
        ],
      }
    `);
  });
  test('scheduling_request.psa_b_ticket_number LIKE 12', () => {
    expect(request('scheduling_request.psa_b_ticket_number LIKE 12')).toMatchInlineSnapshot(`
      {
        "associated_entities": {
          "$elemMatch": {
            "number": {
              "$not": {
                "$type": "array",
              },
              "$regex": "^(?:#|(?!#))[\\s\\S]*?12",
            },
            "type": {
              "$in": [
                "psa_b/project_ticket",
                "psa_b/service_ticket",
              ],
              "$not": {
                "$type": "array",
              },
            },
          },
        },
      }
    `);
  });
  test('scheduling_request.agent_id EQ agnt_ada', () => {
    expect(request('scheduling_request.agent_id EQ agnt_ada')).toMatchInlineSnapshot(`
      {
        "$or": [
          {
            "resources": {
              "$elemMatch": {
                "id": {
                  "$eq": "agnt_ada",
                  "$not": {
                    "$type": "array",
                  },
                },
                "type": {
                  "$eq": "agent",
                  "$not": {
                    "$type": "array",
                  },
                },
              },
            },
          },
          {
            "scheduled_agents": {
              "$elemMatch": {
                "id": {
                  "$eq": "agnt_ada",
                  "$not": {
                    "$type": "array",
                  },
                },
                "type": {
                  "$eq": "agent",
                  "$not": {
                    "$type": "array",
                  },
                },
              },
            },
          },
        ],
      }
    `);
  });
  test('scheduling_request.agent_id NOT_EQ agnt_ada', () => {
    expect(request('scheduling_request.agent_id NOT_EQ agnt_ada')).toMatchInlineSnapshot(`
      {
        "$nor": [
          {
            "resources": {
              "$elemMatch": {
                "id": {
                  "$eq": "agnt_ada",
                  "$not": {
                    "$type": "array",
                  },
                },
                "type": {
                  "$eq": "agent",
                  "$not": {
                    "$type": "array",
                  },
                },
              },
            },
          },
          {
            "scheduled_agents": {
              "$elemMatch": {
                "id": {
                  "$eq": "agnt_ada",
                  "$not": {
                    "$type": "array",
                  },
                },
                "type": {
                  "$eq": "agent",
                  "$not": {
                    "$type": "array",
                  },
                },
              },
            },
          },
        ],
      }
    `);
  });
  test('scheduling_request.team_id EQ team_blue', () => {
    expect(request('scheduling_request.team_id EQ team_blue')).toMatchInlineSnapshot(`
      {
        "resources": {
          "$elemMatch": {
            "id": {
              "$eq": "team_blue",
              "$not": {
                "$type": "array",
              },
            },
            "type": {
              "$eq": "team",
              "$not": {
                "$type": "array",
              },
            },
          },
        },
      }
    `);
  });
  test('scheduling_request.selected_start_time EQ null OR scheduling_request.status IN new,sent', () => {
    expect(
      request('scheduling_request.selected_start_time EQ null OR scheduling_request.status IN new,sent'),
    ).toMatchInlineSnapshot(`
      {
        "$or": [
          {
            "$nor": [
              {
                "selected_start_time": {
                  "$gt": -1.7976931348623157e+308,
                  "$lt": 1.7976931348623157e+308,
                  "$not": {
                    "$type": "array",
                  },
                },
              },
            ],
          },
          {
            "status": {
              "$in": [
                "new",
                "sent",
              ],
              "$not": {
                "$type": "array",
              },
            },
          },
        ],
      }
    `);
  });
});

describe('variant attributes', () => {
  test('resource.internal_name EQ Blue', () => {
    expect(resource('resource.internal_name EQ Blue')).toMatchInlineSnapshot(`
      {
        "$or": [
          {
            "name": {
              "$eq": "Blue",
              "$not": {
                "$type": "array",
              },
            },
            "object": {
              "$eq": "agent",
              "$not": {
                "$type": "array",
              },
            },
          },
          {
            "internal_name": {
              "$eq": "Blue",
              "$not": {
                "$type": "array",
              },
            },
            "object": {
              "$eq": "team",
              "$not": {
                "$type": "array",
              },
            },
          },
        ],
      }
    `);
  });
  test('resource.external_name EQ null', () => {
    expect(resource('resource.external_name EQ null')).toMatchInlineSnapshot(`
      {
        "$nor": [
          {
            "name": {
              "$not": {
                "$type": "array",
              },
              "$type": "string",
            },
            "object": {
              "$eq": "agent",
              "$not": {
                "$type": "array",
              },
            },
          },
          {
            "external_name": {
              "$not": {
                "$type": "array",
              },
              "$type": "string",
            },
            "object": {
              "$eq": "team",
              "$not": {
                "$type": "array",
              },
            },
          },
        ],
      }
    `);
  });
  test('resource.url_slug NOT_LIKE x', () => {
    expect(resource('resource.url_slug NOT_LIKE x')).toMatchInlineSnapshot(`
      {
        "$nor": [
          {
            "object": {
              "$eq": "agent",
              "$not": {
                "$type": "array",
              },
            },
            "url_slug": {
              "$not": {
                "$type": "array",
              },
              "$regex": "[xX]",
            },
          },
          {
            "object": {
              "$eq": "team",
              "$not": {
                "$type": "array",
              },
            },
            "url_slug": {
              "$not": {
                "$type": "array",
              },
              "$regex": "[xX]",
            },
          },
        ],
      }
    `);
  });
});

describe('values stay values', () => {
  test.for([
    ['agent.name EQ $where', '$where'],
    ['agent.name EQ "{\\"$gt\\":\\"\\"}"', '{"$gt":""}'],
    ['agent.name EQ __proto__', '__proto__'],
    ['agent.name EQ constructor', 'constructor'],
  ])('%s', ([query, value]) => {
    expect(agent(query!)).toEqual({ name: { $not: { $type: 'array' }, $eq: value } });
  });
});

describe('bad input', () => {
  test('a field name from the schema that MongoDB would read as an operator', () => {
    const odd = defineSchema({
      entities: { thing: { attributes: { name: { type: 'String', source: { kind: 'field', field: '$where' } } } } },
    });
    expect(() => compileMongo(check('thing.name EQ x', odd, 'thing'))).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:1 unsupported: The schema maps thing.name to the MongoDB field "$where", which the Mongo backend does not use: name fields with letters, digits and underscores (not starting with a digit).
        thing.name EQ x
        ^^^^^^^^^^^^^^^]
    `);
  });
  test('a dotted field name', () => {
    const odd = defineSchema({
      entities: {
        thing: {
          attributes: {
            owner: {
              type: 'ID',
              id: { kind: 'integer' },
              source: { kind: 'element', arrays: ['links'], where: { field: 'a.b', oneOf: ['x'] }, value: 'id' },
            },
          },
        },
      },
    });
    expect(() => compileMongo(check('thing.owner EQ 1', odd, 'thing'))).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:1 unsupported: The schema maps thing.owner to the MongoDB field "a.b", which the Mongo backend does not use: name fields with letters, digits and underscores (not starting with a digit).
        thing.owner EQ 1
        ^^^^^^^^^^^^^^^^]
    `);
  });
  describe('a LIKE value whose pattern MongoDB would refuse (over 16,384 bytes)', () => {
    const LONG = { limits: { maxLength: Infinity, maxValueLength: Infinity } };
    const like = (needle: string) => () => compileMongo(check(`agent.name LIKE "${needle}"`, schedulingSchema, 'agent', LONG));
    test.for([
      // the needle is count × char; bytes of its pattern; accepted
      ['a', 4096, 4096 * 4, true], // [aA]
      ['a', 4097, 4097 * 4, false],
      ['1', 16_384, 16_384, true],
      ['1', 16_385, 16_385, false],
      ['1', 40_000, 40_000, false], // V8 itself refuses from 32,768 atoms
      // The costliest character, 13 bytes: so no value within the default 1,024 characters is refused.
      ['İ', 1260, 1260 * 13, true],
      ['İ', 1261, 1261 * 13, false],
    ] as const)('a needle of %s × %i', ([char, count, bytes, accepted]) => {
      const needle = char.repeat(count);
      if (accepted) {
        const filter = like(needle)();
        const pattern = (filter as { name: { $regex: string } }).name.$regex;
        expect(new TextEncoder().encode(pattern).length).toBe(bytes);
        // mingo (V8) runs what MongoDB takes.
        expect(new Query(filter).find([{ id: 'agnt_1', name: needle }]).all()).toHaveLength(1);
      } else {
        expect(like(needle)).toThrow(expect.objectContaining({ code: 'unsupported', message: expect.stringContaining(`pattern of ${bytes} bytes`) }));
      }
    });
    test('the message', () => {
      expect(like('İ'.repeat(1261))).toThrow(
        'This LIKE value makes a MongoDB pattern of 16393 bytes, and MongoDB takes at most 16384: shorten it (letters cost a class of their cases each; digits and punctuation one character).',
      );
    });
  });
  test('not a validated query', () => {
    expect(() => compileMongo('agent.name EQ x' as unknown as ValidatedQuery)).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_input: compileMongo takes the result of check() or validate(), but this is not a validated query (a query text or a syntax tree?).]`);
  });
});

describe('empty AND and OR (only a copied or hand-made query has one)', () => {
  const base = check('agent.name EQ ada', schedulingSchema, 'agent');
  test.for([
    ['And', {}, true],
    ['Or', { $nor: [{}] }, false],
  ] as const)('an empty %s is %j: it matches %s documents, as in SQL', ([kind, filter, matchesAll]) => {
    const q = { ...base, condition: { kind, operands: [] } } as unknown as ValidatedQuery;
    expect(compileMongo(q)).toEqual(filter);
    for (const doc of [{}, { name: 'ada' }, { other: 1 }]) expect(new Query(compileMongo(q) as object).test(doc)).toBe(matchesAll);
  });
});
