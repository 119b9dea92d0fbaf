/** The SQL options `tql sql` and `tql indexes` share: the dialect and the LIKE folding. */
import { CASE_FOLDINGS, SQL_DIALECTS, type CaseFolding, type SqlDialectName } from '../backends/sql/dialects.js';
import type { OptionSpec } from './command.js';

/** The dialects the CLI writes: every built-in one, so a new dialect is offered without more. */
export const DIALECTS: readonly SqlDialectName[] = Object.keys(SQL_DIALECTS) as SqlDialectName[];
/** The foldings of `--case-folding`. */
export const FOLDINGS: readonly CaseFolding[] = CASE_FOLDINGS;

/** `postgres|sqlite|mysql|duckdb`: the values of `--dialect` as usage lines write them. */
export const DIALECT_CHOICES = DIALECTS.join('|');
/** `database|unicode`: the values of `--case-folding` as usage lines write them. */
export const FOLDING_CHOICES = FOLDINGS.join('|');

/** `--dialect` and `--case-folding`, with their help. */
export const SQL_OPTIONS: Readonly<Record<'dialect' | 'case-folding', OptionSpec>> = {
  dialect: { type: 'string', short: 'd', value: `<${DIALECT_CHOICES}>`, help: 'SQL dialect (default postgres; mysql also for MariaDB)' },
  'case-folding': {
    type: 'string',
    value: `<${FOLDING_CHOICES}>`,
    help: "how LIKE lower-cases stored text: the engine's lower() (default) or exactly as JavaScript",
  },
};
