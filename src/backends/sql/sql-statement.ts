/** A statement as the SQL backend writes it and a database runs it. */

/** SQL text with placeholders and the values to bind to them, in order. */
export interface SqlStatement {
  readonly text: string;
  readonly values: unknown[];
}
