/**
 * A declared stored form on every kind of source: `ignorePrefix` on a field and on a variant
 * (as on the element source of the scheduling ticket numbers) drops one leading prefix from the
 * stored value and from the query's value, and memory, mingo, SQLite and PGlite select the same
 * records for values stored with and without it. `ignoreCase` on a field, a variant and an
 * element, alone and with a prefix that has a letter (`T-`), lower-cases both sides first, and the
 * four select the same records for values stored in any case, but where SQLite's own `lower()`
 * folds ASCII letters only, as its LIKE does.
 */
import { PGlite } from '@electric-sql/pglite';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { toAst } from '../../src/validate/to-ast.js';
import { print } from '../../src/ast/print.js';
import { TqlError } from '../../src/errors/tql-error.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { compileSql } from '../../src/backends/sql/compile-sql.js';
import { indexAdvice } from '../../src/backends/sql/index-advice.js';
import { sqlDatabase, type SqlDatabase } from '../../src/backends/sql/database.js';
import { registerTqlFunctions } from '../../src/backends/sql/sqlite-functions.js';
import { openDuckdb } from '../support/duckdb.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import type { AttributeDefinition, AttributeSource } from '../../src/schema/types.js';
import { datasetArbitrary, mongoTarget, sqlTarget, validatedQueryArbitrary, type AgreementTarget, type TestRecord } from '../../src/testing/index.js';
import { referenceMatches } from '../backends/memory/reference.js';
import { explainedIds } from '../../src/testing/declared.js';
import { sqliteFoldingDiffers } from '../../src/backends/sql/case-folding.js';
import { mongoFoldingDiffers } from '../../src/backends/mongo/folding-divergence.js';
import fc from 'fast-check';

const schema = defineSchema({
  entities: {
    ticket: {
      attributes: {
        number: { type: 'String', nullable: true, source: { kind: 'field', field: 'number', ignorePrefix: '#' } },
        code: { type: 'String', nullable: true, source: { kind: 'variant', tag: 'type', fields: { project: 'project_code', service: 'service_code' }, ignorePrefix: '#' } },
      },
    },
    user: {
      attributes: {
        email: { type: 'String', nullable: true, source: { kind: 'field', field: 'email', ignoreCase: true } },
        contact: { type: 'String', nullable: true, source: { kind: 'variant', tag: 'type', fields: { person: 'email', team: 'team_email' }, ignoreCase: true } },
        alias: { type: 'String', source: { kind: 'element', arrays: ['addresses'], where: { field: 'kind', oneOf: ['mail'] }, value: 'text', ignoreCase: true } },
        serial: { type: 'String', nullable: true, source: { kind: 'field', field: 'serial', ignorePrefix: 'T-', ignoreCase: true } },
        badge: { type: 'String', nullable: true, source: { kind: 'variant', tag: 'type', fields: { person: 'serial', team: 'team_serial' }, ignorePrefix: 'T-', ignoreCase: true } },
        tag: { type: 'String', source: { kind: 'element', arrays: ['tags'], where: { field: 'kind', oneOf: ['serial'] }, value: 'text', ignorePrefix: 'T-', ignoreCase: true } },
      },
    },
  },
});

/** Each id's stored values: with the prefix, without, twice, alone, missing, under a tag not listed. */
const records: TestRecord[] = [
  { id: 'a', number: '#12', type: 'project', project_code: '#12' },
  { id: 'b', number: '12', type: 'service', service_code: '12' },
  { id: 'c', number: '##12', type: 'project', project_code: '##12' },
  { id: 'd', number: '#', type: 'service', service_code: '#' },
  { id: 'e', number: '123', type: 'service', service_code: '#123' },
  { id: 'f', type: 'other', project_code: '12' },
];

/**
 * The condition, and the ids it selects on `number` and on `code` alike. The query's value loses
 * one prefix too: `"#"` is the empty text, and `"##"` the text `#`.
 */
