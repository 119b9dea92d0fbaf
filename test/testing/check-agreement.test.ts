/**
 * checkAgreement against real SQL engines through sqlTarget: SQLite (better-sqlite3) and PGlite
 * agree with the in-memory backend on the scheduling schema, the schema with every kind of
 * attribute and generated schemas, inside their declared LIKE folding; and broken mappings are
 * caught, each shrunk to one query and one record with the rule at stake named.
 */
import { PGlite } from '@electric-sql/pglite';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TextPlace } from '../../src/schema/operators.js';
import { foldingDiffers, sqliteFoldingDiffers, type MeasuredFolding } from '../../src/backends/sql/case-folding.js';
import { sqlDatabase, type SqlDatabase } from '../../src/backends/sql/database.js';
import { measureFolding } from '../../src/backends/sql/measure-folding.js';
import { schedulingSchema, schedulingSqlMapping } from '../../src/models/scheduling/index.js';
import { check } from '../../src/api/check.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import type { Condition } from '../../src/validate/validated-query.js';
import { AgreementError, assertAgreement, checkAgreement, formatReport, mongoTarget, sqlTarget, type AgreementReport, type TestRecord } from '../../src/testing/index.js';
import { mongoFoldingDiffers } from '../../src/backends/mongo/index.js';
import { arbGeneratedSchema, everyKindSchema } from './generated-schemas.js';

const SEED = fc.readConfigureGlobal().seed ?? 0;

let pglite: PGlite;
let pg: SqlDatabase;
let pgFolding: MeasuredFolding;

beforeAll(async () => {
  pglite = await PGlite.create();
  pg = sqlDatabase(pglite);
  // Measured over every code point: letters PGlite's tables lack are known exactly.
  pgFolding = await measureFolding(pg);
});

afterAll(async () => {
  await pglite.close();
});

/** The operators that compare text exactly (rule 5). */
const EQUALITY = ['EQ', 'NOT_EQ', 'IN', 'NOT_IN'] as const;

const pgDeclared = (needle: string, haystack: string, place: TextPlace) => foldingDiffers(pgFolding, needle, haystack, place);

/** The one disagreement of a failed report. */
function theDisagreement(report: AgreementReport) {
  expect(report.agreed).toBe(false);
  expect(report.disagreements).toHaveLength(1);
  return report.disagreements[0]!;
}

describe(`SQLite and PGlite agree (seed ${SEED}; replay with TQL_FC_SEED=${SEED})`, () => {
  test.for(schedulingSchema.entityNames)('scheduling: %s', async (entity) => {
    const sqlite = sqlTarget({ db: new Database(':memory:'), schema: schedulingSchema, entity, mapping: schedulingSqlMapping });
    const report = await assertAgreement({ schema: schedulingSchema, entity, ...sqlite, runs: 25, seed: SEED, declared: sqliteFoldingDiffers });
    expect(report.queries).toBeGreaterThan(25);
    const pgTarget = sqlTarget({ db: pg, schema: schedulingSchema, entity, mapping: schedulingSqlMapping });
    await assertAgreement({ schema: schedulingSchema, entity, ...pgTarget, runs: 25, seed: SEED, declared: pgDeclared });
    await pgTarget.drop();
  });

  test('every kind of attribute, with the default tables', async () => {
    const sqlite = sqlTarget({ db: new Database(':memory:'), schema: everyKindSchema, entity: 'item' });
    await assertAgreement({ schema: everyKindSchema, entity: 'item', ...sqlite, runs: 40, seed: SEED, declared: sqliteFoldingDiffers });
    const pgTarget = sqlTarget({ db: pg, schema: everyKindSchema, entity: 'item' });
    await assertAgreement({ schema: everyKindSchema, entity: 'item', ...pgTarget, runs: 40, seed: SEED, declared: pgDeclared });
    await pgTarget.drop();
  });

  test.for(fc.sample(arbGeneratedSchema, { seed: SEED, numRuns: 4 }).map((schema, i) => ({ i, schema })))('generated schema $i', async ({ schema }) => {
    const sqlite = sqlTarget({ db: new Database(':memory:'), schema, entity: 'thing' });
    await assertAgreement({ schema, entity: 'thing', ...sqlite, runs: 20, seed: SEED, declared: sqliteFoldingDiffers });
    const pgTarget = sqlTarget({ db: pg, schema, entity: 'thing' });
    await assertAgreement({ schema, entity: 'thing', ...pgTarget, runs: 20, seed: SEED, declared: pgDeclared });
    await pgTarget.drop();
  });

  test('the Mongo filters, run by mingo, agree inside their declared sigma divergence', async () => {
    await assertAgreement({ schema: everyKindSchema, entity: 'item', ...mongoTarget(), runs: 40, seed: SEED, declared: mongoFoldingDiffers });
  });

  test('SQLite without its declared folding is caught on a letter only Unicode folds (rule 4)', async () => {
    const sqlite = sqlTarget({ db: new Database(':memory:'), schema: everyKindSchema, entity: 'item' });
    const report = await checkAgreement({ schema: everyKindSchema, entity: 'item', ...sqlite, runs: 300, seed: SEED, operators: ['LIKE'] });
    const d = theDisagreement(report);
    expect(d.records).toHaveLength(1);
    expect(d.rules.map((r) => r.rule)).toContain(4);
  });
});

