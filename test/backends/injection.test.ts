/**
 * Hostile values through every backend. For each value of the corpus and each operator:
 *
 * - SQL: the statement text is the one compiled for the harmless value `x`; the value only ever
 *   travels as a bound parameter.
 * - Mongo: the filter has exactly the keys of the one compiled for `x`, all of them operators
 *   tql emits or field names from the schema; the value is never a key.
 * - On the real engines (SQLite, PGlite, a PostgreSQL server, mingo, and MongoDB when
 *   `TQL_MONGO_URL` is set) each query selects what the in-memory backend selects (except where
 *   an engine declares a LIKE folding divergence), and no table lost a row.
 *
 * NUL cannot be stored by PostgreSQL or MongoDB: validation rejects it with `invalid_character`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { predicate, query as queryNode } from '../../src/ast/builders.js';
import type { Operator } from '../../src/ast/nodes.js';
import { print } from '../../src/ast/print.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { compileMongo, mongoFoldingDiffers, type MongoFilter } from '../../src/backends/mongo/index.js';
import { compileSql, foldingDiffers, foldsLikeJavaScript } from '../../src/backends/sql/index.js';
import { schedulingSchema, type SchedulingEntityName } from '../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/index.js';
import type { Entity } from '../../src/schema/types.js';
import { sqlInput, type Dataset, type DataRecord } from '../properties/arbitraries/data.js';
import { explainedIds, type DeclaredDivergence } from '../../src/testing/declared.js';
import { MONGO_URL, mingoIds, openMongoScratch, type MongoScratch } from '../support/mongo.js';
import { sortedIds } from '../support/ids.js';
import { resolveDialect } from '../../src/backends/sql/dialects.js';
import { ENGINE_NAMES, useSqlEngines } from './sql/engines.js';

// ---- the corpus ----

const CORPUS = {
  'single quote': "'",
  'quote and OR': "' OR '1'='1",
  'double quote': '"',
  'line comment': '-- ',
  'block comment': '/* x */',
  'statement end': "'; DROP TABLE agent; --",
  'Bobby Tables': "Robert'); DROP TABLE agent;--",
  backslash: '\\',
  'backslash quote': "\\'",
  'escaped LIKE': '\\%',
  percent: '%',
  underscore: '_',
  'fullwidth apostrophe': 'Ｏ＇Ｂｒｉｅｎ',
  'modifier apostrophe': 'Oʼbrien',
  'Cyrillic a': 'аdmin',
  'dollar quote': '$$; SELECT 1; $$',
  'Mongo $where': '$where',
  'Mongo operator as JSON': '{"$gt":""}',
  'Mongo $ne': '$ne',
  '__proto__': '__proto__',
  constructor: 'constructor',
  prototype: 'prototype',
  'JS code': 'function(){return true}',
  'regex: any': '.*',
  'regex: catastrophic': '(a+)+$',
  'regex: class and anchors': '^[a-z]$|x',
  'template literal': '${process.exit()}',
  'TQL separators': 'a~OR~b, (c)',
} as const;

type CorpusName = keyof typeof CORPUS;
const NAMES = Object.keys(CORPUS) as CorpusName[];

/** The predicates each value is tried in: field, variant and collection attributes, every kind of operator. */
const FORMS: readonly { readonly entity: SchedulingEntityName; readonly path: `${string}.${string}`; readonly op: Operator }[] = [
  { entity: 'agent', path: 'agent.name', op: 'EQ' },
  { entity: 'agent', path: 'agent.name', op: 'NOT_EQ' },
  { entity: 'agent', path: 'agent.name', op: 'LIKE' },
  { entity: 'agent', path: 'agent.email', op: 'NOT_LIKE' },
  { entity: 'agent', path: 'agent.url_slug', op: 'IN' },
  { entity: 'agent', path: 'agent.role', op: 'NOT_IN' },
  { entity: 'resource', path: 'resource.internal_name', op: 'EQ' },
  { entity: 'resource', path: 'resource.external_name', op: 'LIKE' },
  { entity: 'scheduling_request', path: 'scheduling_request.end_user_name', op: 'NOT_IN' },
  { entity: 'scheduling_request', path: 'scheduling_request.psa_b_ticket_number', op: 'EQ' },
  { entity: 'scheduling_request', path: 'scheduling_request.psa_b_ticket_number', op: 'LIKE' },
  { entity: 'scheduling_request', path: 'scheduling_request.psa_c_ticket_number', op: 'NOT_LIKE' },
];

