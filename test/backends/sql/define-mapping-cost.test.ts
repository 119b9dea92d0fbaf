/**
 * `defineSqlMapping` costs work linear in the mapping's size, suggestions included: a "did you
 * mean" reads every entity name of the schema, so only the first unknown entities get one. The
 * work is counted (entity names read while guessing), never timed, at 1x, 10x and 100x sizes.
 */
import { describe, expect, test } from 'vitest';
import { defineSqlMapping, SUGGESTED_ENTITIES } from '../../../src/backends/sql/define-mapping.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import type { Schema } from '../../../src/schema/types.js';
import { tqlErrorOf } from '../../support/tql-error.js';

/**
 * A schema of `size` entities and a mapping of all of them with every 20th name misspelt; the
 * schema's entity names are read through an iterable that counts each name handed out.
 */
function misspeltMapping(size: number) {
  const names = Array.from({ length: size }, (_, i) => `entity_${i}`);
  const schema = defineSchema({ entities: Object.fromEntries(names.map((n) => [n, { attributes: { title: { type: 'String' } } }])) });
  let reads = 0;
  const countedNames = {
    *[Symbol.iterator]() {
      for (const n of names) {
        reads++;
        yield n;
      }
    },
  };
  const counted = { ...schema, entityNames: countedNames } as unknown as Schema;
  const mapping = Object.fromEntries(names.map((n, i) => [i % 20 === 0 ? n.replace('entity', 'entty') : n, { table: n, key: 'id' }]));
  return { schema: counted, mapping, reads: () => reads };
}

describe('defineSqlMapping with every 20th entity misspelt', () => {
  test('names read while guessing, per entity of the schema, at 100 / 1,000 / 10,000 entities', () => {
    const rows = [100, 1_000, 10_000].map((size) => {
      const { schema, mapping, reads } = misspeltMapping(size);
      const error = tqlErrorOf(() => defineSqlMapping(schema, mapping));
      const message = error.issues.map((i) => i.message).join('\n');
      return {
        size,
        code: error.code,
        unknown: (message.match(/the schema has no entity/gu) ?? []).length,
        suggested: (message.match(/did you mean/gu) ?? []).length,
        readsPerEntity: reads() / size,
      };
    });
    expect(rows).toMatchInlineSnapshot(`
      [
        {
          "code": "invalid_mapping",
          "readsPerEntity": 5,
          "size": 100,
          "suggested": 5,
          "unknown": 5,
        },
        {
          "code": "invalid_mapping",
          "readsPerEntity": 10,
          "size": 1000,
          "suggested": 10,
          "unknown": 50,
        },
        {
          "code": "invalid_mapping",
          "readsPerEntity": 10,
          "size": 10000,
          "suggested": 10,
          "unknown": 500,
        },
      ]
    `);
    for (const row of rows) expect(row.readsPerEntity).toBeLessThanOrEqual(SUGGESTED_ENTITIES);
  });

  test('the first unknown entities get a suggestion: entty_0 → entity_0', () => {
    const { schema, mapping } = misspeltMapping(100);
    const error = tqlErrorOf(() => defineSqlMapping(schema, mapping));
    expect(error.issues.map((i) => i.message).join('\n').split('\n').slice(0, 2)).toMatchInlineSnapshot(`
      [
        "Invalid SQL mapping: entty_0: the schema has no entity "entty_0" (did you mean "entity_0"?).",
        "Invalid SQL mapping: entty_20: the schema has no entity "entty_20" (did you mean "entity_20"?).",
      ]
    `);
  });
});
