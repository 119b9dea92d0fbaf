/**
 * STARTS_WITH and ENDS_WITH in each compiler (language rule 9): the SQL each dialect gets, the
 * Mongo filter, the in-memory matcher, the index each SQL engine is advised, and a law tying the
 * Mongo pattern and the SQL pattern to the definition, `lower(text)` starting or ending with
 * `lower(needle)`.
 */
import { fc, test as prop } from '../support/property.js';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { affixMatcher } from '../../src/backends/memory/like.js';
import { likePredicate } from '../../src/backends/memory/value-test.js';
import { compileMongo } from '../../src/backends/mongo/compile-mongo.js';
import { affixIgnoringCase } from '../../src/backends/mongo/like-pattern.js';
import { compileSql } from '../../src/backends/sql/compile-sql.js';
import { indexAdvice } from '../../src/backends/sql/index-advice.js';
import { textPattern } from '../../src/backends/sql/like-pattern.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import { TEXT_PLACE_TESTS } from '../../src/schema/operators.js';

const agentQuery = check('agent.name STARTS_WITH "50%_a" AND agent.email ENDS_WITH @Example.COM', schedulingSchema, 'agent');

describe('agent.name STARTS_WITH "50%_a" AND agent.email ENDS_WITH @Example.COM', () => {
  test.for(['postgres', 'sqlite', 'mysql', 'duckdb'] as const)('%s: the dialect’s LIKE, the needle folded and escaped, the wildcard on one side', (dialect) => {
    expect(compileSql(agentQuery, { dialect, mapping: schedulingSqlMapping })).toMatchSnapshot();
  });

  test('mongo: anchored patterns of escaped characters, each letter a class of its cases', () => {
    expect(compileMongo(agentQuery)).toMatchInlineSnapshot(`
      {
        "$and": [
          {
            "name": {
              "$not": {
                "$type": "array",
              },
              "$regex": "^50%_[aA]",
            },
          },
          {
            "email": {
              "$not": {
                "$type": "array",
              },
              "$regex": "@[eE][xX][aA][mM][pP][lL][eE]\\.[cC][oO][mM](?![\\s\\S])",
            },
          },
        ],
      }
    `);
  });
});

describe('a ticket number whose one leading # is ignored', () => {
  const q = (text: string) => check(text, schedulingSchema, 'scheduling_request');

  test('scheduling_request.psa_b_ticket_number STARTS_WITH 12: mongo drops the # before the anchor', () => {
    const filter = compileMongo(q('scheduling_request.psa_b_ticket_number STARTS_WITH 12')) as { associated_entities: { $elemMatch: { number: unknown } } };
    expect(filter.associated_entities.$elemMatch.number).toEqual({ $not: { $type: 'array' }, $regex: '^(?:#|(?!#))12' });
  });

  test('scheduling_request.psa_b_ticket_number ENDS_WITH 12: SQL tests the number without its #', () => {
    const { text, values } = compileSql(q('scheduling_request.psa_b_ticket_number ENDS_WITH 12'), { dialect: 'postgres', mapping: schedulingSqlMapping });
    expect(text).toContain(`lower(CASE WHEN substr("associated_entity"."number", 1, 1) = '#' THEN substr("associated_entity"."number", 2) ELSE "associated_entity"."number" END) LIKE $1`);
    expect(values).toEqual(['%12']);
  });
});

describe('textPattern: the SQL LIKE pattern of each place', () => {
  test.for([
    ['jo', 'start', '\\', 'jo%'],
    ['son', 'end', '\\', '%son'],
    ['mid', 'anywhere', '\\', '%mid%'],
    ['50%_\\', 'start', '\\', '50\\%\\_\\\\%'],
    ['50%!', 'end', '!', '%50!%!!'],
    ['', 'start', '\\', '%'],
  ] as const)('%s at the %s (escape %s) is %s', ([needle, place, escape, pattern]) => {
    expect(textPattern(needle, place, escape)).toBe(pattern);
  });
});

