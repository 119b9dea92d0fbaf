/**
 * The backend registry (src/backends/registry.ts) as a backend author uses it: a backend added
 * with `BACKENDS.with(…)` runs the reference contract through the package's own runner and passes
 * it, and a backend with a classic bug added the same way fails it, on the cases of the rule the
 * bug breaks. The throwaway backend is the plain reference interpreter of the memory tests, a
 * second implementation of the language that shares no code with the built-in backends.
 */
import { describe, expect, test } from 'vitest';
import { BACKENDS, contractOptions, contractQuery, contractRun, runContract, rulesOf, type RegisteredBackend } from '../../src/backends/index.js';
import { schedulingContract } from '../../src/models/scheduling/index.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import { isTqlError } from '../../src/errors/tql-error.js';
import type { Condition, ValidatedQuery } from '../../src/validate/validated-query.js';
import { referenceMatches, valuesOf } from './memory/reference.js';
import { describeBackendContract } from './contract/cases.js';

/** The reference interpreter as a backend: the query is its compiled form. */
const reference: RegisteredBackend<ValidatedQuery> = {
  name: 'reference',
  title: 'Reference interpreter',
  compile: (query) => query,
  show: (query) => query.text,
  run: async (query, records) => records.filter((r) => referenceMatches(query.condition, r)),
};

/** The NOT_EQ comparisons of a condition outside any NOT. */
function notEquals(c: Condition): Extract<Condition, { kind: 'Comparison' }>[] {
  if (c.kind === 'Comparison') return c.operator === 'NOT_EQ' && c.value !== null ? [c] : [];
  return c.kind === 'Not' ? [] : c.operands.flatMap(notEquals);
}

/**
 * SQL's three-valued `<>` taken for TQL's NOT_EQ: a record without a value for the attribute does
 * not match `NOT_EQ x`, where docs/language.md (rule 3) says it does.
 */
const threeValued: RegisteredBackend<ValidatedQuery> = {
  name: 'three-valued',
  title: 'NOT_EQ as SQL <>',
  compile: (query) => query,
  show: (query) => query.text,
  run: async (query, records) =>
    records.filter((r) => referenceMatches(query.condition, r) && notEquals(query.condition).every((c) => valuesOf(c.attribute, r).length > 0)),
};

const registry = BACKENDS.with(reference).with(threeValued);

test('the registry holds the built-in backends, then the added ones', () => {
  expect(registry.backends.map((b) => b.name)).toEqual(['memory', 'sql:postgres', 'sql:sqlite', 'sql:mysql', 'sql:duckdb', 'mongo', 'reference', 'three-valued']);
  expect(BACKENDS.backends.map((b) => b.name)).not.toContain('reference');
});

describe('what the registry refuses, as TqlErrors', () => {
  const message = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return isTqlError(e) ? e.message : `not a TqlError: ${String(e)}`;
    }
    return 'nothing thrown';
  };
  test.for([
    ['a second backend named memory', () => BACKENDS.with({ ...reference, name: 'memory' }), 'invalid_option: Two backends are named "memory": give each backend a name of its own.'],
    ['a name nobody registered', () => BACKENDS.get('oracle'), 'invalid_option: No backend is named "oracle": use one of memory, sql:postgres, sql:sqlite, sql:mysql, sql:duckdb, mongo.'],
    ['a SQL backend without a mapping', () => BACKENDS.get('sql:sqlite').compile({} as ValidatedQuery, {}), 'invalid_option: The SQLite backend needs a SQL mapping: pass { sqlMapping } in the context.'],
  ] as const)('%s', ([, f, expected]) => {
    expect(message(f)).toBe(expected);
  });
});

// The throwaway backend, through the registry and the package's runner: one test per case.
describeBackendContract('reference interpreter, added through the registry', contractRun(registry.get('reference'), schedulingContract)!);

