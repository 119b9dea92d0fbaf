/**
 * The shared backend contract on every SQL engine: SQLite (better-sqlite3), PGlite and a
 * PostgreSQL server, each with its own `lower()` and with `caseFolding: 'unicode'`; MariaDB and
 * DuckDB with their own `lower()`.
 */
import { describeBackendContract } from '../contract/cases.js';
import { CONTRACT_INPUT, ENGINE_FOLDING, ENGINE_NAMES, MARIADB_FOLDING_REASON, useSqlEngines } from './engines.js';

/** Declared in docs/backends-sql.md; `folding.test.ts` asserts the exact answers there. */
const REASONS = {
  ascii: "lower() folds ASCII letters only (docs/backends-sql.md, 'Case folding')",
  simple: "lower() folds per character: İ→i, no final sigma (docs/backends-sql.md, 'Case folding')",
} as const;

/** Engines whose folding is its own, not one of the models above. */
const ENGINE_REASONS: Partial<Record<string, string>> = {
  mariadb: MARIADB_FOLDING_REASON,
};

const engine = useSqlEngines(CONTRACT_INPUT);

for (const name of ENGINE_NAMES) {
  const folding = ENGINE_FOLDING[name];
  describeBackendContract(name, (query) => engine(name).ids(query), {
    divergences: folding === 'full' ? {} : { 'unicode-case-folding': ENGINE_REASONS[name] ?? REASONS[folding] },
  });
}