describe(`broken mappings are caught, shrunk to one query and one record (seed ${SEED})`, () => {
  test('a case-insensitive collation (SQLite COLLATE NOCASE): rule 5', async () => {
    const broken = sqlTarget({
      db: new Database(':memory:'),
      schema: schedulingSchema,
      entity: 'agent',
      mapping: schedulingSqlMapping,
      columnType: ({ attribute, type }) => (attribute?.type === 'String' ? `${type} COLLATE NOCASE` : undefined),
    });
    const d = theDisagreement(await checkAgreement({ schema: schedulingSchema, entity: 'agent', ...broken, runs: 200, seed: SEED, operators: EQUALITY }));
    expect(d.records).toHaveLength(1);
    expect(d.query).toMatch(/^agent\.\w+[ ~](EQ|NOT_EQ|IN|NOT_IN)[ ~]/);
    expect(d.rules.map((r) => r.rule)).toContain(5);
  });

  test('a column padded with trailing spaces (PostgreSQL character(n)): rule 5', async () => {
    const broken = sqlTarget({
      db: pg,
      schema: schedulingSchema,
      entity: 'agent',
      mapping: schedulingSqlMapping,
      columnType: ({ attribute }) => (attribute?.type === 'String' ? 'character(64)' : undefined),
    });
    const d = theDisagreement(await checkAgreement({ schema: schedulingSchema, entity: 'agent', ...broken, runs: 200, seed: SEED, operators: EQUALITY }));
    await broken.drop();
    expect(d.records).toHaveLength(1);
    expect(d.query).toMatch(/^agent\.\w+[ ~](EQ|NOT_EQ|IN|NOT_IN)[ ~]/);
    expect(d.rules.map((r) => r.rule)).toContain(5);
    // The record holds a text that differs from the query's value in its trailing spaces only.
    const compared = check(d.query, schedulingSchema, 'agent').condition as Condition & { kind: 'Comparison' };
    const values = (Array.isArray(compared.value) ? compared.value : [compared.value]).map(String);
    const stored = Object.values(d.records[0]!).filter((v): v is string => typeof v === 'string');
    expect(stored.some((v) => values.some((x) => x !== v && x.trimEnd() === v.trimEnd()))).toBe(true);
  });

  test('instants rounded to the nearest second instead of floored: rule 6', async () => {
    const schema = defineSchema({ entities: { event: { attributes: { at: { type: 'Timestamp' } } } } });
    const target = sqlTarget({ db: new Database(':memory:'), schema, entity: 'event' });
    const rounding = {
      load: (records: readonly TestRecord[]) => target.load(records.map((r) => (typeof r['at'] === 'number' ? { ...r, at: Math.round(r['at']) } : r))),
      run: target.run,
    };
    const d = theDisagreement(await checkAgreement({ schema, entity: 'event', ...rounding, runs: 200, seed: SEED }));
    expect(d.records).toHaveLength(1);
    expect(d.rules.map((r) => r.rule)).toContain(6);
    // The record that differs holds a fraction of a second.
    expect(Number.isInteger(d.records[0]!['at'])).toBe(false);
  });

  test('NOT_EQ and NOT ( … ) written as SQL `<>` and NOT, which drop NULL rows: rules 2 and 3', async () => {
    const schema = defineSchema({ entities: { person: { attributes: { nickname: { type: 'String', nullable: true } } } } });
    const target = sqlTarget({ db: new Database(':memory:'), schema, entity: 'person' });
    const db = new Database(':memory:');
    // A hand-written compiler that forgets three-valued logic.
    const where = (c: Condition): string => {
      if (c.kind === 'Comparison') {
        const v = c.value === null ? 'NULL' : `'${String(c.value).replaceAll("'", "''")}'`;
        if (c.operator === 'EQ') return c.value === null ? 'nickname IS NULL' : `nickname = ${v}`;
        return c.value === null ? 'nickname IS NOT NULL' : `nickname <> ${v}`;
      }
      if (c.kind === 'Not') return `NOT (${where(c.operand)})`;
      const operands = c.operands.map(where);
      return `(${operands.join(c.kind === 'And' ? ' AND ' : ' OR ')})`;
    };
    const naive = {
      load: async (records: readonly TestRecord[]) => {
        await target.load(records);
        db.exec('DROP TABLE IF EXISTS person; CREATE TABLE person (id TEXT, nickname TEXT)');
        for (const r of records) db.prepare('INSERT INTO person VALUES (?, ?)').run(r['id'], typeof r['nickname'] === 'string' ? r['nickname'] : null);
      },
      run: (query: Parameters<typeof target.run>[0]) => db.prepare(`SELECT id FROM person WHERE ${where(query.condition)}`).all().map((r) => (r as { id: string }).id),
    };
    const report = await checkAgreement({ schema, entity: 'person', ...naive, runs: 200, seed: SEED, operators: ['EQ', 'NOT_EQ'] });
    const d = theDisagreement(report);
    expect(d.records).toHaveLength(1);
    expect(d.records[0]!['nickname'] ?? null).toBeNull();
    expect(d.query).toMatch(/NOT_EQ|NOT[ ~]\(/);
    expect(d.missing).toEqual([d.records[0]!['id']]);
    expect(d.rules.map((r) => r.rule)).toEqual(expect.arrayContaining([2, 3]));
  });
});

describe('reports and replays', () => {
  const schema = defineSchema({ entities: { person: { attributes: { name: { type: 'String' } } } } });
  /** A backend that folds case on EQ: wrong on rule 5 for any two names that differ in case only. */
  const caseless = () => {
    let records: readonly TestRecord[] = [];
    return {
      load: (rs: readonly TestRecord[]) => void (records = rs),
      run: (q: { condition: Condition }) => {
        const c = q.condition as Condition & { kind: 'Comparison' };
        const hit = (v: unknown) => typeof v === 'string' && (c.operator === 'EQ' ? v.toLowerCase() === String(c.value).toLowerCase() : c.operator === 'LIKE' ? v.toLowerCase().includes(String(c.value).toLowerCase()) : true);
        return records.filter((r) => (c.kind === 'Comparison' ? hit(r['name']) : true)).map((r) => r['id']);
      },
    };
  };

  test('the same seed gives the same report; seed and path replay the shrunk case', async () => {
    const options = { schema, entity: 'person', runs: 100, seed: 12345, operators: ['EQ' as const], depth: 0 };
    const first = await checkAgreement({ ...options, ...caseless() });
    const again = await checkAgreement({ ...options, ...caseless() });
    expect(again).toEqual(first);
    expect(first.path).toBeDefined();
    const replayed = await checkAgreement({ ...options, ...caseless(), path: first.path });
    expect(replayed.disagreements).toEqual(first.disagreements);
    expect(replayed.datasets).toBe(1);
  });

  test('assertAgreement throws a readable AgreementError, not a TqlError', async () => {
    const error = await assertAgreement({ schema, entity: 'person', runs: 100, seed: 12345, operators: ['EQ'], depth: 0, ...caseless() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgreementError);
    const message = (error as AgreementError).message.replace(/path: "[^"]*"/, 'path: "…"').replace(/after \d+ datasets and \d+ queries/, 'after … datasets and … queries');
    expect(message).toMatchInlineSnapshot(`
      "the backend disagrees with the in-memory backend after … datasets and … queries (shrunk):
        query:    person.name EQ ADA
        records:  { "id": "r0", "name": "Ada" }
        expected: none (the in-memory backend)
        got:      r0
        extra:    r0
        rules at stake (docs/language.md, What a filter matches):
          rule 5: EQ and IN on text are exact and case-sensitive
      replay: seed: 12345, path: "…""
    `);
  });

  test('an agreeing report says what ran', async () => {
    const report = await checkAgreement({ schema, entity: 'person', runs: 10, seed: 7, ...mongoTarget() });
    expect(formatReport(report)).toMatch(/^agreed: 10 datasets, \d+ queries \(seed 7\)$/);
  });
});