const CASES: readonly (readonly [string, string])[] = [
  ['EQ 12', 'a b'],
  ['EQ "#12"', 'a b'],
  ['EQ "##12"', 'c'],
  ['EQ ""', 'd'],
  ['EQ "#"', 'd'],
  ['IN 12,123', 'a b e'],
  ['NOT_EQ 12', 'c d e f'],
  ['NOT_IN "#12","##12"', 'd e f'],
  ['LIKE 2', 'a b c e'],
  ['LIKE "##"', 'c'],
  ['STARTS_WITH 12', 'a b e'],
  ['STARTS_WITH "##"', 'c'],
  ['STARTS_WITH "#"', 'a b c d e'],
  ['ENDS_WITH 23', 'e'],
  ['EQ null', 'f'],
  ['NOT_EQ null', 'a b c d e'],
];

/**
 * Each id's e-mail in every source (field, variant, element) alike: one address in three cases,
 * another address, a non-ASCII letter, none. `serial`: with the prefix in either case, without,
 * twice, alone, none.
 */
function user(id: string, email: string | undefined, serial: string | undefined): TestRecord {
  if (email === undefined || serial === undefined) return { id, type: 'other', addresses: [{ kind: 'other', text: 'ada@example.com' }], tags: [] };
  const team = id.charCodeAt(0) % 2 === 0;
  return {
    id,
    type: team ? 'team' : 'person',
    ...(team ? { team_email: email, team_serial: serial } : {}),
    email,
    serial,
    addresses: [{ kind: 'mail', text: email }],
    tags: [{ kind: 'serial', text: serial }],
  };
}

const users: TestRecord[] = [
  user('a', 'Ada@Example.com', 'T-12ab'),
  user('b', 'ada@example.COM', 't-12AB'),
  user('c', 'ADA@EXAMPLE.COM', '12ab'),
  user('d', 'Bob@example.com', 'T-t-12ab'),
  user('e', 'ZOË', 'T-'),
  user('f', undefined, undefined),
];

let pglite: PGlite;
const targets: Record<string, AgreementTarget> = {};
const userTargets: Record<string, AgreementTarget> = {};

beforeAll(async () => {
  pglite = await PGlite.create();
  targets['mingo'] = mongoTarget();
  targets['SQLite'] = sqlTarget({ db: new Database(':memory:'), schema, entity: 'ticket' });
  targets['PGlite'] = sqlTarget({ db: pglite, schema, entity: 'ticket' });
  userTargets['mingo'] = mongoTarget();
  userTargets['SQLite'] = sqlTarget({ db: new Database(':memory:'), schema, entity: 'user' });
  userTargets['PGlite'] = sqlTarget({ db: pglite, schema, entity: 'user' });
  for (const t of Object.values(targets)) await t.load(records);
  for (const t of Object.values(userTargets)) await t.load(users);
});

afterAll(async () => {
  await pglite.close();
});

const ids = (list: readonly unknown[]) => list.map(String).sort().join(' ');

/** The ids each backend selects for `text`, over the records loaded in `on`. */
async function selected(text: string, entity: 'ticket' | 'user', data: readonly TestRecord[], on: Record<string, AgreementTarget>): Promise<Record<string, string>> {
  const query = check(text, schema, entity);
  const got: Record<string, string> = { memory: ids(filterRecords(query, data).map((r) => r.id)) };
  for (const [name, t] of Object.entries(on)) got[name] = ids(await t.run(query));
  return got;
}

describe.for(['number', 'code'])('ticket.%s', (attribute) => {
  test.for(CASES)(`${attribute} %s`, async ([condition, expected]) => {
    expect(await selected(`ticket.${attribute} ${condition}`, 'ticket', records, targets)).toEqual({ memory: expected, mingo: expected, SQLite: expected, PGlite: expected });
  });
});

/**
 * The condition, the ids it selects on `email`, `contact` and `alias` alike, and where SQLite
 * differs: its own `lower()` leaves `Ë` as it is. `EQ null` is not allowed on a collection.
 */
