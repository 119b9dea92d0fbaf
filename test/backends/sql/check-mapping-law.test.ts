/**
 * The law the mapping check stands for: a column it accepts gives tql's answers. Over generated
 * SQLite columns (every affinity, declared as apps declare them), attribute types, stored values
 * and queries: whenever checkSqlMapping accepts the mapping, SQLite selects exactly the records
 * the in-memory backend selects. SQLite is where a wrong column type answers silently (its
 * affinities turn the text '007' into the number 7), so acceptance is what must be earned.
 */
import { fc, test } from '../../support/property.js';
import Database from 'better-sqlite3';
import { afterAll, expect } from 'vitest';
import { check } from '../../../src/api/check.js';
import { filterRecords } from '../../../src/backends/memory/index.js';
import { checkSqlMapping } from '../../../src/backends/sql/check-mapping.js';
import { sqlDatabase } from '../../../src/backends/sql/database.js';
import { sqlite } from '../../../src/backends/sql/dialects.js';
import { selectSql } from '../../../src/backends/sql/select-sql.js';
import { isTqlError } from '../../../src/errors/tql-error.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import type { AttributeDefinition } from '../../../src/schema/types.js';
import { sortedIds } from '../../support/ids.js';

/** Declared types an app may give a column, one or more of each SQLite affinity, and text under each collation that folds. */
const COLUMN_TYPES = ['TEXT', 'VARCHAR(20)', 'INTEGER', 'BIGINT', 'REAL', 'NUMERIC', 'BOOLEAN', 'DATETIME', '', 'TEXT COLLATE NOCASE', 'TEXT COLLATE RTRIM'] as const;

/** Texts that SQLite's numeric affinities would turn into numbers, some that stay text, and some that NOCASE or RTRIM take for another. */
const arbText = fc.constantFrom('007', '7', '7.0', '1e3', ' 7', '7 ', 'abc', 'ABC', 'abc ', '', 'x y', '-0');

/** One attribute type: how a record holds its value, and the queries that compare it. */
interface Kind {
  readonly attribute: AttributeDefinition;
  readonly value: fc.Arbitrary<unknown>;
  readonly query: fc.Arbitrary<string>;
}

const quoted = (s: string) => JSON.stringify(s);
const arbInteger = fc.integer({ min: -1000, max: 1000 });

const KINDS: Readonly<Record<string, Kind>> = {
  String: {
    attribute: { type: 'String' },
    value: arbText,
    query: fc.oneof(
      arbText.map((v) => `EQ ${quoted(v)}`),
      arbText.map((v) => `NOT_EQ ${quoted(v)}`),
      fc.array(arbText, { minLength: 1, maxLength: 3 }).map((vs) => `IN ${vs.map(quoted).join(',')}`),
      fc.constantFrom('7', 'a', '0').map((v) => `LIKE ${quoted(v)}`),
    ),
  },
  // Case-insensitive on purpose: the check accepts NOCASE for it, not RTRIM.
  IgnoringCase: {
    attribute: { type: 'String', source: { kind: 'field', field: 'v', ignoreCase: true } },
    value: arbText,
    query: fc.oneof(arbText.map((v) => `EQ ${quoted(v)}`), fc.array(arbText, { minLength: 1, maxLength: 3 }).map((vs) => `IN ${vs.map(quoted).join(',')}`)),
  },
  Number: {
    attribute: { type: 'Number' },
    value: fc.oneof(arbInteger, fc.double({ min: -1000, max: 1000, noNaN: true, noDefaultInfinity: true })),
    query: fc.tuple(fc.constantFrom('EQ', 'NOT_EQ', 'LT', 'GTE'), fc.oneof(arbInteger, fc.constantFrom(0.5, -2.25))).map(([op, v]) => `${op} ${v}`),
  },
  Boolean: {
    attribute: { type: 'Boolean' },
    value: fc.boolean(),
    query: fc.tuple(fc.constantFrom('EQ', 'NOT_EQ'), fc.boolean()).map(([op, v]) => `${op} ${v}`),
  },
  IntegerId: {
    attribute: { type: 'ID', id: { kind: 'integer' } },
    value: fc.nat({ max: 20 }),
    query: fc.tuple(fc.constantFrom('EQ', 'NOT_EQ'), fc.nat({ max: 20 })).map(([op, v]) => `${op} ${v}`),
  },
  Timestamp: {
    attribute: { type: 'Timestamp' },
    value: fc.integer({ min: 1_700_000_000, max: 1_700_000_020 }),
    query: fc.tuple(fc.constantFrom('EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE'), fc.integer({ min: 1_700_000_000, max: 1_700_000_020 })).map(([op, v]) => `${op} ${v}`),
  },
};

const arbCase = fc.constantFrom(...Object.keys(KINDS)).chain((kind) =>
  fc.record({
    kind: fc.constant(kind),
    columnType: fc.constantFrom(...COLUMN_TYPES),
    values: fc.array(fc.option(KINDS[kind]!.value, { nil: null }), { minLength: 1, maxLength: 8 }),
    query: KINDS[kind]!.query,
  }),
);

/** How many generated cases the check accepted and refused: both must occur for the law to say anything. */
const seen = { accepted: 0, refused: 0 };

test.prop([arbCase], { numRuns: 300 })('an accepted column answers as memory does', async ({ kind, columnType, values, query }) => {
  const raw = new Database(':memory:');
  try {
    raw.exec(`CREATE TABLE item (id TEXT PRIMARY KEY, v ${columnType})`);
    const insert = raw.prepare('INSERT INTO item (id, v) VALUES (?, ?)');
    values.forEach((v, i) => insert.run(`i${i}`, typeof v === 'boolean' ? sqlite.bindBoolean(v) : v));
    const schema = defineSchema({ entities: { item: { attributes: { v: KINDS[kind]!.attribute } } } });
    const mapping = { item: { table: 'item', key: 'id' } };
    const db = sqlDatabase(raw);
    const accepted = await checkSqlMapping(db, schema, mapping).then(
      () => true,
      (e: unknown) => {
        if (isTqlError(e) && e.code === 'mapping_mismatch') return false;
        throw e;
      },
    );
    seen[accepted ? 'accepted' : 'refused']++;
    if (!accepted) return;
    const q = check(`item.v ${query}`, schema, 'item');
    const records = values.map((v, i) => ({ id: `i${i}`, v }));
    const rows = await db.all<{ id: string }>(selectSql(q, { dialect: 'sqlite', mapping }));
    expect(sortedIds(rows), `${kind} on ${columnType || '(no type)'}: item.v ${query}`).toEqual(sortedIds(filterRecords(q, records)));
  } finally {
    raw.close();
  }
});

afterAll(() => {
  expect(seen.accepted, 'accepted cases').toBeGreaterThan(0);
  expect(seen.refused, 'refused cases').toBeGreaterThan(0);
});
