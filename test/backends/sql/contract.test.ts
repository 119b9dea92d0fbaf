/**
 * The shared backend contract on every SQL engine: SQLite (better-sqlite3), PGlite and a
 * PostgreSQL server, each with its own `lower()` and with `caseFolding: 'unicode'`; MariaDB and
 * DuckDB with their own `lower()`.
 */
import { describeBackendContract } from '../contract/cases.js';
import { CONTRACT_INPUT, ENGINE_NAMES, engineDivergences, useSqlEngines } from './engines.js';

const engine = useSqlEngines(CONTRACT_INPUT);

// Each engine declares what the registry's entry of its dialect declares, unless it folds as JavaScript does.
for (const name of ENGINE_NAMES) describeBackendContract(name, (query) => engine(name).ids(query), { divergences: engineDivergences(name) });