describe('the in-memory matcher', () => {
  test.for([
    ['Jo', 'start', 'JOHN', true],
    ['Jo', 'start', 'Ajo', false],
    ['SON', 'end', 'Johnson', true],
    ['son', 'end', 'sonny', false],
    ['i', 'start', 'İlkay', true], // 'i̇lkay'
    ['i', 'end', 'Halİ', false], // 'hali̇' ends with U+0307
    ['', 'end', '', true],
  ] as const)('%s at the %s of %s: %s', ([needle, place, text, expected]) => {
    expect(likePredicate(affixMatcher(needle, place))(text)).toBe(expected);
  });

  test('a value that is not text never matches', () => {
    const starts = likePredicate(affixMatcher('1', 'start'));
    expect([1, null, undefined, ['1'], { 0: '1' }].map(starts)).toEqual([false, false, false, false, false]);
  });
});

/** Characters where folding is hard: cases that differ in length, Kelvin, dotted I, sigma aside (declared). */
const arbText = fc.string({ unit: fc.constantFrom('a', 'A', 'i', 'I', 'İ', '\u0307', 'k', 'K', '\u212a', 'ß', 'ẞ', '%', '_', '\\', '.', '^', '$', '\n', '#', 'é', 'É'), maxLength: 6 });

describe('laws: each pattern means lower(text) starts or ends with lower(needle)', () => {
  prop.prop([arbText, arbText, fc.constantFrom('start', 'end' as const)], { numRuns: 2000 })('the Mongo pattern, run as a JavaScript RegExp as mingo runs it', (needle, text, place) => {
    const regex = new RegExp(affixIgnoringCase(needle, place));
    expect(regex.test(text)).toBe(TEXT_PLACE_TESTS[place](text.toLowerCase(), needle.toLowerCase()));
  });

  prop.prop([arbText, arbText, fc.constantFrom('start', 'end' as const)], { numRuns: 2000 })('the in-memory matcher', (needle, text, place) => {
    expect(likePredicate(affixMatcher(needle, place))(text)).toBe(TEXT_PLACE_TESTS[place](text.toLowerCase(), needle.toLowerCase()));
  });
});

describe('index advice for STARTS_WITH', () => {
  const agentOnly = { agent: schedulingSqlMapping.agent };
  const prefixIndexes = (statements: readonly string[]) => statements.filter((s) => s.includes('name_prefix_idx') && s.includes('"agent_name'));

  test('postgres: the trigram index serves it, no B-tree (whose entries cannot hold a long text)', () => {
    const statements = indexAdvice(schedulingSchema, { dialect: 'postgres', mapping: agentOnly });
    expect(prefixIndexes(statements)).toEqual([]);
    expect(statements).toContain('CREATE INDEX IF NOT EXISTS "agent_name_trgm_idx" ON "agent" USING gin ((lower("name")) gin_trgm_ops);');
  });

  test('postgres: an attribute with STARTS_WITH and not LIKE still gets the trigram index', () => {
    const schema = defineSchema({ entities: { book: { attributes: { title: { type: 'String', operators: ['EQ', 'STARTS_WITH'] } } } } });
    expect(indexAdvice(schema, { dialect: 'postgres', mapping: { book: { table: 'book', key: 'id' } }, listOrder: false })).toContain(
      'CREATE INDEX IF NOT EXISTS "book_title_trgm_idx" ON "book" USING gin ((lower("title")) gin_trgm_ops);',
    );
  });

  test.for([
    ['database', ['CREATE INDEX IF NOT EXISTS "agent_name_prefix_idx" ON "agent" ("name" COLLATE NOCASE);']],
    // With tql_lower on the left of LIKE, SQLite's LIKE optimization cannot apply: no index.
    ['unicode', []],
  ] as const)('sqlite with caseFolding %s', ([caseFolding, expected]) => {
    expect(prefixIndexes(indexAdvice(schedulingSchema, { dialect: 'sqlite', mapping: agentOnly, caseFolding }))).toEqual(expected);
  });

  test.for(['mysql', 'duckdb'] as const)('%s: none (no index serves its LIKE)', (dialect) => {
    expect(prefixIndexes(indexAdvice(schedulingSchema, { dialect, mapping: agentOnly }))).toEqual([]);
  });

  test('open text gets one; a closed set of values (scheduling_request.status) does not', () => {
    const statements = indexAdvice(schedulingSchema, { dialect: 'sqlite', mapping: agentOnly });
    expect(statements.some((s) => s.includes('agent_role_prefix_idx'))).toBe(true);
    const requests = indexAdvice(schedulingSchema, { dialect: 'sqlite', mapping: { scheduling_request: schedulingSqlMapping.scheduling_request } });
    expect(requests.some((s) => s.includes('status_prefix_idx'))).toBe(false);
  });
});
