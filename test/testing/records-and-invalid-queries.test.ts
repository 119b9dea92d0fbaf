/**
 * recordArbitrary, datasetArbitrary and invalidQueryArbitrary: records have the entity's shape
 * and hold, counted over many samples, every kind of value (missing, null, each type, fractions
 * of a second, texts that break engines); hostile records never make the reference throw
 * anything but a TqlError; every invalid text is refused with a TqlError, each kind of defect
 * often.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { check, safeCheck } from '../../src/api/check.js';
import { isTqlError } from '../../src/errors/tql-error.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { datasetArbitrary, invalidQueryArbitrary, queryArbitrary, recordArbitrary, referenceIds } from '../../src/testing/index.js';
import { arbGeneratedSchema, everyKindSchema } from './generated-schemas.js';

const SEED = fc.readConfigureGlobal().seed ?? 0;

describe(`records (seed ${SEED}; replay with TQL_FC_SEED=${SEED})`, () => {
  const records = fc.sample(recordArbitrary(everyKindSchema, 'item'), { seed: SEED, numRuns: 2000 });
  const values = (field: string) => records.filter((r) => Object.hasOwn(r, field)).map((r) => r[field]);

  test('every field is now missing, now null, mostly a value', () => {
    const fields = ['label', 'note', 'due_at', 'created_ms', 'seen_on', 'active', 'price', 'legacy_id', 'ext_id', 'type', 'title', 'name', 'tags', 'members'];
    const counts = fields.map((f) => ({ f, missing: records.length - values(f).length, null: values(f).filter((v) => v === null).length, value: values(f).filter((v) => v !== null).length }));
    expect(counts.filter((c) => c.missing < 50 || c.null < 50 || c.value < 1000)).toEqual([]);
  });

  test('instants on both sides of a second, in the form each storage takes', () => {
    const seconds = values('due_at').filter((v): v is number => typeof v === 'number');
    expect(seconds.filter((s) => !Number.isInteger(s)).length).toBeGreaterThan(100);
    expect(seconds.filter((s) => s < 0).length).toBeGreaterThan(10);
    const ms = values('created_ms').filter((v): v is number => typeof v === 'number');
    expect(ms.filter((v) => v % 1000 === 999).length).toBeGreaterThan(50);
    const iso = values('seen_on').filter((v): v is string => typeof v === 'string');
    for (const form of [/Z$/, /\+02:00$/, /T\d\d:\d\d:\d\d\.\d{3}$/, /T\d\d:\d\d:\d\d$/]) expect(iso.filter((t) => form.test(t)).length, String(form)).toBeGreaterThan(50);
  });

  test('texts that break engines: wildcards, quotes, backslashes, trailing spaces, Unicode-only case pairs', () => {
    const texts = values('label').filter((v): v is string => typeof v === 'string');
    for (const probe of [/%/, /_/, /\\/, /'/, /"/, / $/, /ß|ẞ/, /İ|ı/, /Σ/, /\u0307|\u0308/, /[\u{10000}-\u{10ffff}]/u]) {
      expect(texts.filter((t) => probe.test(t)).length, String(probe)).toBeGreaterThan(10);
    }
    expect(texts.filter((t) => t.includes('\u0000'))).toEqual([]);
  });

  test('uuids in either case, elements under listed tags and others, variants under each tag', () => {
    const uuids = values('ext_id').filter((v): v is string => typeof v === 'string');
    expect(uuids.filter((u) => u === u.toUpperCase() && /[A-F]/.test(u)).length).toBeGreaterThan(50);
    const elements = values('tags').flatMap((v) => (Array.isArray(v) ? v : [])) as { kind?: string }[];
    expect(new Set(elements.map((e) => e.kind))).toEqual(new Set(['tag', 'label', 'other']));
    expect(new Set(values('type'))).toEqual(new Set(['book', 'film', 'other', null]));
  });

  test('datasets number their records apart', () => {
    for (const dataset of fc.sample(datasetArbitrary(everyKindSchema, 'item', { size: 8 }), { seed: SEED, numRuns: 50 })) {
      expect(dataset.length).toBeLessThanOrEqual(8);
      expect(dataset.map((r) => r['id'])).toEqual(dataset.map((_, i) => `r${i}`));
    }
  });

  test.for([
    ['scheduling', schedulingSchema, 'scheduling_request'],
    ['every kind', everyKindSchema, 'item'],
    ...fc.sample(arbGeneratedSchema, { seed: SEED, numRuns: 3 }).map((s, i) => [`generated ${i}`, s, 'thing'] as const),
  ] as const)('hostile datasets (%s): the reference answers or throws a TqlError, nothing else', ([, schema, entity]) => {
    let answered = 0;
    fc.assert(
      fc.property(datasetArbitrary(schema, entity, { hostile: true, size: 6 }), queryArbitrary(schema, entity), (dataset, text) => {
        try {
          referenceIds(check(text, schema, entity), dataset);
          answered++;
        } catch (error) {
          expect(isTqlError(error), String(error)).toBe(true);
        }
      }),
      { seed: SEED, numRuns: 150 },
    );
    expect(answered).toBeGreaterThan(100);
  });
});

describe(`invalid queries (seed ${SEED})`, () => {
  test.for([
    ['scheduling', schedulingSchema, schedulingSchema.entityNames],
    ['every kind', everyKindSchema, ['item']],
    ...fc.sample(arbGeneratedSchema, { seed: SEED, numRuns: 4 }).map((s, i) => [`generated ${i}`, s, ['thing']] as const),
  ] as const)('%s: every text is refused with a TqlError', ([, schema, entities]) => {
    for (const entity of entities) {
      fc.assert(
        fc.property(invalidQueryArbitrary(schema, entity), ({ text, defect }) => {
          const r = safeCheck(text, schema, entity);
          expect(r.ok, `${defect}: ${text}`).toBe(false);
        }),
        { seed: SEED, numRuns: 150 },
      );
    }
  });

  test('every kind of defect occurs', () => {
    const defects = new Map<string, number>();
    for (const { defect } of fc.sample(invalidQueryArbitrary(everyKindSchema, 'item'), { seed: SEED, numRuns: 2000 })) defects.set(defect, (defects.get(defect) ?? 0) + 1);
    expect([...defects.keys()].sort()).toEqual([
      'empty text',
      'id of another prefix',
      'invalid value',
      'list after a one-value operator',
      'longer than the limit',
      'lower-case operator',
      'null not allowed',
      'only spaces',
      'operator not allowed',
      'unclosed parenthesis',
      'unclosed quote',
      'unknown attribute',
      'value outside the closed set',
    ]);
    expect([...defects.values()].every((n) => n >= 20)).toBe(true);
  });
});
