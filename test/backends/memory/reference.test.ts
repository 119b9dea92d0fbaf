/**
 * Laws of the in-memory backend, checked on generated queries over the sample data and over
 * loose records (missing fields, wrong types, junk elements, non-objects):
 * - it agrees with a plain interpreter of the design doc's semantics (`reference.ts`), so none
 *   of its optimisations (specialised closures, regex LIKE, Sets, cheap-first order) changes an
 *   answer;
 * - every NOT_* operator is the exact complement of its positive operator, record by record.
 */
import { fc, test as propTest } from '../../support/property.js';
import { describe, expect } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compilePredicate } from '../../../src/backends/memory/index.js';
import { recordsOf, sampleData } from '../../../src/models/scheduling/sample.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { arbComplementPair, arbLooseRecord, arbQueryText, sampleValues } from './arbitraries.js';
import { referenceMatches } from './reference.js';

// ---- shared ----

const data = sampleData();

// ---- laws ----

describe.each(schedulingSchema.entityNames)('%s', (entity) => {
  const records = recordsOf(data, entity);
  /**
   * Sample records, and records that inherit a sample record and own half the fields of
   * another: values on a prototype must never count, also inside AND and OR.
   */
  const sample: readonly unknown[] = [
    ...records.slice(0, 150),
    ...records.slice(0, 60).map((proto, i) => {
      const donor = records[(i * 7 + 3) % records.length] as unknown as Record<string, unknown>;
      const own = Object.entries(donor).filter((_, k) => (k + i) % 2 === 0);
      // defineProperty, not assignment: the sample records are frozen, which blocks assigning
      // a property their frozen prototype has.
      const descriptors = Object.fromEntries(own.map(([k, value]) => [k, { value, enumerable: true }]));
      return Object.create(proto, descriptors) as unknown;
    }),
  ];
  const query = arbQueryText(entity, sampleValues(entity));
  const loose = fc.array(arbLooseRecord(entity), { maxLength: 40 });

  propTest.prop([query, loose], { numRuns: 150 })('answers as the reference interpreter', (text, extra) => {
    const q = check(text, schedulingSchema, entity);
    const predicate = compilePredicate(q);
    for (const record of [...sample, ...extra]) {
      expect(predicate(record), JSON.stringify(record)).toBe(referenceMatches(q.condition, record));
    }
  });

  propTest.prop([arbComplementPair(entity, sampleValues(entity)), loose], { numRuns: 150 })(
    'NOT_X is the complement of X on every record',
    ({ positive, negative }, extra) => {
      const yes = compilePredicate(check(positive, schedulingSchema, entity));
      const no = compilePredicate(check(negative, schedulingSchema, entity));
      for (const record of [...sample, ...extra]) expect(no(record), JSON.stringify(record)).toBe(!yes(record));
    },
  );
});
