/** SQL functions tql adds to a better-sqlite3 database, for `caseFolding: 'unicode'`. */

/** The part of a better-sqlite3 `Database` this file uses. */
export interface SqliteFunctionHost {
  /** Registers a user-defined SQL function. */
  function(name: string, options: { deterministic?: boolean; varargs?: boolean }, fn: (...args: never[]) => unknown): unknown;
}

/**
 * Registers `tql_lower(text)`: JavaScript's `toLowerCase`, so `LIKE` folds case in SQLite exactly
 * as the in-memory backend does. Compile with `caseFolding: 'unicode'` to use it. NULL stays
 * NULL; a non-text value is lower-cased as its text form, as SQLite's own `lower` does.
 *
 * @example
 * ```ts
 * import Database from 'better-sqlite3';
 * const db = new Database(':memory:');
 * registerTqlFunctions(db);
 * db.prepare('SELECT tql_lower(?) AS l').get('ZOË'); // { l: 'zoë' }
 * ```
 */
export function registerTqlFunctions(db: SqliteFunctionHost): void {
  db.function('tql_lower', { deterministic: true }, (value: unknown) =>
    value === null || value === undefined ? null : String(value).toLowerCase(),
  );
}
