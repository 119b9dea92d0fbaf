/**
 * What `defineSchema` refuses in a source's `ignorePrefix` and an `iso_text` storage's zone
 * because some engine cannot hold or read it alike: a prefix a query value could not hold, a
 * prefix whose letters the engines fold apart under `ignoreCase`, and a zone name `Intl` still
 * takes that the IANA time zone database (PostgreSQL's zones) has removed.
 */
import { findBadCharacter } from '../validate/values.js';

/**
 * Why `prefix` cannot be ignored, or undefined. Under `ignoreCase` every backend folds the stored
 * text before dropping the prefix: SQLite's and MySQL's `lower()` fold ASCII letters only, and
 * JavaScript lower-cases `İ` to two characters, so a cased letter beyond ASCII would be dropped
 * by some backends and kept by others.
 *
 * @example
 * ```ts
 * ignorePrefixProblem('#', false); // undefined
 * ignorePrefixProblem('İ-', true); // 'with ignoreCase, ignorePrefix holds "İ", …'
 * ```
 */
export function ignorePrefixProblem(prefix: string, ignoreCase: boolean): string | undefined {
  const bad = findBadCharacter(prefix);
  if (bad !== undefined) return `ignorePrefix holds ${bad}, which no stored text compared by a query can start with: write the prefix without it`;
  if (!ignoreCase) return undefined;
  for (const c of prefix) {
    if (c > '\u007f' && (c.toLowerCase() !== c || c.toUpperCase() !== c)) {
      return `with ignoreCase, ignorePrefix holds ${JSON.stringify(c)}, a letter beyond ASCII that the engines fold apart (SQLite's lower() folds ASCII letters only; JavaScript lower-cases "İ" to two characters), so some would drop the prefix where others keep it: write the prefix in ASCII letters or other characters, or remove ignoreCase`;
    }
  }
  return undefined;
}

/**
 * Zone names `Intl` (ICU) still accepts that the IANA time zone database has removed, so that
 * PostgreSQL, which reads the system's copy of it, does not know them: `US/Pacific-New` and
 * `Canada/East-Saskatchewan` (links), and the `SystemV/` zones.
 */
const REMOVED_LINKS: readonly string[] = ['us/pacific-new', 'canada/east-saskatchewan'];
const REMOVED_AREA = 'systemv/';

/**
 * Why `zone` (a name `Intl` accepts) cannot be a storage's zone, or undefined.
 *
 * @example
 * ```ts
 * removedZoneProblem('Europe/Paris'); // undefined
 * removedZoneProblem('US/Pacific-New'); // 'storage.timeZone "US/Pacific-New" was removed from the IANA time zone database, …; write "America/Los_Angeles"'
 * ```
 */
export function removedZoneProblem(zone: string): string | undefined {
  const lower = zone.toLowerCase();
  if (!REMOVED_LINKS.includes(lower) && !lower.startsWith(REMOVED_AREA)) return undefined;
  const canonical = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  const instead = canonical.toLowerCase() === lower ? 'the zone of the region, such as "America/Los_Angeles"' : JSON.stringify(canonical);
  return `storage.timeZone ${JSON.stringify(zone)} was removed from the IANA time zone database, so PostgreSQL does not know it; write ${instead}`;
}