describe('each built-in backend runs a case through the registry, or says what it needs', () => {
  const c = { rule: 5, entity: 'agent', query: 'agent.url_slug EQ ada', expected: ['agnt_ada'] } as const;
  const needsDatabase = (title: string, dialect: string) =>
    `invalid_option: The ${title} backend runs on a database: pass { sqlDatabase: sqlDatabase(driver, { dialect }) } in the context, with the ${dialect} dialect object.`;
  test.for([
    ['memory', ['agnt_ada']],
    ['sql:postgres', needsDatabase('PostgreSQL', 'postgres')],
    ['sql:sqlite', needsDatabase('SQLite', 'sqlite')],
    ['sql:mysql', needsDatabase('MySQL/MariaDB', 'mysql')],
    ['sql:duckdb', needsDatabase('DuckDB', 'duckdb')],
    ['mongo', ['agnt_ada']],
  ] as const)('%s', async ([name, expected]) => {
    const run = contractRun(BACKENDS.get(name), schedulingContract, { sqlMapping: schedulingSqlMapping })!;
    const outcome = await Promise.resolve()
      .then(() => run(contractQuery(schedulingContract, c), c.entity))
      .catch((e: unknown) => (isTqlError(e) ? e.message : `not a TqlError: ${String(e)}`));
    expect(outcome).toEqual(expected);
  });
});

test('the divergences the built-in backends declare, and what a context with JavaScript folding leaves of them', () => {
  expect(Object.fromEntries(BACKENDS.backends.map((b) => [b.name, contractOptions(b).divergences]))).toMatchInlineSnapshot(`
    {
      "memory": {},
      "mongo": {},
      "sql:duckdb": {
        "unicode-case-folding": "lower() folds per character: İ→i, no final sigma (docs/backends-sql.md, 'Case folding')",
      },
      "sql:mysql": {
        "unicode-case-folding": "LOWER() folds by the collation's own case table (docs/backends-sql.md, 'Case folding')",
      },
      "sql:postgres": {
        "unicode-case-folding": "lower() folds by the database's collation, as JavaScript under ICU only (docs/backends-sql.md, 'Case folding')",
      },
      "sql:sqlite": {
        "unicode-case-folding": "SQLite's LIKE folds ASCII letters only (docs/backends-sql.md, 'Case folding')",
      },
    }
  `);
  expect(BACKENDS.backends.filter((b) => Object.keys(contractOptions(b, { caseFolding: 'unicode' }).divergences ?? {}).length > 0)).toEqual([]);
});

describe('a broken backend added through the registry fails the contract', () => {
  test('on cases of NOT_EQ, which rule 3 (missing values) pins, and on no other', async () => {
    const outcomes = await runContract(schedulingContract, contractRun(registry.get('three-valued'), schedulingContract)!);
    const failed = outcomes.filter((o): o is Extract<(typeof outcomes)[number], { status: 'failed' }> => o.status === 'failed');
    expect(failed.filter((o) => !o.case.query.includes('NOT_EQ')).map((o) => o.case.query)).toEqual([]);
    expect(new Set(failed.flatMap((o) => rulesOf(o.case)))).toContain(3);
    expect(failed.map((o) => o.case.query)).toMatchInlineSnapshot(`
      [
        "agent.name NOT_EQ "Ada Lovelace"",
        "agent.two_factor_enabled NOT_EQ true",
        "agent.schedulable NOT_EQ false",
        "agent.url_slug NOT_EQ "null"",
        "agent.url_slug NOT_EQ ada",
        "agent.created_at NOT_EQ 1688169600",
        "team.external_name NOT_EQ Support",
        "team.url_slug NOT_EQ blue",
        "team.created_at NOT_EQ 1680000000",
        "resource.internal_name NOT_EQ Robo",
        "scheduling_request.end_user_name NOT_EQ "Pat Smith"",
        "scheduling_request.selected_start_time NOT_EQ 1701000000",
        "scheduling_request.psa_a_company_id NOT_EQ 5",
        "scheduling_request.psa_a_company_id NOT_EQ 6",
        "scheduling_request.psa_b_contact_id NOT_EQ 12",
        "scheduling_request.psa_b_service_ticket_number NOT_EQ 1234",
        "scheduling_request.agent_id NOT_EQ agnt_ada",
        "scheduling_request.team_id NOT_EQ team_blue",
      ]
    `);
  });
});

test('a SQL backend of the registry compiles with the mapping it is given', () => {
  const sqlite = registry.get('sql:sqlite');
  const query = contractQuery(schedulingContract, { rule: 5, entity: 'agent', query: 'agent.url_slug EQ ada', expected: ['agnt_ada'] });
  expect(sqlite.show(sqlite.compile(query, { sqlMapping: schedulingSqlMapping }))).toMatchInlineSnapshot(`
    ""url_slug" = ?
    -- values: ["ada"]"
  `);
});
