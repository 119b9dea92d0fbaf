/**
 * The exact-SQL table (`exact-sql-cases.ts`): each row compiles to the pinned statement in every
 * dialect, and each pinned statement runs on every engine here that speaks its dialect (SQLite,
 * PGlite and DuckDB in process, PostgreSQL and MariaDB servers when they can start). The
 * scheduling rows run on the contract records and select what the in-memory backend selects.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { filterRecords } from '../../../src/backends/memory/index.js';
import { inScope, scopeEntries } from '../../../src/backends/scope.js';
import { compileSql } from '../../../src/backends/sql/compile-sql.js';
import { isTqlError } from '../../../src/errors/tql-error.js';
import { sortedIds } from '../../support/ids.js';
import { CONTRACT_DATA } from '../contract/cases.js';
import { EXACT_SQL, PINNED_DIALECTS, pinnedDialect, type ExactSqlCase, type ExactSqlGroup, type PinnedDialect, type PinnedSql } from './exact-sql-cases.js';
import { SQL_FIXTURES, type SqlFixture } from './exact-sql-fixtures.js';
import { ENGINE_NAMES, useSqlEngines, type EngineName } from './engines.js';

const DIALECT_NAMES = PINNED_DIALECTS;

/** One engine per database: `sqlite+tql_lower` runs SQLite's SQL with and without `tql_lower`; the `+icu` names share their database. */
const RUNNERS = ENGINE_NAMES.filter((n): n is EngineName => n !== 'sqlite' && !n.endsWith('+icu'));

/** What `row` compiles to in `dialect` within `group`: the statement, or the refusal as `code: message`. */
function compiled(group: ExactSqlGroup, row: ExactSqlCase, dialect: PinnedDialect): PinnedSql {
  const { schema, mapping }: SqlFixture = SQL_FIXTURES[group.fixture];
  try {
    const { text, values } = compileSql(check(row.query, schema, group.entity), { dialect, mapping, scope: group.scope, caseFolding: group.caseFolding });
    return { text, values };
  } catch (error) {
    if (!isTqlError(error)) throw error;
    return { refused: `${error.code}: ${error.issues[0].message}` };
  }
}

/** The ids the in-memory backend selects from the contract records, inside the group's scope. */
function memoryIds(group: ExactSqlGroup, row: ExactSqlCase): string[] {
  const entity = group.entity as keyof typeof CONTRACT_DATA;
  const records = filterRecords(check(row.query, SQL_FIXTURES.scheduling.schema, entity), CONTRACT_DATA[entity] as readonly { id: string }[]);
  const scope = group.scope === undefined ? undefined : scopeEntries(group.scope);
  return sortedIds(scope === undefined ? records : records.filter((r) => inScope(scope, r)));
}

const engine = useSqlEngines();
beforeAll(async () => {
  for (const name of RUNNERS) for (const fixture of Object.values(SQL_FIXTURES)) await fixture.create(engine(name).db);
}, 60_000);

test('every fixture has rows, and most rows compile in every dialect', () => {
  expect(new Set(EXACT_SQL.map((g) => g.fixture))).toEqual(new Set(Object.keys(SQL_FIXTURES)));
  for (const dialect of DIALECT_NAMES) {
    const pinned = EXACT_SQL.flatMap((g) => g.cases.map((c) => c[dialect]));
    expect(pinned.filter((p) => 'text' in p).length, dialect).toBeGreaterThan(pinned.length / 2);
  }
});

for (const group of EXACT_SQL) {
  describe(group.title, () => {
    test.for(group.cases.map((c) => [c.query, c] as const))('%s', ([, row]) => {
      const actual = Object.fromEntries(DIALECT_NAMES.map((d) => [d, compiled(group, row, d)]));
      const expected = Object.fromEntries(DIALECT_NAMES.map((d) => [d, row[d]]));
      expect(actual).toEqual(expected);
    });

    test.for(group.cases.map((c) => [c.query, c] as const))('%s: runs on every engine of its dialects', async ([, row]) => {
      const { mapping }: SqlFixture = SQL_FIXTURES[group.fixture];
      const { table, key } = mapping[group.entity]!;
      for (const name of RUNNERS) {
        const { db } = engine(name);
        const pinned = row[pinnedDialect(db.dialect)];
        if (!('text' in pinned)) continue;
        const q = db.sqlDialect.quoteIdentifier;
        const rows = await db.all<{ id: string }>({
          text: `SELECT ${q(key)} AS ${q('id')} FROM ${q(table)} WHERE ${pinned.text}`,
          values: [...pinned.values],
        });
        if (group.fixture === 'scheduling') expect(sortedIds(rows), name).toEqual(memoryIds(group, row));
      }
    });
  });
}