const CASE_CASES: readonly (readonly [string, string, string?])[] = [
  ['EQ "Ada@Example.com"', 'a b c'],
  ['EQ "ada@example.com"', 'a b c'],
  ['IN "BOB@example.com","nobody"', 'd'],
  ['NOT_EQ "ada@EXAMPLE.com"', 'd e f'],
  ['NOT_IN "ADA@example.com","bob@EXAMPLE.com"', 'e f'],
  ['LIKE "EXAMPLE.c"', 'a b c d'],
  ['STARTS_WITH "ada@"', 'a b c'],
  ['EQ "zoë"', 'e', ''],
  ['NOT_EQ "zoë"', 'a b c d f', 'a b c d e f'],
  ['EQ null', 'f'],
  ['NOT_EQ null', 'a b c d e'],
];

/**
 * The same for `serial`, `badge` and `tag`, read lower-cased and then without one leading `t-`:
 * `T-12ab`, `t-12AB` and `12ab` read `12ab`, `T-t-12ab` reads `t-12ab`, and `T-` the empty text.
 */
const PREFIX_CASES: readonly (readonly [string, string])[] = [
  ['EQ "12AB"', 'a b c'],
  ['EQ "t-12ab"', 'a b c'],
  ['EQ "T-T-12AB"', 'd'],
  ['EQ ""', 'e'],
  ['EQ "t-"', 'e'],
  ['IN "12ab","t-T-12ab"', 'a b c d'],
  ['NOT_EQ "12Ab"', 'd e f'],
  ['NOT_IN "12AB",""', 'd f'],
  ['LIKE "t"', 'd'],
  ['STARTS_WITH "12"', 'a b c'],
  ['ENDS_WITH "AB"', 'a b c d'],
  ['EQ null', 'f'],
  ['NOT_EQ null', 'a b c d e'],
];

const collection = new Set(['alias', 'tag']);

describe.for<[string, readonly (readonly [string, string, string?])[]]>([
  ['email', CASE_CASES],
  ['contact', CASE_CASES],
  ['alias', CASE_CASES],
  ['serial', PREFIX_CASES],
  ['badge', PREFIX_CASES],
  ['tag', PREFIX_CASES],
])('user.%s', ([attribute, cases]) => {
  test.for(cases.filter(([condition]) => !(collection.has(attribute) && condition.endsWith('null'))))(`${attribute} %s`, async ([condition, expected, sqlite]) => {
    expect(await selected(`user.${attribute} ${condition}`, 'user', users, userTargets)).toEqual({ memory: expected, mingo: expected, SQLite: sqlite ?? expected, PGlite: expected });
  });
});

test.for<[string, AttributeDefinition, string]>([
  ['an empty prefix', { type: 'String', source: { kind: 'field', field: 'n', ignorePrefix: '' } }, 'ignorePrefix cannot be empty: write the prefix stored values may carry, such as "#".'],
  ['a prefix on a Number', { type: 'Number', source: { kind: 'field', field: 'n', ignorePrefix: '#' } }, 'ignorePrefix is for String attributes only: remove it, or make the attribute a String.'],
  [
    'a prefix that is no text',
    { type: 'String', source: { kind: 'variant', tag: 't', fields: { a: 'n' }, ignorePrefix: 1 as unknown as string } },
    'ignorePrefix is a text such as "#", not 1.',
  ],
  [
    'a prefix with a closed set',
    { type: 'String', values: ['a'], source: { kind: 'field', field: 'n', ignorePrefix: '#' } },
    'ignorePrefix cannot go with a closed set of values: list the values as they are compared and remove ignorePrefix.',
  ],
])('defineSchema refuses %s', ([, definition, message]) => {
  const define = () => defineSchema({ entities: { t: { attributes: { n: definition } } } });
  expect(define).toThrow(TqlError);
  expect(define).toThrow(`invalid_schema: Invalid schema: t.n: ${message}`);
});

test.for<[string, string, readonly unknown[]]>([
  // Equality on the field seeks its stored forms in the column, which an index on it holds.
  ['ticket.number EQ 12', `"number" IN (?, ?)`, ['12', '#12']],
  // Two values are four stored forms, which SQLite binds as one JSON array.
  ['ticket.number IN 12,"##7"', `"number" IN (SELECT value FROM json_each(?))`, ['["12","#12","##7","##7"]']],
  // The other operators test the column with the prefix cut off.
  ['ticket.number STARTS_WITH 1', `CASE WHEN substr("number", 1, 1) = '#' THEN substr("number", 2) ELSE "number" END LIKE ? ESCAPE '\\'`, ['1%']],
])('SQLite: %s', ([text, sql, values]) => {
  const statement = compileSql(check(text, schema, 'ticket'), { dialect: 'sqlite', mapping: { ticket: { table: 'tickets', key: 'id' } } });
  expect(statement).toEqual({ text: sql, values });
});