/** The query text for one form and value, written by the printer (which quotes as needed). */
function text(form: (typeof FORMS)[number], value: string): string {
  const values = form.op === 'IN' || form.op === 'NOT_IN' ? [value, 'x'] : [value];
  return print(queryNode(predicate(form.path, form.op, values[0]!, ...values.slice(1))));
}

const CASES = NAMES.flatMap((name) => FORMS.map((form) => ({ name, value: CORPUS[name], form, text: text(form, CORPUS[name]) })));

// ---- helpers ----

/** Every key of a filter document, with its path, in order. */
function keyPaths(doc: unknown, path = ''): string[] {
  if (Array.isArray(doc)) return doc.flatMap((d, i) => keyPaths(d, `${path}[${i}]`));
  if (typeof doc !== 'object' || doc === null) return [];
  return Object.keys(doc).flatMap((k) => [`${path}/${k}`, ...keyPaths((doc as Record<string, unknown>)[k], `${path}/${k}`)]);
}

const MONGO_OPERATORS = new Set(['$and', '$or', '$nor', '$not', '$type', '$eq', '$in', '$lt', '$lte', '$gt', '$gte', '$regex', '$elemMatch']);

/** Every field name an entity's schema sources name. */
function schemaFields(entity: Entity): Set<string> {
  const names = new Set<string>();
  for (const n of entity.attributeNames) {
    const s = entity.attributes[n]!.source;
    if (s.kind === 'field') names.add(s.field);
    else if (s.kind === 'variant') [s.tag, ...Object.values(s.fields)].forEach((f) => names.add(f));
    else [...s.arrays, s.where?.field, s.value].forEach((f) => f !== undefined && names.add(f));
  }
  return names;
}

// ---- the data the queries run on: each hostile value stored where the queries look ----

const hostile = Object.values(CORPUS);
const DATASET: Dataset = {
  agent: [
    ...hostile.map((v, i): DataRecord => ({ id: `agnt_h${i}`, object: 'agent', name: v, email: `${v}@example.com`, role: v, url_slug: v })),
    { id: 'agnt_x', object: 'agent', name: 'x', email: 'x', role: 'x', url_slug: null },
    { id: 'agnt_redos', object: 'agent', name: `${'a'.repeat(40)}!`, email: 'a'.repeat(40) },
  ],
  team: [],
  resource: hostile.flatMap((v, i): DataRecord[] => [
    { id: `agnt_h${i}`, object: 'agent', name: v },
    { id: `team_h${i}`, object: 'team', internal_name: v, external_name: i % 2 === 0 ? v : null },
  ]),
  scheduling_request: hostile.map(
    (v, i): DataRecord => ({
      id: `sreq_h${i}`,
      object: 'scheduling_request',
      end_user_name: v,
      associated_entities: [
        { type: 'psa_b/service_ticket', id: i, number: i % 2 === 0 ? `#${v}` : v },
        { type: 'psa_c/ticket', id: i, number: v },
      ],
      resources: [],
      scheduled_agents: [],
    }),
  ),
};

// ---- tests ----

describe('validation', () => {
  test.for(['agent.name EQ "a\u0000b"', 'agent.name EQ a\u0000b', 'agent.name LIKE "\u0000"', 'agent.name IN x,"\u0000"'])(
    '%j is rejected with invalid_character',
    (q) => {
      expect(() => check(q, schedulingSchema, 'agent')).toThrow(expect.objectContaining({ code: 'invalid_character' }));
    },
  );
});

