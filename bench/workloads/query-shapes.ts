/**
 * Queries for the parse benches, described once in a neutral form and written out in TQL and
 * in each peer's language, so every parser reads the same query. Values are chosen so every
 * language can carry them without quoting.
 */

export type Atom =
  | { readonly kind: 'like'; readonly field: string; readonly needle: string }
  | { readonly kind: 'bool'; readonly field: string; readonly value: boolean }
  | { readonly kind: 'since'; readonly field: string; readonly date: string }
  | { readonly kind: 'before'; readonly field: string; readonly date: string }
  | { readonly kind: 'eq'; readonly field: string; readonly value: string }
  | { readonly kind: 'in'; readonly field: string; readonly values: readonly string[] };

export interface Junction {
  readonly kind: 'and' | 'or';
  readonly operands: readonly Shape[];
}

export type Shape = Atom | Junction;

const isJunction = (shape: Shape): shape is Junction => shape.kind === 'and' || shape.kind === 'or';

/** A language a shape can be written in; `null` when the language cannot say it. */
export interface Writer {
  readonly atom: (atom: Atom) => string | null;
  readonly and: string;
  readonly or: string;
  readonly group: (inner: string) => string;
}

const unix = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/**
 * Writes `shape` in a language, or returns null when some atom cannot be written.
 *
 * @example
 * ```ts
 * write({ kind: 'bool', field: 'schedulable', value: true }, WRITERS.tql); // 'agent.schedulable EQ true'
 * ```
 */
export function write(shape: Shape, writer: Writer): string | null {
  if (!isJunction(shape)) return writer.atom(shape);
  const parts: string[] = [];
  for (const operand of shape.operands) {
    const inner = write(operand, writer);
    if (inner === null) return null;
    // Groups only where precedence needs them: an OR inside an AND.
    parts.push(shape.kind === 'and' && operand.kind === 'or' ? writer.group(inner) : inner);
  }
  return parts.join(shape.kind === 'and' ? writer.and : writer.or);
}

/** The parse-bench languages. */
export const WRITERS = {
  tql: {
    atom: (a) => {
      const attr = `agent.${a.field}`;
      switch (a.kind) {
        case 'like':
          return `${attr} LIKE ${a.needle}`;
        case 'bool':
          return `${attr} EQ ${String(a.value)}`;
        case 'since':
          return `${attr} GTE ${a.date}`;
        case 'before':
          return `${attr} LT ${a.date}`;
        case 'eq':
          return `${attr} EQ ${a.value}`;
        case 'in':
          return `${attr} IN ${a.values.join(',')}`;
      }
    },
    and: ' AND ',
    or: ' OR ',
    group: (s) => `(${s})`,
  },
  liqe: {
    atom: (a) => {
      switch (a.kind) {
        case 'like':
          return `${a.field}:${a.needle}`;
        case 'bool':
          return `${a.field}:${String(a.value)}`;
        case 'since':
          return `${a.field}:>=${unix(a.date)}`;
        case 'before':
          return `${a.field}:<${unix(a.date)}`;
        case 'eq':
          // liqe's field:value is a substring test; a regex says equality.
          return `${a.field}:/^${a.value}$/`;
        case 'in':
          return null;
      }
    },
    and: ' AND ',
    or: ' OR ',
    group: (s) => `(${s})`,
  },
  rsql: {
    atom: (a) => {
      switch (a.kind) {
        case 'like':
          return `${a.field}==*${a.needle}*`;
        case 'bool':
          return `${a.field}==${String(a.value)}`;
        case 'since':
          return `${a.field}>=${a.date}`;
        case 'before':
          return `${a.field}<${a.date}`;
        case 'eq':
          return `${a.field}==${a.value}`;
        case 'in':
          return `${a.field}=in=(${a.values.join(',')})`;
      }
    },
    and: ';',
    or: ',',
    group: (s) => `(${s})`,
  },
  filtrex: {
    atom: (a) => {
      switch (a.kind) {
        case 'like':
          return `like(${a.field}, "${a.needle}")`;
        case 'bool':
          return a.value ? a.field : `not ${a.field}`;
        case 'since':
          return `${a.field} >= ${unix(a.date)}`;
        case 'before':
          return `${a.field} < ${unix(a.date)}`;
        case 'eq':
          return `${a.field} == "${a.value}"`;
        case 'in':
          return `${a.field} in (${a.values.map((v) => `"${v}"`).join(', ')})`;
      }
    },
    and: ' and ',
    or: ' or ',
    group: (s) => `(${s})`,
  },
  cel: {
    atom: (a) => {
      switch (a.kind) {
        case 'like':
          return `r.${a.field}.lowerAscii().contains("${a.needle}")`;
        case 'bool':
          return `r.${a.field} == ${String(a.value)}`;
        case 'since':
          return `r.${a.field} >= ${unix(a.date)}`;
        case 'before':
          return `r.${a.field} < ${unix(a.date)}`;
        case 'eq':
          return `r.${a.field} == "${a.value}"`;
        case 'in':
          return `r.${a.field} in [${a.values.map((v) => `"${v}"`).join(', ')}]`;
      }
    },
    and: ' && ',
    or: ' || ',
    group: (s) => `(${s})`,
  },
} as const satisfies Record<string, Writer>;

export type Language = keyof typeof WRITERS;
