/**
 * Scoped statements: `scope: { tenant_id: 'acme' }` is ANDed first, outside the filter's
 * parentheses, so that no filter reaches rows outside it; on PostgreSQL each collection
 * subquery repeats it (what a distributed engine needs to keep the query on one shard).
 * Re-run a property failure with the seed in the describe title: `TQL_SCOPE_SEED=<seed>`.
 */
import fc from 'fast-check';
import { explainedIds } from '../../../src/testing/declared.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compileSql, type CompileSqlOptions } from '../../../src/backends/sql/compile-sql.js';
import { selectSql } from '../../../src/backends/sql/select-sql.js';
import { schedulingSchema, type SchedulingEntityName } from '../../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../../src/models/scheduling/sql/mapping.js';
import { arbDataset, type Dataset } from '../../properties/arbitraries/data.js';
import { arbQueryText } from '../../properties/arbitraries/valid-query.js';
import { foldingDiffers, foldsLikeJavaScript } from '../../../src/backends/sql/case-folding.js';
import { openPglite } from '../../support/pglite.js';
import type { SqlTestEngine } from '../../support/sql-engine.js';
import { openSqlite } from '../../support/sqlite.js';
import { tqlErrorOf } from '../../support/tql-error.js';
import { runTypeScript, typeErrors, typeScriptExamples } from '../../docs/typescript-examples.js';
import { readFileSync } from 'node:fs';
import { expectedIds, loadWithTenants, SCOPES, withTenants } from './scope-fixtures.js';

const mapping = schedulingSqlMapping;
const acme = { tenant_id: 'acme' } as const;

describe('the scoped statement', () => {
  test.for<[string, SchedulingEntityName, CompileSqlOptions['dialect'], string, unknown[]]>([
    [
      'agent.role EQ User OR agent.schedulable EQ true',
      'agent',
      'postgres',
      '"tenant_id" = $1 AND (("role" = $2 OR "schedulable" = $3))',
      ['acme', 'User', true],
    ],
    [
      'agent.role EQ User OR agent.schedulable EQ true',
      'agent',
      'sqlite',
      '"tenant_id" = ? AND (("role" = ? OR "schedulable" = ?))',
      ['acme', 'User', 1],
    ],
    ['agent.name NOT_EQ x', 'agent', 'postgres', '"tenant_id" = $1 AND (("name" IS NULL OR "name" <> $2))', ['acme', 'x']],
  ])('%s (%s, %s)', ([text, entity, dialect, sql, values]) => {
    expect(compileSql(check(text, schedulingSchema, entity), { dialect, mapping, scope: acme })).toEqual({ text: sql, values });
  });

  test('PostgreSQL: a collection subquery repeats the scope on its table, with the same parameter', () => {
    const q = check('scheduling_request.agent_id EQ agnt_x OR scheduling_request.status EQ new', schedulingSchema, 'scheduling_request');
    const { text, values } = compileSql(q, { dialect: 'postgres', mapping, scope: { tenant_id: 'acme', region: 'eu' } });
    expect(values).toEqual(['acme', 'eu', 'agnt_x', 'new']);
    expect(text).toMatchInlineSnapshot(
      `""tenant_id" = $1 AND "region" = $2 AND ((EXISTS (SELECT 1 FROM "request_resource" WHERE "request_resource"."request_id" = "scheduling_request"."id" AND "request_resource"."tenant_id" = $1 AND "request_resource"."region" = $2 AND "request_resource"."role" IN ('resource', 'scheduled_agent') AND "request_resource"."type" = 'agent' AND "request_resource"."id" = $3) OR "status" = $4))"`,
    );
  });

  test('SQLite: positional parameters cannot be reused, so only the outer statement carries the scope', () => {
    const q = check('scheduling_request.agent_id EQ agnt_x', schedulingSchema, 'scheduling_request');
    const { text, values } = compileSql(q, { dialect: 'sqlite', mapping, scope: acme });
    expect(values).toEqual(['acme', 'agnt_x']);
    expect(text.startsWith('"tenant_id" = ? AND (')).toBe(true);
    expect(text.match(/tenant_id/g)).toHaveLength(1);
  });

  test("a scope field goes through the mapping's column names", () => {
    const renamed = { ...mapping, agent: { table: 'agent', key: 'id', columns: { tenant_id: 'org' } } };
    expect(compileSql(check('agent.role EQ User', schedulingSchema, 'agent'), { dialect: 'postgres', mapping: renamed, scope: acme }).text).toBe(
      '"org" = $1 AND ("role" = $2)',
    );
  });

  test('selectSql: the scope first, then the filter, the key and the limit', () => {
    const q = check('agent.role EQ User', schedulingSchema, 'agent');
    expect(selectSql(q, { dialect: 'postgres', mapping, scope: acme, startingAfter: 'agnt_a', limit: 10 })).toEqual({
      text: 'SELECT "id" FROM "agent" WHERE "tenant_id" = $1 AND ("role" = $2) AND "id" > $3 ORDER BY "id" LIMIT $4',
      values: ['acme', 'User', 'agnt_a', 10],
    });
  });
});