describe('compiled forms', () => {
  test.for(CASES)('$name: $text', ({ value, form, text: q }) => {
    const query = check(q, schedulingSchema, form.entity);
    // The same predicate with a harmless value; one or two leading '#' kept, as they change a ticket number's meaning.
    const harmless = check(text(form, `${/^#{0,2}/.exec(value)![0]}x`), schedulingSchema, form.entity);

    for (const dialect of ['postgres', 'sqlite'] as const) {
      const sql = compileSql(query, { dialect, mapping: schedulingSqlMapping });
      expect(sql.text, `${dialect}: the value changes only the parameters`).toBe(
        compileSql(harmless, { dialect, mapping: schedulingSqlMapping }).text,
      );
    }

    const filter: MongoFilter = compileMongo(query);
    const keys = keyPaths(filter);
    expect(keys, 'mongo: the value changes no key').toEqual(keyPaths(compileMongo(harmless)));
    const allowed = schemaFields(schedulingSchema.entities[form.entity]);
    const names = keys.map((k) => k.slice(k.lastIndexOf('/') + 1));
    expect(names.filter((k) => !MONGO_OPERATORS.has(k) && !allowed.has(k)), 'mongo: keys are operators or schema fields').toEqual([]);
  });
});

describe('on the real engines', () => {
  const sqlEngine = useSqlEngines(sqlInput(DATASET));
  let mongo: MongoScratch | undefined;
  beforeAll(async () => {
    if (MONGO_URL === undefined) return;
    mongo = await openMongoScratch();
    for (const e of schedulingSchema.entityNames) await mongo.load(e, DATASET[e]);
  });
  afterAll(() => mongo?.close());

  // Every kind of source and operator family once: the compiled forms above already cover the rest.
  const ON_ENGINES = CASES.filter(({ form }) => ['EQ', 'LIKE', 'NOT_IN'].includes(form.op) || form.path.endsWith('psa_c_ticket_number'));

  test.for(ON_ENGINES)('$name: $text', async ({ form, text: q }) => {
    const query = check(q, schedulingSchema, form.entity);
    const records = DATASET[form.entity];
    const expected = sortedIds(filterRecords(query, records));
    const agrees = (got: readonly string[], differs: DeclaredDivergence | undefined, engine: string) => {
      // Only a declared folding divergence may change an answer (the fullwidth letters are
      // upper-case letters that SQLite's ASCII-only lower() keeps).
      const allowed = differs === undefined ? new Set<string>() : explainedIds(query, records, differs, 'id');
      const differing = records.map((r) => r.id).filter((id) => expected.includes(id) !== got.includes(id) && !allowed.has(id));
      expect(differing, engine).toEqual([]);
    };
    for (const name of ENGINE_NAMES) {
      const e = sqlEngine(name);
      const folding = await e.folding();
      agrees(await e.ids(query), foldsLikeJavaScript(folding) ? undefined : (n, h) => foldingDiffers(folding, n, h), name);
    }
    agrees(mingoIds(compileMongo(query), records), mongoFoldingDiffers, 'mingo');
    if (mongo !== undefined) agrees(await mongo.ids(form.entity, compileMongo(query)), mongoFoldingDiffers, 'mongo server');
  });

  test.for(ENGINE_NAMES)('%s: every table still has all its rows', async (name) => {
    const db = sqlEngine(name).db;
    for (const [table, expected] of [['agent', DATASET.agent.length], ['resource', DATASET.resource.length], ['scheduling_request', DATASET.scheduling_request.length]] as const) {
      const [row] = await db.all<{ n: number | string }>({ text: `SELECT count(*) AS n FROM ${resolveDialect(db.dialect).quoteIdentifier(table)}`, values: [] });
      expect(Number(row?.n), table).toBe(expected);
    }
  });
});
