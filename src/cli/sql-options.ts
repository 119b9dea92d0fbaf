/** The SQL options `tql sql` and `tql indexes` share: the dialect and the LIKE folding. */
import type { CaseFolding, SqlDialectName } from '../backends/sql/dialects.js';
import type { OptionSpec } from './command.js';

/** The dialects the CLI writes. */
export const DIALECTS = ['postgres', 'sqlite', 'mysql', 'duckdb'] as const satisfies readonly SqlDialectName[];
/** The foldings of `--case-folding`. */
export const FOLDINGS = ['database', 'unicode'] as const satisfies readonly CaseFolding[];

/** `--dialect` and `--case-folding`, with their help. */
export const SQL_OPTIONS: Readonly<Record<'dialect' | 'case-folding', OptionSpec>> = {
  dialect: { type: 'string', short: 'd', value: '<postgres|sqlite|mysql|duckdb>', help: 'SQL dialect (default postgres; mysql also for MariaDB)' },
  'case-folding': {
    type: 'string',
    value: '<database|unicode>',
    help: "how LIKE lower-cases stored text: the engine's lower() (default) or exactly as JavaScript",
  },
};
