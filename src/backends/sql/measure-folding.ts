/**
 * Measures how an engine's `lower()` folds every code point, so that where its `LIKE` answers
 * differ from JavaScript's is known exactly rather than declared by hand: an engine's Unicode
 * tables may be older or newer than the runtime's, and a locale may leave letters alone.
 */
import type { AnySqlDatabase } from './database.js';
import { foldLikeEngine, type FoldingModel, type MeasuredFolding } from './case-folding.js';
import { optionError } from '../../errors/tql-error.js';
import { caseFoldingFor, type CaseFolding } from './dialects.js';

const LAST_CODE_POINT = 0x10ffff;

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
export async function measureFolding(db: AnySqlDatabase, caseFolding: CaseFolding = 'database'): Promise<MeasuredFolding> {
  const dialect = db.sqlDialect;
  const folding = caseFoldingFor(dialect, caseFolding);
  if (dialect.lowerProbe === undefined) throw optionError(`measureFolding: the ${dialect.title} dialect has no lowerProbe (the statement that lists what its lower() changes): add one to the dialect to measure its folding.`);
  const rows = await db.all<{ cp: number | string; l: string }>({ text: dialect.lowerProbe((c) => dialect.lower(c, folding)), values: [] });
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
