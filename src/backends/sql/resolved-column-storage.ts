/**
 * What a column holds once the mapping's `storage` entry and the attribute's defaults are
 * resolved (column-storage.ts): plain data, so the SQL writers that read it (instant-sql.ts) need
 * not import the mapping, which imports the dialects that are built from those writers.
 */

/** A column storage with its defaults filled in: every zone named. */
export type ResolvedColumnStorage =
  /** `integers`: an integer column, which holds no NaN or infinity. */
  | { readonly kind: 'unix_seconds'; readonly integers?: boolean }
  | { readonly kind: 'unix_milliseconds' }
  | { readonly kind: 'iso_text'; readonly timeZone: string }
  | { readonly kind: 'iso_canonical' }
  | { readonly kind: 'timestamptz' }
  /** `nanoseconds`: a DuckDB `TIMESTAMP_NS`, which holds 1677-09-21 to 2262-04-11 only. */
  | { readonly kind: 'timestamp'; readonly timeZone: string; readonly nanoseconds?: boolean }
  | { readonly kind: 'uuid' }
  | { readonly kind: 'integer' }
  /** A text column: the default of every attribute that is not a Timestamp. */
  | { readonly kind: 'text' };