describe('a scope that cannot be used is refused with invalid_option', () => {
  const q = check('agent.role EQ User', schedulingSchema, 'agent');
  test.for<[string, unknown]>([
    ['null', null],
    ['a string', 'acme'],
    ['an array', [['tenant_id', 'acme']]],
    ['no fields', {}],
    ['a dotted path', { 'tenant.id': 'acme' }],
    ['an operator', { $where: 'acme' }],
    ['a quote', { 'tenant_id" OR 1=1 --': 'acme' }],
    ['a space', { 'tenant id': 'acme' }],
    ['a leading digit', { '1tenant': 'acme' }],
    ['64 characters (PostgreSQL would cut it to another name)', { ['t'.repeat(64)]: 'acme' }],
    ['__proto__', JSON.parse('{"__proto__": "acme"}')],
    ['constructor', { constructor: 'acme' }],
    ['a null value', { tenant_id: null }],
    ['an undefined value', { tenant_id: undefined }],
    ['NaN', { tenant_id: Number.NaN }],
    ['an object value', { tenant_id: { $ne: 'acme' } }],
    ['an array value', { tenant_id: ['acme', 'globex'] }],
    ['a symbol key', { [Symbol('tenant')]: 'acme' }],
  ])('%s', ([, scope]) => {
    for (const dialect of ['postgres', 'sqlite'] as const) {
      expect(tqlErrorOf(() => compileSql(q, { dialect, mapping, scope: scope as never })).code).toBe('invalid_option');
    }
  });

  test('the messages say what to give', () => {
    const message = (scope: unknown) => tqlErrorOf(() => compileSql(q, { dialect: 'postgres', mapping, scope: scope as never })).message;
    expect(message({})).toMatchInlineSnapshot(`"invalid_option: scope has no fields: give at least one field → value, or leave scope out to read every record."`);
    expect(message({ 'tenant.id': 'x' })).toMatchInlineSnapshot(
      `"invalid_option: The scope field "tenant.id" is not a plain identifier: use letters, digits and _ (not first a digit), at most 63, and not __proto__, constructor or prototype."`,
    );
    expect(message({ tenant_id: null })).toMatchInlineSnapshot(
      `"invalid_option: The scope value of "tenant_id" is null: give a string, a finite number or a boolean (a null never equals anything)."`,
    );
  });
});

describe('docs/backends-sql.md', () => {
  const examples = typeScriptExamples(readFileSync(new URL('../../../docs/backends-sql.md', import.meta.url), 'utf8'), 'docs/backends-sql.md');
  test('has the scope examples, and they compile', () => {
    expect(examples.length).toBeGreaterThan(0);
    expect(typeErrors(examples)).toEqual([]);
  });
  test.for(examples.map((e) => ({ ...e, title: `line ${e.line}` })))('$title runs and shows what it gives', async (example) => {
    expect(await runTypeScript(example)).toEqual({ ok: true });
  });
});

// ---- no filter escapes the scope, on real engines ----

const SEED = Number(process.env.TQL_SCOPE_SEED) || Math.floor(Math.random() * 2 ** 31);
const ENTITIES = schedulingSchema.entityNames;
const datasets = fc.sample(arbDataset, { seed: SEED, numRuns: 2 }).map(withTenants);

describe(`no generated filter escapes the scope (seed ${SEED}; re-run with TQL_SCOPE_SEED=${SEED})`, () => {
  // Both fold LIKE as JavaScript does, so their rows equal the in-memory backend's, but where a
  // measured folding exception is declared (as in the differential test).
  const engines: SqlTestEngine[] = [];
  beforeAll(async () => {
    engines.push(await openSqlite({ unicode: true }), await openPglite({ caseFolding: 'unicode' }));
  });
  afterAll(async () => {
    for (const e of engines) await e.close();
  });

  describe.each(datasets.map((dataset, i) => ({ i, dataset })))('dataset $i', ({ i, dataset }: { i: number; dataset: Dataset }) => {
    beforeAll(async () => {
      for (const e of engines) await loadWithTenants(e.db, dataset);
    });

    test.for(ENTITIES)('%s: rows ⊆ the scope\'s rows, = in-memory filter ∧ scope', async (entity) => {
      await fc.assert(
        fc.asyncProperty(arbQueryText(entity), fc.constantFrom(...SCOPES), async (generated, scope) => {
          const query = check(generated.text, schedulingSchema, entity);
          const expected = expectedIds(query, dataset[entity], scope);
          const inScope = expectedIds(undefined, dataset[entity], scope);
          for (const e of engines) {
            const statement = selectSql(query, { dialect: e.db.dialect, mapping, caseFolding: e.caseFolding, scope });
            const got = (await e.db.all<{ id: string }>(statement)).map((r) => r.id).sort();
            expect(got.every((id) => inScope.includes(id)), `${e.name}: ${generated.text} left the scope ${JSON.stringify(scope)}`).toBe(true);
            // Equal but where the engine's measured folding is declared to differ (its ICU may lack the newest letters).
            const folding = await e.folding();
            const allowed = foldsLikeJavaScript(folding) ? new Set<string>() : explainedIds(query, dataset[entity], (n, h, place) => foldingDiffers(folding, n, h, place), 'id');
            const differing = [...new Set([...expected, ...got])].filter((id) => expected.includes(id) !== got.includes(id));
            expect(differing.filter((id) => !allowed.has(id)), `${e.name} on dataset ${i}: ${generated.text} under ${JSON.stringify(scope)}: got ${JSON.stringify(got)}`).toEqual([]);
          }
        }),
        { seed: SEED + i * 7919 + ENTITIES.indexOf(entity), numRuns: 30 },
      );
    });
  });
});