test('index advice: the prefixed field is indexed on its column, on MySQL too; the variant only where expressions can be', () => {
  const mapping = { ticket: { table: 'tickets', key: 'id' } };
  expect(indexAdvice(schema, { dialect: 'mysql', mapping, listOrder: false })).toEqual(['CREATE INDEX `tickets_number_idx` ON `tickets` (`number`);']);
  expect(indexAdvice(schema, { dialect: 'sqlite', mapping, listOrder: false }).filter((s) => s.includes('"number"'))[0]).toMatch(/ON "tickets" \("number"\);$/);
});

test.for<[string, AttributeDefinition, string]>([
  ['ignoreCase that is no boolean', { type: 'String', source: { kind: 'field', field: 'n', ignoreCase: 'yes' as unknown as boolean } }, 'ignoreCase is true or false, not "yes".'],
  ['ignoreCase on a Number', { type: 'Number', source: { kind: 'field', field: 'n', ignoreCase: true } }, 'ignoreCase is for String attributes only: remove it, or make the attribute a String.'],
  [
    'ignoreCase with a closed set',
    { type: 'String', values: ['a'], source: { kind: 'element', arrays: ['l'], where: { field: 'k', oneOf: ['x'] }, value: 'v', ignoreCase: true } },
    'ignoreCase cannot go with a closed set of values: list the values in the case they are compared and remove ignoreCase.',
  ],
])('defineSchema refuses %s', ([, definition, message]) => {
  const define = () => defineSchema({ entities: { t: { attributes: { n: definition } } } });
  expect(define).toThrow(TqlError);
  expect(define).toThrow(`invalid_schema: Invalid schema: t.n: ${message}`);
});

test('the validator reads the query value as the stored one: lower-cased, then without one leading prefix', () => {
  const values = ['user.email EQ "Ada@Example.com"', 'user.serial IN "T-12AB","t-T-7",X'].map((text) => print(toAst(check(text, schema, 'user'))));
  expect(values).toMatchInlineSnapshot(`
    [
      "user.email EQ ada@example.com",
      "user.serial IN 12ab, t-t-7, x",
    ]
  `);
});

const userMapping = { user: { table: 'users', key: 'id', collections: { tags: { table: 'tags', foreignKey: 'user_id' } } } };

test.for<[string, 'sqlite' | 'postgres' | 'mysql', 'database' | 'unicode', string, readonly unknown[]]>([
  // The stored side folded as LIKE folds it, the value bound lower-cased.
  ['user.email EQ "Ada@X.org"', 'sqlite', 'database', 'lower("email") = ?', ['ada@x.org']],
  ['user.email IN A,b', 'postgres', 'unicode', 'lower("email" COLLATE "und-x-icu") IN ($1, $2)', ['a', 'b']],
  ['user.email NOT_EQ A', 'mysql', 'database', '(LOWER(`email`) IS NULL OR LOWER(`email`) <> CAST(? AS BINARY))', ['a']],
  // With a prefix: the folded column with each value's folded stored forms.
  ['user.serial EQ "T-12"', 'sqlite', 'database', 'lower("serial") IN (?, ?)', ['12', 't-12']],
  [
    'user.tag EQ 12',
    'postgres',
    'database',
    `EXISTS (SELECT 1 FROM "tags" WHERE "tags"."user_id" = "users"."id" AND "tags"."kind" = 'serial' AND lower("tags"."text") IN ($1, $2))`,
    ['12', 't-12'],
  ],
  // The other operators test the folded read.
  [
    'user.serial STARTS_WITH 1',
    'sqlite',
    'database',
    `CASE WHEN substr(lower("serial"), 1, 2) = 't-' THEN substr(lower("serial"), 3) ELSE lower("serial") END LIKE ? ESCAPE '\\'`,
    ['1%'],
  ],
])('%s on %s, %s folding', ([text, dialect, caseFolding, sql, values]) => {
  const statement = compileSql(check(text, schema, 'user'), { dialect, caseFolding, mapping: userMapping });
  expect(statement).toEqual({ text: sql, values });
});

