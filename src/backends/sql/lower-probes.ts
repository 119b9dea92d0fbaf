/**
 * One statement per built-in engine that lists the code points its `lower()` changes: how
 * {@link measureFolding} learns an engine's case folding. Each is a dialect's `lowerProbe`.
 */

/** The last code point; surrogates (U+D800–U+DFFF) are skipped, as no text holds them alone. */
const LAST = 0x10ffff;
const NOT_SURROGATE = '(cp < 55296 OR cp > 57343)';

/** A statement over the code points 1–U+10FFFF: rows `(cp, l)` where `lower` changes the character. */
export type LowerProbe = (lower: (character: string) => string) => string;

export const postgresLowerProbe: LowerProbe = (lower) =>
  `SELECT cp, ${lower('chr(cp)')} AS l FROM generate_series(1, ${LAST}) AS cp WHERE ${NOT_SURROGATE} AND ${lower('chr(cp)')} <> chr(cp)`;

export const sqliteLowerProbe: LowerProbe = (lower) =>
  `WITH RECURSIVE c(cp) AS (SELECT 1 UNION ALL SELECT cp + 1 FROM c WHERE cp < ${LAST}) ` +
  `SELECT cp, ${lower('char(cp)')} AS l FROM c WHERE ${NOT_SURROGATE} AND ${lower('char(cp)')} <> char(cp)`;

/**
 * 128³ numbers from a recursion 127 deep (MySQL stops CTEs at 1,000 levels by default); the
 * character in utf8mb4's default collation, as tql's tables declare their text columns, and
 * compared as bytes, since that collation equates a letter with its lower case.
 */
export const mysqlLowerProbe: LowerProbe = (lower) => {
  const c = 'CONVERT(CHAR(cp USING utf32) USING utf8mb4)';
  return (
    'WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < 127), ' +
    'c(cp) AS (SELECT a.n * 16384 + b.n * 128 + e.n FROM d a, d b, d e) ' +
    `SELECT cp, ${lower(c)} AS l FROM c WHERE cp BETWEEN 1 AND ${LAST} AND ${NOT_SURROGATE} ` +
    `AND CAST(${lower(c)} AS BINARY) <> CAST(${c} AS BINARY)`
  );
};

export const duckdbLowerProbe: LowerProbe = (lower) =>
  `SELECT cp, ${lower('chr(cp::INTEGER)')} AS l FROM range(1, ${LAST + 1}) AS t(cp) ` +
  `WHERE ${NOT_SURROGATE} AND ${lower('chr(cp::INTEGER)')} <> chr(cp::INTEGER)`;
