/**
 * PGlite (PostgreSQL compiled to WebAssembly, in process) for tests. Its database uses the builtin
 * `C.UTF-8` locale, so its own `lower()` folds by the simple per-character mapping; ICU is
 * compiled in, so `caseFolding: 'unicode'` works too. Starting one takes a few seconds: open it
 * once per test file.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { CaseFolding } from '../../src/backends/sql/dialects.js';
import { sqlDatabase } from '../../src/backends/sql/database.js';
import { sqlTestEngine, type SqlTestEngine } from './sql-engine.js';

/**
 * A fresh in-memory PGlite instance as a test engine.
 *
 * @example
 * ```ts
 * let pglite: SqlTestEngine;
 * beforeAll(async () => { pglite = await openPglite(); });
 * afterAll(() => pglite.close());
 * ```
 */
export async function openPglite(options: { readonly caseFolding?: CaseFolding } = {}): Promise<SqlTestEngine> {
  const raw = await PGlite.create({ extensions: { pg_trgm } });
  const caseFolding = options.caseFolding ?? 'database';
  return sqlTestEngine(caseFolding === 'unicode' ? 'pglite+icu' : 'pglite', sqlDatabase(raw), caseFolding, async () => {
    await raw.close();
  });
}