test('index advice: ignoreCase equality needs an index on the lowered column, which MySQL and MariaDB cannot have', () => {
  const schemaOf = (source: AttributeSource) => defineSchema({ entities: { user: { attributes: { email: { type: 'String', operators: ['EQ', 'IN'], source } } } } });
  const mapping = { user: { table: 'users', key: 'id' } };
  const advice = (source: AttributeSource, dialect: 'postgres' | 'sqlite' | 'mysql' | 'duckdb', caseFolding?: 'unicode') =>
    indexAdvice(schemaOf(source), { dialect, mapping, listOrder: false, ...(caseFolding === undefined ? {} : { caseFolding }) });
  const email = { kind: 'field', field: 'email', ignoreCase: true } as const;
  const prefixed = { ...email, ignorePrefix: 'T-' } as const;
  expect({
    postgres: advice(email, 'postgres'),
    postgresUnicode: advice(email, 'postgres', 'unicode'),
    sqlite: advice(email, 'sqlite'),
    sqliteUnicode: advice(prefixed, 'sqlite', 'unicode'),
    duckdb: advice(prefixed, 'duckdb'),
    mysql: advice(email, 'mysql'),
  }).toMatchInlineSnapshot(`
    {
      "duckdb": [
        "CREATE INDEX IF NOT EXISTS "users_email_idx" ON "users" ((lower("email")));",
      ],
      "mysql": [],
      "postgres": [
        "CREATE INDEX IF NOT EXISTS "users_email_idx" ON "users" USING hash ((lower("email")));",
      ],
      "postgresUnicode": [
        "CREATE INDEX IF NOT EXISTS "users_email_idx" ON "users" USING hash ((lower("email" COLLATE "und-x-icu")));",
      ],
      "sqlite": [
        "CREATE INDEX IF NOT EXISTS "users_email_idx" ON "users" ((lower("email")));",
      ],
      "sqliteUnicode": [
        "CREATE INDEX IF NOT EXISTS "users_email_idx" ON "users" ((tql_lower("email")));",
      ],
    }
  `);
});

/** The user entity in tables of its own: `users`, and the element tables of its addresses and tags. */
const userTables = {
  user: { table: 'users', key: 'id', collections: { addresses: { table: 'addresses', foreignKey: 'user_id' }, tags: { table: 'tags', foreignKey: 'user_id' } } },
};
const USER_DDL = [
  'CREATE TABLE users (id TEXT, type TEXT, email TEXT, team_email TEXT, serial TEXT, team_serial TEXT, created_at BIGINT)',
  'CREATE TABLE addresses (user_id TEXT, kind TEXT, text TEXT)',
  'CREATE TABLE tags (user_id TEXT, kind TEXT, text TEXT)',
];

/** Runs every statement of the user entity's index advice on `db`, and the query that should use them. */
async function createAdvised(db: SqlDatabase, dialect: 'sqlite' | 'postgres' | 'duckdb', caseFolding: 'database' | 'unicode'): Promise<string[]> {
  for (const statement of USER_DDL) await db.exec(statement);
  const advice = indexAdvice(schema, { dialect, mapping: userTables, caseFolding, trigram: false, listOrder: false }).filter((s) => s.startsWith('CREATE INDEX'));
  for (const statement of advice) await db.exec(statement);
  const query = compileSql(check('user.email EQ a AND user.serial IN b AND user.tag EQ c AND user.alias NOT_EQ d', schema, 'user'), { dialect, mapping: userTables, caseFolding });
  await db.all({ text: `SELECT id FROM users WHERE ${query.text}`, values: query.values });
  return advice.filter((s) => s.includes('lower('));
}

