/**
 * Measures how an engine's `lower()` folds every code point, so that where its `LIKE` answers
 * differ from JavaScript's is known exactly rather than declared by hand: an engine's Unicode
 * tables may be older or newer than the runtime's, and a locale may leave letters alone.
 */
import type { SqlDatabase } from './database.js';
import { foldLikeEngine, type FoldingModel, type MeasuredFolding } from './case-folding.js';
import { caseFoldingFor, resolveDialect, type CaseFolding, type SqlDialectName } from './dialects.js';

const LAST_CODE_POINT = 0x10ffff;

/**
 * One statement per dialect: the code points 1–U+10FFFF (no surrogates) whose lower-cased form,
 * by the SQL `lower` gives for the expression `c` (one character), is not the character itself.
 */
const CHANGED_BY_LOWER: { readonly [D in SqlDialectName]: (lower: (c: string) => string) => string } = {
  postgres: (lower) =>
    `SELECT cp, ${lower('chr(cp)')} AS l FROM generate_series(1, ${LAST_CODE_POINT}) AS cp ` +
    `WHERE (cp < 55296 OR cp > 57343) AND ${lower('chr(cp)')} <> chr(cp)`,
  sqlite: (lower) =>
    `WITH RECURSIVE c(cp) AS (SELECT 1 UNION ALL SELECT cp + 1 FROM c WHERE cp < ${LAST_CODE_POINT}) ` +
    `SELECT cp, ${lower('char(cp)')} AS l FROM c WHERE (cp < 55296 OR cp > 57343) AND ${lower('char(cp)')} <> char(cp)`,
  // 128³ numbers from a recursion 127 deep (MySQL stops CTEs at 1,000 levels by default); the
  // character in utf8mb4's default collation, as the scheduling DDL's columns have it, and
  // compared as bytes, since that collation equates a letter with its lower case.
  mysql: (lower) => {
    const c = 'CONVERT(CHAR(cp USING utf32) USING utf8mb4)';
    return (
      'WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < 127), ' +
      `c(cp) AS (SELECT a.n * 16384 + b.n * 128 + e.n FROM d a, d b, d e) ` +
      `SELECT cp, ${lower(c)} AS l FROM c WHERE cp BETWEEN 1 AND ${LAST_CODE_POINT} AND (cp < 55296 OR cp > 57343) ` +
      `AND CAST(${lower(c)} AS BINARY) <> CAST(${c} AS BINARY)`
    );
  },
  duckdb: (lower) =>
    `SELECT cp, ${lower('chr(cp::INTEGER)')} AS l FROM range(1, ${LAST_CODE_POINT + 1}) AS t(cp) ` +
    `WHERE (cp < 55296 OR cp > 57343) AND ${lower('chr(cp::INTEGER)')} <> chr(cp::INTEGER)`,
};

const MODELS: readonly FoldingModel[] = ['ascii', 'simple', 'full'];

let changedByJavaScript: readonly string[] | undefined;

/** The characters whose `toLowerCase` is not themselves (about 1,400; computed once). */
function lowerCasedByJavaScript(): readonly string[] {
  if (changedByJavaScript === undefined) {
    const changed: string[] = [];
    for (let cp = 1; cp <= LAST_CODE_POINT; cp++) {
      if (cp === 0xd800) cp = 0xe000;
      const c = String.fromCodePoint(cp);
      if (c.toLowerCase() !== c) changed.push(c);
    }
    changedByJavaScript = changed;
  }
  return changedByJavaScript;
}

/**
 * How `db` lower-cases the stored side of `LIKE` under `caseFolding`, from one statement over
 * every code point: the model it follows most closely, and the code points where it does not.
 * A code point neither the engine nor JavaScript changes agrees under every model, so only the
 * ones either side changes are compared.
 *
 * @example
 * ```ts
 * const folding = await measureFolding(sqlDatabase(await PGlite.create()));
 * folding.model;                // 'simple'
 * folding.exceptions.get('Ⓐ'); // 'Ⓐ': PGlite's C.UTF-8 locale leaves it upper-case
 * foldingDiffers(folding, 'ⓐ', 'Ⓐnna'); // true: there, LIKE ⓐ does not find Ⓐnna
 * ```
 */
export async function measureFolding(db: SqlDatabase, caseFolding: CaseFolding = 'database'): Promise<MeasuredFolding> {
  const dialect = resolveDialect(db.dialect);
  const folding = caseFoldingFor(dialect, caseFolding);
  const rows = await db.all<{ cp: number | string; l: string }>({
    text: CHANGED_BY_LOWER[db.dialect]((c) => dialect.lower(c, folding)),
    values: [],
  });
  const engine = new Map<string, string>(rows.map((r) => [String.fromCodePoint(Number(r.cp)), r.l]));
  const candidates = new Set([...engine.keys(), ...lowerCasedByJavaScript()]);
  let best: MeasuredFolding | undefined;
  for (const model of MODELS) {
    const exceptions = new Map<string, string>();
    for (const c of candidates) {
      const lowered = engine.get(c) ?? c;
      if (lowered !== foldLikeEngine(model, c)) exceptions.set(c, lowered);
    }
    if (best === undefined || exceptions.size < best.exceptions.size) best = { model, exceptions };
  }
  return best!;
}
