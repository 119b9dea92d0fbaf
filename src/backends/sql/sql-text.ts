/**
 * The two ways text from outside the query gets into SQL: identifiers from the mapping and string
 * constants from the schema (element type tags, variant tags, an ignored prefix). Both are
 * escaped here and nowhere else; values from the query never come through this file, they are
 * bound parameters.
 */
import { describeValue } from '../../errors/describe-value.js';
import { optionError } from '../../errors/tql-error.js';

/**
 * `name` as a double-quoted SQL identifier, embedded quotes doubled (SQL standard; PostgreSQL and
 * SQLite both follow it).
 *
 * @example
 * ```ts
 * quoteIdentifier('end_user_name'); // '"end_user_name"'
 * quoteIdentifier('we"ird');        // '"we""ird"'
 * ```
 */
export function quoteIdentifier(name: string): string {
  return `"${checkedIdentifier(name).replaceAll('"', '""')}"`;
}

/**
 * `name` as a MySQL identifier in backticks, embedded backticks doubled; the form MySQL and
 * MariaDB read whatever the sql_mode (double quotes are identifiers only under ANSI_QUOTES).
 *
 * @example
 * ```ts
 * quoteBacktickIdentifier('end_user_name'); // '`end_user_name`'
 * quoteBacktickIdentifier('we`ird');        // '`we``ird`'
 * ```
 */
export function quoteBacktickIdentifier(name: string): string {
  return `\`${checkedIdentifier(name).replaceAll('`', '``')}\``;
}

function checkedIdentifier(name: string): string {
  if (typeof name !== 'string' || name === '' || name.includes('\u0000')) {
    throw optionError(`${describeValue(name)} cannot be an SQL identifier: use a non-empty name without NUL.`);
  }
  return name;
}

/**
 * `text` as a single-quoted SQL string literal, embedded quotes doubled. Used only for constants
 * of the schema, never for query values. Backslashes and NUL are refused: the first would mean
 * something else on a PostgreSQL server with `standard_conforming_strings` off, the second
 * cannot be stored.
 *
 * @example
 * ```ts
 * quoteSchemaLiteral('psa_b/service_ticket'); // "'psa_b/service_ticket'"
 * ```
 */
export function quoteSchemaLiteral(text: string): string {
  if (typeof text !== 'string' || text.includes('\\') || text.includes('\u0000')) {
    throw optionError(`The schema constant ${describeValue(text)} cannot be written in SQL: it holds a backslash or NUL.`);
  }
  return `'${text.replaceAll("'", "''")}'`;
}