/** One index on a lowered expression for each of the six attributes that ignore case. */
describe('every advised index on a lowered column is created, and the statements run', () => {
  test.for(['database', 'unicode'] as const)('SQLite, %s folding', async (caseFolding) => {
    const sqlite = new Database(':memory:');
    registerTqlFunctions(sqlite);
    expect(await createAdvised(sqlDatabase(sqlite), 'sqlite', caseFolding)).toHaveLength(6);
    sqlite.close();
  });

  test.for(['database', 'unicode'] as const)('PGlite, %s folding', async (caseFolding) => {
    const db = await PGlite.create();
    const lowered = await createAdvised(sqlDatabase(db), 'postgres', caseFolding);
    expect(lowered).toHaveLength(6);
    if (caseFolding === 'database') expect(lowered).toMatchInlineSnapshot(`
      [
        "CREATE INDEX IF NOT EXISTS "users_email_idx" ON "users" USING hash ((lower("email")));",
        "CREATE INDEX IF NOT EXISTS "users_contact_idx" ON "users" USING hash ((CASE "type" WHEN 'person' THEN lower("email") WHEN 'team' THEN lower("team_email") END));",
        "CREATE INDEX IF NOT EXISTS "addresses_kind_text_user_id_idx" ON "addresses" ("kind", (lower("text")), "user_id");",
        "CREATE INDEX IF NOT EXISTS "users_serial_idx" ON "users" USING hash ((lower("serial")));",
        "CREATE INDEX IF NOT EXISTS "users_badge_idx" ON "users" USING hash ((CASE "type" WHEN 'person' THEN CASE WHEN substr(lower("serial"), 1, 2) = 't-' THEN substr(lower("serial"), 3) ELSE lower("serial") END WHEN 'team' THEN CASE WHEN substr(lower("team_serial"), 1, 2) = 't-' THEN substr(lower("team_serial"), 3) ELSE lower("team_serial") END END));",
        "CREATE INDEX IF NOT EXISTS "tags_kind_text_user_id_idx" ON "tags" ("kind", (lower("text")), "user_id");",
      ]
    `);
    await db.close();
  });

  test('DuckDB', async () => {
    const duck = await openDuckdb();
    expect(await createAdvised(duck.db, 'duckdb', 'database')).toHaveLength(6);
    await duck.close();
  });
});

test('memory selects what the reference interpreter selects, on generated queries and records in any case', () => {
  fc.assert(
    fc.property(validatedQueryArbitrary(schema, 'user', { depth: 2 }), datasetArbitrary(schema, 'user', { size: 8 }), (query, data) => {
      const expected = data.filter((r) => referenceMatches(query.condition, r)).map((r) => r.id);
      expect(filterRecords(query, data).map((r) => r.id)).toEqual(expected);
    }),
    { numRuns: 300 },
  );
});

/**
 * An engine's declared LIKE folding explains its ignoreCase equalities on the same letters:
 * SQLite's ASCII `lower()` keeps `Ë`, and MongoDB patterns let a `Σ` stand for `σ` and `ς`.
 */
test.for<[string, string, 'SQLite' | 'mingo', string]>([
  ['user.email EQ "zoë"', 'ZOË', 'SQLite', 'x'],
  ['user.email NOT_IN "zoë","ada"', 'ZOË', 'SQLite', 'x'],
  ['user.email EQ "zoë"', 'zoë', 'SQLite', ''],
  ['user.email EQ "ada"', 'ZOË', 'SQLite', ''],
  ['user.serial EQ "zoë"', 'T-ZOË', 'SQLite', 'x'],
  ['user.alias EQ "οδοσ"', 'ΟΔΟΣ', 'mingo', 'x'],
  ['user.alias EQ "οδος"', 'ΟΔΟΣ', 'mingo', ''],
])('%s, stored %j, on %s: the ids explained are %j', ([text, stored, engine, expected]) => {
  const record = { id: 'x', type: 'person', email: stored, serial: stored, addresses: [{ kind: 'mail', text: stored }] };
  const declared = engine === 'SQLite' ? sqliteFoldingDiffers : mongoFoldingDiffers;
  expect([...explainedIds(check(text, schema, 'user'), [record], declared, 'id')].join(' ')).toBe(expected);
});
