/**
 * compileSql keeps what it works out of each attribute (its target, its column storage) for a
 * mapping made by defineSqlMapping and a dialect named by its string. The law: a kept answer is
 * the answer worked out afresh. A plain copy of the same mapping is never kept, so compiling
 * against it is the reference; every query is compiled twice, so the second compile reads what
 * the first one kept.
 */
import { fc, test } from '../../support/property.js';
import { describe, expect } from 'vitest';
import '../../support/fast-check-seed.js';
import { check } from '../../../src/api/check.js';
import { compileSql } from '../../../src/backends/sql/compile-sql.js';
import { SQL_DIALECTS, type SqlDialectName } from '../../../src/backends/sql/dialects.js';
import type { SqlMapping } from '../../../src/backends/sql/mapping.js';
import { isDefinedMapping } from '../../../src/backends/sql/define-mapping.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../../src/models/scheduling/sql/mapping.js';
import { arbQueryText } from '../../properties/arbitraries/valid-query.js';

/** The same entries, in objects defineSqlMapping did not make. */
const plainCopy = structuredClone(schedulingSqlMapping) as SqlMapping;
const DIALECTS = Object.keys(SQL_DIALECTS) as SqlDialectName[];

/** The statement, or the TqlError's code where the dialect refuses the query. */
function compiled(text: string, entity: string, dialect: SqlDialectName, mapping: SqlMapping): unknown {
  try {
    return compileSql(check(text, schedulingSchema, entity as 'agent'), { dialect, mapping });
  } catch (error) {
    return { refused: (error as { code?: unknown }).code };
  }
}

describe('kept targets', () => {
  test('the copy is not a defined mapping, so it is never kept', () => {
    expect([isDefinedMapping(schedulingSqlMapping), isDefinedMapping(plainCopy)]).toEqual([true, false]);
  });

  test.prop([fc.constantFrom(...schedulingSchema.entityNames).chain((e) => arbQueryText(e)), fc.constantFrom(...DIALECTS)], { numRuns: 300 })(
    'a query compiled twice against the defined mapping = compiled against a plain copy',
    ({ entity, text }, dialect) => {
      const fresh = compiled(text, entity, dialect, plainCopy);
      expect(compiled(text, entity, dialect, schedulingSqlMapping)).toEqual(fresh);
      expect(compiled(text, entity, dialect, schedulingSqlMapping)).toEqual(fresh);
    },
  );
});
